package dev.duet.bench.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.io.InputStream;

/**
 * Reads REST responses the way a lean client would: one streaming pass over every token, no tree.
 * Reading the whole body matters for fairness: the gRPC client parses its whole response too.
 */
public final class RestResponses {
  // The caller owns the stream: it drains it so that the connection can be reused.
  private static final JsonFactory JSON =
      JsonFactory.builder().disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();

  private RestResponses() {}

  /**
   * Reads a {@code _bulk} response.
   *
   * @throws BenchRequestException if {@code errors} is true, with the first item's reason
   */
  public static void readBulk(InputStream body) throws IOException {
    boolean errors = false;
    String firstReason = null;
    try (JsonParser parser = JSON.createParser(body)) {
      expect(parser.nextToken(), JsonToken.START_OBJECT);
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        if (name.equals("errors")) {
          errors = value == JsonToken.VALUE_TRUE;
        } else if (errors && name.equals("items")) {
          firstReason = firstReason(parser);
        } else {
          parser.skipChildren();
        }
      }
    }
    if (errors) {
      throw new BenchRequestException(
          "bulk had failed items: " + (firstReason == null ? "(no reason)" : firstReason));
    }
  }

  /** Reads a {@code _search} response, returning the number of hits it carries. */
  public static int readSearchHits(InputStream body) throws IOException {
    int hits = 0;
    try (JsonParser parser = JSON.createParser(body)) {
      expect(parser.nextToken(), JsonToken.START_OBJECT);
      while (parser.nextToken() == JsonToken.FIELD_NAME) {
        String name = parser.currentName();
        JsonToken value = parser.nextToken();
        if (name.equals("hits") && value == JsonToken.START_OBJECT) {
          hits = countInnerHits(parser);
        } else {
          parser.skipChildren();
        }
      }
    }
    return hits;
  }

  private static int countInnerHits(JsonParser parser) throws IOException {
    int hits = 0;
    while (parser.nextToken() == JsonToken.FIELD_NAME) {
      String name = parser.currentName();
      JsonToken value = parser.nextToken();
      if (name.equals("hits") && value == JsonToken.START_ARRAY) {
        while (parser.nextToken() != JsonToken.END_ARRAY) {
          parser.skipChildren();
          hits++;
        }
      } else {
        parser.skipChildren();
      }
    }
    return hits;
  }

  /** The first {@code reason} inside the items array; consumes the array. */
  private static String firstReason(JsonParser parser) throws IOException {
    String reason = null;
    int depth = 1;
    while (depth > 0) {
      JsonToken token = parser.nextToken();
      if (token == null) {
        break;
      }
      if (token.isStructStart()) {
        depth++;
      } else if (token.isStructEnd()) {
        depth--;
      } else if (reason == null
          && token == JsonToken.VALUE_STRING
          && "reason".equals(parser.currentName())) {
        reason = parser.getText();
      }
    }
    return reason;
  }

  private static void expect(JsonToken actual, JsonToken expected) throws IOException {
    if (actual != expected) {
      throw new BenchRequestException("response: " + actual + " (expected: " + expected + ")");
    }
  }
}
