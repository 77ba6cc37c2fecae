package dev.duet.engine.internal.admin;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.range;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.LuceneEngine;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.FieldCapsRequest;
import dev.duet.engine.search.FieldCapsResponse;
import dev.duet.engine.search.FieldCapsResponse.Capability;
import dev.duet.engine.search.Query;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code _field_caps} on a real engine, answered as OpenSearch 3.8.0 answers it. */
class FieldCapabilitiesTest {
  @TempDir Path data;
  private LuceneEngine engine;

  @BeforeEach
  void open() {
    engine = LuceneEngine.open(data);
    create(
        "logs-1",
        Map.of(
            "properties",
            Map.of(
                "number", Map.of("type", "double"),
                "msg", Map.of("type", "text", "fields", Map.of("raw", Map.of("type", "keyword"))),
                "latency", Map.of("type", "long", "meta", Map.of("unit", "ms")),
                "obj", Map.of("properties", Map.of("a", Map.of("type", "keyword", "index", false))),
                "when", Map.of("type", "date"))));
    create(
        "logs-2",
        Map.of(
            "properties",
            Map.of(
                "number", Map.of("type", "long"),
                "latency", Map.of("type", "long", "meta", Map.of("unit", "ns")),
                "obj",
                    Map.of("type", "nested", "properties", Map.of("a", Map.of("type", "keyword"))),
                "when", Map.of("type", "date"))));
    engine.bulk(
        bulk(
            RefreshPolicy.IMMEDIATE,
            index("logs-1", "1", "{\"when\":\"2015-01-02\"}"),
            index("logs-2", "1", "{\"when\":\"2020-03-04\"}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private void create(String name, Map<String, Object> mapping) {
    engine.createIndex(name, IndexSettings.DEFAULTS, Mapping.fromMap(mapping));
  }

  private FieldCapsResponse caps(String fields, boolean unmapped, Query filter) {
    return engine.fieldCaps(
        new FieldCapsRequest(
            "logs-*", IndicesOptions.DEFAULTS, List.of(fields.split(",")), unmapped, filter));
  }

  @Test
  void aFieldWithTwoTypesListsTheIndicesOfEach() {
    Map<String, Capability> number = caps("number", false, null).fields().get("number");

    assertThat(number.keySet()).containsExactly("double", "long");
    assertThat(number.get("double").indices()).containsExactly("logs-1");
    assertThat(number.get("long").indices()).containsExactly("logs-2");
    assertThat(number.get("long").searchable()).isTrue();
    assertThat(number.get("long").aggregatable()).isTrue();
  }

  @Test
  void oneTypeEverywhereListsNoIndicesAndMergesMeta() {
    Capability latency = caps("latency", false, null).fields().get("latency").get("long");

    assertThat(latency.indices()).isNull();
    assertThat(latency.meta()).isEqualTo(Map.of("unit", Set.of("ms", "ns")));
  }

  @Test
  void wildcardsFindLeavesMultiFieldsAndTheObjectsAboveThem() {
    FieldCapsResponse response = caps("msg*,obj*", false, null);

    assertThat(response.fields().get("msg").get("text").aggregatable()).isFalse();
    assertThat(response.fields().get("msg.raw").get("keyword").aggregatable()).isTrue();
    assertThat(response.fields().get("obj").keySet()).containsExactly("nested", "object");
    Capability a = response.fields().get("obj.a").get("keyword");
    assertThat(a.searchable()).isFalse();
    assertThat(a.nonSearchableIndices()).containsExactly("logs-1");
    assertThat(a.nonAggregatableIndices()).isNull();
  }

  @Test
  void includeUnmappedReportsTheIndicesLackingAField() {
    Map<String, Capability> msg = caps("msg", true, null).fields().get("msg");

    assertThat(msg.get("text").indices()).containsExactly("logs-1");
    assertThat(msg.get("unmapped").indices()).containsExactly("logs-2");
    assertThat(msg.get("unmapped").searchable()).isFalse();
  }

  @Test
  void metadataFieldsMatchPatternsAsOpenSearchReportsThem() {
    FieldCapsResponse response = caps("_i*", false, null);

    assertThat(response.fields().keySet()).containsExactly("_id", "_ignored", "_index");
    assertThat(response.fields().get("_id").get("_id").aggregatable()).isTrue();
    assertThat(response.fields().get("_ignored").get("_ignored").aggregatable()).isFalse();
  }

  @Test
  void anIndexFilterKeepsOnlyIndicesItMatchesAndANumberIsAYear() {
    FieldCapsResponse response = caps("*", false, range("when", null, 2019, null, null));

    assertThat(response.indices()).containsExactly("logs-2");
    assertThat(response.fields().get("number").keySet()).containsExactly("long");
  }

  @Test
  void noFieldsIsRefused() {
    assertThatThrownBy(
            () -> new FieldCapsRequest("logs-*", IndicesOptions.DEFAULTS, List.of(), false, null))
        .hasMessageContaining("specified fields can't be null or empty");
  }
}
