package dev.duet.engine.internal.bulk;

import static dev.duet.engine.internal.EngineFixture.delete;
import static dev.duet.engine.internal.EngineFixture.index;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.internal.LuceneEngine;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class BulkApplierTest {

  @Test
  void largeBulkRunsOnSeveralThreadsAndKeepsEachDocumentsOrder() {
    List<BulkItem> items = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      items.add(index("logs", "d" + (i % 37), "{\"n\":" + i + "}"));
    }
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    CountDownLatch twoThreads = new CountDownLatch(2);
    Map<String, List<Integer>> seenPerId = new ConcurrentHashMap<>();
    try (BulkApplier applier = new BulkApplier(2)) {
      List<BulkItemResponse> responses =
          applier.apply(
              items,
              item -> {
                if (threads.add(Thread.currentThread())) {
                  twoThreads.countDown();
                  awaitQuietly(twoThreads);
                }
                int n =
                    Integer.parseInt(
                        new String(item.source(), StandardCharsets.UTF_8).replaceAll("\\D", ""));
                seenPerId.computeIfAbsent(item.id(), id -> new ArrayList<>()).add(n);
                return new BulkItemResponse(OpType.INDEX, "logs", item.id(), 200, null, null);
              });

      assertThat(threads).hasSize(2);
      assertThat(responses)
          .extracting(BulkItemResponse::id)
          .containsExactlyElementsOf(items.stream().map(BulkItem::id).toList());
      seenPerId.forEach((id, seen) -> assertThat(seen).as(id).isSorted());
      assertThat(seenPerId.values().stream().mapToInt(List::size).sum()).isEqualTo(1_000);
    }
  }

  @Test
  void smallBulkStaysOnTheCallingThread() {
    List<BulkItem> items = new ArrayList<>();
    for (int i = 0; i < BulkApplier.MIN_ITEMS_PER_PARTITION * 2 - 1; i++) {
      items.add(index("logs", "d" + i, "{}"));
    }
    Set<Thread> threads = ConcurrentHashMap.newKeySet();
    try (BulkApplier applier = new BulkApplier(4)) {
      applier.apply(
          items,
          item -> {
            threads.add(Thread.currentThread());
            return new BulkItemResponse(OpType.INDEX, "logs", item.id(), 200, null, null);
          });
    }
    assertThat(threads).containsExactly(Thread.currentThread());
  }

  @Test
  void engineAppliesOneDocumentsOperationsInRequestOrder(@TempDir Path data) {
    List<BulkItem> items = new ArrayList<>();
    for (int round = 0; round < 10; round++) {
      for (int doc = 0; doc < 50; doc++) {
        String id = "d" + doc;
        items.add(
            round % 4 == 3
                ? delete("ordered", id)
                : index("ordered", id, "{\"round\":" + round + "}"));
      }
    }
    try (LuceneEngine engine = LuceneEngine.open(data)) {
      BulkResponse response =
          engine.bulk(new dev.duet.engine.document.BulkRequest(items, RefreshPolicy.NONE));

      assertThat(response.errors()).isFalse();
      Map<String, Long> lastVersion = new HashMap<>();
      Map<String, Long> lastSeqNo = new HashMap<>();
      for (BulkItemResponse item : response.items()) {
        long version = item.result().version();
        long seqNo = item.result().seqNo();
        assertThat(version).as(item.id()).isEqualTo(lastVersion.getOrDefault(item.id(), 0L) + 1);
        assertThat(seqNo).as(item.id()).isGreaterThan(lastSeqNo.getOrDefault(item.id(), -1L));
        lastVersion.put(item.id(), version);
        lastSeqNo.put(item.id(), seqNo);
      }
      assertThat(engine.get("ordered", "d7").source())
          .asString(StandardCharsets.UTF_8)
          .isEqualTo("{\"round\":9}");
      engine.refresh("ordered");
      assertThat(engine.index("ordered").docsCount()).isEqualTo(50);
    }
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
