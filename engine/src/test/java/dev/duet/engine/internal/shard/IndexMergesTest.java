package dev.duet.engine.internal.shard;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.matchAll;
import static dev.duet.engine.internal.EngineFixture.search;
import static dev.duet.engine.internal.EngineFixture.term;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchResponse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code _forcemerge} through the engine: the committed index really has fewer segments (read from
 * disk with a fresh Lucene reader), and documents and searches are what they were.
 */
public class IndexMergesTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    // Six tiny segments stay apart: the merge policy lets ten of them sit in its lowest tier.
    engine.createIndex(
        "logs", new IndexSettings(Map.of("index.number_of_replicas", "0")), Mapping.EMPTY);
    for (int i = 0; i < 6; i++) {
      engine.bulk(
          bulk(
              index("logs", "a" + i, "{\"n\":" + i + ",\"tag\":\"x\"}"),
              index("logs", "b" + i, "{\"n\":" + (100 + i) + ",\"tag\":\"y\"}")));
      engine.flush("logs");
    }
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void mergesDownToTheTargetAndKeepsEveryDocument() throws IOException {
    List<String> before = ids(engine.search(search("logs", term("tag", "y"))));
    assertThat(committedSegments()).isGreaterThanOrEqualTo(6);

    engine.forceMerge("logs", IndicesOptions.DEFAULTS, new ForceMerge(1, false, true));

    assertThat(committedSegments()).isEqualTo(1);
    assertThat(ids(engine.search(search("logs", term("tag", "y"))))).isEqualTo(before);
    assertThat(engine.search(search("logs", matchAll())).totalHits().value()).isEqualTo(12);
    assertThat(engine.get("logs", "a3").found()).isTrue();
  }

  @Test
  void expungesDeletesWithoutMergingEverything() throws IOException {
    engine.bulk(bulk(delete("logs", "a0"), delete("logs", "b0"), delete("logs", "a1")));
    engine.flush("logs");
    IndexInfo withDeletes = engine.index("logs");
    assertThat(withDeletes.docsDeleted()).isPositive();

    engine.forceMerge("logs", IndicesOptions.DEFAULTS, new ForceMerge(-1, true, true));

    IndexInfo after = engine.index("logs");
    assertThat(after.docsDeleted()).isZero();
    assertThat(after.docsCount()).isEqualTo(9);
    // Only the segments that held deletes were rewritten: the others are still there.
    assertThat(committedSegments()).isGreaterThan(1);
    assertThat(engine.search(search("logs", matchAll())).totalHits().value()).isEqualTo(9);
  }

  @Test
  void withoutFlushTheMergeIsNotCommittedYet() throws IOException {
    int before = committedSegments();

    engine.forceMerge("logs", IndicesOptions.DEFAULTS, new ForceMerge(1, false, false));

    assertThat(committedSegments()).isEqualTo(before);
    engine.flush("logs");
    assertThat(committedSegments()).isEqualTo(1);
  }

  private static List<String> ids(SearchResponse response) {
    return response.hits().stream().map(SearchHit::id).sorted().toList();
  }

  /** The segments of the last commit of the one index, as a new reader on its folder sees them. */
  private int committedSegments() throws IOException {
    Path lucene;
    try (Stream<Path> files = Files.walk(data)) {
      lucene =
          files
              .filter(p -> Files.isDirectory(p) && p.getFileName().toString().equals("lucene"))
              .findFirst()
              .orElseThrow();
    }
    try (FSDirectory dir = FSDirectory.open(lucene);
        DirectoryReader reader = DirectoryReader.open(dir)) {
      return reader.leaves().size();
    }
  }
}
