package dev.duet.bench;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.bench.measure.VectorMemory;
import java.util.Map;
import org.junit.jupiter.api.Test;

class VectorMemoryReportTest {
  @Test
  void mappingFragmentCarriesModeAndCompressionOnlyWhenGiven() {
    assertThat(VectorMemoryReport.quantization(null, null)).isEmpty();
    assertThat(VectorMemoryReport.quantization("on_disk", "8x"))
        .isEqualTo(",\"mode\":\"on_disk\",\"compression_level\":\"8x\"");
  }

  @Test
  void tableScalesEachFileAndTheHeapToAMillionVectors() {
    // 100,000 vectors: x10 to a million; 104,857,600 bytes (100 MiB) x 10 = 1,000 MiB
    VectorMemory memory =
        new VectorMemory("v", 100_000, Map.of("vec", 104_857_600L, "vex", 1_048_576L), 104_858L);

    String table = VectorMemoryReport.table(256, null, null, memory);

    assertThat(table)
        .contains("100000 x 256 dims, mode in_memory, compression_level 1x")
        .contains("|---|---:|---:|\n| .vec | 104,857,600 | 1,000.0 |\n")
        .contains("| .vex | 1,048,576 | 10.0 |")
        .contains("| **files total** | 105,906,176 | 1,010.0 |")
        .contains("| reader heap | 104,858 | 1.0 |");
  }
}
