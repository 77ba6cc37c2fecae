package dev.duet.server.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** {@code duet shard remove-corrupted-data} on a stopped node's data folder. */
class ShardCommandTest {
  @TempDir Path live;
  @TempDir Path data;

  @Test
  void cutsADamagedTranslogBackToTheRecordsBeforeTheDamage() throws IOException {
    try (Engine engine = Engines.open(live)) {
      for (int i = 0; i < 5; i++) {
        engine.bulk(new BulkRequest(List.of(write("" + i)), RefreshPolicy.NONE));
      }
      crashCopy(); // what a crash would leave
    }
    Path translogFile = newestTranslog();
    byte[] translog = Files.readAllBytes(translogFile);
    ByteBuffer records = ByteBuffer.wrap(translog);
    int third = 16;
    for (int i = 0; i < 2; i++) {
      third += 8 + records.getInt(third);
    }
    try (FileChannel ch = FileChannel.open(translogFile, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.wrap(new byte[] {0x7f}), third + 10);
    }
    try (Engine engine = Engines.open(data)) {
      assertThat(engine.failedIndices()).hasSize(1);
    }

    StringWriter out = new StringWriter();
    CommandLine cli = new CommandLine(new DuetCli()).setOut(new PrintWriter(out));
    int code =
        cli.execute(
            "shard", "remove-corrupted-data", "--data", data.toString(), "--index", "books");

    assertThat(code).isZero();
    assertThat(out.toString()).contains("kept 2 operations before the damage");
    try (Engine engine = Engines.open(data)) {
      assertThat(engine.failedIndices()).isEmpty();
      assertThat(engine.get("books", "1").found()).isTrue();
      assertThat(engine.get("books", "2").found()).isFalse();
    }
  }

  private static BulkItem write(String id) {
    return new BulkItem(
        OpType.INDEX, "books", id, ("{\"n\":" + id + "}").getBytes(StandardCharsets.UTF_8));
  }

  private void crashCopy() throws IOException {
    try (Stream<Path> files = Files.walk(live)) {
      for (Path file : files.toList()) {
        Path target = data.resolve(live.relativize(file).toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else if (!file.getFileName().toString().equals("write.lock")) {
          Files.copy(file, target);
        }
      }
    }
  }

  private Path newestTranslog() throws IOException {
    try (Stream<Path> files = Files.walk(data)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".tlog"))
          .max(
              (a, b) ->
                  Long.compare(
                      Long.parseLong(a.getFileName().toString().replaceAll("\\D", "")),
                      Long.parseLong(b.getFileName().toString().replaceAll("\\D", ""))))
          .orElseThrow();
    }
  }
}
