package dev.duet.engine.internal.admin;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Close and open, index blocks and hidden indices on a real engine on disk, across restarts. */
class IndexLifecycleTest {
  @TempDir Path data;
  private LuceneEngine engine;

  private LuceneEngine open() {
    engine = LuceneEngine.open(data);
    return engine;
  }

  private void restart() {
    engine.close();
    open();
  }

  @AfterEach
  void close() {
    if (engine != null) {
      engine.close();
    }
  }

  private long count(String expression) {
    return engine.search(search(expression, matchAll())).totalHits().value();
  }

  private void put(String index, String id) {
    engine.bulk(bulk(RefreshPolicy.IMMEDIATE, index(index, id, "{\"f\":1}")));
  }

  @Test
  void closedIndexRefusesReadsAndWritesKeepsItsDataAcrossARestartAndOpensAgain() {
    open().createIndex("logs", IndexSettings.DEFAULTS, Mapping.EMPTY);
    put("logs", "1");

    assertThat(engine.closeIndices("logs", IndicesOptions.DEFAULTS)).containsExactly("logs");
    assertThatThrownBy(() -> count("logs"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("index_closed_exception");
              assertThat(e.reason()).isEqualTo("closed");
              assertThat(e.metadata()).containsEntry("index", "logs");
            });
    assertThatThrownBy(() -> engine.get("logs", "1"))
        .hasFieldOrPropertyWithValue("type", "index_closed_exception");
    BulkItemResponse write = engine.bulk(bulk(index("logs", "2", "{\"f\":2}"))).items().get(0);
    assertThat(write.status()).isEqualTo(400);
    assertThat(write.failure().type()).isEqualTo("index_closed_exception");
    // Closing again closes nothing; a closed index is listed as closed, without counts.
    assertThat(engine.closeIndices("logs", IndicesOptions.DEFAULTS)).isEmpty();
    IndexInfo closed = engine.indices("logs", IndicesOptions.DEFAULTS).get(0);
    assertThat(closed.state()).isEqualTo("close");

    restart();
    assertThat(engine.indices("logs", IndicesOptions.DEFAULTS).get(0).closed()).isTrue();
    assertThatThrownBy(() -> count("logs"))
        .hasFieldOrPropertyWithValue("type", "index_closed_exception");

    assertThat(engine.openIndices("logs", IndicesOptions.OPEN_CLOSED)).containsExactly("logs");
    assertThat(count("logs")).isEqualTo(1);
    put("logs", "2");
    assertThat(count("logs")).isEqualTo(2);
    restart();
    assertThat(count("logs")).isEqualTo(2);
  }

  @Test
  void wildcardsReachClosedIndicesOnlyWhenExpandWildcardsSaysClosed() {
    open().createIndex("a-1", IndexSettings.DEFAULTS, Mapping.EMPTY);
    engine.createIndex("a-2", IndexSettings.DEFAULTS, Mapping.EMPTY);
    put("a-1", "1");
    engine.closeIndices("a-2", IndicesOptions.DEFAULTS);

    assertThat(count("a-*")).isEqualTo(1); // the closed one is not expanded
    IndicesOptions all = IndicesOptions.of(IndicesOptions.DEFAULTS, null, null, "all");
    assertThatThrownBy(() -> engine.search(search("a-*", matchAll()).withIndicesOptions(all)))
        .hasFieldOrPropertyWithValue("type", "index_closed_exception");
    assertThat(
            engine.indices("a-*", IndicesOptions.OPEN_AND_CLOSED).stream()
                .map(IndexInfo::state)
                .toList())
        .containsExactly("open", "close");
    // _open expands to closed indices by default; _close to open ones.
    assertThat(engine.openIndices("a-*", IndicesOptions.OPEN_CLOSED)).containsExactly("a-2");
    assertThat(engine.closeIndices("a-*", IndicesOptions.DEFAULTS)).containsExactly("a-1", "a-2");
    engine.deleteIndices("a-*", IndicesOptions.OPEN_AND_CLOSED);
    assertThat(engine.indices("*", IndicesOptions.ALL)).isEmpty();
  }

