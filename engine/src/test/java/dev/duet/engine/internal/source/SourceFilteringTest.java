package dev.duet.engine.internal.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.search.SourceFilter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

public class SourceFilteringTest {
  private static final String SOURCE =
      "{\"title\":\"Dune\",\"year\":1965,\"author\":{\"name\":\"Frank\",\"born\":1920,"
          + "\"address\":{\"city\":\"Tacoma\"}},\"tags\":[\"sf\",\"classic\"],"
          + "\"reviews\":[{\"by\":\"a\",\"stars\":5},{\"by\":\"b\",\"stars\":4}],\"empty\":{}}";

  private static String filter(List<String> includes, List<String> excludes) {
    byte[] out =
        SourceFiltering.filter(SOURCE.getBytes(StandardCharsets.UTF_8), true, includes, excludes);
    return new String(out, StandardCharsets.UTF_8);
  }

  @Test
  void identityAndNoFetch() {
    byte[] bytes = SOURCE.getBytes(StandardCharsets.UTF_8);
    assertThat(SourceFilter.ALL.apply(bytes)).isSameAs(bytes);
    assertThat(SourceFilter.NONE.apply(bytes)).isNull();
    assertThat(
            new String(
                new SourceFilter(true, List.of("year"), List.of()).apply(bytes),
                StandardCharsets.UTF_8))
        .isEqualTo("{\"year\":1965}");
  }

  @Test
  void includesKeepPathsAndWholeObjects() {
    assertThat(filter(List.of("title", "author"), List.of()))
        .isEqualTo(
            "{\"title\":\"Dune\",\"author\":{\"name\":\"Frank\",\"born\":1920,"
                + "\"address\":{\"city\":\"Tacoma\"}}}");
    assertThat(filter(List.of("author.name", "tags"), List.of()))
        .isEqualTo("{\"author\":{\"name\":\"Frank\"},\"tags\":[\"sf\",\"classic\"]}");
    assertThat(filter(List.of("*.city"), List.of()))
        .isEqualTo("{\"author\":{\"address\":{\"city\":\"Tacoma\"}}}");
    assertThat(filter(List.of("reviews.stars"), List.of()))
        .isEqualTo("{\"reviews\":[{\"stars\":5},{\"stars\":4}]}");
    assertThat(filter(List.of("t*"), List.of()))
        .isEqualTo("{\"title\":\"Dune\",\"tags\":[\"sf\",\"classic\"]}");
    assertThat(filter(List.of("nothing"), List.of())).isEqualTo("{}");
  }

  @Test
  void excludesDropPathsEvenInsideIncludes() {
    assertThat(filter(List.of(), List.of("author", "reviews", "tags", "empty")))
        .isEqualTo("{\"title\":\"Dune\",\"year\":1965}");
    assertThat(filter(List.of("author"), List.of("author.address", "*.born")))
        .isEqualTo("{\"author\":{\"name\":\"Frank\"}}");
    assertThat(filter(List.of(), List.of("reviews.by", "author.*", "title", "year", "tags")))
        .isEqualTo("{\"author\":{},\"reviews\":[{\"stars\":5},{\"stars\":4}],\"empty\":{}}");
  }
}
