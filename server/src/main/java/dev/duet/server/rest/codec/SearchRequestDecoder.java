package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.NestedSort;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchSession;
import dev.duet.engine.search.Slice;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Decodes a {@code _search} request (body streamed with Jackson, then URL parameters, which win as
 * in OpenSearch) into the engine's {@link SearchRequest}.
 */
public final class SearchRequestDecoder {
  private SearchRequestDecoder() {}

  /**
   * The URL parameters a search reads; null when absent. {@code totalHitsAsInt} is {@code
   * rest_total_hits_as_int}: the total must then be exact or off, and is exact when not given.
   */
  public record UrlParams(
      String from,
      String size,
      String sort,
      String source,
      String sourceIncludes,
      String sourceExcludes,
      String trackTotalHits,
      boolean totalHitsAsInt) {
    public UrlParams(
        String from,
        String size,
        String sort,
        String source,
        String sourceIncludes,
        String sourceExcludes,
        String trackTotalHits) {
      this(from, size, sort, source, sourceIncludes, sourceExcludes, trackTotalHits, false);
    }
  }

  public static SearchRequest decode(
      List<String> indices, byte[] body, int offset, int length, UrlParams url) throws IOException {
    return decode(indices, body, offset, length, url, SearchUrlOptions.NONE);
  }

  /** The same, with the URL parameters that set per-hit options and query-phase controls. */
  public static SearchRequest decode(
      List<String> indices,
      byte[] body,
      int offset,
      int length,
      UrlParams url,
      SearchUrlOptions urlOptions)
      throws IOException {
    return decode(indices, body, offset, length, url, urlOptions, Decoded.NONE);
  }

  /**
   * A body's {@code query} and {@code aggs} decoded already (from typed gRPC messages, into the
   * same model): they stand for the body's keys, which the JSON then lacks. Null: not given.
   */
  public record Decoded(Query query, List<Aggregation> aggregations) {
    public static final Decoded NONE = new Decoded(null, null);
  }

