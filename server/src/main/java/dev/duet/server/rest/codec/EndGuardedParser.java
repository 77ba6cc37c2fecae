package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import java.io.IOException;

/**
 * A parser that refuses to read past the end of its input, and to name a field where there is none.
 * Jackson answers {@code null} to every {@code nextToken()} once the input has ended, so a decoder
 * loop such as {@code while (p.nextToken() != END_ARRAY)} entered on the wrong token would spin
 * forever (on an event loop, wedging the node); here the second read past the end is a parse error,
 * a 400, instead. The first {@code null} is still returned: decoders use it to check that nothing
 * follows the body.
 *
 * <p>A decoder's object loop reads each key with {@link #currentName()}; when a value of a type it
 * did not expect was left unread (an array where it took a scalar), the loop lands inside that
 * value, where Jackson has no name to give. That is a parse error here, a 400, where a {@code
 * switch} on the missing name would have thrown a NullPointerException, a 500.
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

  @Override
  public String currentName() throws IOException {
    String name = delegate.currentName();
    if (name != null || delegate.currentToken() == null) {
      return name;
    }
    JsonStreamContext context = delegate.getParsingContext();
    if (delegate.currentToken().isStructStart()) {
      context = context.getParent(); // a start token opens its own context
    }
    if (context != null && context.inArray()) {
      throw new JsonParseException(
          this,
          "Unexpected " + Json.tokenName(delegate.currentToken()) + " where a field name belongs");
    }
    return null;
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
