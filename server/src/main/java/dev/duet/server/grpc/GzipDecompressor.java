package dev.duet.server.grpc;

import io.grpc.Decompressor;
import io.grpc.Status;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.zip.GZIPInputStream;

/**
 * grpc-java's {@code gzip} message decompressor, with a message that does not inflate answered as
 * the client's mistake. grpc-java's own reads the gzip header while deframing and turns its {@code
 * IOException} into a bare RuntimeException, which its transport answers UNKNOWN with no
 * description; here a bad header is INVALID_ARGUMENT at once, and a body that breaks off or is
 * corrupt later fails the message's parse as {@link NotInflating}, which {@link
 * GrpcErrors#undecodable} answers INVALID_ARGUMENT with the same words.
 */
final class GzipDecompressor implements Decompressor {
  static final String ENCODING = "gzip";

  @Override
  public String getMessageEncoding() {
    return ENCODING;
  }

  @Override
  public InputStream decompress(InputStream compressed) {
    try {
      return new Checked(new GZIPInputStream(compressed));
    } catch (IOException e) {
      throw Status.INVALID_ARGUMENT
          .withDescription(NotInflating.describe(e))
          .withCause(e)
          .asRuntimeException();
    }
  }

  /** A gzip-compressed message's bytes that are no gzip stream (or stop short of one). */
  static final class NotInflating extends IOException {
    NotInflating(IOException cause) {
      super(describe(cause), cause);
    }

    static String describe(IOException e) {
      return "gRPC message with grpc-encoding ["
          + ENCODING
          + "] does not inflate: "
          + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
    }
  }

  /** The inflating stream, its read failures marked as the message's own. */
  private static final class Checked extends FilterInputStream {
    Checked(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return super.read();
      } catch (NotInflating e) {
        throw e;
      } catch (IOException e) {
        throw new NotInflating(e);
      }
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      try {
        return super.read(b, off, len);
      } catch (NotInflating e) {
        throw e;
      } catch (IOException e) {
        throw new NotInflating(e);
      }
    }

    @Override
    public long skip(long n) throws IOException {
      try {
        return super.skip(n);
      } catch (NotInflating e) {
        throw e;
      } catch (IOException e) {
        throw new NotInflating(e);
      }
    }
  }
}
