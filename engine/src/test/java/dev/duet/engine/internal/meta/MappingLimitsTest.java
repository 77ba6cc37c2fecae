package dev.duet.engine.internal.meta;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.OpType;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Field names and {@code index.mapping.*.limit} on create index, mapping updates and dynamic
 * mapping, with OpenSearch 3.8's errors; whatever was refused, the node restarts with every index.
 */
public class MappingLimitsTest {
  @TempDir Path data;
  private LuceneEngine engine;

  @AfterEach
  void closeAndRestart() {
    engine.close();
    // Whatever the requests tried, the node starts with every index.
    try (LuceneEngine restarted = LuceneEngine.open(data)) {
      assertThat(restarted.failedIndices()).isEmpty();
    }
  }

  private LuceneEngine open() {
    engine = LuceneEngine.open(data);
    return engine;
  }

  private static Mapping field(String name) {
    return Mapping.fromMap(Map.of("properties", Map.of(name, Map.of("type", "keyword"))));
  }

  private static Map<String, Object> update(String name) {
    return Map.of("properties", Map.of(name, Map.of("type", "keyword")));
  }

  private static Consumer<DuetException> error(int status, String type, String reason) {
    return e -> {
      assertThat(e.status()).isEqualTo(status);
      assertThat(e.type()).isEqualTo(type);
      assertThat(e.reason()).isEqualTo(reason);
    };
  }

