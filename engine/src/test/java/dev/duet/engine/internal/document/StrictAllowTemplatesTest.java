package dev.duet.engine.internal.document;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code dynamic: strict_allow_templates} as OpenSearch 3.8.0 answers (its REST suite's {@code
 * index/110_strict_allow_templates}): a new field a dynamic template maps is added, any other is
 * refused as under {@code strict}.
 */
class StrictAllowTemplatesTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "t",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "dynamic",
                "strict_allow_templates",
                "dynamic_templates",
                List.of(
                    Map.of(
                        "strings",
                        Map.of(
                            "match",
                            "stringField*",
                            "match_mapping_type",
                            "string",
                            "mapping",
                            Map.of("type", "keyword"))),
                    Map.of(
                        "object",
                        Map.of(
                            "match",
                            "objectField*",
                            "match_mapping_type",
                            "object",
                            "mapping",
                            Map.of(
                                "type",
                                "object",
                                "properties",
                                Map.of("bar1", Map.of("type", "keyword"))))),
                    Map.of(
                        "array",
                        Map.of("match", "arrayField*", "mapping", Map.of("type", "keyword")))),
                "properties",
                Map.of("test1", Map.of("type", "text")))));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  @Test
  void templatedFieldsAreAddedAndOthersRefused() {
    BulkItemResponse refused = index("{\"stringField\":\"bar\",\"test2\":\"x\"}");
    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.failure().type()).isEqualTo("strict_dynamic_mapping_exception");
    assertThat(refused.failure().reason())
        .isEqualTo(
            "mapping set to strict_allow_templates, dynamic introduction of [test2] within [_doc]"
                + " is not allowed");
    BulkItemResponse inner = index("{\"objectField\":{\"other\":1}}");
    assertThat(inner.failure().reason()).contains("[other] within [objectField]");

    BulkItemResponse accepted =
        index(
            "{\"stringField\":\"bar\",\"objectField\":{\"bar1\":\"b\"},\"arrayField\":[\"1\",\"2\"],"
                + "\"test1\":\"t\"}");
    assertThat(accepted.status()).isEqualTo(201);
    @SuppressWarnings("unchecked")
    Map<String, Object> properties =
        (Map<String, Object>) engine.mapping("t").toMap().get("properties");
    assertThat(properties).containsKeys("stringField", "objectField", "arrayField", "test1");
    assertThat(properties.get("stringField")).isEqualTo(Map.of("type", "keyword"));
    assertThat(engine.mapping("t").toMap()).containsEntry("dynamic", "strict_allow_templates");
  }

  private BulkItemResponse index(String json) {
    return engine
        .bulk(
            new BulkRequest(
                List.of(
                    new BulkItem(OpType.INDEX, "t", "1", json.getBytes(StandardCharsets.UTF_8))),
                RefreshPolicy.NONE))
        .items()
        .get(0);
  }
}
