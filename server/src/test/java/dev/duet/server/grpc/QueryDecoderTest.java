package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.MultiMatch;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.TextOptions;
import dev.duet.engine.search.Wildcard;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.BoolQuery;
import org.opensearch.protobufs.ConstantScoreQuery;
import org.opensearch.protobufs.DateRangeQuery;
import org.opensearch.protobufs.FieldValue;
import org.opensearch.protobufs.FieldValueArray;
import org.opensearch.protobufs.GeneralNumber;
import org.opensearch.protobufs.MatchAllQuery;
import org.opensearch.protobufs.MatchNoneQuery;
import org.opensearch.protobufs.MatchQuery;
import org.opensearch.protobufs.MinimumShouldMatch;
import org.opensearch.protobufs.MultiMatchQuery;
import org.opensearch.protobufs.NumberRangeQuery;
import org.opensearch.protobufs.NumberRangeQueryAllOfFrom;
import org.opensearch.protobufs.NumberRangeQueryAllOfTo;
import org.opensearch.protobufs.Operator;
import org.opensearch.protobufs.QueryContainer;
import org.opensearch.protobufs.RangeQuery;
import org.opensearch.protobufs.ScriptQuery;
import org.opensearch.protobufs.TermQuery;
import org.opensearch.protobufs.TermsQuery;
import org.opensearch.protobufs.TermsQueryField;
import org.opensearch.protobufs.TextQueryType;
import org.opensearch.protobufs.WildcardQuery;

class QueryDecoderTest {

  @Test
  void matchAllAndMatchNoneKeepTheirBoost() {
    assertThat(
            QueryDecoder.decode(
                QueryContainer.newBuilder()
                    .setMatchAll(MatchAllQuery.getDefaultInstance())
                    .build()))
        .isEqualTo(new Query.MatchAll(1f));
    assertThat(
            QueryDecoder.decode(
                QueryContainer.newBuilder()
                    .setMatchNone(MatchNoneQuery.newBuilder().setBoost(2f))
                    .build()))
        .isEqualTo(new Query.MatchNone(2f));
  }

  @Test
  void matchCarriesOperatorMinimumShouldMatchAndBoost() {
    Query q =
        QueryDecoder.decode(
            QueryContainer.newBuilder()
                .setMatch(
                    MatchQuery.newBuilder()
                        .setField("title")
                        .setQuery(FieldValue.newBuilder().setString("quick fox"))
                        .setOperator(Operator.OPERATOR_AND)
                        .setMinimumShouldMatch(MinimumShouldMatch.newBuilder().setString("75%"))
                        .setBoost(1.5f))
                .build());

    assertThat(q).isEqualTo(new Query.Match("title", "quick fox", Query.Operator.AND, "75%", 1.5f));
  }

  @Test
  void termValuesAreTypedAsJsonWouldTypeThem() {
    assertThat(QueryDecoder.decode(term(FieldValue.newBuilder().setString("a").build())))
        .isEqualTo(new Query.Term("f", "a", 1f));
    assertThat(
            QueryDecoder.decode(
                term(
                    FieldValue.newBuilder()
                        .setGeneralNumber(GeneralNumber.newBuilder().setInt32Value(7))
                        .build())))
        .isEqualTo(new Query.Term("f", 7L, 1f));
    assertThat(
            QueryDecoder.decode(
                term(
                    FieldValue.newBuilder()
                        .setGeneralNumber(GeneralNumber.newBuilder().setFloatValue(0.1f))
                        .build())))
        .isEqualTo(new Query.Term("f", 0.1d, 1f));
    assertThat(QueryDecoder.decode(term(FieldValue.newBuilder().setBool(true).build())))
        .isEqualTo(new Query.Term("f", true, 1f));
  }

  @Test
  void termsTakesTheOneFieldAndItsValues() {
    Query q =
        QueryDecoder.decode(
            QueryContainer.newBuilder()
                .setTerms(
                    TermsQuery.newBuilder()
                        .setBoost(3f)
                        .putTerms(
                            "tag",
                            TermsQueryField.newBuilder()
                                .setValue(
                                    FieldValueArray.newBuilder()
                                        .addFieldValueArray(FieldValue.newBuilder().setString("a"))
                                        .addFieldValueArray(
                                            FieldValue.newBuilder()
                                                .setGeneralNumber(
                                                    GeneralNumber.newBuilder().setInt64Value(2))))
                                .build()))
                .build());

    assertThat(q).isEqualTo(new Query.Terms("tag", List.of("a", 2L), 3f));
  }

  @Test
  void numberRangeBoundsAndTheLegacyFromToForm() {
    Query modern =
        QueryDecoder.decode(
            range(NumberRangeQuery.newBuilder().setField("n").setGte(5).setLt(10.5).build()));
    assertThat(modern).isEqualTo(new Query.Range("n", null, 5L, 10.5d, null, null, 1f));

    Query legacy =
        QueryDecoder.decode(
            range(
                NumberRangeQuery.newBuilder()
                    .setField("n")
                    .setFrom(NumberRangeQueryAllOfFrom.newBuilder().setDouble(1))
                    .setTo(NumberRangeQueryAllOfTo.newBuilder().setDouble(4))
                    .setIncludeUpper(false)
                    .build()));
    assertThat(legacy).isEqualTo(new Query.Range("n", null, 1L, 4L, null, null, 1f));
  }

