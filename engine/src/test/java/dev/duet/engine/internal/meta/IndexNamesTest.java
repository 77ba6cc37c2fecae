package dev.duet.engine.internal.meta;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.error.DuetException;
import org.junit.jupiter.api.Test;

public class IndexNamesTest {

  private static String reason(String name) {
    try {
      IndexNames.validate(name);
      return null;
    } catch (DuetException e) {
      assertThat(e.type()).isEqualTo("invalid_index_name_exception");
      assertThat(e.metadata()).containsEntry("index", name).containsEntry("index_uuid", "_na_");
      return e.reason();
    }
  }

  @Test
  void refusesWhatOpenSearchRefusesWithItsReasons() {
    assertThat(reason("Books")).isEqualTo("Invalid index name [Books], must be lowercase");
    assertThat(reason("a*b"))
        .isEqualTo(
            "Invalid index name [a*b], must not contain the following characters [ , \", *, \\,"
                + " <, |, ,, >, /, ?]");
    assertThat(reason("a b")).contains("must not contain the following characters");
    assertThat(reason("a#b")).isEqualTo("Invalid index name [a#b], must not contain '#'");
    assertThat(reason("_a"))
        .isEqualTo("Invalid index name [_a], must not start with '_', '-', or '+'");
    assertThat(reason("-a")).endsWith("must not start with '_', '-', or '+'");
    assertThat(reason("+a")).endsWith("must not start with '_', '-', or '+'");
    assertThat(reason(".")).isEqualTo("Invalid index name [.], must not be '.' or '..'");
    assertThat(reason("..")).endsWith("must not be '.' or '..'");
    assertThat(reason("a".repeat(256))).endsWith("index name is too long, (256 > 255)");
    assertThat(reason("logs-2024.01")).isNull();
    assertThat(reason(".hidden")).isNull();
  }
}
