package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.engine.search.TextOptions;
import dev.duet.server.rest.codec.AggregationsDecoder;
import dev.duet.server.rest.codec.AggregationsEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.QueryDecoder;
import dev.duet.server.rest.codec.QueryParts;
import dev.duet.server.rest.codec.SearchRequestDecoder;
import dev.duet.server.rest.codec.SearchResponseEncoder;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * REST's readers and writers of a search, for the typed gRPC search, which decodes the common
 * shapes of its messages itself and hands REST the rest (a query type it does not read, a refusal
 * to word as REST words it), so that each rule is written once. The gRPC codec reaches REST's codec
 * only through here, as the other generated RPCs reach it through the router.
 */
public final class SearchJson {
  private static final byte[] QUERY_KEY =
      "{\"query\":".getBytes(java.nio.charset.StandardCharsets.UTF_8);

  private SearchJson() {}

  /** A search as REST reads its URL parameters and body, the body's query and aggs given. */
  public static SearchRequest search(
      RestRequest request, Query query, List<Aggregation> aggregations) throws IOException {
    return SearchHandler.decode(request, new SearchRequestDecoder.Decoded(query, aggregations));
  }

  /**
   * One query object, as REST's query decoder reads it: read inside {@code {"query": ...}}, where a
   * body's query stands, so that a refusal's place ({@code line}, {@code col}) is the one REST
   * gives for the same body.
   */
  public static Query query(byte[] json) throws IOException {
    byte[] body = new byte[QUERY_KEY.length + json.length + 1];
    System.arraycopy(QUERY_KEY, 0, body, 0, QUERY_KEY.length);
    System.arraycopy(json, 0, body, QUERY_KEY.length, json.length);
    body[body.length - 1] = '}';
    try (JsonParser p = Json.parser(body, 0, body.length)) {
      p.nextToken(); // {
      p.nextToken(); // "query"
      p.nextToken(); // the query's {
      return QueryDecoder.parse(p);
    }
  }

  /** An {@code aggs} object of one entry, as REST's aggregation decoder reads it. */
  public static Aggregation aggregation(byte[] json) throws IOException {
    try (JsonParser p = Json.parser(json, 0, json.length)) {
      p.nextToken();
      return AggregationsDecoder.parse(p).get(0);
    }
  }

  /** {@code operator} as the match family reads it. */
  public static Query.Operator operator(String value) {
    return QueryParts.operator(value);
  }

  /** The match family's text options from its options by REST name. */
  public static TextOptions textOptions(Map<String, Object> options) {
    return QueryParts.textOptions(options);
  }

  /** REST's {@code aggregations} object for {@code results}. */
  public static void aggregations(
      List<AggregationResult> results,
      boolean typedKeys,
      List<Aggregation> requested,
      JsonGenerator g)
      throws IOException {
    AggregationsEncoder.encode(results, typedKeys, requested, g);
  }

  /** REST's search response. */
  public static void response(
      SearchResponse response, boolean typedKeys, List<Aggregation> requested, JsonGenerator g)
      throws IOException {
    SearchResponseEncoder.encode(
        response, new SearchResponseEncoder.Params(false, typedKeys), requested, g);
  }
}
