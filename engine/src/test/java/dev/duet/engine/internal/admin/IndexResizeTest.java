package dev.duet.engine.internal.admin;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
import static dev.duet.engine.internal.EngineFixture.match;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.index.ResizeRequest;
import dev.duet.engine.index.ResizeRequest.Type;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.internal.meta.ShardRouting;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code _shrink}, {@code _split}, {@code _clone} on a real engine: the target holds the source's
 * documents, mapping and copied settings, survives a restart, and the rules refuse what OpenSearch
 * refuses in its words (checked against OpenSearch 3.8.0).
 */
class IndexResizeTest {
  @TempDir Path data;
  private LuceneEngine engine;

  @BeforeEach
  void open() {
    engine = LuceneEngine.open(data);
    engine.createIndex(
        "source",
        new IndexSettings(
            Map.of(
                "number_of_shards", "2",
                "number_of_replicas", "0",
                "number_of_routing_shards", "4",
                "merge.scheduler.max_merge_count", "4")),
        Mapping.fromMap(Map.of("properties", Map.of("title", Map.of("type", "text"))), null, null));
    engine.bulk(
        bulk(
            RefreshPolicy.IMMEDIATE,
            index("source", "1", "{\"title\":\"hello world\"}"),
            index("source", "2", "{\"title\":\"hello again\"}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private static ResizeRequest request(Type type, String target, Map<String, String> settings) {
    return new ResizeRequest(type, "source", target, settings, Map.of(), null);
  }

  private void blockWrites() {
    engine.updateSettings("source", IndicesOptions.STRICT, Map.of("index.blocks.write", "true"));
  }

  @Test
  void theSourceMustBlockWrites() {
    assertThatThrownBy(() -> engine.resize(request(Type.CLONE, "copy", Map.of())))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("illegal_state_exception");
              assertThat(e.getMessage())
                  .isEqualTo(
                      "index source must block write operations to resize index. use"
                          + " \"index.blocks.write=true\"");
            });
  }

  @Test
  void aShrinkHoldsTheDocumentsMappingAndCopiedSettings() {
    blockWrites();
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("number_of_replicas", "0");
    engine.resize(
        new ResizeRequest(
            Type.SHRINK,
            "source",
            "small",
            settings,
            Map.of("small-alias", AliasMetadata.of("small-alias")),
            null));

    IndexInfo small = engine.indices("small", IndicesOptions.STRICT).get(0);
    assertThat(small.settings().numberOfShards()).isEqualTo(1);
    assertThat(small.settings().get("merge.scheduler.max_merge_count")).isEqualTo("4");
    assertThat(small.settings().get("blocks.write")).isEqualTo("true");
    assertThat(small.settings().routingNumShards()).isEqualTo(4);
    assertThat(small.mapping().toMap())
        .isEqualTo(engine.indices("source").get(0).mapping().toMap());
    assertThat(small.aliases()).containsOnlyKeys("small-alias");
    assertThat(small.docsCount()).isEqualTo(2);
    assertThat(json(engine.get("small", "2").source())).isEqualTo("{\"title\":\"hello again\"}");
    assertThat(engine.search(search("small", match("title", "world"))).hits()).hasSize(1);
  }

  @Test
  void theTargetIsAnIndexOfItsOwnThatSurvivesARestart() {
    blockWrites();
    Map<String, String> settings = new HashMap<>();
    settings.put("number_of_shards", "4");
    settings.put("blocks.write", null); // a null keeps the source's setting from being copied
    engine.resize(request(Type.SPLIT, "wide", settings));
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("wide", "3", "{\"title\":\"hello there\"}")));
    engine.deleteIndex("source");
    engine.close();