  @Test
  void blocksRefuseWhatTheyBlockWithOpenSearchsClusterBlockException() {
    open().createIndex("b", IndexSettings.DEFAULTS, Mapping.EMPTY);
    put("b", "1");
    assertThat(engine.addBlock("b", IndicesOptions.STRICT, "write")).containsExactly("b");
    BulkItemResponse refused = engine.bulk(bulk(index("b", "2", "{\"f\":2}"))).items().get(0);
    assertThat(refused.status()).isEqualTo(403);
    assertThat(refused.failure().type()).isEqualTo("cluster_block_exception");
    assertThat(refused.failure().reason())
        .isEqualTo("index [b] blocked by: [FORBIDDEN/8/index write (api)];");
    assertThat(count("b")).isEqualTo(1); // reads pass a write block

    engine.updateSettings(
        "b",
        IndicesOptions.STRICT,
        Map.of("index.blocks.write", "false", "index.blocks.read", "true"));
    assertThatThrownBy(() -> count("b"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(403);
              assertThat(e.reason())
                  .isEqualTo("index [b] blocked by: [FORBIDDEN/7/index read (api)];");
            });

    engine.updateSettings("b", IndicesOptions.STRICT, Map.of("index.blocks.read", "false"));
    engine.updateSettings(
        "b", IndicesOptions.STRICT, Map.of("index.blocks.read_only_allow_delete", "true"));
    assertThat(engine.bulk(bulk(index("b", "3", "{}"))).items().get(0).status()).isEqualTo(429);
    assertThat(engine.bulk(bulk(delete("b", "1"))).items().get(0).status()).isEqualTo(200);
    // A settings change other than lifting the block is refused while it holds.
    assertThatThrownBy(
            () ->
                engine.updateSettings(
                    "b", IndicesOptions.STRICT, Map.of("index.refresh_interval", "2s")))
        .hasFieldOrPropertyWithValue("type", "cluster_block_exception");
    engine.updateSettings(
        "b", IndicesOptions.STRICT, Map.of("index.blocks.read_only_allow_delete", "false"));

    engine.addBlock("b", IndicesOptions.STRICT, "metadata");
    assertThatThrownBy(() -> engine.checkMetadataReadable("b", IndicesOptions.DEFAULTS))
        .hasMessage("index [b] blocked by: [FORBIDDEN/9/index metadata (api)];");
    restart(); // blocks are settings: they persist
    assertThatThrownBy(() -> engine.checkMetadataReadable("b", IndicesOptions.DEFAULTS))
        .hasFieldOrPropertyWithValue("type", "cluster_block_exception");
    assertThatThrownBy(() -> engine.addBlock("b", IndicesOptions.STRICT, "bogus"))
        .hasMessage("No block found with name bogus");
  }

  @Test
  void hiddenIndicesAreLeftOutOfWildcardsUnlessExpandWildcardsSaysHidden() {
    open().createIndex("h", new IndexSettings(Map.of("index.hidden", "true")), Mapping.EMPTY);
    engine.createIndex(".dot", new IndexSettings(Map.of("index.hidden", "true")), Mapping.EMPTY);
    engine.createIndex("v", IndexSettings.DEFAULTS, Mapping.EMPTY);
    put("h", "1");

    assertThat(names("*", IndicesOptions.DEFAULTS)).containsExactly("v");
    assertThat(names("*", IndicesOptions.of(IndicesOptions.DEFAULTS, null, null, "open,hidden")))
        .containsExactly(".dot", "h", "v");
    assertThat(names(".d*", IndicesOptions.DEFAULTS)).containsExactly(".dot");
    assertThat(names("h", IndicesOptions.DEFAULTS)).containsExactly("h"); // named: always
    assertThat(count("h")).isEqualTo(1);
    assertThatThrownBy(
            () ->
                engine.createIndex(
                    "x", new IndexSettings(Map.of("index.hidden", "maybe")), Mapping.EMPTY))
        .hasMessage("Failed to parse value [maybe] as only [true] or [false] are allowed.");
  }

  private List<String> names(String expression, IndicesOptions options) {
    return engine.indices(expression, options).stream().map(IndexInfo::name).toList();
  }
}
