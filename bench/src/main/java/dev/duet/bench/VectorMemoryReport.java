package dev.duet.bench;

import dev.duet.bench.measure.VectorMemory;
import java.util.Locale;
import java.util.Map;

/**
 * The mapping fragment and the Markdown table of {@code duet bench vectors --report-memory}: the
 * vector field's files per extension and its reader heap, as measured and scaled linearly to one
 * million vectors (the files grow with the vector count; the graph's per-node cost is about
 * constant at a fixed {@code m}, so linear is the first-order estimate, and the table says so).
 */
final class VectorMemoryReport {
  private static final double MIB = 1024.0 * 1024.0;

  private VectorMemoryReport() {}

  /** The {@code mode} / {@code compression_level} JSON members of the field, or nothing. */
  static String quantization(String mode, String compression) {
    StringBuilder out = new StringBuilder();
    if (mode != null) {
      out.append(",\"mode\":\"").append(mode).append('"');
    }
    if (compression != null) {
      out.append(",\"compression_level\":\"").append(compression).append('"');
    }
    return out.toString();
  }

  /** One table: a row per vector file extension, then the total and the heap. */
  static String table(int dims, String mode, String compression, VectorMemory memory) {
    StringBuilder out = new StringBuilder();
    out.append(
        String.format(
            Locale.ROOT,
            "vector memory, field %s: %d x %d dims, mode %s, compression_level %s"
                + " (measured, then scaled linearly to 1M vectors)%n%n",
            memory.field(),
            memory.vectors(),
            dims,
            mode == null ? "in_memory" : mode,
            compression == null ? "1x" : compression));
    out.append("| vector file / heap | bytes measured | MiB per 1M vectors |\n|---|---:|---:|\n");
    for (Map.Entry<String, Long> file : memory.fileBytes().entrySet()) {
      row(out, "." + file.getKey(), file.getValue(), memory);
    }
    row(out, "**files total**", memory.totalFileBytes(), memory);
    row(out, "reader heap", memory.heapBytes(), memory);
    return out.toString();
  }

  private static void row(StringBuilder out, String what, long bytes, VectorMemory memory) {
    out.append(
        String.format(
            Locale.ROOT, "| %s | %,d | %,.1f |%n", what, bytes, memory.perMillion(bytes) / MIB));
  }
}
