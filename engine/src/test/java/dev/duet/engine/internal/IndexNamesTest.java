package dev.duet.engine.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IndexNamesTest {

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

  @Test
  void resolvesExpressions() {
    Set<String> existing = Set.of("logs-a", "logs-b", "books");

    assertThat(IndexNames.resolve(List.of(), existing))
        .containsExactly("books", "logs-a", "logs-b");
    assertThat(IndexNames.resolve(List.of("_all"), existing))
        .containsExactly("books", "logs-a", "logs-b");
    assertThat(IndexNames.resolve(List.of("logs-*"), existing)).containsExactly("logs-a", "logs-b");
    assertThat(IndexNames.resolve(List.of("logs-*,-logs-b"), existing)).containsExactly("logs-a");
    assertThat(IndexNames.resolve(List.of("books", "logs-a"), existing))
        .containsExactly("books", "logs-a");
    assertThat(IndexNames.resolve(List.of("nothing-*"), existing)).isEmpty();
    assertThatThrownBy(() -> IndexNames.resolve(List.of("books,missing"), existing))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.reason()).isEqualTo("no such index [missing]");
            });
  }
}