  @Test
  void mappedFieldNamesAreCheckedAsOpenSearchChecksThem() {
    open();
    assertThatThrownBy(() -> Mapping.fromMap(update("")))
        .isInstanceOfSatisfying(
            DuetException.class,
            error(
                400,
                "mapper_parsing_exception",
                "Failed to parse mapping [_doc]: name cannot be empty string"));
    assertThatThrownBy(() -> Mapping.fromMap(update(".")))
        .isInstanceOfSatisfying(
            DuetException.class,
            error(
                400,
                "mapper_parsing_exception",
                "Failed to parse mapping [_doc]: Invalid field name ."));
    for (String name : new String[] {".a", "a..b"}) {
      assertThatThrownBy(() -> Mapping.fromMap(update(name)))
          .hasMessage("Failed to parse mapping [_doc]: name cannot be empty string");
    }
    assertThatThrownBy(() -> Mapping.fromMap(update("\udc00x")))
        .hasMessageContaining("lone surrogate");
    // OpenSearch accepts these, and so does Duet.
    engine.createIndex(
        "ok",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    " ",
                    Map.of("type", "keyword"),
                    "*",
                    Map.of("type", "keyword"),
                    "😀",
                    Map.of("type", "long")))));

    engine.createIndex("idx", IndexSettings.DEFAULTS, Mapping.EMPTY);
    assertThatThrownBy(() -> engine.putMapping("idx", IndicesOptions.STRICT, update("")))
        .isInstanceOfSatisfying(
            DuetException.class,
            error(400, "illegal_argument_exception", "name cannot be empty string"));
    assertThatThrownBy(() -> engine.putMapping("idx", IndicesOptions.STRICT, update("..")))
        .isInstanceOfSatisfying(
            DuetException.class, error(400, "mapper_parsing_exception", "Invalid field name .."));
    assertThatThrownBy(() -> engine.putMapping("idx", IndicesOptions.STRICT, update("x\ud800")))
        .isInstanceOfSatisfying(
            DuetException.class, e -> assertThat(e.reason()).contains("\\uD800", "lone surrogate"));
    assertThat(engine.mapping("idx")).isEqualTo(Mapping.EMPTY);
  }

  @Test
  void documentFieldNamesAreCheckedAsOpenSearchChecksThem() {
    open().createIndex("idx", IndexSettings.DEFAULTS, Mapping.EMPTY);
    assertRefused("{\"\":1}", "field name cannot be an empty string");
    assertRefused("{\".\":1}", "field name cannot contain only the character [.]");
    assertRefused(
        "{\".a\":1}",
        "object field starting or ending with a [.] makes object resolution ambiguous: [.a]");
    assertRefused(
        "{\"a..b\":1}",
        "object field starting or ending with a [.] makes object resolution ambiguous: [a..b]");
    BulkItemResponse surrogate = write("idx", "{\"\\udc00x\":1}");
    assertThat(surrogate.status()).isEqualTo(400);
    assertThat(write("idx", "{\" \":1,\"*\":2}").failed()).isFalse();
    assertThat(engine.mapping("idx").properties()).containsOnlyKeys(" ", "*");
  }

  @Test
  void totalFieldsLimitHoldsEverywhereAndIsDynamic() {
    open();
    IndexSettings three = new IndexSettings(Map.of("index.mapping.total_fields.limit", "3"));
    Map<String, Object> four = new LinkedHashMap<>();
    for (String f : new String[] {"a", "b", "c", "d"}) {
      four.put(f, Map.of("type", "long"));
    }
    assertThatThrownBy(
            () -> engine.createIndex("x", three, Mapping.fromMap(Map.of("properties", four))))
        .isInstanceOfSatisfying(
            DuetException.class,
            error(
                400, "illegal_argument_exception", "Limit of total fields [3] has been exceeded"));
    engine.createIndex("idx", three, Mapping.EMPTY);
    assertThatThrownBy(
            () -> engine.putMapping("idx", IndicesOptions.STRICT, Map.of("properties", four)))
        .hasMessage("Limit of total fields [3] has been exceeded");
    BulkItemResponse doc = write("idx", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}");
    assertThat(doc.status()).isEqualTo(400);
    assertThat(doc.failure().reason()).isEqualTo("Limit of total fields [3] has been exceeded");
    // An object and a multi-field count as fields, as in OpenSearch.
    assertThat(write("idx", "{\"o\":{\"p\":1,\"q\":\"x\"}}").failed()).isTrue();

    engine.updateSettings(
        "idx", IndicesOptions.STRICT, Map.of("index.mapping.total_fields.limit", "10"));
    assertThat(write("idx", "{\"a\":1,\"b\":2,\"c\":3,\"d\":4}").failed()).isFalse();

    assertThatThrownBy(
            () ->
                engine.updateSettings(
                    "idx", IndicesOptions.STRICT, Map.of("index.mapping.total_fields.limit", "-1")))
        .hasMessage(
            "Failed to parse value [-1] for setting [index.mapping.total_fields.limit] must be >= 0");
  }

  @Test
  void theDefaultTotalFieldsLimitIsAThousand() {
    open();
    StringBuilder doc = new StringBuilder("{");
    for (int i = 0; i < 1001; i++) {
      doc.append(i == 0 ? "" : ",").append("\"f").append(i).append("\":1");
    }
    BulkItemResponse refused = write("wide", doc.append('}').toString());
    assertThat(refused.failure().reason())
        .isEqualTo("Limit of total fields [1000] has been exceeded");
  }

  @Test
  void depthNestedAndNameLengthLimits() {
    open();
    engine.createIndex(
        "idx",
        new IndexSettings(
            Map.of(
                "index.mapping.depth.limit", "2",
                "index.mapping.nested_fields.limit", "1",
                "index.mapping.nested_objects.limit", "2",
                "index.mapping.field_name_length.limit", "5")),
        Mapping.EMPTY);

    assertThatThrownBy(
            () ->
                engine.putMapping(
                    "idx",
                    IndicesOptions.STRICT,
                    Map.of(
                        "properties",
                        Map.of(
                            "o",
                            Map.of(
                                "properties",
                                Map.of(
                                    "p",
                                    Map.of("properties", Map.of("q", Map.of("type", "long")))))))))
        .isInstanceOfSatisfying(
            DuetException.class,
            error(
                400,
                "illegal_argument_exception",
                "Limit of mapping depth [2] has been exceeded due to object field [o.p]"));
    BulkItemResponse deep = write("idx", "{\"x\":{\"y\":{\"z\":1}}}");
    assertThat(deep.failure().type()).isEqualTo("mapper_parsing_exception");
    assertThat(deep.failure().causedBy().reason())
        .isEqualTo(
            "The depth of the field has exceeded the allowed limit of [2]. This limit can be set by"
                + " changing the [index.mapping.depth.limit] index level setting.");

    assertThatThrownBy(
            () ->
                engine.putMapping(
                    "idx",
                    IndicesOptions.STRICT,
                    Map.of(
                        "properties",
                        Map.of("n1", Map.of("type", "nested"), "n2", Map.of("type", "nested")))))
        .hasMessage("Limit of nested fields [1] has been exceeded");
    engine.putMapping(
        "idx", IndicesOptions.STRICT, Map.of("properties", Map.of("n1", Map.of("type", "nested"))));
    BulkItemResponse many = write("idx", "{\"n1\":[{},{},{}]}");
    assertThat(many.failure().reason())
        .isEqualTo(
            "The number of nested documents has exceeded the allowed limit of [2]. This limit can"
                + " be set by changing the [index.mapping.nested_objects.limit] index level"
                + " setting.");
    assertThat(write("idx", "{\"n1\":[{},{}]}").failed()).isFalse();

    assertThat(write("idx", "{\"abcdef\":1}").failure().reason())
        .isEqualTo("Field name [abcdef] is longer than the limit of [5] characters");

    engine.updateSettings(
        "idx",
        IndicesOptions.STRICT,
        Map.of("index.mapping.depth.limit", "5", "index.mapping.field_name_length.limit", "50"));
    assertThat(write("idx", "{\"x\":{\"y\":{\"z\":1}},\"abcdef\":1}").failed()).isFalse();
    assertThatThrownBy(
            () ->
                engine.updateSettings(
                    "idx", IndicesOptions.STRICT, Map.of("index.mapping.depth.limit", "0")))
        .hasMessage(
            "Failed to parse value [0] for setting [index.mapping.depth.limit] must be >= 1");
  }

  private void assertRefused(String source, String reason) {
    BulkItemResponse r = write("idx", source);
    assertThat(r.status()).isEqualTo(400);
    assertThat(r.failure().type()).isEqualTo("mapper_parsing_exception");
    assertThat(r.failure().reason()).isEqualTo("failed to parse");
    assertThat(r.failure().causedBy().reason()).isEqualTo(reason);
  }

  private BulkItemResponse write(String index, String source) {
    return engine
        .bulk(
            bulk(new BulkItem(OpType.INDEX, index, null, source.getBytes(StandardCharsets.UTF_8))))
        .items()
        .getFirst();
  }
}
