package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.QueryRescore;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Decodes a search's {@code rescore}: one step or an array of them, each {@code {"window_size": n,
 * "query": {"rescore_query": ..., "query_weight", "rescore_query_weight", "score_mode"}}}.
 */
final class RescoreDecoder {
  private static final Set<String> SCORE_MODES = Set.of("total", "multiply", "avg", "max", "min");

  private RescoreDecoder() {}

  static List<QueryRescore> parse(JsonParser p) throws IOException {
    List<QueryRescore> out = new ArrayList<>();
    if (p.currentToken() == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        out.add(step(p));
      }
    } else {
      out.add(step(p));
    }
    return out;
  }

  private static QueryRescore step(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw QueryErrors.error(p, "rescore doesn't support values of type: " + p.currentToken());
    }
    int window = QueryRescore.DEFAULT_WINDOW_SIZE;
    QueryRescore query = null;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      p.nextToken();
      switch (key) {
        case "window_size" -> window = p.getValueAsInt();
        case "query" -> query = query(p);
        default -> throw QueryErrors.error(p, "rescore doesn't support [" + key + "]");
      }
    }
    QueryRescore q = query;
    int w = window;
    return QueryErrors.at(
        p,
        () ->
            q == null
                ? new QueryRescore(w, null, 1f, 1f, "total")
                : new QueryRescore(
                    w, q.query(), q.queryWeight(), q.rescoreQueryWeight(), q.scoreMode()));
  }

  private static QueryRescore query(JsonParser p) throws IOException {
    Query rescoreQuery = null;
    float queryWeight = 1f;
    float rescoreWeight = 1f;
    String mode = "total";
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      String at = Json.location(p);
      p.nextToken();
      switch (key) {
        case "rescore_query" -> rescoreQuery = QueryDecoder.parse(p);
        case "query_weight" -> queryWeight = QueryErrors.floatValue(p);
        case "rescore_query_weight" -> rescoreWeight = QueryErrors.floatValue(p);
        case "score_mode" -> {
          mode = p.getText().toLowerCase(Locale.ROOT);
          if (!SCORE_MODES.contains(mode)) {
            throw new DuetException(
                400,
                "x_content_parse_exception",
                Json.location(p) + " [query] failed to parse field [score_mode]",
                Map.of(),
                DuetException.illegalArgument("illegal score_mode [" + p.getText() + "]"));
          }
        }
        default ->
            throw DuetException.badRequest(
                "x_content_parse_exception", at + " [query] unknown field [" + key + "]");
      }
    }
    if (rescoreQuery == null) {
      throw DuetException.badRequest(
          "x_content_parse_exception", Json.location(p) + " [query] requires [rescore_query]");
    }
    return new QueryRescore(0, rescoreQuery, queryWeight, rescoreWeight, mode);
  }
}
