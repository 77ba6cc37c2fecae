package dev.duet.engine.internal.ingest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.ingest.Pipelines.Kind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each processor's behaviour and errors, and the pipeline rules, as OpenSearch 3.8 has them. */
class ProcessorsTest {
  private final NodePipelines pipelines = new NodePipelines(null);

  /**
   * Runs one processor over {@code source} through {@code _simulate}; the doc's source or error.
   */
  @SuppressWarnings("unchecked")
  private Map<String, Object> run(
      String type, Map<String, Object> config, Map<String, Object> source) {
    Map<String, Object> body =
        Map.of(
            "pipeline", Map.of("processors", List.of(Map.of(type, new LinkedHashMap<>(config)))),
            "docs", List.of(Map.of("_source", source)));
    Map<String, Object> answer = pipelines.simulate(null, body, false);
    Object first = ((List<Object>) answer.get("docs")).get(0);
    if (first == null) {
      return null;
    }
    Map<String, Object> result = (Map<String, Object>) first;
    if (result.containsKey("error")) {
      return (Map<String, Object>) result.get("error");
    }
    return (Map<String, Object>) ((Map<String, Object>) result.get("doc")).get("_source");
  }

  private static Map<String, Object> doc(Object... kv) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put((String) kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void setRendersTemplatesAndHonoursOverride() {
    assertThat(run("set", doc("field", "b.c", "value", "{{a}}!"), doc("a", "x")))
        .isEqualTo(doc("a", "x", "b", doc("c", "x!")));
    assertThat(run("set", doc("field", "a", "value", 2, "override", false), doc("a", 1)))
        .isEqualTo(doc("a", 1));
  }

  @Test
  void scriptReadsAndChangesTheDocumentAsCtx() {
    assertThat(
            run(
                "script",
                doc(
                    "source",
                    "ctx.total = ctx.a * params.f; ctx.remove('b'); ctx.tags = [ctx._index]",
                    "params",
                    doc("f", 3)),
                doc("a", 2, "b", "x")))
        .isEqualTo(doc("a", 2, "total", 6, "tags", List.of("_index")));
    assertThat(run("script", doc("source", "ctx.x = ctx.missing.length()"), doc("a", 1)))
        .containsEntry("type", "script_exception")
        .containsEntry("reason", "runtime error");
  }

  @Test
  void aScriptThatLeavesAValueContainingItselfFailsTheDocument() {
    assertThat(run("script", doc("source", "ctx.x = ctx"), doc("a", 1)))
        .containsEntry("reason", "Iterable object is self-referencing itself (ingest script)");
    assertThat(
            run(
                "script",
                doc(
                    "source",
                    "def m = [:]; def top = m; for (int i = 0; i < 5000; i++) {"
                        + " def n = [:]; m.n = n; m = n } ctx.deep = top"),
                doc("a", 1)))
        .containsEntry("reason", "a value the ingest script left nests deeper than [1000] levels");
    assertThat(run("script", doc("source", "def s = [1]; ctx.p = [s, s]"), doc("a", 1)))
        .as("a value shared, not nested in itself, is fine")
        .containsEntry("p", List.of(List.of(1), List.of(1)));
  }

  @Test
  void aScriptThatDoesNotCompileIsRefusedWithThePipeline() {
    assertThatThrownBy(() -> run("script", doc("source", "ctx.x = ;"), doc("a", 1)))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(400);
              assertThat(e.type()).isEqualTo("script_exception");
            });
    assertThatThrownBy(() -> run("script", doc("lang", "painless"), doc("a", 1)))
        .isInstanceOfSatisfying(
            DuetException.class,
            e ->
                assertThat(e.reason())
                    .isEqualTo(
                        "must specify either [source] for an inline script or [id] for a stored"
                            + " script"));
  }

  @Test
  void lowercaseRefusesANumberWithOpenSearchsWords() {
    assertThat(run("lowercase", doc("field", "a"), doc("a", "AbC"))).isEqualTo(doc("a", "abc"));
    assertThat(run("lowercase", doc("field", "a"), doc("a", 5)).get("reason"))
        .isEqualTo("field [a] of type [java.lang.Integer] cannot be cast to [java.lang.String]");
    assertThat(run("uppercase", doc("field", "a"), doc("b", 1)).get("reason"))
        .isEqualTo("field [a] not present as part of path [a]");
    assertThat(run("trim", doc("field", "a", "ignore_missing", true), doc("b", 1)))
        .isEqualTo(doc("b", 1));
  }

  @Test
  void removeRenameAppend() {
    assertThat(run("remove", doc("field", List.of("a", "b")), doc("a", 1, "b", 2, "c", 3)))
        .isEqualTo(doc("c", 3));
    assertThat(run("rename", doc("field", "a", "target_field", "b"), doc("a", 1)))
        .isEqualTo(doc("b", 1));
    assertThat(
            run("rename", doc("field", "a", "target_field", "b"), doc("a", 1, "b", 2))
                .get("reason"))
        .isEqualTo("field [b] already exists");
    assertThat(
            run(
                "append",
                doc("field", "t", "value", List.of("y", "x"), "allow_duplicates", false),
                doc("t", "x")))
        .isEqualTo(doc("t", List.of("x", "y")));
    assertThat(run("append", doc("field", "n", "value", "v"), doc()))
        .isEqualTo(doc("n", List.of("v")));
  }

  @Test
  void splitJoinConvertGsub() {
    assertThat(run("split", doc("field", "a", "separator", ","), doc("a", "x,y")))
        .isEqualTo(doc("a", List.of("x", "y")));
    assertThat(run("join", doc("field", "a", "separator", "-"), doc("a", List.of("x", "y"))))
        .isEqualTo(doc("a", "x-y"));
    assertThat(run("convert", doc("field", "a", "type", "integer"), doc("a", "42")))
        .isEqualTo(doc("a", 42));
    assertThat(run("convert", doc("field", "a", "type", "integer"), doc("a", "x")).get("reason"))
        .isEqualTo("unable to convert [x] to integer");
    assertThat(
            run("gsub", doc("field", "a", "pattern", "\\.", "replacement", "-"), doc("a", "1.2.3")))
        .isEqualTo(doc("a", "1-2-3"));
  }

  @Test
  void grokAndDissectUseOpenSearchsLibraries() {
    assertThat(
            run(
                "grok",
                doc(
                    "field",
                    "m",
                    "patterns",
                    List.of("%{IP:client.ip} %{WORD:verb} %{NUMBER:bytes:int}")),
                doc("m", "10.0.0.1 GET 512")))
        .isEqualTo(
            doc(
                "m",
                "10.0.0.1 GET 512",
                "client",
                doc("ip", "10.0.0.1"),
                "verb",
                "GET",
                "bytes",
                512));
    assertThat(
            run("grok", doc("field", "m", "patterns", List.of("%{IP:ip}")), doc("m", "nope"))
                .get("reason"))
        .isEqualTo("Provided Grok expressions do not match field value: [nope]");
    assertThat(run("dissect", doc("field", "m", "pattern", "%{a} - %{b}"), doc("m", "x - y")))
        .isEqualTo(doc("m", "x - y", "a", "x", "b", "y"));
  }

  @Test
  void kvCsvJsonDateDotExpanderUrlDecodeHtmlStripBytes() {
    assertThat(
            run(
                "kv",
                doc("field", "m", "field_split", " ", "value_split", "="),
                doc("m", "a=1 b=2")))
        .isEqualTo(doc("m", "a=1 b=2", "a", "1", "b", "2"));
    assertThat(
            run(
                "csv",
                doc("field", "m", "target_fields", List.of("x", "y")),
                doc("m", "1,\"a,b\"")))
        .isEqualTo(doc("m", "1,\"a,b\"", "x", "1", "y", "a,b"));
    assertThat(run("json", doc("field", "m", "target_field", "j"), doc("m", "{\"k\":[1]}")))
        .isEqualTo(doc("m", "{\"k\":[1]}", "j", doc("k", List.of(1))));
    assertThat(
            run(
                "date",
                doc("field", "d", "formats", List.of("dd/MM/yyyy")),
                doc("d", "07/12/2026")))
        .containsEntry("@timestamp", "2026-12-07T00:00:00.000Z");
    assertThat(
            run("date", doc("field", "d", "formats", List.of("UNIX_MS")), doc("d", "x"))
                .get("reason"))
        .isEqualTo("unable to parse date [x]");
    // OpenSearch's named formats are the date field's; an unknown time zone fails each document
    // (as OpenSearch 3.8.0 answers), not the pipeline.
    assertThat(
            run(
                "date",
                doc("field", "d", "formats", List.of("strict_date_optional_time")),
                doc("d", "2026-12-07T10:00:00")))
        .containsEntry("@timestamp", "2026-12-07T10:00:00.000Z");
    assertThat(
            run(
                    "date",
                    doc("field", "d", "formats", List.of("ISO8601"), "timezone", "Nope/Zone"),
                    doc("d", "2026-12-07T10:00:00"))
                .get("reason"))
        .isEqualTo("unable to parse date [2026-12-07T10:00:00]");
    assertThat(run("dot_expander", doc("field", "a.b"), doc("a.b", 1)))
        .isEqualTo(doc("a", doc("b", 1)));
    assertThat(run("urldecode", doc("field", "u"), doc("u", "a%20b"))).isEqualTo(doc("u", "a b"));
    assertThat(run("html_strip", doc("field", "h"), doc("h", "<p>hi</p>")))
        .isEqualTo(doc("h", "\nhi\n"));
    assertThat(run("bytes", doc("field", "b"), doc("b", "1kb"))).isEqualTo(doc("b", 1024L));
  }

  @Test
  void failDropForeachAndConditions() {
    Map<String, Object> error = run("fail", doc("message", "bad {{a}}"), doc("a", "x"));
    assertThat(error)
        .containsEntry("type", "fail_processor_exception")
        .containsEntry("reason", "bad x");
    assertThat(run("drop", doc(), doc("a", 1))).isNull();
    assertThat(run("drop", doc("if", "ctx.a == 2"), doc("a", 1))).isEqualTo(doc("a", 1));
    assertThat(run("drop", doc("if", "ctx?.a != null && ctx.a >= 1"), doc("a", 1))).isNull();
    assertThat(
            run(
                "foreach",
                doc(
                    "field",
                    "l",
                    "processor",
                    Map.of("uppercase", new LinkedHashMap<>(doc("field", "_ingest._value")))),
                doc("l", new ArrayList<>(List.of("a", "b")))))
        .isEqualTo(doc("l", List.of("A", "B")));
  }

  @Test
  void onFailureAndIgnoreFailure() {
    Map<String, Object> onFailure =
        doc(
            "field",
            "a",
            "on_failure",
            List.of(
                Map.of(
                    "set",
                    new LinkedHashMap<>(
                        doc("field", "err", "value", "{{_ingest.on_failure_message}}")))));
    assertThat(run("lowercase", onFailure, doc("a", 1)))
        .isEqualTo(
            doc(
                "a",
                1,
                "err",
                "field [a] of type [java.lang.Integer] cannot be cast to [java.lang.String]"));
    assertThat(run("lowercase", doc("field", "a", "ignore_failure", true), doc("a", 1)))
        .isEqualTo(doc("a", 1));
  }

  @Test
  void configurationErrorsAreOpenSearchs() {
    assertThatThrownBy(
            () ->
                pipelines.put(
                    Kind.INGEST,
                    "p",
                    Map.of(
                        "processors",
                        List.of(Map.of("set", new LinkedHashMap<>(doc("value", 1)))))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("parse_exception");
              assertThat(e.reason()).isEqualTo("[field] required property is missing");
              assertThat(e.metadata())
                  .containsEntry("processor_type", "set")
                  .containsEntry("property_name", "field");
            });
    assertThatThrownBy(
            () ->
                pipelines.put(
                    Kind.INGEST, "p", Map.of("processors", List.of(Map.of("nope", Map.of())))))
        .hasMessage("No processor type exists with name [nope]");
    assertThatThrownBy(
            () ->
                pipelines.put(
                    Kind.INGEST, "p", Map.of("processors", List.of(), "invalid_field", Map.of())))
        .hasMessage(
            "pipeline [p] doesn't support one or more provided configuration parameters [invalid_field]");
    assertThatThrownBy(
            () ->
                pipelines.put(
                    Kind.INGEST,
                    "p",
                    Map.of(
                        "processors",
                        List.of(
                            Map.of(
                                "set",
                                new LinkedHashMap<>(doc("field", "a", "value", 1, "bogus", 2)))))))
        .hasMessage(
            "processor [set] doesn't support one or more provided configuration parameters [bogus]");
    assertThatThrownBy(
            () ->
                pipelines.put(
                    Kind.INGEST,
                    "p",
                    Map.of(
                        "processors",
                        List.of(
                            Map.of("drop", new LinkedHashMap<>(doc("if", "ctx.a.size() > 1")))))))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> assertThat(e.metadata()).containsEntry("property_name", "if"));
    assertThatThrownBy(
            () ->
                pipelines.put(
                    Kind.SEARCH,
                    "s",
                    Map.of("request_processors", List.of(Map.of("filter_query", Map.of())))))
        .hasMessage("Did not specify the query property in processor of type filter_query");
  }

  @Test
  void pipelinesSurviveARestart(@TempDir Path dir) {
    NodePipelines first = new NodePipelines(dir);
    first.put(Kind.INGEST, "p1", Map.of("description", "d", "version", 3, "processors", List.of()));
    first.put(Kind.SEARCH, "s1", Map.of("request_processors", List.of()));
    NodePipelines second = new NodePipelines(dir);
    assertThat(second.get(Kind.INGEST, "p*")).containsKey("p1");
    assertThat(second.get(Kind.INGEST, "p1").get("p1")).containsEntry("version", 3);
    assertThat(second.get(Kind.SEARCH, null)).containsKey("s1");
    second.delete(Kind.INGEST, "p1");
    assertThat(new NodePipelines(dir).get(Kind.INGEST, null)).isEmpty();
    assertThatThrownBy(() -> second.delete(Kind.INGEST, "nope"))
        .hasMessage("pipeline [nope] is missing");
  }
}
