package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.lang.management.RuntimeMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The node's JVM, OS, process and file-system figures, read from the platform MXBeans and the data
 * path's file store at each call, written in the sections {@code _nodes} and {@code _nodes/stats}
 * show ({@code jvm}, {@code os}, {@code process}, {@code fs}), in OpenSearch's field names.
 */
final class NodeMetrics {
  private static final ObjectName OS = objectName("java.lang:type=OperatingSystem");

  private NodeMetrics() {}

  /** {@code _nodes}' {@code os}: what the machine is. */
  static void osInfo(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("os");
    g.writeNumberField("refresh_interval_in_millis", 1000);
    g.writeStringField("name", System.getProperty("os.name"));
    g.writeStringField("pretty_name", prettyName());
    g.writeStringField("arch", System.getProperty("os.arch"));
    g.writeStringField("version", System.getProperty("os.version"));
    int cpus = Runtime.getRuntime().availableProcessors();
    g.writeNumberField("available_processors", cpus);
    g.writeNumberField("allocated_processors", cpus);
    g.writeEndObject();
  }

  /** {@code _nodes}' {@code process}. */
  static void processInfo(JsonGenerator g) throws IOException {
    g.writeObjectFieldStart("process");
    g.writeNumberField("refresh_interval_in_millis", 1000);
    g.writeNumberField("id", ProcessHandle.current().pid());
    g.writeBooleanField("mlockall", false);
    g.writeEndObject();
  }

