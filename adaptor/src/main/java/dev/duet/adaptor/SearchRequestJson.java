package dev.duet.adaptor;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchOptions;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import dev.duet.gateway.error.RequestRefused;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

/**
 * The search model written as OpenSearch's REST request: {@code POST /{indices}/_search} with the
 * query DSL body that decodes back to the same model. Defaults are written out (from, size) so the
 * upstream's own defaults cannot differ from the model's.
 */
final class SearchRequestJson {
  private static final JsonFactory JSON = new JsonFactory();

  private SearchRequestJson() {}

  static String path(SearchRequest request) {
    if (request.indices().isEmpty()) {
      return "/_search";
    }
    return "/"
        + URLEncoder.encode(String.join(",", request.indices()), StandardCharsets.UTF_8)
            .replace("%2C", ",")
            .replace("%2A", "*")
            .replace("+", "%20")
        + "/_search";
  }

  static byte[] body(SearchRequest request) {
    // Refused rather than dropped: a search sent without its aggregations or options would answer
    // something else than what was asked.
    if (!request.aggregations().isEmpty()) {
      throw notTranslated("aggregations");
    }
    if (!request.options().equals(SearchOptions.NONE)) {
      throw notTranslated("min_score, post_filter and search_after");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      g.writeFieldName("query");
      query(request.query(), g);
      g.writeNumberField("from", request.from());
      g.writeNumberField("size", request.size());
      if (!request.sort().isEmpty()) {
        g.writeArrayFieldStart("sort");
        for (SortSpec sort : request.sort()) {
          g.writeStartObject();
          g.writeObjectFieldStart(sort.field());
          g.writeStringField("order", sort.effectiveOrder().name().toLowerCase(Locale.ROOT));
          g.writeEndObject();
          g.writeEndObject();
        }
        g.writeEndArray();
      }
      source(request.source(), g);
      trackTotalHits(request.trackTotalHits(), g);
      g.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private static void source(SourceFilter source, JsonGenerator g) throws IOException {
    if (source.isIdentity()) {
      return;
    }
    if (!source.fetch()) {
      g.writeBooleanField("_source", false);
      return;
    }
    g.writeObjectFieldStart("_source");
    strings("includes", source.includes(), g);
    strings("excludes", source.excludes(), g);
    g.writeEndObject();
  }

  private static void trackTotalHits(TrackTotalHits track, JsonGenerator g) throws IOException {
    if (!track.enabled()) {
      g.writeBooleanField("track_total_hits", false);
    } else if (track.upTo() == Integer.MAX_VALUE) {
      g.writeBooleanField("track_total_hits", true);
    } else {
      g.writeNumberField("track_total_hits", track.upTo());
    }
  }

  private static void query(Query query, JsonGenerator g) throws IOException {
    g.writeStartObject();
    switch (query) {
      case Query.MatchAll q -> {
        g.writeObjectFieldStart("match_all");
        boost(q.boost(), g);
        g.writeEndObject();
      }
      case Query.MatchNone q -> {
        g.writeObjectFieldStart("match_none");
        boost(q.boost(), g);
        g.writeEndObject();
      }
      case Query.Match q -> {
        g.writeObjectFieldStart("match");
        g.writeObjectFieldStart(q.field());
        g.writeFieldName("query");
        value(q.query(), g);
        g.writeStringField("operator", q.operator().name().toLowerCase(Locale.ROOT));
        if (q.minimumShouldMatch() != null) {
          g.writeStringField("minimum_should_match", q.minimumShouldMatch());
        }
        boost(q.boost(), g);
        g.writeEndObject();
        g.writeEndObject();
      }
      case Query.Term q -> {
        g.writeObjectFieldStart("term");
        g.writeObjectFieldStart(q.field());
        g.writeFieldName("value");
        value(q.value(), g);
        if (q.caseInsensitive()) {
          g.writeBooleanField("case_insensitive", true);
        }
        boost(q.boost(), g);
        g.writeEndObject();
        g.writeEndObject();
      }
      case Query.Terms q -> {
        g.writeObjectFieldStart("terms");
        g.writeArrayFieldStart(q.field());
        for (Object v : q.values()) {
          value(v, g);
        }
        g.writeEndArray();
        boost(q.boost(), g);
        g.writeEndObject();
      }
      case Query.Range q -> range(q, g);
      case Query.Bool q -> {
        g.writeObjectFieldStart("bool");
        clauses("must", q.must(), g);
        clauses("should", q.should(), g);
        clauses("must_not", q.mustNot(), g);
        clauses("filter", q.filter(), g);
        if (q.minimumShouldMatch() != null) {
          g.writeStringField("minimum_should_match", q.minimumShouldMatch());
        }
        boost(q.boost(), g);
        g.writeEndObject();
      }
      case Query.Knn q -> knn(q, g);
      case Query.FullText q -> throw notTranslated(queryName(q));
      case Query.TermLevel q -> throw notTranslated(queryName(q));
      case Query.Compound q -> throw notTranslated(queryName(q));
    }
    g.writeEndObject();
  }

  private static void knn(Query.Knn q, JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("knn");
    g.writeObjectFieldStart(q.field());
    g.writeArrayFieldStart("vector");
    for (float v : q.vector()) {
      g.writeNumber(v);
    }
    g.writeEndArray();
    if (q.k() != null) {
      g.writeNumberField("k", q.k());
    }
    if (q.minScore() != null) {
      g.writeNumberField("min_score", q.minScore());
    }
    if (q.maxDistance() != null) {
      g.writeNumberField("max_distance", q.maxDistance());
    }
    if (q.filter() != null) {
      g.writeFieldName("filter");
      query(q.filter(), g);
    }
    if (q.efSearch() != null) {
      g.writeObjectFieldStart("method_parameters");
      g.writeNumberField("ef_search", q.efSearch());
      g.writeEndObject();
    }
    if (q.rescore() != null) {
      if (q.rescore().oversampleFactor() != null) {
        g.writeObjectFieldStart("rescore");
        g.writeNumberField("oversample_factor", q.rescore().oversampleFactor());
        g.writeEndObject();
      } else {
        g.writeBooleanField("rescore", q.rescore().enabled());
      }
    }
    boost(q.boost(), g);
    g.writeEndObject();
    g.writeEndObject();
  }

  private static String queryName(Query query) {
    return "the " + query.getClass().getSimpleName() + " query";
  }

  private static RequestRefused notTranslated(String what) {
    return RequestRefused.unsupported(
        "SearchService/Search with " + what + " is not translated to REST by the adaptor yet");
  }

  private static void range(Query.Range q, JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("range");
    g.writeObjectFieldStart(q.field());
    bound("gt", q.gt(), g);
    bound("gte", q.gte(), g);
    bound("lt", q.lt(), g);
    bound("lte", q.lte(), g);
    if (q.format() != null) {
      g.writeStringField("format", q.format());
    }
    boost(q.boost(), g);
    g.writeEndObject();
    g.writeEndObject();
  }

  private static void bound(String name, Object value, JsonGenerator g) throws IOException {
    if (value != null) {
      g.writeFieldName(name);
      value(value, g);
    }
  }

  private static void clauses(String name, List<Query> clauses, JsonGenerator g)
      throws IOException {
    if (clauses.isEmpty()) {
      return;
    }
    g.writeArrayFieldStart(name);
    for (Query clause : clauses) {
      query(clause, g);
    }
    g.writeEndArray();
  }

  private static void strings(String name, List<String> values, JsonGenerator g)
      throws IOException {
    if (values.isEmpty()) {
      return;
    }
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  private static void boost(float boost, JsonGenerator g) throws IOException {
    if (boost != 1f) {
      g.writeNumberField("boost", boost);
    }
  }

  /** A field value as the client sent it: string, long, double or boolean. */
  private static void value(Object v, JsonGenerator g) throws IOException {
    switch (v) {
      case null -> g.writeNull();
      case String s -> g.writeString(s);
      case Long l -> g.writeNumber(l);
      case Integer i -> g.writeNumber(i);
      case Double d -> g.writeNumber(d);
      case Float f -> g.writeNumber(f);
      case Boolean b -> g.writeBoolean(b);
      default -> g.writeString(v.toString());
    }
  }
}
