package dev.duet.bench.run;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.bench.client.IndexOp;
import dev.duet.bench.workload.DocGenerator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class WorkloadTest {
  @Test
  void idsAreNeverReusedAndSourcesComeFromThePool() {
    DocGenerator generator = new DocGenerator(5);
    Workload workload = new Workload(generator, 10);
    Set<String> ids = new HashSet<>();

    for (int request = 0; request < 5; request++) {
      List<IndexOp> ops = workload.nextOps(7);
      assertThat(ops).hasSize(7);
      for (IndexOp op : ops) {
        assertThat(ids.add(op.id())).as("id %s reused", op.id()).isTrue();
        long n = Long.parseLong(op.id()) % 10;
        assertThat(op.source()).isEqualTo(generator.doc(n).source());
      }
    }
    assertThat(ids).hasSize(35);
  }
}
