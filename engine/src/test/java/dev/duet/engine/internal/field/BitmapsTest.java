package dev.duet.engine.internal.field;

import static dev.duet.engine.internal.EngineFixture.bulk;
import static dev.duet.engine.internal.EngineFixture.index;
import static dev.duet.engine.internal.EngineFixture.search;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.Engine;
import dev.duet.engine.Engines;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.TermsLookup;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.roaringbitmap.RoaringBitmap;
import org.roaringbitmap.longlong.Roaring64NavigableMap;

/**
 * {@code terms} with {@code value_type: bitmap}, as OpenSearch 3.8.0 answers it: a 32-bit
 * RoaringBitmap on an {@code integer} field, a 64-bit one on a {@code long}, a stored bitmap of a
 * {@code binary} field through a lookup, and its refusals.
 */
class BitmapsTest {
  /** 111 and 222, as the REST suite's 380_bitmap_filtering writes them. */
  static final String BITMAP_111_222 = "OjAAAAEAAAAAAAEAEAAAAG8A3gA=";

  @TempDir Path data;
  Engine engine;

  @BeforeEach
  void open() {
    engine = Engines.open(data);
    engine.createIndex(
        "students",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of(
                "properties",
                Map.of(
                    "i", Map.of("type", "integer"),
                    "l", Map.of("type", "long"),
                    "s", Map.of("type", "short"),
                    "k", Map.of("type", "keyword")))));
    engine.createIndex(
        "classes",
        IndexSettings.DEFAULTS,
        Mapping.fromMap(
            Map.of("properties", Map.of("enrolled", Map.of("type", "binary", "store", true)))));
    engine.bulk(
        bulk(
            index("students", "1", "{\"i\":111,\"l\":111,\"s\":1,\"k\":\"111\"}"),
            index("students", "2", "{\"i\":222,\"l\":222,\"s\":2,\"k\":\"222\"}"),
            index("students", "3", "{\"i\":-5,\"l\":-5,\"s\":3,\"k\":\"333\"}"),
            index("classes", "101", "{\"enrolled\":\"" + BITMAP_111_222 + "\"}")));
  }

  @AfterEach
  void close() {
    engine.close();
  }

  private List<String> ids(Query query) {
    return engine.search(search("students", query)).hits().stream()
        .map(SearchHit::id)
        .sorted()
        .toList();
  }

  private static Query.Terms bitmap(String field, String value) {
    return new Query.Terms(field, List.of(value), Query.Terms.ValueType.BITMAP, 1f);
  }

  @Test
  void anIntegerFieldMatchesTheBitmapsIntegersNegativeOnesIncluded() throws IOException {
    assertThat(ids(bitmap("i", BITMAP_111_222))).containsExactly("1", "2");
    assertThat(ids(bitmap("i", ints(-5, 222)))).containsExactly("2", "3");
    assertThat(engine.search(search("students", bitmap("i", BITMAP_111_222))).hits())
        .extracting(SearchHit::score)
        .containsOnly(1f);
  }

  @Test
  void aLongFieldReadsThePortable64BitFormat() throws IOException {
    Roaring64NavigableMap longs = Roaring64NavigableMap.bitmapOf(111L, -5L);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    longs.serializePortable(new DataOutputStream(bytes));
    String base64 = Base64.getEncoder().encodeToString(bytes.toByteArray());
    assertThat(ids(bitmap("l", base64))).containsExactly("1", "3");
    assertThatThrownBy(() -> ids(bitmap("l", BITMAP_111_222)))
        .satisfies(
            e -> assertThat(reasons(e)).contains("Failed to deserialize the 64-bit bitmap."));
  }

  @Test
  void aStoredBinaryBitmapIsReadThroughALookup() {
    TermsLookup lookup =
        new TermsLookup(
            "i", "classes", "101", "enrolled", null, true, Query.Terms.ValueType.BITMAP, 1f);
    assertThat(ids(lookup)).containsExactly("1", "2");
  }

  @Test
  void otherTypesAndBadValuesAreRefusedAsOpenSearchRefusesThem() {
    assertThatThrownBy(() -> ids(bitmap("s", BITMAP_111_222)))
        .satisfies(
            e ->
                assertThat(reasons(e))
                    .contains("Field [short] of type [short] does not support bitmap queries"));
    assertThatThrownBy(() -> ids(bitmap("i", "xyz")))
        .isInstanceOf(DuetException.class)
        .satisfies(e -> assertThat(((DuetException) e).status()).isEqualTo(400))
        .satisfies(e -> assertThat(reasons(e)).contains("Failed to deserialize the bitmap."));
    assertThatThrownBy(
            () ->
                new Query.Terms(
                    "i", List.of(BITMAP_111_222, "x"), Query.Terms.ValueType.BITMAP, 1f))
        .hasMessage(
            "Invalid value for bitmap type: Expected a single-element array with a base64"
                + " encoded serialized bitmap.");
    assertThatThrownBy(() -> Query.Terms.ValueType.of("bitmapx"))
        .hasMessage("bitmapx is not valid value_type");
    // a keyword reads the value as an ordinary term; an unmapped field matches nothing
    assertThat(ids(bitmap("k", BITMAP_111_222))).isEmpty();
    assertThat(ids(bitmap("nope", BITMAP_111_222))).isEmpty();
  }

  private static String ints(int... values) {
    RoaringBitmap bitmap = RoaringBitmap.bitmapOf(values);
    ByteBuffer buffer = ByteBuffer.allocate(bitmap.serializedSizeInBytes());
    bitmap.serialize(buffer);
    return Base64.getEncoder().encodeToString(buffer.array());
  }

  private static String reasons(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.append(t.getMessage()).append('\n');
    }
    return out.toString();
  }
}
