package dev.duet.bench.measure;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Bytes this process has sent to and received from a TCP port, as the kernel counts them ({@code ss
 * -tinp}: {@code bytes_sent}, {@code bytes_received} of each established socket). Counting at the
 * socket rather than in the client means REST and gRPC are measured the same way, headers, HTTP/2
 * framing and flow-control frames included.
 */
public final class WireBytes {
  private static final Pattern PID = Pattern.compile("pid=(\\d+),");
  private static final Pattern SENT = Pattern.compile("bytes_sent:(\\d+)");
  private static final Pattern ACKED = Pattern.compile("bytes_acked:(\\d+)");
  private static final Pattern RECEIVED = Pattern.compile("bytes_received:(\\d+)");

  private final long pid;

  public WireBytes(long pid) {
    this.pid = pid;
  }

  /**
   * Counters of this process's established connections to {@code port}, by local address, or null
   * if {@code ss} could not be run.
   */
  public Map<String, Totals> read(int port) {
    ProcessBuilder ss =
        new ProcessBuilder(
                List.of("ss", "-tinpH", "state", "established", "dport", "=", ":" + port))
            .redirectErrorStream(true);
    try {
      Process process = ss.start();
      String output;
      try (InputStream in = process.getInputStream()) {
        output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      if (!process.waitFor(10, TimeUnit.SECONDS) || process.exitValue() != 0) {
        return null;
      }
      return parse(output, pid);
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /**
   * The bytes that went over the connections between two readings, or null if unknown: when a
   * connection open at the first reading was closed before the second, its last bytes are lost.
   * Connections opened in between count from zero.
   */
  public static Totals between(Map<String, Totals> before, Map<String, Totals> after) {
    if (before == null || after == null || !after.keySet().containsAll(before.keySet())) {
      return null;
    }
    long sent = 0;
    long received = 0;
    for (Map.Entry<String, Totals> socket : after.entrySet()) {
      Totals earlier = before.getOrDefault(socket.getKey(), new Totals(0, 0));
      sent += socket.getValue().sent() - earlier.sent();
      received += socket.getValue().received() - earlier.received();
    }
    return new Totals(sent, received);
  }

  /**
   * The counters of the sockets owned by {@code pid} in {@code ss -tinpH} output, where each socket
   * is a line with its addresses and processes followed by indented lines of TCP info.
   */
  static Map<String, Totals> parse(String ssOutput, long pid) {
    Map<String, Totals> sockets = new LinkedHashMap<>();
    String local = null;
    for (String line : ssOutput.split("\n")) {
      if (line.isBlank()) {
        continue;
      }
      if (!Character.isWhitespace(line.charAt(0))) {
        local = null;
        Matcher owner = PID.matcher(line);
        while (owner.find()) {
          if (Long.parseLong(owner.group(1)) == pid) {
            // Columns: Recv-Q Send-Q Local Peer Process.
            local = line.trim().split("\\s+")[2];
          }
        }
      }
      if (local == null) {
        continue;
      }
      long sent = find(SENT, line);
      if (sent < 0) {
        sent = find(ACKED, line);
      }
      long received = find(RECEIVED, line);
      if (sent >= 0 || received >= 0) {
        Totals known = sockets.getOrDefault(local, new Totals(0, 0));
        sockets.put(
            local,
            new Totals(known.sent() + Math.max(sent, 0), known.received() + Math.max(received, 0)));
      }
    }
    return sockets;
  }

  private static long find(Pattern counter, String line) {
    Matcher matcher = counter.matcher(line);
    return matcher.find() ? Long.parseLong(matcher.group(1)) : -1;
  }

  /** Bytes sent and received. */
  public record Totals(long sent, long received) {}
}
