package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Writes stored JSON (document sources) into a response as-is: never re-parsed. */
final class Raw {
  private Raw() {}

  static void write(JsonGenerator g, byte[] json) throws IOException {
    // The UTF-8 generator copies a SerializableString's bytes straight into its buffer.
    g.writeRawValue(new RawBytes(json));
  }

  /** UTF-8 JSON bytes presented to Jackson as an already-serialized value. */
  private record RawBytes(byte[] utf8) implements SerializableString {
    @Override
    public String getValue() {
      return new String(utf8, StandardCharsets.UTF_8);
    }

    @Override
    public int charLength() {
      return getValue().length();
    }

    @Override
    public char[] asQuotedChars() {
      return getValue().toCharArray();
    }

    @Override
    public byte[] asUnquotedUTF8() {
      return utf8;
    }

    @Override
    public byte[] asQuotedUTF8() {
      return utf8;
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int offset) {
      return appendUnquotedUTF8(buffer, offset);
    }

    @Override
    public int appendQuoted(char[] buffer, int offset) {
      return appendUnquoted(buffer, offset);
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int offset) {
      if (offset + utf8.length > buffer.length) {
        return -1;
      }
      System.arraycopy(utf8, 0, buffer, offset, utf8.length);
      return utf8.length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int offset) {
      char[] chars = asQuotedChars();
      if (offset + chars.length > buffer.length) {
        return -1;
      }
      System.arraycopy(chars, 0, buffer, offset, chars.length);
      return chars.length;
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) throws IOException {
      return writeUnquotedUTF8(out);
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws IOException {
      out.write(utf8);
      return utf8.length;
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
      return putUnquotedUTF8(buffer);
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
      if (buffer.remaining() < utf8.length) {
        return -1;
      }
      buffer.put(utf8);
      return utf8.length;
    }
  }
}
