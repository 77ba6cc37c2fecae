package dev.duet.engine.internal.snapshot;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.SessionLimits;
import dev.duet.engine.snapshot.CreateSnapshot;
import dev.duet.engine.snapshot.Repository;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.InstantSource;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The child process of {@link SnapshotKillTest}: opens the engine (recovering whatever the last
 * kill left), then, until it is killed, writes bulks ({@code T id} before, {@code A id} once
 * acknowledged), takes snapshots into an {@code fs} repository ({@code B name} before, {@code S
 * name} once taken) and closes and reopens the index ({@code C}, {@code O} once open again).
 */
public final class SnapshotKillWriter {
  static final String INDEX = "crash";
  static final String REPOSITORY = "r";

  private SnapshotKillWriter() {}

  public static void main(String[] args) {
    Path data = Path.of(args[0]);
    Path repos = Path.of(args[1]);
    Random random = new Random(Long.parseLong(args[2]));
    int round = Integer.parseInt(args[3]);
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    LuceneEngine engine =
        LuceneEngine.open(
            data,
            AliasFilterDecoder.NONE,
            SessionLimits.DEFAULTS,
            InstantSource.system(),
            65_535,
            1024,
            List.of(repos));
    if (!engine.indexExists(INDEX)) {
      engine.createIndex(
          INDEX,
          new IndexSettings(
              Map.of("number_of_replicas", "0", "translog.flush_threshold_size", "64kb")),
          null);
    }
    if (engine.snapshots().repositories("_all").stream()
        .noneMatch(r -> r.name().equals(REPOSITORY))) {
      engine
          .snapshots()
          .putRepository(new Repository(REPOSITORY, "fs", Map.of("location", "repo")), true);
    }
    out.println("READY");
    out.flush();
    for (int b = 0; ; b++) {
      int action = random.nextInt(4);
      if (action == 0) {
        String name = "s-" + round + "-" + b;
        out.println("B " + name);
        out.flush();
        engine
            .snapshots()
            .create(
                REPOSITORY, name, new CreateSnapshot(INDEX, false, true, false, Map.of()), true);
        out.println("S " + name);
      } else if (action == 1) {
        out.println("C");
        out.flush();
        engine.closeIndices(INDEX, IndicesOptions.DEFAULTS);
        engine.openIndices(INDEX, IndicesOptions.DEFAULTS);
        out.println("O");
      } else {
        int size = 1 + random.nextInt(30);
        List<BulkItem> items = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
          String id = round + "-" + b + "-" + i;
          String source = "{\"pad\":\"" + "p".repeat(random.nextInt(2_000)) + "\"}";
          items.add(new BulkItem(OpType.INDEX, INDEX, id, source.getBytes(StandardCharsets.UTF_8)));
          out.println("T " + id);
        }
        out.flush();
        List<BulkItemResponse> responses =
            engine.bulk(new BulkRequest(items, RefreshPolicy.NONE)).items();
        for (int i = 0; i < size; i++) {
          BulkItemResponse r = responses.get(i);
          out.println((r.failed() ? "F " : "A ") + items.get(i).id());
        }
      }
      out.flush();
    }
  }
}