  /** The same, with the body's {@code query} and {@code aggs} decoded already. */
  public static SearchRequest decode(
      List<String> indices,
      byte[] body,
      int offset,
      int length,
      UrlParams url,
      SearchUrlOptions urlOptions,
      Decoded decoded)
      throws IOException {
    Query query = decoded.query() != null ? decoded.query() : new Query.MatchAll(1f);
    Integer from = null;
    Integer size = null;
    List<SortSpec> sort = List.of();
    SourceFilter source = SourceFilter.ALL;
    TrackTotalHits track = null;
    List<Aggregation> aggregations =
        decoded.aggregations() != null ? decoded.aggregations() : List.of();
    SearchOptionsDecoder options = new SearchOptionsDecoder();
    SearchSession pit = null;
    Slice slice = null;
    FetchOptionsDecoder fetch = new FetchOptionsDecoder();
    QueryControlsDecoder controls = new QueryControlsDecoder();
    dev.duet.engine.search.Suggest suggest = null;
    String pipeline = null;
    if (length > 0) {
      try (JsonParser p = Json.parser(body, offset, length)) {
        JsonToken t = p.nextToken();
        if (t != null) {
          if (t != JsonToken.START_OBJECT) {
            throw QueryErrors.error(
                p,
                "Unexpected token ["
                    + Json.tokenName(t)
                    + "] at start of search request, expected START_OBJECT");
          }
          String field = null;
          while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
            if (t == JsonToken.FIELD_NAME) {
              field = p.currentName();
              continue;
            }
            switch (field) {
              case "query" -> {
                if (t != JsonToken.START_OBJECT) {
                  throw unknownKey(p, t, field);
                }
                query = QueryDecoder.parse(p);
              }
              case "from" -> from = intValue(p, field);
              case "size" -> size = intValue(p, field);
              case "sort" -> sort = sort(p);
              case "_source" -> {
                source = SourceFilters.parse(p);
                fetch.sourceGiven();
              }
              case "highlight",
                  "docvalue_fields",
                  "stored_fields",
                  "fields",
                  "explain",
                  "version",
                  "seq_no_primary_term" ->
                  fetch.parse(p, field);
              case "track_total_hits" -> track = trackTotalHits(p);
              case "aggs", "aggregations" -> aggregations = AggregationsDecoder.parse(p);
              case "min_score",
                  "post_filter",
                  "search_after",
                  "track_scores",
                  "indices_boost",
                  "stats" ->
                  options.parse(p, field);
              case "pit" -> pit = pit(p);
              case "slice" -> slice = SliceDecoder.parse(p);
              case "suggest" -> suggest = SuggestDecoder.parse(p);
              case "timeout", "terminate_after", "collapse", "rescore", "profile" ->
                  controls.parse(p, field);
              case "search_pipeline" -> pipeline = p.getValueAsString();
              default -> throw unknownKey(p, t, field);
            }
          }
          if (p.nextToken() != null) {
            throw QueryErrors.error(
                p,
                "Unexpected token ["
                    + Json.tokenName(p.currentToken())
                    + "] found after the main object in search request.");
          }
        }
      } catch (StreamReadException e) {
        throw Json.parseError(e);
      }
    }
    if (url.from() != null) {
      from = parseInt("from", url.from());
    }
    if (url.size() != null) {
      size = parseInt("size", url.size());
    }
    if (url.sort() != null) {
      sort = sortParam(url.sort());
    }
    SourceFilter fromUrl =
        SourceFilters.fromParams(url.source(), url.sourceIncludes(), url.sourceExcludes());
    if (fromUrl != null) {
      source = fromUrl;
      fetch.sourceGiven();
    }
    if (url.trackTotalHits() != null) {
      track = trackTotalHitsParam(url.trackTotalHits());
    }
    track = TrackTotalHits.forTotal(track, url.totalHitsAsInt());
    fetch.url(urlOptions);
    controls.url(urlOptions);
    options.url(urlOptions);
    int f = from == null ? 0 : from;
    int s = size == null ? SearchRequest.DEFAULT_SIZE : size;
    SearchRequest request = new SearchRequest(indices, query, f, s, sort, source, track);
    request = options.applyTo(request);
    if (pipeline != null) {
      request = request.withOptions(request.options().withSearchPipeline(pipeline));
    }
    if (slice != null) {
      request = request.withOptions(request.options().withSlice(slice));
    }
    if (pit != null) {
      request = request.withSession(pit);
    }
    request = fetch.applyTo(request);
    request = controls.applyTo(request);
    if (suggest != null) {
      request = request.withSuggest(suggest);
    }
    return aggregations.isEmpty() ? request : request.withAggregations(aggregations);
  }

  /** {@code "pit": {"id": "...", "keep_alive": "1m"}}; an absent id is the engine's 400. */
  private static SearchSession pit(JsonParser p) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw unknownKey(p, p.currentToken(), "pit");
    }
    String id = "";
    String keepAlive = null;
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String key = p.currentName();
      JsonToken t = p.nextToken();
      switch (key) {
        case "id" -> id = p.getText();
        case "keep_alive" -> keepAlive = p.getText();
        default -> throw QueryErrors.error(p, "[point_in_time] unknown field [" + key + "]");
      }
      if (!t.isScalarValue()) {
        throw QueryErrors.error(
            p, "[point_in_time] " + key + " doesn't support values of type: " + t);
      }
    }
    return SearchSession.pit(id, keepAlive);
  }

  private static DuetException unknownKey(JsonParser p, JsonToken t, String field) {
    return QueryErrors.error(p, "Unknown key for a " + Json.tokenName(t) + " in [" + field + "].");
  }

  private static int intValue(JsonParser p, String field) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NUMBER_INT) {
      return p.getIntValue();
    }
    if (t == JsonToken.VALUE_STRING) {
      try {
        return Integer.parseInt(p.getText());
      } catch (NumberFormatException e) {
        // OpenSearch lets the JDK's exception through: type number_format_exception.
        throw new DuetException(400, "number_format_exception", e.getMessage());
      }
    }
    throw unknownKey(p, t, field);
  }

  private static int parseInt(String name, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument(
          "Failed to parse int parameter [" + name + "] with value [" + value + "]");
    }
  }

  private static List<SortSpec> sort(JsonParser p) throws IOException {
    List<SortSpec> specs = new ArrayList<>();
    if (p.currentToken() == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        sortElement(p, specs);
      }
    } else {
      sortElement(p, specs);
    }
    return specs;
  }

  /** {@code "f"}, {@code {"f":"desc"}} or {@code {"f":{"order":"desc"}}}. */
  private static void sortElement(JsonParser p, List<SortSpec> specs) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_STRING) {
      specs.add(new SortSpec(p.getText(), null));
      return;
    }
    if (t != JsonToken.START_OBJECT) {
      throw QueryErrors.error(p, "malformed sort format, expected a field name or an object");
    }
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      String field = p.currentName();
      t = p.nextToken();
      if (t == JsonToken.VALUE_STRING) {
        specs.add(new SortSpec(field, order(p.getText())));
      } else if (t == JsonToken.START_OBJECT) {
        SortSpec.SortOrder order = null;
        String mode = null;
        NestedSort nested = null;
        Object missing = null;
        while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
          String param = p.currentName();
          p.nextToken();
          switch (param) {
            case "order" -> order = order(p.getText());
            case "mode" -> mode = FieldSortDecoder.mode(p);
            case "nested" -> nested = FieldSortDecoder.nested(p);
            case "missing" -> missing = Json.scalar(p);
            default -> throw QueryErrors.at(p, SortSpec.unknownParameter(param));
          }
        }
        specs.add(new SortSpec(field, order, mode, nested, missing));
      } else {
        throw QueryErrors.error(
            p, "[field_sort] unexpected token [" + Json.tokenName(t) + "] for [" + field + "]");
      }
    }
  }

  /** URL form: {@code sort=f1:desc,f2}. */
  private static List<SortSpec> sortParam(String value) {
    List<SortSpec> specs = new ArrayList<>();
    for (String part : value.split(",")) {
      if (part.isBlank()) {
        continue;
      }
      int colon = part.lastIndexOf(':');
      if (colon < 0) {
        specs.add(new SortSpec(part.trim(), null));
      } else {
        specs.add(new SortSpec(part.substring(0, colon).trim(), order(part.substring(colon + 1))));
      }
    }
    return specs;
  }

  private static SortSpec.SortOrder order(String value) {
    return switch (value.trim().toLowerCase(Locale.ROOT)) {
      case "asc" -> SortSpec.SortOrder.ASC;
      case "desc" -> SortSpec.SortOrder.DESC;
      default ->
          // OpenSearch's message is the JDK's Enum.valueOf failure.
          throw DuetException.illegalArgument(
              "No enum constant org.opensearch.search.sort.SortOrder."
                  + value.trim().toUpperCase(Locale.ROOT));
    };
  }

  private static TrackTotalHits trackTotalHits(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_TRUE) {
      return TrackTotalHits.EXACT;
    }
    if (t == JsonToken.VALUE_FALSE) {
      return TrackTotalHits.DISABLED;
    }
    if (t == JsonToken.VALUE_NUMBER_INT) {
      return TrackTotalHits.upTo(p.getIntValue());
    }
    if (t == JsonToken.VALUE_STRING) {
      return trackTotalHitsParam(p.getText());
    }
    throw unknownKey(p, t, "track_total_hits");
  }

  private static TrackTotalHits trackTotalHitsParam(String value) {
    if (value.equals("true") || value.isEmpty()) {
      return TrackTotalHits.EXACT;
    }
    if (value.equals("false")) {
      return TrackTotalHits.DISABLED;
    }
    return TrackTotalHits.upTo(parseInt("track_total_hits", value));
  }
}
