package dev.duet.bench.measure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class WireBytesTest {
  private static final String SS_OUTPUT =
      """
      0      0      127.0.0.1:38224 127.0.0.1:9200 users:(("java",pid=100,fd=3))
      \t bbr wscale:10,10 rto:204 bytes_sent:27 bytes_acked:28 bytes_received:698 segs_out:6
      0      0      127.0.0.1:38226 127.0.0.1:9200 users:(("curl",pid=200,fd=3))
      \t bbr wscale:10,10 rto:204 bytes_sent:1000 bytes_acked:1001 bytes_received:5000
      0      0      127.0.0.1:38228 127.0.0.1:9200 users:(("sh",pid=300,fd=4),("java",pid=100,fd=9))
      \t cubic wscale:7,7 rto:204 bytes_acked:73 bytes_received:2
      """;

  @Test
  void readsTheSocketsOfTheGivenProcessByLocalAddress() {
    // The third socket is shared with a child; bytes_acked stands in for a missing bytes_sent.
    assertThat(WireBytes.parse(SS_OUTPUT, 100))
        .containsExactly(
            Map.entry("127.0.0.1:38224", new WireBytes.Totals(27, 698)),
            Map.entry("127.0.0.1:38228", new WireBytes.Totals(73, 2)));
    assertThat(WireBytes.parse(SS_OUTPUT, 200))
        .containsExactly(Map.entry("127.0.0.1:38226", new WireBytes.Totals(1000, 5000)));
    assertThat(WireBytes.parse(SS_OUTPUT, 999)).isEmpty();
  }

  @Test
  void bytesBetweenReadingsCountNewConnectionsFromZero() {
    Map<String, WireBytes.Totals> before = Map.of("a:1", new WireBytes.Totals(100, 1000));
    Map<String, WireBytes.Totals> after =
        Map.of("a:1", new WireBytes.Totals(150, 1400), "a:2", new WireBytes.Totals(10, 20));

    assertThat(WireBytes.between(before, after)).isEqualTo(new WireBytes.Totals(60, 420));
  }

  @Test
  void bytesAreUnknownWhenAConnectionClosedInBetweenOrSsFailed() {
    Map<String, WireBytes.Totals> before =
        Map.of("a:1", new WireBytes.Totals(100, 1000), "a:2", new WireBytes.Totals(1, 1));
    Map<String, WireBytes.Totals> after = Map.of("a:1", new WireBytes.Totals(150, 1400));

    assertThat(WireBytes.between(before, after)).isNull();
    assertThat(WireBytes.between(null, after)).isNull();
  }
}
