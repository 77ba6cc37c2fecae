package dev.duet.engine.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DynamicTemplateTest {

  private static Mapping withTemplates(Object templates) {
    return Mapping.fromMap(Map.of("dynamic_templates", templates));
  }

  @Test
  void matchesByTypeNameAndPathAndFillsPlaceholders() {
    Mapping mapping =
        withTemplates(
            List.of(
                Map.of(
                    "kw",
                    Map.of(
                        "match_mapping_type",
                        "string",
                        "match",
                        "kw_*",
                        "unmatch",
                        "kw_no*",
                        "mapping",
                        Map.of("type", "keyword"))),
                Map.of(
                    "by_path",
                    Map.of(
                        "path_match",
                        "obj.*",
                        "mapping",
                        Map.of("type", "{dynamic_type}", "analyzer", "{name}")))));
    DynamicTemplate kw = mapping.dynamicTemplates().get(0);
    DynamicTemplate byPath = mapping.dynamicTemplates().get(1);
    assertThat(kw.matches("kw_a", "string")).isTrue();
    assertThat(kw.matches("kw_a", "long")).isFalse();
    assertThat(kw.matches("kw_nope", "string")).isFalse();
    assertThat(kw.matches("obj.kw_a", "string")).isTrue();
    assertThat(byPath.matches("obj.simple", "string")).isTrue();
    assertThat(byPath.matches("other.simple", "string")).isFalse();
    FieldMapping field = byPath.fieldFor("obj.simple", "string");
    assertThat(field.type()).isEqualTo("text");
    assertThat(field.params()).containsEntry("analyzer", "simple");
    assertThat(Mapping.fromMap(mapping.toMap())).isEqualTo(mapping);
  }

  @Test
  void refusesAnUnknownMappingTypeAsOpenSearch() {
    assertThatThrownBy(
            () ->
                withTemplates(
                    List.of(
                        Map.of(
                            "x",
                            Map.of(
                                "match_mapping_type", "foo", "mapping", Map.of("type", "long"))))))
        .hasMessage(
            "Failed to parse mapping [_doc]: No field type matched on [foo], possible values are"
                + " [object, string, long, double, boolean, date, binary]");
  }

  @Test
  void aMappingUpdateReplacesTheTemplates() {
    Mapping current =
        withTemplates(List.of(Map.of("a", Map.of("match", "a*", "mapping", Map.of()))));
    Mapping kept = current.merge(Map.of("properties", Map.of()));
    assertThat(kept.dynamicTemplates()).extracting(DynamicTemplate::name).containsExactly("a");
    Mapping replaced =
        current.merge(
            Map.of("dynamic_templates", List.of(Map.of("b", Map.of("mapping", Map.of())))));
    assertThat(replaced.dynamicTemplates()).extracting(DynamicTemplate::name).containsExactly("b");
  }
}
