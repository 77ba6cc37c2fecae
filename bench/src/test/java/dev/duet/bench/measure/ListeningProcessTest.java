package dev.duet.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class ListeningProcessTest {
  @Test
  void findsTheOneListeningPid() {
    String output =
        """
        LISTEN 0 4096 [::ffff:127.0.0.1]:9202 *:* users:(("java",pid=27709,fd=200))
        LISTEN 0 4096 127.0.0.1:9202 0.0.0.0:* users:(("java",pid=27709,fd=201))
        """;

    assertThat(ListeningProcess.parse(output)).isEqualTo(OptionalLong.of(27709));
  }

  @Test
  void noneOrSeveralProcessesIsUnknown() {
    assertThat(ListeningProcess.parse("")).isEmpty();
    assertThat(
            ListeningProcess.parse(
                """
                LISTEN 0 4096 *:9200 *:* users:(("java",pid=1,fd=3))
                LISTEN 0 4096 *:9200 *:* users:(("nc",pid=2,fd=3))
                """))
        .isEmpty();
  }
}
