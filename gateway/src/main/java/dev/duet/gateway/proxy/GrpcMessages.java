package dev.duet.gateway.proxy;

import dev.duet.gateway.error.RequestRefused;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

/**
 * The messages of a gRPC request body: length-prefixed frames (one flag byte, four length bytes).
 * Compressed messages are inflated for the peeker only — what goes upstream is the frames as
 * received — and inflation is bounded like an uncompressed message.
 */
public final class GrpcMessages {
  private GrpcMessages() {}

  /** One uncompressed message as a gRPC body frames it: flag byte 0, 4-byte length, message. */
  public static byte[] frame(byte[] message) {
    byte[] frame = new byte[5 + message.length];
    frame[1] = (byte) (message.length >>> 24);
    frame[2] = (byte) (message.length >>> 16);
    frame[3] = (byte) (message.length >>> 8);
    frame[4] = (byte) message.length;
    System.arraycopy(message, 0, frame, 5, message.length);
    return frame;
  }

  static List<byte[]> split(byte[] body, String encoding, long maxMessageBytes) {
    List<byte[]> messages = new ArrayList<>();
    int pos = 0;
    while (pos < body.length) {
      if (body.length - pos < 5) {
        throw RequestRefused.badRequest("truncated gRPC frame header");
      }
      int flags = body[pos] & 0xff;
      long length =
          ((body[pos + 1] & 0xffL) << 24)
              | ((body[pos + 2] & 0xffL) << 16)
              | ((body[pos + 3] & 0xffL) << 8)
              | (body[pos + 4] & 0xffL);
      if (length > maxMessageBytes) {
        throw messageTooLarge(length, maxMessageBytes);
      }
      if (body.length - pos - 5 < length) {
        throw RequestRefused.badRequest("truncated gRPC message");
      }
      byte[] message = new byte[(int) length];
      System.arraycopy(body, pos + 5, message, 0, (int) length);
      if ((flags & 1) != 0) {
        message = inflate(message, encoding, maxMessageBytes);
      } else if (flags != 0) {
        throw RequestRefused.badRequest("unknown gRPC frame flags " + flags);
      }
      messages.add(message);
      pos += 5 + (int) length;
    }
    return messages;
  }

  static RequestRefused messageTooLarge(long length, long max) {
    return RequestRefused.tooLarge(
        "gRPC message"
            + (length >= 0 ? " of " + length + " bytes" : "")
            + " is larger than [limits.max_body_bytes] = "
            + max
            + " bytes");
  }

  private static byte[] inflate(byte[] compressed, String encoding, long max) {
    if (!"gzip".equals(encoding)) {
      throw RequestRefused.unsupported(
          "the gateway reads gzip-compressed messages only (grpc-encoding: " + encoding + ")");
    }
    try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(compressed))) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      long total = 0;
      for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
        total += n;
        if (total > max) {
          throw messageTooLarge(total, max);
        }
        out.write(buf, 0, n);
      }
      return out.toByteArray();
    } catch (IOException e) {
      throw RequestRefused.badRequest("cannot inflate the gRPC message: " + e.getMessage());
    }
  }
}
