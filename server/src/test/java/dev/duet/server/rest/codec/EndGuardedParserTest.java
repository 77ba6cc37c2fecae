package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** A request body's parser says where the input ends once, then refuses to read past it. */
class EndGuardedParserTest {
  @Test
  void endOfInputIsNullOnceThenAParseError() throws Exception {
    byte[] body = "{\"a\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    try (JsonParser p = Json.parser(body, 0, body.length)) {
      assertThat(p.nextToken()).isEqualTo(JsonToken.START_OBJECT);
      p.skipChildren();
      assertThat(p.nextToken()).isNull();

      // What a loop such as while (p.nextToken() != END_ARRAY) asks for next: it once spun here.
      assertThatThrownBy(p::nextToken)
          .isInstanceOf(StreamReadException.class)
          .hasMessageContaining("end-of-input");
    }
  }

  @Test
  void aLoopForAnArrayThatIsNotThereEnds() throws Exception {
    byte[] body = "{\"ranges\":\"x\"}".getBytes(StandardCharsets.UTF_8);
    try (JsonParser p = Json.parser(body, 0, body.length)) {
      p.nextToken();
      p.nextToken();
      p.nextToken(); // on "x", where a careless decoder expects START_ARRAY
      int tokens = 0;
      try {
        while (p.nextToken() != JsonToken.END_ARRAY) {
          tokens++;
        }
      } catch (StreamReadException expected) {
        // the guard
      }
      assertThat(tokens).isEqualTo(2); // END_OBJECT, then the one null
    }
  }
}
