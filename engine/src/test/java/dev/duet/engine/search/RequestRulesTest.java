package dev.duet.engine.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.error.DuetException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rules of a request that both codecs used to keep a copy of live in the model: each record
 * refuses what OpenSearch refuses, in OpenSearch's words, whichever wire it was decoded from.
 */
class RequestRulesTest {
  private static final Query ALL = new Query.MatchAll(1f);

  @Test
  void aSearchWindowIsNotNegative() {
    assertRefused(
        () ->
            new SearchRequest(
                List.of(), ALL, -1, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT),
        "illegal_argument_exception",
        "[from] parameter cannot be negative, found [-1]");
    assertRefused(
        () ->
            new SearchRequest(
                List.of(), ALL, 0, -2, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT),
        "illegal_argument_exception",
        "[size] parameter cannot be negative, found [-2]");
  }

  @Test
  void trackTotalHitsTakesMinusOneAsOff() {
    assertThat(TrackTotalHits.upTo(-1)).isEqualTo(TrackTotalHits.DISABLED);
    assertThat(TrackTotalHits.upTo(5)).isEqualTo(new TrackTotalHits(true, 5));
    assertRefused(
        () -> TrackTotalHits.upTo(-2),
        "illegal_argument_exception",
        "[track_total_hits] parameter must be positive or equals to -1, got -2");
  }

  @Test
  void storedFieldsNoneStandsAlone() {
    FetchOptions none =
        FetchOptions.of(null, List.of(), List.of("_none_"), List.of(), false, false, false);
    assertThat(none.storedFieldsNone()).isTrue();
    assertThat(none.storedFields()).isEmpty();
    assertRefused(
        () ->
            FetchOptions.of(
                null, List.of(), List.of("_none_", "a"), List.of(), false, false, false),
        "illegal_argument_exception",
        "The field [_none_] cannot be used in combination with other fields");
  }

  @Test
  void storedFieldsComeWithoutTheSourceUnlessAskedFor() {
    SearchRequest search =
        new SearchRequest(
            List.of(), ALL, 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT);
    FetchOptions stored =
        FetchOptions.of(null, List.of(), List.of("a"), List.of(), false, false, false);
    assertThat(search.withFetch(stored, false).source()).isEqualTo(SourceFilter.NONE);
    assertThat(search.withFetch(stored, true).source()).isEqualTo(SourceFilter.ALL);
    FetchOptions withSource =
        FetchOptions.of(null, List.of(), List.of("a", "_source"), List.of(), false, false, false);
    assertThat(search.withFetch(withSource, false).source()).isEqualTo(SourceFilter.ALL);
  }

  @Test
  void compoundQueriesNeedTheirParts() {
    assertRefused(
        () -> new ConstantScore(null, 1f),
        "parsing_exception",
        "[constant_score] requires a 'filter' element");
    assertRefused(
        () -> new Nested(null, ALL, Nested.ScoreMode.AVG, false, null, 1f),
        "illegal_argument_exception",
        "[nested] requires 'path' field");
    assertRefused(
        () -> new Nested("p", null, Nested.ScoreMode.AVG, false, null, 1f),
        "illegal_argument_exception",
        "[nested] requires 'query' field");
    assertRefused(
        () -> Nested.ScoreMode.parse("median"),
        "illegal_argument_exception",
        "No score mode for child query [median] found");
    assertRefused(
        () -> new QueryRescore(10, null, 1f, 1f, "total"),
        "parsing_exception",
        "missing rescore type");
  }

  @Test
  void fullTextQueriesNeedText() {
    assertRefused(
        () -> new Query.Match("f", null, Query.Operator.OR, null, 1f),
        "parsing_exception",
        "No text specified for text query");
    assertRefused(
        () -> new MatchPhrase("f", null, 0, null, false, 1f),
        "illegal_argument_exception",
        "[match_phrase] requires query value");
  }

  @Test
  void innerHitsAndCollapseAreChecked() {
    assertRefused(
        () -> new InnerHits(null, -1, 3, List.of(), SourceFilter.ALL),
        "illegal_argument_exception",
        "illegal from value, at least 0 or higher");
    assertRefused(
        () ->
            new InnerHits(
                null,
                0,
                3,
                List.of(),
                SourceFilter.ALL,
                new Collapse("f", List.of(InnerHits.DEFAULT))),
        "parsing_exception",
        "Invalid token in the inner collapse");
    assertRefused(
        () -> Collapse.checkMaxConcurrentGroupSearches(0),
        "illegal_argument_exception",
        "maxConcurrentGroupRequests` must be positive");
  }

  @Test
  void highlightPreTagsNeedPostTags() {
    assertRefused(
        () ->
            new Highlight.Options(
                List.of("<b>"), null, null, null, null, null, null, null, null, null, null),
        "parsing_exception",
        "pre_tags are set but post_tags are not set");
    assertRefused(
        () -> Highlight.schemaPreTags("bold"),
        "illegal_argument_exception",
        "Unknown tag schema [bold]");
  }

  @Test
  void aggregationsNeedAFieldAndABucketCount() {
    assertRefused(
        () -> Aggregation.checkSize(0, "by_tag"),
        "illegal_argument_exception",
        "[size] must be greater than 0. Found [0] in [by_tag]");
    assertRefused(
        () -> Aggregation.requireField(null),
        "illegal_argument_exception",
        "Required one of fields [field, script], but none were specified. ");
  }

  @Test
  void bulkProblemsAreOpenSearchsInItsOrder() {
    assertThat(BulkRequest.problems(OpType.DELETE, null, null, null, null, VersionCheck.NONE))
        .containsExactly("index is missing", "id is missing");
    assertThat(BulkRequest.problems(OpType.INDEX, "i", null, null, null, VersionCheck.NONE))
        .containsExactly("source is missing", "content type is missing");
    assertThat(
            BulkRequest.problems(
                OpType.UPDATE, "i", "1", null, UpdateRequest.ofDoc(null), VersionCheck.NONE))
        .containsExactly("script or doc is missing");
    assertRefused(
        () -> BulkRequest.validate(0, List.of()),
        "action_request_validation_exception",
        "Validation Failed: 1: no requests added;");
    assertRefused(
        () -> BulkRequest.validate(2, List.of("index is missing", "id is missing")),
        "action_request_validation_exception",
        "Validation Failed: 1: index is missing;2: id is missing;");
  }

  private static void assertRefused(Runnable build, String type, String reason) {
    assertThatThrownBy(build::run)
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo(type);
            })
        .hasMessage(reason);
  }
}
