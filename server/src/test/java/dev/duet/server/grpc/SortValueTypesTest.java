package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SortSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SortValueTypesTest {
  private static final Mapping BOOKS =
      new Mapping(
          Mapping.Dynamic.TRUE,
          Map.of(
              "year", FieldMapping.of("integer"),
              "rating", FieldMapping.of("float"),
              "price", FieldMapping.of("double"),
              "published", FieldMapping.of("date"),
              "title",
                  new FieldMapping(
                      "text", Map.of(), Map.of(), Map.of("length", FieldMapping.of("short"))),
              "stats",
                  new FieldMapping(
                      "object",
                      Map.of(),
                      Map.of("pages", FieldMapping.of("half_float")),
                      Map.of())));

  @Test
  void integerAndFloatFieldsScoreAndDocGetTheirNarrowTypes() {
    SortValueTypes types = types("year", "rating", "_score", "_doc", "title.length", "stats.pages");

    assertThat(types.narrow("books", 0, 2020L)).isEqualTo(2020);
    assertThat(types.narrow("books", 1, 4.8d)).isEqualTo(4.8f);
    assertThat(types.narrow("books", 2, 0.76939094d)).isEqualTo(0.76939094f);
    assertThat(types.narrow("books", 3, 7L)).isEqualTo(7);
    assertThat(types.narrow("books", 4, 12L)).isEqualTo(12);
    assertThat(types.narrow("books", 5, 1.5d)).isEqualTo(1.5f);
  }

  @Test
  void longDoubleDateAndUnmappedFieldsKeepTheEngineTypes() {
    SortValueTypes types = types("price", "published", "missing", "year");

    assertThat(types.narrow("books", 0, 9.99d)).isEqualTo(9.99d);
    assertThat(types.narrow("books", 1, 1_600_000_000_000L)).isEqualTo(1_600_000_000_000L);
    assertThat(types.narrow("books", 2, 5L)).isEqualTo(5L);
    assertThat(types.narrow("books", 3, null)).isNull();
    assertThat(types.narrow("books", 3, Long.MAX_VALUE)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void eachIndexIsLookedUpOnceAndAMissingOneKeepsTheEngineTypes() {
    List<String> lookedUp = new ArrayList<>();
    SortValueTypes types =
        new SortValueTypes(
            List.of(new SortSpec("year", null)),
            name -> {
              lookedUp.add(name);
              if (name.equals("gone")) {
                throw DuetException.indexNotFound(name);
              }
              return BOOKS;
            });

    assertThat(types.narrow("books", 0, 1L)).isEqualTo(1);
    assertThat(types.narrow("books", 0, 2L)).isEqualTo(2);
    assertThat(types.narrow("gone", 0, 3L)).isEqualTo(3L);
    assertThat(lookedUp).containsExactly("books", "gone");
  }

  private static SortValueTypes types(String... fields) {
    List<SortSpec> sort = new ArrayList<>();
    for (String field : fields) {
      sort.add(new SortSpec(field, null));
    }
    return new SortValueTypes(sort, name -> BOOKS);
  }
}
