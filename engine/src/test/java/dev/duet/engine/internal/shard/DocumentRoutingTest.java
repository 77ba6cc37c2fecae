package dev.duet.engine.internal.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code _routing} as a five-shard OpenSearch index answers (its REST suite's {@code
 * *&#47;40_routing}): the value is kept with the document, through refreshes and translog replay; a
 * get, delete or update routed to another shard does not find it; a mapping with {@code
 * _routing.required} refuses writes and gets without one.
 */
class DocumentRoutingTest {
  private static final IndexSettings FIVE_SHARDS =
      new IndexSettings(Map.of("number_of_shards", "5", "number_of_replicas", "0"));

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex("r", FIVE_SHARDS, Mapping.EMPTY);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void aDocumentIsFoundOnlyWithItsRouting() {
    write(index("1", "{\"foo\":\"bar\"}").withRouting("5"), RefreshPolicy.NONE);

    GetResult routed = engine.get("r", "1", "5", true);
    assertThat(routed.found()).isTrue();
    assertThat(routed.routing()).isEqualTo("5");
    // By id, and with "4", the request goes to other shards (OpenSearch: 0 for "5", 1 for "4").
    assertThat(engine.get("r", "1", null, true).found()).isFalse();
    assertThat(engine.get("r", "1", "4", true).found()).isFalse();

    engine.refresh("r");
    assertThat(engine.get("r", "1", "5", false).routing()).isEqualTo("5");
    assertThat(engine.get("r", "1", null, false).found()).isFalse();
  }

  @Test
  void deletesAndUpdatesRoutedElsewhereFindNothingAndChangeNothing() {
    write(index("1", "{\"foo\":\"bar\"}").withRouting("5"), RefreshPolicy.IMMEDIATE);

    BulkItemResponse missed =
        write(new BulkItem(OpType.DELETE, "r", "1", null).withRouting("4"), RefreshPolicy.NONE);
    assertThat(missed.status()).isEqualTo(404);
    assertThat(missed.result().result()).isEqualTo("not_found");
    BulkItemResponse notUpdated =
        write(
            BulkItem.update("r", "1", update("{\"foo\":\"baz\"}"), VersionCheck.NONE),
            RefreshPolicy.NONE);
    assertThat(notUpdated.status()).isEqualTo(404);
    assertThat(notUpdated.failure().type()).isEqualTo("document_missing_exception");

    BulkItemResponse updated =
        write(
            BulkItem.update("r", "1", update("{\"foo\":\"baz\"}"), VersionCheck.NONE)
                .withRouting("5"),
            RefreshPolicy.NONE);
    assertThat(updated.status()).isEqualTo(200);
    GetResult got = engine.get("r", "1", "5", true);
    assertThat(new String(got.source(), StandardCharsets.UTF_8)).contains("baz");
    assertThat(got.routing()).isEqualTo("5");

    BulkItemResponse deleted =
        write(new BulkItem(OpType.DELETE, "r", "1", null).withRouting("5"), RefreshPolicy.NONE);
    assertThat(deleted.result().result()).isEqualTo("deleted");
  }

  @Test
  void hitsCarryTheRoutingAndExistsFindsIt() {
    write(index("1", "{\"foo\":\"bar\"}").withRouting("5"), RefreshPolicy.NONE);
    write(index("2", "{\"foo\":\"bar\"}"), RefreshPolicy.IMMEDIATE);

    List<SearchHit> hits = search(new Query.MatchAll(1f));
    assertThat(hits)
        .extracting(SearchHit::id, SearchHit::routing)
        .containsExactlyInAnyOrder(
            org.assertj.core.groups.Tuple.tuple("1", "5"),
            org.assertj.core.groups.Tuple.tuple("2", null));
    assertThat(search(new Exists("_routing", 1f))).extracting(SearchHit::id).containsExactly("1");
  }

  @Test
  void theRoutingSurvivesTranslogReplay() {
    write(index("1", "{\"foo\":\"bar\"}").withRouting("5"), RefreshPolicy.NONE);
    engine.close();
    engine = Engines.open(data);

    assertThat(engine.get("r", "1", "5", true).routing()).isEqualTo("5");
    assertThat(engine.get("r", "1", null, true).found()).isFalse();
  }

  @Test
  void requiredRoutingRefusesWritesAndGetsWithoutOne() {
    engine.createIndex(
        "req", FIVE_SHARDS, Mapping.fromMap(Map.of("_routing", Map.of("required", true))));
    assertThat(engine.mapping("req").toMap()).containsEntry("_routing", Map.of("required", true));

    BulkItemResponse refused =
        write(
            new BulkItem(OpType.INDEX, "req", "1", "{}".getBytes(StandardCharsets.UTF_8)),
            RefreshPolicy.NONE);
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.failure().type()).isEqualTo("routing_missing_exception");
    assertThat(refused.failure().reason()).isEqualTo("routing is required for [req]/[1]");
    assertThatThrownBy(() -> engine.get("req", "1", null, true))
        .isInstanceOfSatisfying(
            DuetException.class, e -> assertThat(e.type()).isEqualTo("routing_missing_exception"));

    BulkItemResponse accepted =
        write(
            new BulkItem(OpType.INDEX, "req", "1", "{}".getBytes(StandardCharsets.UTF_8))
                .withRouting("a"),
            RefreshPolicy.NONE);
    assertThat(accepted.status()).isEqualTo(201);
  }

  @Test
  void routingRequiredCannotChangeAndRefusesOtherParameters() {
    assertThatThrownBy(
            () ->
                engine.putMapping(
                    "r",
                    dev.duet.engine.index.IndicesOptions.DEFAULTS,
                    Map.of("_routing", Map.of("required", true))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.reason())
                    .isEqualTo(
                        "Mapper for [_routing] conflicts with existing mapper:\n"
                            + "\tCannot update parameter [required] from [false] to [true]"));
    assertThatThrownBy(() -> Mapping.fromMap(Map.of("_routing", Map.of("x", 1))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.reason()).contains("unknown parameter [x] on mapper [_routing]"));
  }

  private static BulkItem index(String id, String json) {
    return new BulkItem(OpType.INDEX, "r", id, json.getBytes(StandardCharsets.UTF_8));
  }

  private static UpdateRequest update(String doc) {
    return new UpdateRequest(doc.getBytes(StandardCharsets.UTF_8), null, false, true, 0, null);
  }

  private BulkItemResponse write(BulkItem item, RefreshPolicy refresh) {
    return engine.bulk(new BulkRequest(List.of(item), refresh)).items().get(0);
  }

  private List<SearchHit> search(Query query) {
    return engine
        .search(
            new SearchRequest(
                List.of("r"), query, 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT))
        .hits();
  }
}
