package dev.duet.bench.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import dev.duet.bench.client.AggregationQuery;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScenarioTest {
  private static final List<Scenario.Durability> REQUEST_ONLY =
      List.of(Scenario.Durability.REQUEST);

  @Test
  void writesExpandToSequentialAndConcurrent() {
    List<Scenario> scenarios = Scenario.parse("writes, bulk,search", 4, 500, REQUEST_ONLY);

    assertThat(scenarios)
        .extracting(Scenario::name)
        .containsExactly("writes-seq", "writes-c4", "bulk", "search");
    assertThat(scenarios)
        .extracting(Scenario::clients, Scenario::docsPerRequest)
        .containsExactly(tuple(1, 1), tuple(4, 1), tuple(1, 500), tuple(1, 0));
    assertThat(scenarios.get(3).kind()).isEqualTo(Scenario.Kind.SEARCH);
  }

  @Test
  void concurrentWritesTakeTheirClientCountFromTheName() {
    Scenario scenario = Scenario.parse("writes-c16", 4, 500, REQUEST_ONLY).get(0);

    assertThat(scenario.clients()).isEqualTo(16);
    assertThat(scenario.index()).isEqualTo("bench-writes-c16");
  }

  @Test
  void anIndexPrefixRenamesEveryScenarioIndexAndKeepsTheRest() {
    List<Scenario> renamed =
        Scenario.parse("aggs,search,bulk", 4, 500, REQUEST_ONLY).stream()
            .map(s -> s.withIndexPrefix("bench-aggs-"))
            .toList();

    assertThat(renamed)
        .extracting(Scenario::index)
        .containsExactly(
            "bench-aggs-aggs",
            "bench-aggs-aggs",
            "bench-aggs-aggs",
            "bench-aggs-aggs",
            "bench-aggs-search",
            "bench-aggs-bulk");
    assertThat(renamed.get(0).aggregation()).isEqualTo(AggregationQuery.TERMS_AVG);
    assertThat(renamed.get(5).docsPerRequest()).isEqualTo(500);
  }

  @Test
  void aggregationScenariosShareOneIndexAndSayWhichRunOverGrpc() {
    List<Scenario> aggs = Scenario.parse("aggs", 4, 500, REQUEST_ONLY);

    assertThat(aggs)
        .extracting(Scenario::name)
        .containsExactly("agg-terms-avg", "agg-date-histogram", "agg-cardinality", "agg-terms-max");
    assertThat(aggs).extracting(Scenario::index).containsOnly("bench-aggs");
    assertThat(aggs)
        .extracting(s -> s.aggregation().grpc())
        .containsExactly(false, false, false, true);
    assertThat(Scenario.parse("agg-cardinality", 4, 500, REQUEST_ONLY))
        .extracting(Scenario::kind)
        .containsExactly(Scenario.Kind.AGGREGATE);
  }

  @Test
  void unknownScenarioIsRejectedWithTheChoices() {
    assertThatThrownBy(() -> Scenario.parse("writes,reads", 4, 500, REQUEST_ONLY))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "scenario: reads (expected: writes, writes-seq, writes-cN, bulk, search, search-bool,"
                + " search-phrase, searches, aggs, agg-*)");
    assertThatThrownBy(() -> Scenario.parse(" , ", 4, 500, REQUEST_ONLY))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void eachWriteScenarioRunsOncePerDurabilityOnItsOwnIndex() {
    List<Scenario> scenarios =
        Scenario.parse("bulk,search", 4, 500, Scenario.Durability.parseList("request, async"));

    assertThat(scenarios)
        .extracting(Scenario::name, Scenario::index, Scenario::durability)
        .containsExactly(
            tuple("bulk", "bench-bulk", Scenario.Durability.REQUEST),
            tuple("bulk-async", "bench-bulk-async", Scenario.Durability.ASYNC),
            tuple("search", "bench-search", null));
    assertThatThrownBy(() -> Scenario.Durability.parseList("request,never"))
        .hasMessage("durability: never (expected: request, async)");
  }

  @Test
  void textSearchScenariosShareTheSearchIndex() {
    List<Scenario> scenarios =
        Scenario.parse("searches", 4, 500, Scenario.Durability.parseList("request"));

    assertThat(scenarios)
        .extracting(Scenario::name, Scenario::index, Scenario::textQuery)
        .containsExactly(
            tuple("search", "bench-search", dev.duet.bench.client.TextQuery.MATCH),
            tuple("search-bool", "bench-search", dev.duet.bench.client.TextQuery.BOOL_FILTER),
            tuple("search-phrase", "bench-search", dev.duet.bench.client.TextQuery.PHRASE));
  }
}
