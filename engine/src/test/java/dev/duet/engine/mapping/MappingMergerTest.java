package dev.duet.engine.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MappingMergerTest {

  private static Mapping mapping(Map<String, Object> properties) {
    return Mapping.fromMap(Map.of("properties", properties));
  }

  private static String refusal(Mapping current, Map<String, Object> update) {
    try {
      current.merge(update);
    } catch (DuetException e) {
      assertThat(e.status()).isEqualTo(400);
      return e.type() + ": " + e.reason();
    }
    throw new AssertionError("merge was accepted: " + update);
  }

  @Test
  void addsFieldsSubFieldsAndObjectProperties() {
    Mapping current =
        mapping(Map.of("title", Map.of("type", "text"), "o", Map.of("properties", Map.of())));
    Mapping merged =
        current.merge(
            Map.of(
                "properties",
                Map.of(
                    "title",
                    Map.of("type", "text", "fields", Map.of("raw", Map.of("type", "keyword"))),
                    "o",
                    Map.of("properties", Map.of("x", Map.of("type", "long"))),
                    "n",
                    Map.of("type", "integer"))));
    assertThat(merged.properties().get("title").fields()).containsKey("raw");
    assertThat(merged.properties().get("o").properties()).containsKey("x");
    assertThat(merged.properties().get("n").type()).isEqualTo("integer");
    assertThat(merged.dynamic()).isEqualTo(Mapping.Dynamic.TRUE);
  }

  @Test
  void changesDynamicAndMetaOnlyWhenGiven() {
    Mapping strict = Mapping.fromMap(Map.of("dynamic", "strict", "_meta", Map.of("v", 1)));
    Mapping kept = strict.merge(Map.of("properties", Map.of("a", Map.of("type", "keyword"))));
    assertThat(kept.dynamic()).isEqualTo(Mapping.Dynamic.STRICT);
    assertThat(kept.meta()).containsEntry("v", 1);
    Mapping changed = strict.merge(Map.of("dynamic", false, "_meta", Map.of("v", 2)));
    assertThat(changed.dynamic()).isEqualTo(Mapping.Dynamic.FALSE);
    assertThat(changed.toMap()).containsEntry("_meta", Map.of("v", 2));
  }

  @Test
  void refusesTypeChangesWithOpenSearchsReasons() {
    Mapping current =
        mapping(
            Map.of(
                "n", Map.of("type", "long"),
                "o", Map.of("properties", Map.of("x", Map.of("type", "long"))),
                "k", Map.of("type", "keyword", "fields", Map.of("t", Map.of("type", "text")))));
    assertThat(refusal(current, Map.of("properties", Map.of("n", Map.of("type", "text")))))
        .isEqualTo(
            "illegal_argument_exception: mapper [n] cannot be changed from type [long] to [text]");
    assertThat(refusal(current, Map.of("properties", Map.of("o", Map.of("type", "long")))))
        .isEqualTo(
            "illegal_argument_exception: can't merge a non object mapping [o] with an object"
                + " mapping");
    assertThat(
            refusal(
                current,
                Map.of(
                    "properties",
                    Map.of(
                        "k",
                        Map.of("type", "keyword", "fields", Map.of("t", Map.of("type", "long")))))))
        .isEqualTo(
            "illegal_argument_exception: mapper [k.t] cannot be changed from type [text] to"
                + " [long]");
  }

  @Test
  void fixedParametersLeftOutCountAsTheirDefaults() {
    Mapping current =
        mapping(
            Map.of(
                "t", Map.of("type", "text", "analyzer", "standard"),
                "k", Map.of("type", "keyword", "index", false, "null_value", "x"),
                "d", Map.of("type", "date", "format", "yyyy")));
    assertThat(refusal(current, Map.of("properties", Map.of("t", Map.of("type", "text")))))
        .isEqualTo(
            "illegal_argument_exception: Mapper for [t] conflicts with existing mapper:\n"
                + "\tCannot update parameter [analyzer] from [standard] to [default]");
    assertThat(refusal(current, Map.of("properties", Map.of("k", Map.of("type", "keyword")))))
        .isEqualTo(
            "illegal_argument_exception: Mapper for [k] conflicts with existing mapper:\n"
                + "\tCannot update parameter [index] from [false] to [true]\n"
                + "\tCannot update parameter [null_value] from [x] to [null]");
    assertThat(refusal(current, Map.of("properties", Map.of("d", Map.of("type", "date")))))
        .endsWith(
            "Cannot update parameter [format] from [yyyy] to"
                + " [strict_date_optional_time||epoch_millis]");
  }

  @Test
  void updatableParametersTakeTheUpdatesValue() {
    Mapping current =
        mapping(
            Map.of(
                "k", Map.of("type", "keyword", "ignore_above", 10),
                "n", Map.of("type", "long", "ignore_malformed", true),
                "t", Map.of("type", "text")));
    Mapping merged =
        current.merge(
            Map.of(
                "properties",
                Map.of(
                    "k", Map.of("type", "keyword", "ignore_above", 20),
                    "n", Map.of("type", "long"),
                    "t", Map.of("type", "text", "norms", false, "copy_to", "k"))));
    assertThat(merged.properties().get("k").params()).containsEntry("ignore_above", 20);
    assertThat(merged.properties().get("n").params()).doesNotContainKey("ignore_malformed");
    assertThat(merged.properties().get("t").params()).containsEntry("copy_to", List.of("k"));
    // norms may be turned off, never back on
    assertThat(
            refusal(
                merged, Map.of("properties", Map.of("t", Map.of("type", "text", "norms", true)))))
        .endsWith("Cannot update parameter [norms] from [false] to [true]");
  }

  @Test
  void anUpdateWithAnUnknownRootParameterIsAMappingError() {
    assertThat(refusal(Mapping.EMPTY, Map.of("foo", 1)))
        .isEqualTo(
            "mapper_parsing_exception: Root mapping definition has unsupported parameters: "
                + " [foo : 1]");
  }

  @Test
  void metaAndCopyToSurviveTheMapForm() {
    Mapping parsed =
        Mapping.fromMap(
            Map.of(
                "_meta",
                Map.of("owner", "x"),
                "properties",
                Map.of("a", Map.of("type", "keyword", "copy_to", "b"))));
    assertThat(Mapping.fromMap(parsed.toMap())).isEqualTo(parsed);
    assertThatThrownBy(() -> Mapping.fromMap(Map.of("_meta", "no")))
        .hasMessageContaining("[_meta] must be an object");
  }
}
