package dev.duet.engine.internal;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * The child process of {@link KillRecoveryTest}: opens the engine (recovering whatever the last
 * kill left), then writes bulks forever, printing each item before it is sent ({@code T tag id
 * source}) and after it is acknowledged ({@code A tag version}), until it is killed.
 */
public final class KillRecoveryWriter {
  static final String INDEX = "crash";
  static final int IDS = 40;

  private KillRecoveryWriter() {}

  public static void main(String[] args) {
    Path data = Path.of(args[0]);
    Random random = new Random(Long.parseLong(args[1]));
    int round = Integer.parseInt(args[2]);
    PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    Engine engine = Engines.open(data);
    if (!engine.indexExists(INDEX)) {
      // A small threshold, so that kills also land during flushes and generation trims.
      engine.createIndex(
          INDEX,
          new IndexSettings(
              Map.of("number_of_replicas", "0", "translog.flush_threshold_size", "16kb")),
          null);
    }
    out.println("READY");
    out.flush();
    for (int b = 0; ; b++) {
      int size = 1 + random.nextInt(5);
      List<BulkItem> items = new ArrayList<>(size);
      List<String> tags = new ArrayList<>(size);
      for (int i = 0; i < size; i++) {
        String id = "k" + random.nextInt(IDS);
        String tag = round + ":" + b + ":" + i;
        String source =
            random.nextInt(6) == 0
                ? null
                : "{\"tag\":\"" + tag + "\",\"pad\":\"" + "p".repeat(random.nextInt(200)) + "\"}";
        items.add(
            source == null
                ? new BulkItem(OpType.DELETE, INDEX, id, null)
                : new BulkItem(OpType.INDEX, INDEX, id, source.getBytes(StandardCharsets.UTF_8)));
        tags.add(tag);
        out.println("T " + tag + " " + id + " " + (source == null ? "-" : source));
      }
      out.flush();
      List<BulkItemResponse> responses =
          engine.bulk(new BulkRequest(items, RefreshPolicy.NONE)).items();
      for (int i = 0; i < size; i++) {
        BulkItemResponse r = responses.get(i);
        out.println(
            r.failed() ? "F " + tags.get(i) : "A " + tags.get(i) + " " + r.result().version());
      }
      out.flush();
    }
  }
}