  @Test
  void dateRangeKeepsStringsAndFormat() {
    Query q =
        QueryDecoder.decode(
            QueryContainer.newBuilder()
                .setRange(
                    RangeQuery.newBuilder()
                        .setDateRangeQuery(
                            DateRangeQuery.newBuilder()
                                .setField("at")
                                .setGt("2024-01-01")
                                .setLte("now")
                                .setFormat("yyyy-MM-dd")
                                .setBoost(2f)))
                .build());

    assertThat(q)
        .isEqualTo(new Query.Range("at", "2024-01-01", null, null, "now", "yyyy-MM-dd", 2f));
  }

  @Test
  void boolNestsEveryClauseKindWithMinimumShouldMatchAndBoost() {
    QueryContainer matchAll =
        QueryContainer.newBuilder().setMatchAll(MatchAllQuery.getDefaultInstance()).build();
    QueryContainer t = term(FieldValue.newBuilder().setString("x").build());
    Query q =
        QueryDecoder.decode(
            QueryContainer.newBuilder()
                .setBool(
                    BoolQuery.newBuilder()
                        .addMust(matchAll)
                        .addShould(t)
                        .addShould(t)
                        .addMustNot(t)
                        .addFilter(matchAll)
                        .setMinimumShouldMatch(MinimumShouldMatch.newBuilder().setInt32(1))
                        .setBoost(4f))
                .build());

    Query.Term term = new Query.Term("f", "x", 1f);
    assertThat(q)
        .isEqualTo(
            new Query.Bool(
                List.of(new Query.MatchAll(1f)),
                List.of(term, term),
                List.of(term),
                List.of(new Query.MatchAll(1f)),
                "1",
                4f));
  }

  @Test
  void queryTypesTheModelLacksFailAsUnknownQueryLikeRest() {
    assertThatThrownBy(
            () ->
                QueryDecoder.decode(
                    QueryContainer.newBuilder()
                        .setScript(ScriptQuery.getDefaultInstance())
                        .build()))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("parsing_exception");
              assertThat(e.reason()).isEqualTo("unknown query [script]");
            });
  }

  @Test
  void termLevelAndCompoundCasesDecodeIntoTheOneModel() {
    assertThat(
            QueryDecoder.decode(
                QueryContainer.newBuilder()
                    .setWildcard(
                        WildcardQuery.newBuilder()
                            .setField("f")
                            .setValue("a*")
                            .setCaseInsensitive(true))
                    .build()))
        .isEqualTo(new Wildcard("f", "a*", true, 1f));
    assertThat(
            QueryDecoder.decode(
                QueryContainer.newBuilder()
                    .setConstantScore(
                        ConstantScoreQuery.newBuilder()
                            .setFilter(
                                QueryContainer.newBuilder()
                                    .setMatchAll(MatchAllQuery.getDefaultInstance()))
                            .setBoost(2f))
                    .build()))
        .isEqualTo(new ConstantScore(new Query.MatchAll(1f), 2f));
    assertThat(
            QueryDecoder.decode(
                QueryContainer.newBuilder()
                    .setMultiMatch(
                        MultiMatchQuery.newBuilder()
                            .setQuery("quick fox")
                            .addFields("title^2")
                            .addFields("body")
                            .setType(TextQueryType.TEXT_QUERY_TYPE_MOST_FIELDS))
                    .build()))
        .isEqualTo(
            new MultiMatch(
                List.of("title^2", "body"),
                "quick fox",
                MultiMatch.Type.MOST_FIELDS,
                Query.Operator.OR,
                null,
                null,
                0,
                TextOptions.DEFAULT,
                1f));
  }

  @Test
  void emptyClauseAndMissingMatchTextAreParsingErrors() {
    assertThatThrownBy(() -> QueryDecoder.decode(QueryContainer.getDefaultInstance()))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.reason()).isEqualTo("query malformed, empty clause found"));
    assertThatThrownBy(
            () ->
                QueryDecoder.decode(
                    QueryContainer.newBuilder()
                        .setMatch(MatchQuery.newBuilder().setField("title"))
                        .build()))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.reason()).isEqualTo("No text specified for text query"));
  }

  @Test
  void termLevelQueriesWithoutAFieldFailAsOpenSearchsBuildersDo() {
    FieldValue alice = FieldValue.newBuilder().setString("alice").build();
    assertIllegalArgument(
        QueryContainer.newBuilder()
            .setTerm(TermQuery.newBuilder().setField("").setValue(alice))
            .build(),
        "field name is null or empty");
    assertIllegalArgument(
        range(NumberRangeQuery.newBuilder().setField("").setGte(1).build()),
        "field name is null or empty");
    assertIllegalArgument(
        QueryContainer.newBuilder()
            .setTerms(
                TermsQuery.newBuilder()
                    .putTerms(
                        "",
                        TermsQueryField.newBuilder()
                            .setValue(FieldValueArray.newBuilder().addFieldValueArray(alice))
                            .build()))
            .build(),
        "field name cannot be null.");
  }

  private static void assertIllegalArgument(QueryContainer query, String reason) {
    assertThatThrownBy(() -> QueryDecoder.decode(query))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
              assertThat(e.reason()).isEqualTo(reason);
            });
  }

  private static QueryContainer term(FieldValue value) {
    return QueryContainer.newBuilder()
        .setTerm(TermQuery.newBuilder().setField("f").setValue(value))
        .build();
  }

  private static QueryContainer range(NumberRangeQuery q) {
    return QueryContainer.newBuilder()
        .setRange(RangeQuery.newBuilder().setNumberRangeQuery(q))
        .build();
  }
}
