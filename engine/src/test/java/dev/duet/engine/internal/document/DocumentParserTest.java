package dev.duet.engine.internal.document;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.document.BulkItemResponse;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.EngineFixture;
import dev.duet.engine.mapping.Mapping;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

public class DocumentParserTest {
  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "typed",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "dynamic",
                "strict",
                "properties",
                Map.of(
                    "age", Map.of("type", "long"),
                    "i", Map.of("type", "integer"),
                    "b", Map.of("type", "boolean"),
                    "d", Map.of("type", "date"),
                    "t", Map.of("type", "text"),
                    "o", Map.of("properties", Map.of("x", Map.of("type", "keyword")))))));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private DuetException failure(String index, String json) {
    BulkItemResponse item =
        engine.bulk(bulk(RefreshPolicy.NONE, index(index, "1", json))).items().get(0);
    assertThat(item.failed()).as("item should fail: %s", json).isTrue();
    assertThat(item.status()).isEqualTo(item.failure().status());
    return item.failure();
  }

  @Test
  void dynamicMappingFollowsOpenSearch() {
    engine.bulk(
        bulk(
            index(
                "dyn",
                "1",
                "{\"empty\":{},\"s\":\"hello\",\"n\":5,\"f\":1.5,\"b\":true,\"d1\":\"2020-01-01\","
                    + "\"d2\":\"2020/01/02\",\"o\":{\"x\":\"y\"},\"arr\":[1,2],\"nul\":null,"
                    + "\"e\":[],\"yr\":\"2015\",\"dotted.x\":1}")));

    assertThat(engine.index("dyn").mapping().toMap().toString())
        .isEqualTo(
            "{properties={arr={type=long}, b={type=boolean}, d1={type=date},"
                + " d2={type=date, format=yyyy/MM/dd HH:mm:ss||yyyy/MM/dd||epoch_millis,"
                + " print_format=yyyy/MM/dd HH:mm:ss}, dotted={properties={x={type=long}}},"
                + " empty={type=object},"
                + " f={type=float}, n={type=long}, o={properties={x={type=text,"
                + " fields={keyword={type=keyword, ignore_above=256}}}}}, s={type=text,"
                + " fields={keyword={type=keyword, ignore_above=256}}}, yr={type=text,"
                + " fields={keyword={type=keyword, ignore_above=256}}}}}");
  }

  @Test
  void dynamicFalseKeepsSourceButDoesNotMap() {
    engine.createIndex(
        "quiet", IndexSettings.DEFAULTS, Mapping.fromMap(Map.of("dynamic", "false")));
    BulkItemResponse item =
        engine.bulk(bulk(index("quiet", "1", "{\"a\":{\"b\":1},\"c\":\"x\"}"))).items().get(0);

    assertThat(item.failed()).isFalse();
    assertThat(engine.index("quiet").mapping().toMap()).isEqualTo(Map.of("dynamic", "false"));
    assertThat(engine.get("quiet", "1").found()).isTrue();
  }

  @Test
  void strictMappingRefusesNewFieldsNamingTheirObject() {
    DuetException root = failure("typed", "{\"zz\":\"abc\"}");
    assertThat(root.type()).isEqualTo("strict_dynamic_mapping_exception");
    assertThat(root.reason())
        .isEqualTo(
            "mapping set to strict, dynamic introduction of [zz] within [_doc] is not allowed");

    assertThat(failure("typed", "{\"zz\":null}").type())
        .isEqualTo("strict_dynamic_mapping_exception");
    assertThat(failure("typed", "{\"zz\":[]}").type())
        .isEqualTo("strict_dynamic_mapping_exception");
    assertThat(engine.bulk(bulk(index("typed", "2", "{\"o\":{},\"age\":null}"))).errors())
        .isFalse();

    DuetException nested = failure("typed", "{\"o\":{\"zz\":1}}");
    assertThat(nested.reason())
        .isEqualTo("mapping set to strict, dynamic introduction of [zz] within [o] is not allowed");
  }

  @Test
  void valuesThatDoNotFitTheMappingFailLikeOpenSearch() {
    DuetException notANumber = failure("typed", "{\"age\":\"abc\"}");
    assertThat(notANumber.type()).isEqualTo("mapper_parsing_exception");
    assertThat(notANumber.reason())
        .isEqualTo(
            "failed to parse field [age] of type [long] in document with id '1'. Preview of"
                + " field's value: 'abc'");
    assertThat(notANumber.causedBy().type()).isEqualTo("illegal_argument_exception");
    assertThat(notANumber.causedBy().reason()).isEqualTo("For input string: \"abc\"");

    DuetException tooBig = failure("typed", "{\"i\":3000000000}");
    assertThat(tooBig.causedBy().type()).isEqualTo("input_coercion_exception");
    assertThat(tooBig.causedBy().reason())
        .startsWith("Numeric value (3000000000) out of range of `int`");

    DuetException notAnInteger = failure("typed", "{\"i\":\"abc\"}");
    assertThat(notAnInteger.causedBy().type()).isEqualTo("number_format_exception");

    DuetException integerString = failure("typed", "{\"i\":\"3000000000\"}");
    assertThat(integerString.causedBy().reason())
        .isEqualTo("Value [3000000000] is out of range for an integer");

    DuetException bool = failure("typed", "{\"b\":\"abc\"}");
    assertThat(bool.causedBy().reason())
        .isEqualTo("Failed to parse value [abc] as only [true] or [false] are allowed.");

    DuetException date = failure("typed", "{\"d\":\"abc\"}");
    assertThat(date.causedBy().reason())
        .isEqualTo(
            "failed to parse date field [abc] with format"
                + " [strict_date_optional_time||epoch_millis]");
    assertThat(date.causedBy().causedBy().type()).isEqualTo("date_time_parse_exception");

    DuetException object = failure("typed", "{\"age\":{\"a\":\"b\"}}");
    assertThat(object.reason()).endsWith("Preview of field's value: '{a=b}'");

    DuetException concrete = failure("typed", "{\"o\":5}");
    assertThat(concrete.reason())
        .isEqualTo(
            "object mapping for [o] tried to parse field [o] as object, but found a concrete value");
  }

  @Test
  void malformedSourceFailsToParse() {
    DuetException truncated = failure("typed", "{\"age\":");
    assertThat(truncated.type()).isEqualTo("mapper_parsing_exception");
    assertThat(truncated.reason()).isEqualTo("failed to parse");
    assertThat(truncated.causedBy().type()).isEqualTo("unexpected_end_of_input_exception");

    DuetException garbage = failure("typed", "{\"a\":x}");
    assertThat(garbage.causedBy().type()).isEqualTo("json_parse_exception");

    DuetException duplicate = failure("typed", "{\"age\":1,\"age\":2}");
    assertThat(duplicate.causedBy().reason()).startsWith("Duplicate Object property \"age\"");

    DuetException trailing = failure("typed", "{\"age\":1} trailing");
    assertThat(trailing.causedBy().reason()).startsWith("Unrecognized token 'trailing'");

    DuetException notObject = failure("typed", "[1]");
    assertThat(notObject.causedBy().type()).isEqualTo("not_x_content_exception");
  }

  @Test
  void coercesNumbersLikeOpenSearch() {
    BulkItemResponse item =
        engine
            .bulk(bulk(index("typed", "1", "{\"age\":\"42\",\"i\":1.7,\"b\":\"true\"}")))
            .items()
            .get(0);

    assertThat(item.failed()).isFalse();
    assertThat(
            engine
                .search(EngineFixture.search("typed", EngineFixture.term("i", 1)))
                .totalHits()
                .value())
        .isEqualTo(1);
    assertThat(
            engine
                .search(EngineFixture.search("typed", EngineFixture.term("age", 42)))
                .totalHits()
                .value())
        .isEqualTo(1);
  }

  @Test
  void failedItemsLeaveOthersInTheBulkAlone() {
    var response =
        engine.bulk(
            bulk(
                index("typed", "1", "{\"age\":\"abc\"}"),
                index("typed", "2", "{\"age\":7}"),
                index("Bad", "3", "{}")));

    assertThat(response.errors()).isTrue();
    assertThat(response.items().get(0).failed()).isTrue();
    assertThat(response.items().get(1).status()).isEqualTo(201);
    assertThat(response.items().get(2).failure().type()).isEqualTo("invalid_index_name_exception");
  }

  @Test
  void nullValueAndIgnoreMalformedApply() {
    engine.createIndex(
        "params",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "status", Map.of("type", "keyword", "null_value", "NONE"),
                    "count", Map.of("type", "integer", "ignore_malformed", true)))));

    var response =
        engine.bulk(
            bulk(
                index("params", "1", "{\"status\":null,\"count\":\"many\"}"),
                index("params", "2", "{\"status\":\"OK\",\"count\":3}")));

    assertThat(response.errors()).isFalse();
    assertThat(
            engine
                .search(EngineFixture.search("params", EngineFixture.term("status", "NONE")))
                .hits())
        .extracting(h -> h.id())
        .containsExactly("1");
    assertThat(
            engine
                .search(
                    EngineFixture.search(
                        "params", EngineFixture.range("count", null, 0, null, null)))
                .hits())
        .extracting(h -> h.id())
        .containsExactly("2");
  }

  @Test
  void immenseKeywordTermIsABadRequest() {
    engine.createIndex(
        "huge",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(Map.of("properties", Map.of("k", Map.of("type", "keyword")))));

    var item =
        engine
            .bulk(bulk(index("huge", "1", "{\"k\":\"" + "x".repeat(40_000) + "\"}")))
            .items()
            .get(0);

    assertThat(item.status()).isEqualTo(400);
    assertThat(item.failure().type()).isEqualTo("illegal_argument_exception");
    assertThat(item.failure().reason()).contains("immense term");
    assertThat(item.failure().causedBy().type()).isEqualTo("max_bytes_length_exceeded_exception");
  }
}
