package dev.duet.server.rest.codec;

import static dev.duet.server.rest.codec.QueryErrors.booleanValue;
import static dev.duet.server.rest.codec.QueryErrors.doesNotSupport;
import static dev.duet.server.rest.codec.QueryErrors.floatValue;
import static dev.duet.server.rest.codec.QueryErrors.unknownToken;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Collapse;
import dev.duet.engine.search.InnerHits;
import dev.duet.engine.search.Nested;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import java.io.IOException;
import java.util.List;

/** The {@code nested} query of {@link QueryDecoder}, with its {@code inner_hits}. */
final class NestedQueryDecoder {
  private NestedQueryDecoder() {}

  static Query nested(JsonParser p) throws IOException {
    String path = null;
    Query query = null;
    Nested.ScoreMode scoreMode = Nested.ScoreMode.AVG;
    boolean ignoreUnmapped = false;
    InnerHits innerHits = null;
    float boost = 1f;
    String current = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        current = p.currentName();
      } else if (t == JsonToken.START_OBJECT && "query".equals(current)) {
        query = QueryDecoder.parse(p);
      } else if (t == JsonToken.START_OBJECT && "inner_hits".equals(current)) {
        innerHits = innerHits(p);
      } else if (t.isScalarValue() && "path".equals(current)) {
        path = p.getText();
      } else if (t.isScalarValue() && "score_mode".equals(current)) {
        scoreMode = Nested.ScoreMode.parse(p.getText());
      } else if (t.isScalarValue() && "ignore_unmapped".equals(current)) {
        ignoreUnmapped = booleanValue(p);
      } else if (t.isScalarValue() && "boost".equals(current)) {
        boost = floatValue(p);
      } else if (t.isScalarValue() && "_name".equals(current)) {
        QueryNames.name(p.getText());
      } else if (t == JsonToken.START_OBJECT || t.isScalarValue()) {
        throw doesNotSupport(p, "nested", current);
      } else {
        throw unknownToken(p, "nested", t, current);
      }
    }
    return new Nested(path, query, scoreMode, ignoreUnmapped, innerHits, boost);
  }

  /** An {@code inner_hits} object: name, from, size, sort and _source. */
  static InnerHits innerHits(JsonParser p) throws IOException {
    return innerHits(p, null);
  }

  /**
   * An {@code inner_hits} object; {@code collapse} reads its {@code collapse} (null: refused, as
   * for a nested query's inner hits).
   */
  static InnerHits innerHits(JsonParser p, CollapseReader collapse) throws IOException {
    String name = null;
    Collapse again = null;
    int from = InnerHits.DEFAULT.from();
    int size = InnerHits.DEFAULT.size();
    SourceFilter source = SourceFilter.ALL;
    List<SortSpec> sort = List.of();
    FetchOptionsDecoder fetch = new FetchOptionsDecoder();
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      String field = p.currentName();
      String location = Json.location(p);
      t = p.nextToken();
      switch (field) {
        case "name" -> name = p.getText();
        case "from" -> from = atLeastZero(p, "from");
        case "size" -> size = atLeastZero(p, "size");
        case "collapse" -> {
          if (collapse == null) {
            throw InnerHits.unsupported(field);
          }
          again = collapse.read(p);
        }
        case "_source" -> source = SourceFilters.parse(p);
        case "sort" -> sort = MetricAggregationDecoder.sort(p);
        case "highlight",
            "explain",
            "docvalue_fields",
            "fields",
            "stored_fields",
            "version",
            "seq_no_primary_term" ->
            fetch.parse(p, field);
        case "script_fields", "track_scores", "ignore_unmapped" ->
            throw InnerHits.unsupported(field);
        default ->
            throw new DuetException(
                400,
                "x_content_parse_exception",
                location + " [inner_hits] unknown field [" + field + "]");
      }
    }
    return new InnerHits(name, from, size, sort, source, again, fetch.options());
  }

  /** {@code from} or {@code size}, which OpenSearch refuses below zero. */
  private static int atLeastZero(JsonParser p, String field) throws IOException {
    try {
      return InnerHits.checkWindow(field, p.getValueAsInt());
    } catch (DuetException e) {
      throw CollapseDecoder.wrapped(p, "[inner_hits] failed to parse field [" + field + "]", e);
    }
  }

  /** Reads the {@code collapse} of a collapse's inner hits. */
  @FunctionalInterface
  interface CollapseReader {
    Collapse read(JsonParser p) throws IOException;
  }
}
