package dev.duet.bench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds the process listening on a local TCP port ({@code ss -ltnp}), so that {@code --server-pid
 * auto} measures the node the bench talks to rather than a pid typed by hand.
 */
public final class ListeningProcess {
  private static final Pattern PID = Pattern.compile("pid=(\\d+),");

  private ListeningProcess() {}

  /** The pid listening on {@code port}, if {@code ss} shows exactly one. */
  public static OptionalLong find(int port) {
    ProcessBuilder ss =
        new ProcessBuilder(List.of("ss", "-ltnpH", "sport", "=", ":" + port))
            .redirectErrorStream(true);
    try {
      Process process = ss.start();
      String output;
      try (InputStream in = process.getInputStream()) {
        output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
        return OptionalLong.empty();
      }
      return parse(output);
    } catch (IOException e) {
      return OptionalLong.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return OptionalLong.empty();
    }
  }

  /** The single pid named in {@code ss -ltnpH} output, or empty if none or several. */
  static OptionalLong parse(String ssOutput) {
    long found = -1;
    Matcher pid = PID.matcher(ssOutput);
    while (pid.find()) {
      long value = Long.parseLong(pid.group(1));
      if (found >= 0 && found != value) {
        return OptionalLong.empty();
      }
      found = value;
    }
    return found < 0 ? OptionalLong.empty() : OptionalLong.of(found);
  }
}
