package dev.duet.gateway.observe;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class LineWriterTest {
  @Test
  void everythingQueuedIsWrittenInOrderByClose() {
    List<String> written = new CopyOnWriteArrayList<>();
    LineWriter<String> writer =
        new LineWriter<>("test-line-writer", 16, 3_600_000_000_000L, written::addAll);
    for (int i = 0; i < 5; i++) {
      assertThat(writer.offer("line " + i)).isTrue();
    }
    writer.close();

    assertThat(written).containsExactly("line 0", "line 1", "line 2", "line 3", "line 4");
    assertThat(writer.dropped()).isZero();
  }

  @Test
  void whenTheWriterFallsBehindLinesAreDroppedAndCountedNotWaitedFor() throws Exception {
    List<String> written = new CopyOnWriteArrayList<>();
    CountDownLatch inSink = new CountDownLatch(1);
    CountDownLatch release = new CountDownLatch(1);
    LineWriter<String> writer =
        new LineWriter<>(
            "test-line-writer",
            1,
            1_000_000L,
            lines -> {
              inSink.countDown();
              try {
                release.await(30, TimeUnit.SECONDS);
              } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
              }
              written.addAll(lines);
            });
    writer.offer("a");
    assertThat(inSink.await(30, TimeUnit.SECONDS)).isTrue(); // the writer is stuck on "a"

    assertThat(writer.offer("b")).isTrue(); // the one queue slot
    assertThat(writer.offer("c")).isFalse();
    assertThat(writer.dropped()).isEqualTo(1);

    release.countDown();
    writer.close();
    assertThat(written).containsExactly("a", "b");
  }
}
