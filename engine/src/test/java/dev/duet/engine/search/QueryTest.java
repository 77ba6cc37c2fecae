package dev.duet.engine.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The checks OpenSearch's query builders make live in the model, so that REST and gRPC, which both
 * decode into it, refuse the same requests with the same 400.
 */
class QueryTest {

  @Test
  void termNeedsAFieldAndAValue() {
    assertIllegalArgument(() -> new Query.Term("", "x", 1f), "field name is null or empty");
    assertIllegalArgument(() -> new Query.Term(null, "x", 1f), "field name is null or empty");
    assertIllegalArgument(() -> new Query.Term("title", null, 1f), "value cannot be null");
    // The field is checked first, as OpenSearch's TermQueryBuilder does.
    assertIllegalArgument(() -> new Query.Term("", null, 1f), "field name is null or empty");
  }

  @Test
  void termsAndRangeNeedAField() {
    assertIllegalArgument(
        () -> new Query.Terms("", List.of("a"), 1f), "field name cannot be null.");
    assertIllegalArgument(
        () -> new Query.Range("", 1L, null, null, null, null, 1f), "field name is null or empty");
  }

  private static void assertIllegalArgument(Runnable construct, String reason) {
    assertThatThrownBy(construct::run)
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("illegal_argument_exception");
            })
        .hasMessage(reason);
  }
}
