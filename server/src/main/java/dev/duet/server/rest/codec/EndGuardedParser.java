package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import java.io.IOException;

/**
 * A parser that refuses to read past the end of its input. Jackson answers {@code null} to every
 * {@code nextToken()} once the input has ended, so a decoder loop such as {@code while
 * (p.nextToken() != END_ARRAY)} entered on the wrong token would spin forever (on an event loop,
 * wedging the node); here the second read past the end is a parse error, a 400, instead. The first
 * {@code null} is still returned: decoders use it to check that nothing follows the body.
 */
final class EndGuardedParser extends JsonParserDelegate {
  private boolean ended;

  EndGuardedParser(JsonParser delegate) {
    super(delegate);
  }

  @Override
  public JsonToken nextToken() throws IOException {
    return guard(delegate.nextToken());
  }

  @Override
  public JsonToken nextValue() throws IOException {
    return guard(delegate.nextValue());
  }

  private JsonToken guard(JsonToken t) throws JsonEOFException {
    if (t != null) {
      return t;
    }
    if (ended) {
      throw new JsonEOFException(this, null, "Unexpected end-of-input: no more tokens to read");
    }
    ended = true;
    return null;
  }
}
