package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.search.SourceFilter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class SourceFilteringTest {
  private static final String DOC =
      "{\"name\":\"x\",\"user\":{\"id\":1,\"email\":\"e\"},\"tags\":[\"a\",\"b\"],"
          + "\"items\":[{\"sku\":\"s1\",\"qty\":2},{\"sku\":\"s2\",\"qty\":3}]}";

  private static String filter(List<String> includes, List<String> excludes) throws Exception {
    byte[] out =
        SourceFiltering.filter(
            DOC.getBytes(StandardCharsets.UTF_8), new SourceFilter(true, includes, excludes));
    return new String(out, StandardCharsets.UTF_8);
  }

  @Test
  void includesKeepMatchingPathsAndTheirParents() throws Exception {
    assertThat(filter(List.of("name"), List.of())).isEqualTo("{\"name\":\"x\"}");
    assertThat(filter(List.of("user.id"), List.of())).isEqualTo("{\"user\":{\"id\":1}}");
    assertThat(filter(List.of("user"), List.of()))
        .isEqualTo("{\"user\":{\"id\":1,\"email\":\"e\"}}");
    assertThat(filter(List.of("items.sku"), List.of()))
        .isEqualTo("{\"items\":[{\"sku\":\"s1\"},{\"sku\":\"s2\"}]}");
    assertThat(filter(List.of("us*"), List.of()))
        .isEqualTo("{\"user\":{\"id\":1,\"email\":\"e\"}}");
  }

  @Test
  void excludesDropPathsAndEmptiedObjects() throws Exception {
    assertThat(filter(List.of(), List.of("user", "items", "tags"))).isEqualTo("{\"name\":\"x\"}");
    // As in OpenSearch, an object that is itself included stays, even when emptied.
    assertThat(filter(List.of(), List.of("user.*", "items", "tags", "name")))
        .isEqualTo("{\"user\":{}}");
    assertThat(filter(List.of("user"), List.of("user.email"))).isEqualTo("{\"user\":{\"id\":1}}");
  }
}
