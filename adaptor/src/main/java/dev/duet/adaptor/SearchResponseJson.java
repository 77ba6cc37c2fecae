package dev.duet.adaptor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * OpenSearch's REST search answer read into the search model, streaming. A hit's {@code _source} is
 * sliced from the body as it came (no re-serialization), as the node passes stored bytes on.
 */
final class SearchResponseJson {
  static final JsonFactory JSON = new JsonFactory();

  private SearchResponseJson() {}

  static SearchResponse read(byte[] body) throws IOException {
    long took = 0;
    boolean timedOut = false;
    int shards = 1;
    SearchResponse.TotalHits total = null;
    float maxScore = Float.NaN;
    List<SearchHit> hits = List.of();
    try (JsonParser p = JSON.createParser(body)) {
      expect(p.nextToken(), JsonToken.START_OBJECT);
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        switch (name) {
          case "took" -> took = p.getLongValue();
          case "timed_out" -> timedOut = p.getBooleanValue();
          case "_shards" -> shards = shardTotal(p);
          case "hits" -> {
            expect(value, JsonToken.START_OBJECT);
            while (p.nextToken() == JsonToken.FIELD_NAME) {
              String field = p.currentName();
              JsonToken v = p.nextToken();
              switch (field) {
                case "total" -> total = total(p, v);
                case "max_score" ->
                    maxScore = v == JsonToken.VALUE_NULL ? Float.NaN : p.getFloatValue();
                case "hits" -> hits = hits(p, body);
                default -> p.skipChildren();
              }
            }
          }
          default -> p.skipChildren();
        }
      }
    }
    return new SearchResponse(took, timedOut, shards, total, maxScore, hits);
  }

  private static int shardTotal(JsonParser p) throws IOException {
    int total = 1;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      if (name.equals("total")) {
        total = p.getIntValue();
      } else {
        p.skipChildren();
      }
    }
    return total;
  }

  /** {@code {"value":N,"relation":"eq"}}, or a bare number under {@code rest_total_hits_as_int}. */
  private static SearchResponse.TotalHits total(JsonParser p, JsonToken value) throws IOException {
    if (value == JsonToken.VALUE_NUMBER_INT) {
      return new SearchResponse.TotalHits(p.getLongValue(), "eq");
    }
    long n = 0;
    String relation = "eq";
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      p.nextToken();
      if (name.equals("value")) {
        n = p.getLongValue();
      } else if (name.equals("relation")) {
        relation = p.getText();
      } else {
        p.skipChildren();
      }
    }
    return new SearchResponse.TotalHits(n, relation);
  }

  private static List<SearchHit> hits(JsonParser p, byte[] body) throws IOException {
    List<SearchHit> hits = new ArrayList<>();
    while (p.nextToken() == JsonToken.START_OBJECT) {
      String index = null;
      String id = null;
      float score = Float.NaN;
      byte[] source = null;
      List<Object> sort = List.of();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        JsonToken value = p.nextToken();
        switch (name) {
          case "_index" -> index = p.getText();
          case "_id" -> id = p.getText();
          case "_score" -> score = value == JsonToken.VALUE_NULL ? Float.NaN : p.getFloatValue();
          case "_source" -> {
            int start = (int) p.currentTokenLocation().getByteOffset();
            p.skipChildren();
            int end = (int) p.currentLocation().getByteOffset();
            source = Arrays.copyOfRange(body, start, end);
          }
          case "sort" -> sort = sortValues(p);
          default -> p.skipChildren();
        }
      }
      hits.add(new SearchHit(index, id, score, source, sort));
    }
    return hits;
  }

  private static List<Object> sortValues(JsonParser p) throws IOException {
    List<Object> values = new ArrayList<>();
    while (p.nextToken() != JsonToken.END_ARRAY) {
      values.add(
          switch (p.currentToken()) {
            case VALUE_NUMBER_INT -> p.getLongValue();
            case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
            case VALUE_STRING -> p.getText();
            case VALUE_TRUE, VALUE_FALSE -> p.getBooleanValue();
            default -> null;
          });
    }
    return values;
  }

  static void expect(JsonToken actual, JsonToken expected) throws IOException {
    if (actual != expected) {
      throw new IOException("expected " + expected + " but found " + actual);
    }
  }
}