  /** {@code _nodes}' {@code jvm}: the runtime, its memory limits, collectors and pools. */
  static void jvmInfo(JsonGenerator g) throws IOException {
    RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
    g.writeObjectFieldStart("jvm");
    g.writeNumberField("pid", ProcessHandle.current().pid());
    g.writeStringField("version", System.getProperty("java.version"));
    g.writeStringField("vm_name", runtime.getVmName());
    g.writeStringField("vm_version", runtime.getVmVersion());
    g.writeStringField("vm_vendor", runtime.getVmVendor());
    g.writeBooleanField("bundled_jdk", false);
    g.writeNullField("using_bundled_jdk");
    g.writeNumberField("start_time_in_millis", runtime.getStartTime());
    g.writeObjectFieldStart("mem");
    g.writeNumberField("heap_init_in_bytes", Math.max(0, heap.getInit()));
    g.writeNumberField("heap_max_in_bytes", Math.max(0, heap.getMax()));
    g.writeNumberField("non_heap_init_in_bytes", Math.max(0, nonHeap.getInit()));
    g.writeNumberField("non_heap_max_in_bytes", Math.max(0, nonHeap.getMax()));
    g.writeNumberField("direct_max_in_bytes", 0);
    g.writeEndObject();
    g.writeArrayFieldStart("gc_collectors");
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      g.writeString(gc.getName());
    }
    g.writeEndArray();
    g.writeArrayFieldStart("memory_pools");
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      g.writeString(pool.getName());
    }
    g.writeEndArray();
    g.writeArrayFieldStart("input_arguments");
    for (String argument : runtime.getInputArguments()) {
      g.writeString(argument);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** {@code _nodes/stats}' {@code os}: CPU, load, memory and swap now. */
  static void osStats(JsonGenerator g, long now) throws IOException {
    g.writeObjectFieldStart("os");
    g.writeNumberField("timestamp", now);
    g.writeObjectFieldStart("cpu");
    g.writeNumberField("percent", percent(osDouble("CpuLoad")));
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    if (load >= 0) {
      double[] loads = loadAverages();
      g.writeObjectFieldStart("load_average");
      g.writeNumberField("1m", loads == null ? load : loads[0]);
      if (loads != null) {
        g.writeNumberField("5m", loads[1]);
        g.writeNumberField("15m", loads[2]);
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    long total = osLong("TotalMemorySize");
    long free = osLong("FreeMemorySize");
    g.writeObjectFieldStart("mem");
    g.writeNumberField("total_in_bytes", total);
    g.writeNumberField("free_in_bytes", free);
    g.writeNumberField("used_in_bytes", total - free);
    g.writeNumberField("free_percent", total == 0 ? 0 : Math.round(100.0 * free / total));
    g.writeNumberField("used_percent", total == 0 ? 0 : Math.round(100.0 * (total - free) / total));
    g.writeEndObject();
    long swapTotal = osLong("TotalSwapSpaceSize");
    long swapFree = osLong("FreeSwapSpaceSize");
    g.writeObjectFieldStart("swap");
    g.writeNumberField("total_in_bytes", swapTotal);
    g.writeNumberField("free_in_bytes", swapFree);
    g.writeNumberField("used_in_bytes", swapTotal - swapFree);
    g.writeEndObject();
    g.writeEndObject();
  }

  /** {@code _nodes/stats}' {@code process}: file descriptors, CPU time and virtual memory. */
  static void processStats(JsonGenerator g, long now) throws IOException {
    g.writeObjectFieldStart("process");
    g.writeNumberField("timestamp", now);
    g.writeNumberField("open_file_descriptors", osLong("OpenFileDescriptorCount"));
    g.writeNumberField("max_file_descriptors", osLong("MaxFileDescriptorCount"));
    g.writeObjectFieldStart("cpu");
    g.writeNumberField("percent", percent(osDouble("ProcessCpuLoad")));
    g.writeNumberField("total_in_millis", osLong("ProcessCpuTime") / 1_000_000);
    g.writeEndObject();
    g.writeObjectFieldStart("mem");
    g.writeNumberField("total_virtual_in_bytes", osLong("CommittedVirtualMemorySize"));
    g.writeEndObject();
    g.writeEndObject();
  }

  /**
   * {@code _nodes/stats}' {@code jvm}: heap and pools (G1's named young, survivor, old as
   * OpenSearch names them), threads, collectors, buffer pools, classes.
   */
  static void jvmStats(JsonGenerator g, long now) throws IOException {
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    MemoryUsage nonHeap = ManagementFactory.getMemoryMXBean().getNonHeapMemoryUsage();
    g.writeObjectFieldStart("jvm");
    g.writeNumberField("timestamp", now);
    g.writeNumberField("uptime_in_millis", ManagementFactory.getRuntimeMXBean().getUptime());
    g.writeObjectFieldStart("mem");
    g.writeNumberField("heap_used_in_bytes", heap.getUsed());
    long max = Math.max(0, heap.getMax());
    g.writeNumberField("heap_used_percent", max == 0 ? 0 : Math.round(100.0 * heap.getUsed() / max));
    g.writeNumberField("heap_committed_in_bytes", heap.getCommitted());
    g.writeNumberField("heap_max_in_bytes", max);
    g.writeNumberField("non_heap_used_in_bytes", nonHeap.getUsed());
    g.writeNumberField("non_heap_committed_in_bytes", nonHeap.getCommitted());
    g.writeObjectFieldStart("pools");
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() != MemoryType.HEAP) {
        continue;
      }
      MemoryUsage usage = pool.getUsage();
      MemoryUsage peak = pool.getPeakUsage();
      g.writeObjectFieldStart(poolName(pool.getName()));
      g.writeNumberField("used_in_bytes", usage.getUsed());
      g.writeNumberField("max_in_bytes", Math.max(0, usage.getMax()));
      g.writeNumberField("peak_used_in_bytes", peak.getUsed());
      g.writeNumberField("peak_max_in_bytes", Math.max(0, peak.getMax()));
      MemoryUsage afterGc = pool.getCollectionUsage();
      g.writeObjectFieldStart("last_gc_stats");
      long gcUsed = afterGc == null ? 0 : afterGc.getUsed();
      long gcMax = afterGc == null ? 0 : Math.max(0, afterGc.getMax());
      g.writeNumberField("used_in_bytes", gcUsed);
      g.writeNumberField("max_in_bytes", gcMax);
      g.writeNumberField("usage_percent", gcMax == 0 ? -1 : Math.round(100.0 * gcUsed / gcMax));
      g.writeEndObject();
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("threads");
    g.writeNumberField("count", ManagementFactory.getThreadMXBean().getThreadCount());
    g.writeNumberField("peak_count", ManagementFactory.getThreadMXBean().getPeakThreadCount());
    g.writeEndObject();
    g.writeObjectFieldStart("gc");
    g.writeObjectFieldStart("collectors");
    for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      g.writeObjectFieldStart(collectorName(gc.getName()));
      g.writeNumberField("collection_count", Math.max(0, gc.getCollectionCount()));
      g.writeNumberField("collection_time_in_millis", Math.max(0, gc.getCollectionTime()));
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("buffer_pools");
    for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
      g.writeObjectFieldStart(pool.getName());
      g.writeNumberField("count", pool.getCount());
      g.writeNumberField("used_in_bytes", pool.getMemoryUsed());
      g.writeNumberField("total_capacity_in_bytes", pool.getTotalCapacity());
      g.writeEndObject();
    }
    g.writeEndObject();
    var classes = ManagementFactory.getClassLoadingMXBean();
    g.writeObjectFieldStart("classes");
    g.writeNumberField("current_loaded_count", classes.getLoadedClassCount());
    g.writeNumberField("total_loaded_count", classes.getTotalLoadedClassCount());
    g.writeNumberField("total_unloaded_count", classes.getUnloadedClassCount());
    g.writeEndObject();
    g.writeEndObject();
  }

  /** {@code _nodes/stats}' {@code fs}: the file store holding the data path. */
  static void fsStats(JsonGenerator g, long now, Path dataDir) throws IOException {
    FileStore store = Files.getFileStore(dataDir);
    long total = store.getTotalSpace();
    long free = store.getUnallocatedSpace();
    long available = store.getUsableSpace();
    g.writeObjectFieldStart("fs");
    g.writeNumberField("timestamp", now);
    g.writeObjectFieldStart("total");
    writeSpace(g, total, free, available);
    g.writeEndObject();
    g.writeArrayFieldStart("data");
    g.writeStartObject();
    g.writeStringField("path", dataDir.toString());
    g.writeStringField("mount", store.toString());
    g.writeStringField("type", store.type());
    writeSpace(g, total, free, available);
    g.writeEndObject();
    g.writeEndArray();
    g.writeEndObject();
  }

  /** The figures the {@code _cat/nodes} row shows, read now. */
  static Snapshot snapshot() {
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    long total = osLong("TotalMemorySize");
    return new Snapshot(
        heap.getUsed(),
        Math.max(0, heap.getMax()),
        total - osLong("FreeMemorySize"),
        total,
        percent(osDouble("CpuLoad")),
        loadAverages(),
        osLong("OpenFileDescriptorCount"),
        osLong("MaxFileDescriptorCount"),
        ManagementFactory.getRuntimeMXBean().getUptime());
  }

  /** Heap, machine memory, CPU, load (null off Linux), file descriptors and uptime. */
  record Snapshot(
      long heapUsed,
      long heapMax,
      long ramUsed,
      long ramTotal,
      int cpu,
      double[] load,
      long openFiles,
      long maxFiles,
      long uptimeMillis) {
    int heapPercent() {
      return heapMax == 0 ? 0 : (int) Math.round(100.0 * heapUsed / heapMax);
    }

    int ramPercent() {
      return ramTotal == 0 ? 0 : (int) Math.round(100.0 * ramUsed / ramTotal);
    }

    int filesPercent() {
      return maxFiles == 0 ? 0 : (int) Math.round(100.0 * openFiles / maxFiles);
    }
  }

  /** The file store's total and available bytes, for {@code _cat/allocation}. */
  static long[] disk(Path dataDir) throws IOException {
    FileStore store = Files.getFileStore(dataDir);
    return new long[] {store.getTotalSpace(), store.getUsableSpace()};
  }

  private static void writeSpace(JsonGenerator g, long total, long free, long available)
      throws IOException {
    g.writeNumberField("total_in_bytes", total);
    g.writeNumberField("free_in_bytes", free);
    g.writeNumberField("available_in_bytes", available);
    g.writeNumberField("cache_reserved_in_bytes", 0);
  }

  /** OpenSearch's {@code GcNames}: G1's pools and collectors by generation. */
  private static String poolName(String name) {
    if (name.contains("Eden") || name.equals("PS Eden Space") || name.equals("Par Eden Space")) {
      return "young";
    }
    if (name.contains("Survivor")) {
      return "survivor";
    }
    if (name.contains("Old") || name.contains("Tenured")) {
      return "old";
    }
    return name;
  }

  private static String collectorName(String name) {
    return switch (name) {
      case "G1 Young Generation", "Copy", "PS Scavenge", "ParNew" -> "young";
      case "G1 Old Generation", "MarkSweepCompact", "PS MarkSweep", "ConcurrentMarkSweep" -> "old";
      default -> name;
    };
  }

  private static int percent(double load) {
    return load < 0 ? -1 : (int) Math.round(load * 100);
  }

  /** The 1, 5 and 15 minute load averages from {@code /proc/loadavg}; null off Linux. */
  private static double[] loadAverages() {
    try {
      String[] parts =
          Files.readString(Path.of("/proc/loadavg"), StandardCharsets.UTF_8).trim().split("\\s+");
      return new double[] {
        Double.parseDouble(parts[0]), Double.parseDouble(parts[1]), Double.parseDouble(parts[2])
      };
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** {@code PRETTY_NAME} of {@code /etc/os-release}, else the OS name. */
  private static String prettyName() {
    try {
      List<String> lines = Files.readAllLines(Path.of("/etc/os-release"), StandardCharsets.UTF_8);
      for (String line : lines) {
        if (line.startsWith("PRETTY_NAME=")) {
          return line.substring("PRETTY_NAME=".length()).replace("\"", "");
        }
      }
    } catch (IOException | RuntimeException e) {
      // not Linux, or not readable: the plain name below
    }
    return System.getProperty("os.name");
  }

  private static long osLong(String attribute) {
    Object value = osAttribute(attribute);
    return value instanceof Number n ? Math.max(0, n.longValue()) : 0;
  }

  private static double osDouble(String attribute) {
    Object value = osAttribute(attribute);
    return value instanceof Number n ? n.doubleValue() : -1;
  }

  /** An attribute of the platform's operating-system MXBean, read without its JDK-specific type. */
  private static Object osAttribute(String attribute) {
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      return server.getAttribute(OS, attribute);
    } catch (Exception e) {
      return null;
    }
  }

  private static ObjectName objectName(String name) {
    try {
      return new ObjectName(name);
    } catch (Exception e) {
      throw new IllegalStateException(name.toLowerCase(Locale.ROOT), e);
    }
  }
}
