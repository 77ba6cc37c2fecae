package dev.duet.protogen.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AcceptedBreaksTest {
  @TempDir Path dir;

  @Test
  void anEntryNeedsAReason() throws Exception {
    Path file = dir.resolve("accepted.txt");
    Files.writeString(file, "FIELD_SAME_NAME t.Thing.blob\n");
    assertThatThrownBy(() -> AcceptedBreaks.read(file))
        .isInstanceOf(CheckException.class)
        .hasMessageContaining("accepted.txt:1")
        .hasMessageContaining("the reason is required");
  }

  @Test
  void anUnknownRuleIsAnError() throws Exception {
    Path file = dir.resolve("accepted.txt");
    Files.writeString(file, "NO_SUCH_RULE t.Thing.blob because\n");
    assertThatThrownBy(() -> AcceptedBreaks.read(file))
        .hasMessageContaining("unknown rule NO_SUCH_RULE");
  }

  @Test
  void matchesByRuleAndSubject() throws Exception {
    Path file = dir.resolve("accepted.txt");
    Files.writeString(file, "# comment\nFIELD_SAME_NAME t.Thing.blob renamed before any release\n");
    AcceptedBreaks accepted = AcceptedBreaks.read(file);
    assertThat(accepted.reason(new Break(Rule.FIELD_SAME_NAME, "t.Thing.blob", "x")))
        .isEqualTo("renamed before any release");
    assertThat(accepted.reason(new Break(Rule.FIELD_SAME_JSON_NAME, "t.Thing.blob", "x"))).isNull();
  }
}
