package dev.duet.engine.internal;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.create;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class LuceneEngineTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void createsIndexWithSettingsAndMapping() {
    IndexInfo info =
        engine.createIndex(
            "books",
            new IndexSettings(Map.of("index.number_of_replicas", "0", "refresh_interval", "5s")),
            Mapping.fromMap(Map.of("properties", Map.of("title", Map.of("type", "text")))));

    assertThat(info.name()).isEqualTo("books");
    assertThat(info.uuid()).hasSize(22);
    assertThat(info.settings().numberOfReplicas()).isZero();
    assertThat(info.settings().refreshIntervalMillis()).isEqualTo(5000);
    assertThat(info.health()).isEqualTo("green");
    assertThat(info.mapping().toMap())
        .isEqualTo(Map.of("properties", Map.of("title", Map.of("type", "text"))));
    assertThat(engine.mapping("books")).isEqualTo(info.mapping());
    assertThat(engine.indexExists("books")).isTrue();
    assertThat(engine.indices("b*")).extracting(IndexInfo::name).containsExactly("books");
  }

  @Test
  void refusesExistingIndexWithItsUuid() {
    IndexInfo first = engine.createIndex("books", IndexSettings.DEFAULTS, Mapping.EMPTY);

    assertThatThrownBy(() -> engine.createIndex("books", IndexSettings.DEFAULTS, Mapping.EMPTY))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("resource_already_exists_exception");
              assertThat(e.reason()).isEqualTo("index [books/" + first.uuid() + "] already exists");
              assertThat(e.metadata()).containsEntry("index_uuid", first.uuid());
            });
  }

  @Test
  void refusesUnknownSettings() {
    assertThatThrownBy(
            () ->
                engine.createIndex(
                    "books", new IndexSettings(Map.of("index.foo", "1")), Mapping.EMPTY))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("settings_exception");
              assertThat(e.reason())
                  .startsWith("unknown setting [index.foo] please check that any required plugins");
            });
  }

  @Test
  void refusesBadSettingValues() {
    assertThatThrownBy(
            () ->
                engine.createIndex(
                    "books", new IndexSettings(Map.of("number_of_shards", "0")), Mapping.EMPTY))
        .hasMessage("Failed to parse value [0] for setting [index.number_of_shards] must be >= 1");
    assertThatThrownBy(
            () ->
                engine.createIndex(
                    "books", new IndexSettings(Map.of("number_of_shards", "abc")), Mapping.EMPTY))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.causedBy().type()).isEqualTo("number_format_exception"));
    assertThatThrownBy(
            () ->
                engine.createIndex(
                    "books", new IndexSettings(Map.of("refresh_interval", "abc")), Mapping.EMPTY))
        .hasMessageStartingWith(
            "failed to parse setting [index.refresh_interval] with value [abc]");
    assertThat(engine.indexExists("books")).isFalse();
  }

  @Test
  void refusesInvalidIndexNames() {
    assertThatThrownBy(() -> engine.createIndex("Books", IndexSettings.DEFAULTS, Mapping.EMPTY))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("invalid_index_name_exception");
              assertThat(e.reason()).isEqualTo("Invalid index name [Books], must be lowercase");
              assertThat(e.metadata()).containsEntry("index", "Books");
              assertThat(e.metadata()).containsEntry("index_uuid", "_na_");
            });
  }

  @Test
  void deleteRemovesIndexAndMissingIndexIs404() {
    engine.createIndex("books", IndexSettings.DEFAULTS, Mapping.EMPTY);
    engine.deleteIndex("books");

    assertThat(engine.indexExists("books")).isFalse();
    assertThatThrownBy(() -> engine.deleteIndex("books"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.type()).isEqualTo("index_not_found_exception");
            });
    assertThatThrownBy(() -> engine.get("books", "1")).isInstanceOf(DuetException.class);
    assertThatThrownBy(() -> engine.mapping("books"))
        .isInstanceOfSatisfying(
            DuetException.class, e -> assertThat(e.type()).isEqualTo("index_not_found_exception"));
  }

  @Test
  void bulkAutoCreatesIndexAndVersionsDocuments() {
    BulkResponse response =
        engine.bulk(
            bulk(
                RefreshPolicy.NONE,
                index("books", "1", "{\"title\":\"Dune\"}"),
                index("books", "1", "{\"title\":\"Dune Messiah\"}"),
                create("books", "1", "{\"title\":\"again\"}"),
                delete("books", "1"),
                delete("books", "2"),
                index("books", "1", "{\"title\":\"back\"}")));

    List<BulkItemResponse> items = response.items();
    assertThat(response.errors()).isTrue();
    assertThat(items.get(0).status()).isEqualTo(201);
    assertThat(items.get(0).result().result()).isEqualTo("created");
    assertThat(items.get(0).result().version()).isEqualTo(1);
    assertThat(items.get(0).result().seqNo()).isEqualTo(0);
    assertThat(items.get(0).result().shardsTotal()).isEqualTo(2);
    assertThat(items.get(0).result().shardsSuccessful()).isEqualTo(1);
    assertThat(items.get(1).status()).isEqualTo(200);
    assertThat(items.get(1).result().result()).isEqualTo("updated");
    assertThat(items.get(1).result().version()).isEqualTo(2);
    assertThat(items.get(1).result().seqNo()).isEqualTo(1);
    DuetException conflict = items.get(2).failure();
    assertThat(items.get(2).status()).isEqualTo(409);
    assertThat(conflict.type()).isEqualTo("version_conflict_engine_exception");
    assertThat(conflict.reason())
        .isEqualTo("[1]: version conflict, document already exists (current version [2])");
    assertThat(conflict.metadata().keySet()).containsExactly("index", "shard", "index_uuid");
    assertThat(items.get(3).result().result()).isEqualTo("deleted");
    assertThat(items.get(3).result().version()).isEqualTo(3);
    assertThat(items.get(3).result().seqNo()).isEqualTo(2);
    assertThat(items.get(4).status()).isEqualTo(404);
    assertThat(items.get(4).result().result()).isEqualTo("not_found");
    assertThat(items.get(4).result().version()).isEqualTo(1);
    assertThat(items.get(4).result().seqNo()).isEqualTo(3);
    assertThat(items.get(5).result().result()).isEqualTo("created");
    assertThat(items.get(5).result().version()).isEqualTo(4);
    assertThat(items.get(5).result().forcedRefresh()).isFalse();
  }

  @Test
  void deleteDoesNotCreateItsIndex() {
    BulkItemResponse item = engine.bulk(bulk(delete("nope", "1"))).items().get(0);

    assertThat(item.status()).isEqualTo(404);
    assertThat(item.failure().type()).isEqualTo("index_not_found_exception");
    assertThat(item.failure().metadata()).containsEntry("resource.type", "index_expression");
    assertThat(engine.indexExists("nope")).isFalse();
  }

  @Test
  void autoGeneratedIdsLookLikeOpenSearchIds() {
    BulkResponse response =
        engine.bulk(bulk(index("books", null, "{\"a\":1}"), index("books", null, "{\"a\":2}")));

    String first = response.items().get(0).id();
    String second = response.items().get(1).id();
    assertThat(first).hasSize(20).matches("[A-Za-z0-9_-]+").isNotEqualTo(second);
    assertThat(engine.get("books", first).found()).isTrue();
    assertThat(response.items().get(0).result().forcedRefresh()).isTrue();
  }

  @Test
  void getIsRealtimeBeforeRefresh() {
    engine.createIndex("books", new IndexSettings(Map.of("refresh_interval", "-1")), Mapping.EMPTY);
    engine.bulk(bulk(RefreshPolicy.NONE, index("books", "1", "{\"title\":\"Dune\"}")));

    GetResult get = engine.get("books", "1");
    assertThat(get.found()).isTrue();
    assertThat(get.version()).isEqualTo(1);
    assertThat(get.seqNo()).isEqualTo(0);
    assertThat(get.primaryTerm()).isEqualTo(1);
    assertThat(json(get.source())).isEqualTo("{\"title\":\"Dune\"}");
    assertThat(engine.search(search("books", matchAll())).totalHits().value()).isZero();

    engine.refresh("books");
    assertThat(engine.search(search("books", matchAll())).totalHits().value()).isEqualTo(1);
    assertThat(engine.get("books", "1").found()).isTrue();
    assertThat(engine.get("books", "2").found()).isFalse();

    engine.bulk(bulk(RefreshPolicy.NONE, delete("books", "1")));
    assertThat(engine.get("books", "1").found()).isFalse();
  }

  @Test
  void refreshPoliciesMakeWritesVisible() {
    engine.createIndex("books", new IndexSettings(Map.of("refresh_interval", "-1")), Mapping.EMPTY);

    BulkResponse immediate =
        engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("books", "1", "{\"a\":1}")));
    assertThat(immediate.items().get(0).result().forcedRefresh()).isTrue();
    assertThat(engine.search(search("books", matchAll())).totalHits().value()).isEqualTo(1);

    BulkResponse waitFor =
        engine.bulk(bulk(RefreshPolicy.WAIT_UNTIL, index("books", "2", "{\"a\":2}")));
    assertThat(waitFor.items().get(0).result().forcedRefresh()).isFalse();
    assertThat(engine.search(search("books", matchAll())).totalHits().value()).isEqualTo(2);
  }

  @Test
  void scheduledRefreshMakesWritesVisible() throws InterruptedException {
    engine.createIndex(
        "books", new IndexSettings(Map.of("refresh_interval", "50ms")), Mapping.EMPTY);
    engine.bulk(bulk(RefreshPolicy.NONE, index("books", "1", "{\"a\":1}")));

    long hits = 0;
    for (int i = 0; i < 200 && hits == 0; i++) {
      Thread.sleep(20);
      hits = engine.search(search("books", matchAll())).totalHits().value();
    }
    assertThat(hits).isEqualTo(1);
  }

  @Test
  void dataMappingAndVersionsSurviveRestart() {
    engine.createIndex(
        "books",
        new IndexSettings(Map.of("number_of_replicas", "0")),
        Mapping.fromMap(Map.of("properties", Map.of("year", Map.of("type", "integer")))));
    engine.bulk(
        bulk(
            RefreshPolicy.NONE,
            index("books", "1", "{\"title\":\"Dune\",\"year\":1965}"),
            index("books", "1", "{\"title\":\"Dune\",\"year\":1966}"),
            index("books", "2", "{\"title\":\"Emma\",\"year\":1815}"),
            delete("books", "2")));
    String uuid = engine.index("books").uuid();
    engine.close();

    engine = Engines.open(data);
    IndexInfo info = engine.index("books");
    assertThat(info.uuid()).isEqualTo(uuid);
    assertThat(info.docsCount()).isEqualTo(1);
    assertThat(info.settings().numberOfReplicas()).isZero();
    assertThat(info.mapping().toMap().toString())
        .isEqualTo(
            "{properties={title={type=text, fields={keyword={type=keyword, ignore_above=256}}},"
                + " year={type=integer}}}");
    GetResult get = engine.get("books", "1");
    assertThat(get.version()).isEqualTo(2);
    assertThat(get.seqNo()).isEqualTo(1);
    assertThat(json(get.source())).isEqualTo("{\"title\":\"Dune\",\"year\":1966}");
    BulkResponse next =
        engine.bulk(bulk(index("books", "1", "{\"title\":\"Dune\",\"year\":1967}")));
    assertThat(next.items().get(0).result().version()).isEqualTo(3);
    assertThat(next.items().get(0).result().seqNo()).isEqualTo(4);
    assertThat(engine.search(search("books", term("year", 1967))).totalHits().value()).isEqualTo(1);
  }

  @Test
  void concurrentWritersGetUniqueSeqNosAndExactVersions() throws Exception {
    engine.createIndex(
        "books", new IndexSettings(Map.of("refresh_interval", "10ms")), Mapping.EMPTY);
    int threads = 4;
    int writesPerThread = 200;
    java.util.Set<Long> seqNos = java.util.concurrent.ConcurrentHashMap.newKeySet();
    java.util.concurrent.ExecutorService pool =
        java.util.concurrent.Executors.newFixedThreadPool(
            threads, Thread.ofPlatform().name("writer-", 0).factory());
    List<java.util.concurrent.Future<?>> futures = new java.util.ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      futures.add(
          pool.submit(
              () -> {
                for (int i = 0; i < writesPerThread; i++) {
                  String id = Integer.toString(i % 10);
                  BulkResponse r =
                      engine.bulk(
                          bulk(
                              RefreshPolicy.NONE,
                              index("books", id, "{\"t\":" + thread + ",\"i\":" + i + "}")));
                  assertThat(r.errors()).isFalse();
                  seqNos.add(r.items().get(0).result().seqNo());
                }
              }));
    }
    for (var f : futures) {
      f.get();
    }
    pool.shutdown();

    assertThat(seqNos).hasSize(threads * writesPerThread);
    long versions = 0;
    for (int id = 0; id < 10; id++) {
      versions += engine.get("books", Integer.toString(id)).version();
    }
    assertThat(versions).isEqualTo(threads * writesPerThread);
    engine.refresh("books");
    IndexInfo info = engine.index("books");
    assertThat(info.docsCount()).isEqualTo(10);
    assertThat(info.storeSizeBytes()).isPositive();
  }
}
