package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.linecorp.armeria.common.HttpData;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * A response body being written as JSON: a streaming generator over a growable buffer whose bytes
 * become the HTTP body without another copy.
 */
public final class JsonOutput extends ByteArrayOutputStream {
  private final JsonGenerator generator;

  public JsonOutput(boolean pretty) {
    this(pretty, 256);
  }

  /**
   * @param expectedBytes the size to start the buffer at, when the caller can tell (a bulk's answer
   *     grows with its items: starting near its size saves the doublings' copies)
   */
  public JsonOutput(boolean pretty, int expectedBytes) {
    super(Math.max(expectedBytes, 256));
    try {
      generator = Json.FACTORY.createGenerator(this);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (pretty) {
      generator.useDefaultPrettyPrinter();
    }
  }

  public JsonGenerator generator() {
    return generator;
  }

  /** Flushes the generator and hands over the buffer; the output must not be used afterwards. */
  public HttpData toHttpData() {
    try {
      generator.close();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return HttpData.wrap(buf, 0, count);
  }
}
