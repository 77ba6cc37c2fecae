package dev.duet.engine.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MappingTest {

  @Test
  void parsesAndRendersEveryTypeSortedByName() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put("title", Map.of("type", "text", "analyzer", "english"));
    properties.put(
        "author",
        Map.of(
            "type",
            "text",
            "fields",
            Map.of("raw", Map.of("type", "keyword", "ignore_above", "100"))));
    properties.put("year", Map.of("type", "short"));
    properties.put("price", Map.of("type", "double"));
    properties.put("published", Map.of("type", "date", "format", "yyyy-MM-dd"));
    properties.put("available", Map.of("type", "boolean", "index", "false"));
    properties.put("tags", Map.of("type", "keyword"));
    properties.put(
        "meta", Map.of("dynamic", "strict", "properties", Map.of("pages", Map.of("type", "long"))));

    Mapping mapping = Mapping.fromMap(Map.of("dynamic", false, "properties", properties));
    Map<String, Object> rendered = mapping.toMap();

    assertThat(mapping.dynamic()).isEqualTo(Mapping.Dynamic.FALSE);
    assertThat(rendered.get("dynamic")).isEqualTo("false");
    @SuppressWarnings("unchecked")
    Map<String, Object> props = (Map<String, Object>) rendered.get("properties");
    assertThat(props.keySet())
        .containsExactly(
            "author", "available", "meta", "price", "published", "tags", "title", "year");
    assertThat(props.get("author"))
        .isEqualTo(
            Map.of(
                "type",
                "text",
                "fields",
                Map.of("raw", Map.of("type", "keyword", "ignore_above", 100))));
    assertThat(props.get("available")).isEqualTo(Map.of("type", "boolean", "index", false));
    assertThat(props.get("meta"))
        .isEqualTo(
            Map.of("dynamic", "strict", "properties", Map.of("pages", Map.of("type", "long"))));
    assertThat(Mapping.fromMap(rendered)).isEqualTo(mapping);
  }

  @Test
  void rendersTypeBeforeParametersAndFieldsLast() {
    Map<String, Object> field = new LinkedHashMap<>();
    field.put("fields", Map.of("keyword", Map.of("type", "keyword", "ignore_above", 256)));
    field.put("type", "text");

    Mapping mapping = Mapping.fromMap(Map.of("properties", Map.of("name", field)));

    assertThat(mapping.toMap().toString())
        .isEqualTo(
            "{properties={name={type=text, fields={keyword={type=keyword, ignore_above=256}}}}}");
  }

  @Test
  void expandsDottedNamesIntoObjects() {
    Mapping mapping =
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "user.name.first",
                    Map.of("type", "keyword"),
                    "user.age",
                    Map.of("type", "integer"))));

    FieldMapping user = mapping.properties().get("user");
    assertThat(user.type()).isEqualTo("object");
    assertThat(user.properties().get("age").type()).isEqualTo("integer");
    assertThat(user.properties().get("name").properties().get("first").type()).isEqualTo("keyword");
  }

  @Test
  void emptyAndNullMappingsAreEmpty() {
    assertThat(Mapping.fromMap(Map.of())).isEqualTo(Mapping.EMPTY);
    assertThat(Mapping.fromMap(null)).isEqualTo(Mapping.EMPTY);
    assertThat(Mapping.EMPTY.toMap()).isEmpty();
  }

  @Test
  void unknownTypeIsAMapperParsingException() {
    assertThatThrownBy(
            () -> Mapping.fromMap(Map.of("properties", Map.of("bar", Map.of("type", "foo")))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("mapper_parsing_exception");
              assertThat(e.reason())
                  .isEqualTo(
                      "Failed to parse mapping [_doc]: No handler for type [foo] declared on field"
                          + " [bar]");
              assertThat(e.causedBy().reason())
                  .isEqualTo("No handler for type [foo] declared on field [bar]");
            });
  }

  @Test
  void unknownParameterAndRootKeyAreRefused() {
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of("properties", Map.of("bar", Map.of("type", "text", "foo", 1)))))
        .hasMessageEndingWith("unknown parameter [foo] on mapper [bar] of type [text]");
    assertThatThrownBy(() -> Mapping.fromMap(Map.of("foo", 1)))
        .hasMessageEndingWith("Root mapping definition has unsupported parameters:  [foo : 1]");
    assertThatThrownBy(
            () ->
                Mapping.fromMap(
                    Map.of("properties", Map.of("t", Map.of("type", "text", "analyzer", "nope")))))
        .hasMessageEndingWith("analyzer [nope] has not been configured in mappings");
    assertThatThrownBy(() -> Mapping.fromMap(Map.of("properties", List.of())))
        .isInstanceOf(DuetException.class);
    assertThatThrownBy(() -> Mapping.fromMap(Map.of("dynamic", "sometimes")))
        .isInstanceOf(DuetException.class);
  }

  @Test
  void rendersParametersInOpenSearchOrder() {
    Map<String, Object> properties = new LinkedHashMap<>();
    properties.put(
        "k",
        Map.of(
            "ignore_above",
            10,
            "null_value",
            "x",
            "doc_values",
            false,
            "store",
            true,
            "index",
            false,
            "boost",
            2,
            "type",
            "keyword"));
    properties.put(
        "d",
        Map.of(
            "null_value",
            "2020-01-01",
            "ignore_malformed",
            true,
            "format",
            "yyyy",
            "store",
            true,
            "doc_values",
            false,
            "index",
            false,
            "type",
            "date"));
    properties.put(
        "n",
        Map.of(
            "ignore_malformed",
            true,
            "coerce",
            false,
            "null_value",
            3,
            "store",
            true,
            "doc_values",
            false,
            "index",
            false,
            "type",
            "long"));
    properties.put(
        "t",
        Map.of(
            "search_analyzer",
            "simple",
            "norms",
            false,
            "analyzer",
            "standard",
            "store",
            true,
            "index",
            false,
            "type",
            "text"));
    properties.put(
        "b",
        Map.of(
            "null_value",
            true,
            "store",
            true,
            "doc_values",
            false,
            "index",
            false,
            "type",
            "boolean"));
    properties.put(
        "o",
        Map.of(
            "enabled",
            false,
            "dynamic",
            "strict",
            "properties",
            Map.of("x", Map.of("type", "long"))));
    properties.put("e", Map.of("type", "object"));

    // What OpenSearch 3.8 answers to GET _mapping for this mapping.
    assertThat(Mapping.fromMap(Map.of("properties", properties)).toMap().toString())
        .isEqualTo(
            "{properties={b={type=boolean, doc_values=false, index=false, null_value=true,"
                + " store=true}, d={type=date, index=false, doc_values=false, store=true,"
                + " format=yyyy, null_value=2020-01-01, ignore_malformed=true}, e={type=object},"
                + " k={type=keyword,"
                + " index=false, doc_values=false, store=true, null_value=x, ignore_above=10,"
                + " boost=2.0}, n={type=long, index=false, doc_values=false, store=true,"
                + " ignore_malformed=true, coerce=false, null_value=3}, o={dynamic=strict,"
                + " enabled=false, properties={x={type=long}}}, t={type=text, index=false, store=true, norms=false,"
                + " analyzer=standard, search_analyzer=simple}}}");
  }
}
