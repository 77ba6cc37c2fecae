package dev.duet.engine.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class SourceMergeTest {

  @Test
  void mergesObjectsDeeplyReplacesArraysAndAppendsNewKeys() {
    Map<String, Object> source = parse("{\"a\":1,\"o\":{\"x\":1,\"y\":[1,2]},\"s\":\"t\"}");
    boolean changed =
        SourceMerge.update(source, parse("{\"o\":{\"y\":[3],\"z\":2},\"b\":2}"), true);

    assertThat(changed).isTrue();
    assertThat(write(source))
        .isEqualTo("{\"a\":1,\"o\":{\"x\":1,\"y\":[3],\"z\":2},\"s\":\"t\",\"b\":2}");
  }

  @Test
  void detectsThatNothingChanged() {
    Map<String, Object> source = parse("{\"a\":1,\"o\":{\"x\":\"v\",\"l\":[1,2]}}");

    assertThat(SourceMerge.update(source, parse("{\"a\":1,\"o\":{\"l\":[1,2]}}"), true)).isFalse();
    assertThat(SourceMerge.update(source, parse("{\"o\":{\"x\":\"w\"}}"), true)).isTrue();
    assertThat(write(source)).isEqualTo("{\"a\":1,\"o\":{\"x\":\"w\",\"l\":[1,2]}}");
  }

  @Test
  void aNumberOfAnotherTypeIsAChange() {
    // OpenSearch compares parsed values: 1 and 1.0 differ, so the update is not a noop.
    assertThat(SourceMerge.update(parse("{\"a\":1}"), parse("{\"a\":1.0}"), true)).isTrue();
  }

  @Test
  void withoutDetectionEveryChangeCounts() {
    assertThat(SourceMerge.update(parse("{\"a\":1}"), parse("{\"a\":1}"), false)).isTrue();
    assertThat(SourceMerge.update(parse("{\"a\":1}"), parse("{}"), false)).isFalse();
  }

  @Test
  void nullValuesAreKept() {
    Map<String, Object> source = parse("{\"a\":1}");
    SourceMerge.update(source, parse("{\"a\":null,\"b\":[null,true]}"), true);
    assertThat(write(source)).isEqualTo("{\"a\":null,\"b\":[null,true]}");
  }

  @Test
  void refusesANonObject() {
    assertThatThrownBy(() -> parse("[1]"))
        .isInstanceOfSatisfying(
            DuetException.class, e -> assertThat(e.type()).isEqualTo("mapper_parsing_exception"));
  }

  private static Map<String, Object> parse(String json) {
    return SourceMerge.parse(json.getBytes(StandardCharsets.UTF_8));
  }

  private static String write(Map<String, Object> source) {
    return new String(SourceMerge.write(source), StandardCharsets.UTF_8);
  }
}
