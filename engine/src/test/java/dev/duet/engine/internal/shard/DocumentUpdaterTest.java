package dev.duet.engine.internal.shard;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.search.SourceFilter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class DocumentUpdaterTest {
  @TempDir Path data;
  @TempDir Path crash;
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
  void mergesThePartialDocumentAndBumpsTheVersion() {
    engine.bulk(bulk(index("books", "1", "{\"a\":1,\"o\":{\"x\":1}}")));

    BulkItemResponse r = update("1", UpdateRequest.ofDoc(bytes("{\"o\":{\"y\":2}}")));

    assertThat(r.failed()).isFalse();
    assertThat(r.status()).isEqualTo(200);
    assertThat(r.result().result()).isEqualTo("updated");
    assertThat(r.result().version()).isEqualTo(2);
    assertThat(r.get()).isNull();
    GetResult doc = engine.get("books", "1");
    assertThat(json(doc.source())).isEqualTo("{\"a\":1,\"o\":{\"x\":1,\"y\":2}}");
    assertThat(doc.seqNo()).isEqualTo(r.result().seqNo());
  }

  @Test
  void anUpdateThatChangesNothingIsANoopWithoutANewVersion() {
    engine.bulk(bulk(index("books", "1", "{\"a\":1}")));

    BulkItemResponse r =
        update("1", UpdateRequest.ofDoc(bytes("{\"a\":1}")).withFetchSource(SourceFilter.ALL));

    assertThat(r.result().result()).isEqualTo("noop");
    assertThat(r.result().version()).isEqualTo(1);
    assertThat(json(r.get().source())).isEqualTo("{\"a\":1}");
    assertThat(engine.get("books", "1").version()).isEqualTo(1);
  }

  @Test
  void upsertsCreateAMissingDocumentAndAMissingIndex() {
    BulkItemResponse upsert =
        update(
            "1", new UpdateRequest(bytes("{\"a\":2}"), bytes("{\"a\":0}"), false, true, 0, null));
    BulkItemResponse docAsUpsert =
        update("2", new UpdateRequest(bytes("{\"a\":2}"), null, true, true, 0, null));

    assertThat(upsert.status()).isEqualTo(201);
    assertThat(upsert.result().result()).isEqualTo("created");
    assertThat(json(engine.get("books", "1").source())).isEqualTo("{\"a\":0}");
    assertThat(docAsUpsert.status()).isEqualTo(201);
    assertThat(json(engine.get("books", "2").source())).isEqualTo("{\"a\":2}");
  }

  @Test
  void aMissingDocumentWithoutUpsertIsDocumentMissing() {
    engine.bulk(bulk(index("books", "1", "{\"a\":1}")));

    BulkItemResponse r = update("404", UpdateRequest.ofDoc(bytes("{\"a\":1}")));

    assertThat(r.status()).isEqualTo(404);
    assertThat(r.failure().type()).isEqualTo("document_missing_exception");
    assertThat(r.failure().reason()).isEqualTo("[404]: document missing");
    assertThat(r.opType().value()).isEqualTo("update");
  }

  @Test
  void aStaleIfSeqNoIsAConflictEvenWithRetries() {
    engine.bulk(bulk(index("books", "1", "{\"a\":1}"), index("books", "1", "{\"a\":2}")));

    BulkItemResponse r =
        engine
            .bulk(
                bulk(
                    BulkItem.update(
                        "books",
                        "1",
                        UpdateRequest.ofDoc(bytes("{\"a\":3}")).withRetryOnConflict(3),
                        VersionCheck.ifSeqNo(0, 1))))
            .items()
            .get(0);

    assertThat(r.status()).isEqualTo(409);
    assertThat(r.failure().reason())
        .isEqualTo(
            "[1]: version conflict, required seqNo [0], primary term [1]. current document has"
                + " seqNo [1] and primary term [1]");
  }

  @Test
  void concurrentUpdatesWithRetriesLoseNothing() throws Exception {
    engine.bulk(bulk(index("books", "1", "{}")));
    int threads = 4;
    int perThread = 25;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<Integer>> done = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int thread = t;
        Callable<Integer> work =
            () -> {
              int failed = 0;
              for (int i = 1; i <= perThread; i++) {
                String doc = "{\"t" + thread + "\":" + i + "}";
                UpdateRequest u = UpdateRequest.ofDoc(bytes(doc)).withRetryOnConflict(1000);
                failed += update("1", u).failed() ? 1 : 0;
              }
              return failed;
            };
        done.add(pool.submit(work));
      }
      for (Future<Integer> f : done) {
        assertThat(f.get()).isZero();
      }
    } finally {
      pool.shutdown();
    }

    GetResult doc = engine.get("books", "1");
    assertThat(json(doc.source())).contains("\"t0\":25", "\"t1\":25", "\"t2\":25", "\"t3\":25");
    assertThat(doc.version()).isEqualTo(1 + threads * perThread);
  }

  @Test
  void updatesAreLoggedAsWholeDocumentsAndReplayAfterACrash() throws IOException {
    engine.bulk(bulk(RefreshPolicy.NONE, index("books", "1", "{\"a\":1,\"o\":{\"x\":1}}")));
    BulkItemResponse r = update("1", UpdateRequest.ofDoc(bytes("{\"o\":{\"y\":2}}")));
    update("2", new UpdateRequest(bytes("{\"b\":1}"), null, true, true, 0, null));

    try (Engine recovered = Engines.open(copyOfData())) {
      GetResult doc = recovered.get("books", "1");
      assertThat(json(doc.source())).isEqualTo("{\"a\":1,\"o\":{\"x\":1,\"y\":2}}");
      assertThat(doc.version()).isEqualTo(2);
      assertThat(doc.seqNo()).isEqualTo(r.result().seqNo());
      assertThat(json(recovered.get("books", "2").source())).isEqualTo("{\"b\":1}");
    }
  }

  private BulkItemResponse update(String id, UpdateRequest update) {
    return engine
        .bulk(bulk(RefreshPolicy.NONE, BulkItem.update("books", id, update, VersionCheck.NONE)))
        .items()
        .get(0);
  }

  /** The data folder as a crash would leave it: copied while the engine still runs. */
  private Path copyOfData() throws IOException {
    try (Stream<Path> files = Files.walk(data)) {
      for (Path file : files.toList()) {
        Path target = crash.resolve(data.relativize(file).toString());
        try {
          if (Files.isDirectory(file)) {
            Files.createDirectories(target);
          } else {
            Files.copy(file, target);
          }
        } catch (NoSuchFileException e) {
          // merged away while we walked
        }
      }
    }
    return crash;
  }

  private static byte[] bytes(String json) {
    return json.getBytes(StandardCharsets.UTF_8);
  }
}