    engine = LuceneEngine.open(data);
    IndexInfo wide = engine.indices("wide", IndicesOptions.STRICT).get(0);
    assertThat(wide.settings().numberOfShards()).isEqualTo(4);
    assertThat(wide.settings().get("blocks.write")).isNull();
    assertThat(wide.docsCount()).isEqualTo(3);
    assertThat(engine.get("wide", "1").found()).isTrue();
  }

  @Test
  void anIndexSplitFromOneShardKeepsOneDocumentPerShardAndId() {
    engine.createIndex(
        "one",
        new IndexSettings(Map.of("number_of_shards", "1", "number_of_replicas", "0")),
        Mapping.EMPTY);
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index("one", "1", "{\"v\":1}").withRouting("r0")));
    engine.updateSettings("one", IndicesOptions.STRICT, Map.of("index.blocks.write", "true"));
    Map<String, String> settings = new HashMap<>();
    settings.put("number_of_shards", "3");
    settings.put("blocks.write", null);
    engine.resize(new ResizeRequest(Type.SPLIT, "one", "three", settings, Map.of(), null));
    IndexSettings three = engine.indices("three", IndicesOptions.STRICT).get(0).settings();
    int shard = ShardRouting.shardOf(three, "1", "r0");
    String sameShard = null;
    String otherShard = null;
    for (int i = 1; sameShard == null || otherShard == null; i++) {
      String r = "r" + i;
      if (ShardRouting.shardOf(three, "1", r) == shard) {
        sameShard = sameShard == null ? r : sameShard;
      } else {
        otherShard = otherShard == null ? r : otherShard;
      }
    }

    // The copied document predates the split's layout: a write to its shard still replaces it.
    var replaced =
        engine.bulk(
            bulk(RefreshPolicy.IMMEDIATE, index("three", "1", "{\"v\":2}").withRouting(sameShard)));
    assertThat(replaced.items().get(0).result().result()).isEqualTo("updated");
    assertThat(engine.indices("three", IndicesOptions.STRICT).get(0).docsCount()).isEqualTo(1);
    engine.bulk(
        bulk(RefreshPolicy.IMMEDIATE, index("three", "1", "{\"v\":3}").withRouting(otherShard)));
    assertThat(engine.indices("three", IndicesOptions.STRICT).get(0).docsCount()).isEqualTo(2);
    assertThat(json(engine.get("three", "1", "r0", true).source())).isEqualTo("{\"v\":2}");
    assertThat(json(engine.get("three", "1", otherShard, true).source())).isEqualTo("{\"v\":3}");
  }

  @Test
  void shardCountsMustDivideAsOpenSearchRoutesThem() {
    blockWrites();
    assertRefused(
        request(Type.SPLIT, "t", Map.of("number_of_shards", "6")),
        "illegal_state_exception",
        "the number of routing shards [4] must be a multiple of the target shards [6]");
    assertRefused(
        request(Type.SPLIT, "t", Map.of("number_of_shards", "3")),
        "illegal_argument_exception",
        "the number of source shards [2] must be a factor of [3]");
    assertRefused(
        request(Type.SPLIT, "t", Map.of("number_of_shards", "1")),
        "illegal_argument_exception",
        "the number of source shards [2] must be less that the number of target shards [1]");
    assertRefused(
        request(Type.SHRINK, "t", Map.of("number_of_shards", "3")),
        "illegal_argument_exception",
        "the number of target shards [3] must be less that the number of source shards [2]");
    assertRefused(
        request(Type.CLONE, "t", Map.of("number_of_shards", "4")),
        "illegal_argument_exception",
        "the number of target shards (4) must be the same as the number of source shards (2)");
    assertRefused(
        request(Type.SPLIT, "t", Map.of("number_of_shards", "4", "number_of_routing_shards", "8")),
        "illegal_argument_exception",
        "cannot provide index.number_of_routing_shards on resize");
    assertRefused(
        request(Type.CLONE, "source", Map.of()),
        "resource_already_exists_exception",
        "index [source/" + engine.indices("source").get(0).uuid() + "] already exists");
  }

  @Test
  void requestValidationCollectsEveryFailureInOneAnswer() {
    assertRefused(
        request(
            Type.SPLIT,
            "t",
            Map.of("sort.field", "title", "blocks.read_only", "true", "blocks.metadata", "true")),
        "action_request_validation_exception",
        "Validation Failed: 1: can't override index sort when resizing an index;2:"
            + " index.number_of_shards is required for split operations;3: target index [t] will"
            + " be blocked by [index.blocks.read_only=true], this will disable metadata writes and"
            + " cause the shards to be unassigned;4: target index [t] will be blocked by"
            + " [index.blocks.metadata=true], this will disable metadata writes and cause the"
            + " shards to be unassigned;");
    assertRefused(
        new ResizeRequest(
            Type.SHRINK, "source", "t", Map.of("number_of_shards", "1"), Map.of(), "1gb"),
        "action_request_validation_exception",
        "Validation Failed: 1: Cannot set max_shard_size and index.number_of_shards at the same"
            + " time!;");
  }

  @Test
  void aReadOnlySourceIsRefusedUnlessTheTargetOverridesTheBlock() {
    engine.updateSettings(
        "source", IndicesOptions.STRICT, Map.of("index.blocks.read_only", "true"));
    assertRefused(
        request(Type.CLONE, "t", Map.of()),
        "illegal_argument_exception",
        "target index [t] will be blocked by [index.blocks.read_only=true] which is copied from"
            + " the source index [source], this will disable metadata writes and cause the shards"
            + " to be unassigned");
    Map<String, String> override = new HashMap<>();
    override.put("blocks.read_only", null);
    engine.resize(request(Type.CLONE, "t", override));
    assertThat(engine.indices("t").get(0).settings().get("blocks.read_only")).isNull();
    assertThat(engine.indices("t").get(0).settings().numberOfShards()).isEqualTo(2);
  }

  @Test
  void maxShardSizePicksTheFewestShardsThatDivideTheSource() {
    blockWrites();
    engine.resize(new ResizeRequest(Type.SHRINK, "source", "t", Map.of(), Map.of(), "10gb"));
    assertThat(engine.indices("t").get(0).settings().numberOfShards()).isEqualTo(1);
    engine.resize(new ResizeRequest(Type.SHRINK, "source", "u", Map.of(), Map.of(), "1b"));
    assertThat(engine.indices("u").get(0).settings().numberOfShards()).isEqualTo(2);
  }

  @Test
  void aMissingSourceIsNotFound() {
    assertThatThrownBy(
            () ->
                engine.resize(new ResizeRequest(Type.CLONE, "nope", "t", Map.of(), Map.of(), null)))
        .isInstanceOfSatisfying(DuetException.class, e -> assertThat(e.status()).isEqualTo(404));
  }

  private void assertRefused(ResizeRequest request, String type, String reason) {
    assertThatThrownBy(() -> engine.resize(request))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo(type);
              assertThat(e.getMessage()).isEqualTo(reason);
            });
  }
}
