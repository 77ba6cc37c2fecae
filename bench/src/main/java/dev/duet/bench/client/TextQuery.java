package dev.duet.bench.client;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.MatchPhraseQuery;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.NumberRangeQuery;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RangeQuery;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.TermQuery;

/**
 * The text searches the bench measures, each with a fresh query text per request: a {@code match},
 * a {@code bool} of that match with a keyword and a range filter, and a {@code match_phrase}. Each
 * is built as a REST body and as its {@code org.opensearch.protobufs} 1.6.0 twin.
 */
public enum TextQuery {
  MATCH("search", "match query on a text field"),
  BOOL_FILTER("search-bool", "bool: match on a text field, term and range filters"),
  PHRASE("search-phrase", "match_phrase on a text field");

  private static final JsonFactory JSON = new JsonFactory();
  private static final String FILTER_CATEGORY = "books";
  private static final double FILTER_PRICE_MAX = 500.0;

  private final String scenario;
  private final String title;

  TextQuery(String scenario, String title) {
    this.scenario = scenario;
    this.title = title;
  }

  public String scenario() {
    return scenario;
  }

  public String title() {
    return title;
  }

  /** The {@code _search} body for one request. */
  public byte[] restBody(String field, String text, int size) {
    if (this == MATCH) {
      return RestRequests.matchQueryBody(field, text, size);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(160 + text.length());
    try (JsonGenerator json = JSON.createGenerator(out)) {
      json.writeStartObject();
      json.writeObjectFieldStart("query");
      if (this == PHRASE) {
        json.writeObjectFieldStart("match_phrase");
        json.writeStringField(field, text);
        json.writeEndObject();
      } else {
        json.writeObjectFieldStart("bool");
        json.writeObjectFieldStart("must");
        json.writeObjectFieldStart("match");
        json.writeStringField(field, text);
        json.writeEndObject();
        json.writeEndObject();
        json.writeArrayFieldStart("filter");
        json.writeRaw("{\"term\":{\"category\":\"" + FILTER_CATEGORY + "\"}},");
        json.writeRaw("{\"range\":{\"price\":{\"lte\":" + FILTER_PRICE_MAX + "}}}");
        json.writeEndArray();
        json.writeEndObject();
      }
      json.writeEndObject();
      json.writeNumberField("size", size);
      json.writeEndObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  /** The gRPC twin of {@link #restBody}. */
  public SearchRequest grpcRequest(String index, String field, String text, int size) {
    if (this == MATCH) {
      return GrpcRequests.matchSearch(index, field, text, size);
    }
    QueryContainer query =
        this == PHRASE
            ? QueryContainer.newBuilder()
                .setMatchPhrase(MatchPhraseQuery.newBuilder().setField(field).setQuery(text))
                .build()
            : QueryContainer.newBuilder()
                .setBool(
                    BoolQuery.newBuilder()
                        .addMust(
                            QueryContainer.newBuilder()
                                .setMatch(
                                    MatchQuery.newBuilder()
                                        .setField(field)
                                        .setQuery(FieldValue.newBuilder().setString(text))))
                        .addFilter(
                            QueryContainer.newBuilder()
                                .setTerm(
                                    TermQuery.newBuilder()
                                        .setField("category")
                                        .setValue(
                                            FieldValue.newBuilder().setString(FILTER_CATEGORY))))
                        .addFilter(
                            QueryContainer.newBuilder()
                                .setRange(
                                    RangeQuery.newBuilder()
                                        .setNumberRangeQuery(
                                            NumberRangeQuery.newBuilder()
                                                .setField("price")
                                                .setLte(FILTER_PRICE_MAX)))))
                .build();
    return SearchRequest.newBuilder()
        .addIndex(index)
        .setSearchRequestBody(SearchRequestBody.newBuilder().setQuery(query).setSize(size))
        .build();
  }

  /** The query of a scenario name, or null. */
  public static TextQuery forScenario(String name) {
    for (TextQuery q : values()) {
      if (q.scenario.equals(name)) {
        return q;
      }
    }
    return null;
  }
}
