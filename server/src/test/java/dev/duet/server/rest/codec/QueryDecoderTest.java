package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Query;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class QueryDecoderTest {
  private static Query parse(String json) throws Exception {
    byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
    try (JsonParser p = Json.parser(bytes, 0, bytes.length)) {
      return QueryDecoder.parse(p);
    }
  }

  @Test
  void matchShortAndLongForms() throws Exception {
    assertThat(parse("{\"match\":{\"title\":\"quick fox\"}}"))
        .isEqualTo(new Query.Match("title", "quick fox", Query.Operator.OR, null, 1f));
    assertThat(
            parse(
                "{\"match\":{\"title\":{\"query\":\"quick fox\",\"operator\":\"AND\","
                    + "\"minimum_should_match\":2,\"boost\":2.5}}}"))
        .isEqualTo(new Query.Match("title", "quick fox", Query.Operator.AND, "2", 2.5f));
  }

  @Test
  void termTermsAndRangeKeepTheClientsValueTypes() throws Exception {
    assertThat(parse("{\"term\":{\"age\":{\"value\":7,\"boost\":2}}}"))
        .isEqualTo(new Query.Term("age", 7L, 2f));
    assertThat(parse("{\"term\":{\"ok\":true}}")).isEqualTo(new Query.Term("ok", true, 1f));
    assertThat(parse("{\"terms\":{\"tag\":[\"a\",1.5],\"boost\":3}}"))
        .isEqualTo(new Query.Terms("tag", List.of("a", 1.5), 3f));
    assertThat(parse("{\"range\":{\"age\":{\"gt\":1,\"lte\":\"9\",\"format\":\"x\"}}}"))
        .isEqualTo(new Query.Range("age", 1L, null, null, "9", "x", 1f));
    assertThat(parse("{\"range\":{\"age\":{\"from\":1,\"to\":5,\"include_upper\":false}}}"))
        .isEqualTo(new Query.Range("age", null, 1L, 5L, null, null, 1f));
  }

  @Test
  void boolTakesSingleClausesOrArrays() throws Exception {
    Query q =
        parse(
            "{\"bool\":{\"must\":{\"match_all\":{}},\"should\":[{\"term\":{\"a\":\"x\"}},"
                + "{\"term\":{\"a\":\"y\"}}],\"must_not\":[],\"filter\":{\"match_none\":{}},"
                + "\"minimum_should_match\":1,\"boost\":2}}");
    assertThat(q)
        .isEqualTo(
            new Query.Bool(
                List.of(new Query.MatchAll(1f)),
                List.of(new Query.Term("a", "x", 1f), new Query.Term("a", "y", 1f)),
                List.of(),
                List.of(new Query.MatchNone(1f)),
                "1",
                2f));
  }

  @Test
  void unknownQueryIsAParsingExceptionWithItsLocation() {
    assertThatThrownBy(() -> parse("{\"nope\":{}}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("parsing_exception");
              assertThat(e.reason()).isEqualTo("unknown query [nope]");
              assertThat(e.metadata()).containsEntry("line", "1").containsEntry("col", "9");
              assertThat(e.causedBy().type()).isEqualTo("named_object_not_found_exception");
            });
  }

  @Test
  void malformedQueriesUseOpenSearchsMessages() {
    assertThatThrownBy(() -> parse("{\"match\":{\"a\":\"x\",\"b\":\"y\"}}"))
        .hasMessage("[match] query doesn't support multiple fields, found [a] and [b]");
    assertThatThrownBy(() -> parse("{\"match\":{\"a\":{\"query\":\"x\",\"fuzz\":1}}}"))
        .hasMessage("[match] query does not support [fuzz]");
    assertThatThrownBy(() -> parse("{}")).hasMessageStartingWith("query malformed, empty clause");
    assertThatThrownBy(() -> parse("{\"bool\":{\"must\":{\"match_all\":{}},\"nope\":1}}"))
        .hasMessage("[bool] query does not support [nope]");
    assertThatThrownBy(() -> parse("{\"match\":{\"a\":{\"query\":\"x\",\"operator\":\"xor\"}}}"))
        .hasMessage("operator needs to be either [OR, AND], but not [xor]");
  }

  @Test
  void termAndRangeWithoutFieldOrValueAreIllegalArgumentsAsInOpenSearch() {
    for (String query :
        List.of(
            "{\"term\":{}}",
            "{\"term\":{\"\":\"x\"}}",
            "{\"term\":{\"f\":null}}",
            "{\"range\":{}}")) {
      assertThatThrownBy(() -> parse(query))
          .as(query)
          .isInstanceOfSatisfying(
              DuetException.class,
              e -> {
                assertThat(e.type()).isEqualTo("illegal_argument_exception");
                assertThat(e.status()).isEqualTo(400);
                assertThat(e.reason()).isEqualTo("field name is null or empty");
                assertThat(e.metadata()).isEmpty();
              });
    }
    for (String query : List.of("{\"term\":{\"f\":{}}}", "{\"term\":{\"f\":{\"boost\":2}}}")) {
      assertThatThrownBy(() -> parse(query))
          .as(query)
          .isInstanceOfSatisfying(
              DuetException.class,
              e -> {
                assertThat(e.type()).isEqualTo("illegal_argument_exception");
                assertThat(e.reason()).isEqualTo("value cannot be null");
              });
    }
  }
}
