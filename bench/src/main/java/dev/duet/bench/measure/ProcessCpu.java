package dev.duet.bench.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * CPU time (user + system, all threads) a process has used so far, read from {@code
 * /proc/PID/stat}. The same reading is used for the bench's own process and for the server, so that
 * client and server CPU per request are measured the same way.
 */
public final class ProcessCpu {
  /** Linux's USER_HZ; {@code getconf CLK_TCK} is 100 on every mainstream kernel configuration. */
  private static final long NANOS_PER_TICK = 10_000_000L;

  private final long pid;
  private final Path stat;

  public ProcessCpu(long pid) {
    if (pid <= 0) {
      throw new IllegalArgumentException("pid: " + pid + " (expected: > 0)");
    }
    this.pid = pid;
    this.stat = Path.of("/proc", Long.toString(pid), "stat");
  }

  /** The bench's own process. */
  public static ProcessCpu self() {
    return new ProcessCpu(ProcessHandle.current().pid());
  }

  public long pid() {
    return pid;
  }

  /** Whether {@code /proc/PID/stat} can be read. */
  public boolean available() {
    return Files.isReadable(stat);
  }

  /** CPU nanoseconds used so far (10 ms resolution). */
  public long cpuNanos() {
    try {
      return parseCpuNanos(Files.readString(stat, StandardCharsets.US_ASCII));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + stat + ": " + e.getMessage(), e);
    }
  }

  /** utime + stime from the text of a {@code /proc/PID/stat} file, in nanoseconds. */
  static long parseCpuNanos(String statLine) {
    // The command name (field 2) is in parentheses and may itself contain spaces or ')'.
    int end = statLine.lastIndexOf(')');
    if (end < 0) {
      throw new IllegalArgumentException("not a /proc/PID/stat line: " + statLine);
    }
    String[] fields = statLine.substring(end + 2).trim().split(" ");
    // fields[0] is field 3 (state); utime and stime are fields 14 and 15.
    long ticks = Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    return ticks * NANOS_PER_TICK;
  }
}
