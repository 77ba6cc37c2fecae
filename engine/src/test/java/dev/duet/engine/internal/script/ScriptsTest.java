package dev.duet.engine.internal.script;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.script.Script;
import dev.duet.engine.script.ScriptFailure;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScriptsTest {
  @Test
  void updateScriptChangesCtxWithParams() {
    UpdateScript.Factory f =
        Scripts.compile(Script.inline("ctx._source.counter += params.count"), Scripts.UPDATE);
    Map<String, Object> source = new HashMap<>(Map.of("counter", 1));
    Map<String, Object> ctx = new HashMap<>(Map.of("_source", source, "op", "index"));
    f.newInstance(Map.of("count", 4), ctx).execute();
    assertThat(source).containsEntry("counter", 5);
  }

  @Test
  void compileErrorIsOpenSearchsScriptException() {
    assertThatThrownBy(
            () -> Scripts.compile(Script.inline("ctx._source.counter += "), Scripts.UPDATE))
        .isInstanceOfSatisfying(
            ScriptFailure.class,
            e -> {
              assertThat(e.type()).isEqualTo("script_exception");
              assertThat(e.reason()).isEqualTo("compile error");
              assertThat(e.scriptStack())
                  .containsExactly("ctx._source.counter += ", "                       ^---- HERE");
              assertThat(e.lang()).isEqualTo("painless");
              assertThat(e.position()).containsExactly(23, 0, 23);
              assertThat(e.causedBy().type()).isEqualTo("illegal_argument_exception");
              assertThat(e.causedBy().reason()).isEqualTo("unexpected end of script.");
            });
  }

  @Test
  void loopsAreBoundedByPainlesssCounter() {
    UpdateScript.Factory f =
        Scripts.compile(Script.inline("while (params.size() >= 0) {}"), Scripts.UPDATE);
    assertThatThrownBy(() -> f.newInstance(Map.of(), new HashMap<>()).execute())
        .isInstanceOf(org.opensearch.script.ScriptException.class)
        .satisfies(
            e ->
                assertThat(
                        Scripts.failure((org.opensearch.script.ScriptException) e)
                            .causedBy()
                            .reason())
                    .contains("loop"));
  }

  @Test
  void scoreScriptReadsDocValues(@TempDir Path dir) throws Exception {
    try (FSDirectory d = FSDirectory.open(dir);
        IndexWriter w = new IndexWriter(d, new IndexWriterConfig())) {
      Document doc = new Document();
      doc.add(new SortedNumericDocValuesField("price", 10));
      doc.add(new SortedNumericDocValuesField("rate", NumericUtils.doubleToSortableLong(1.5)));
      doc.add(new SortedSetDocValuesField("tag", new BytesRef("red")));
      w.addDocument(doc);
      w.addDocument(new Document());
      w.commit();
      try (DirectoryReader r = DirectoryReader.open(d)) {
        LeafReader leaf = r.leaves().get(0).reader();
        Map<String, DocValuesType> types =
            Map.of(
                "price", DocValuesType.WHOLE,
                "rate", DocValuesType.DOUBLE,
                "tag", DocValuesType.ORDINALS);
        DocLookup lookup = new DocLookup(leaf, types::get);
        ScoreScript s =
            Scripts.compile(
                    Script.inline(
                        "doc['price'].size() == 0 ? -1 : doc['price'].value * params.f + doc['rate'].value"
                            + " + (doc['tag'].value == 'red' ? 100 : 0)"),
                    Scripts.SCORE)
                .newInstance(Map.of("f", 2), lookup);
        lookup.setDocument(0);
        assertThat(s.execute()).isEqualTo(121.5);
        lookup.setDocument(1);
        assertThat(s.execute()).isEqualTo(-1);
        assertThat(s.needs_score()).isFalse();
        FieldScript missing =
            Scripts.compile(Script.inline("doc['nope'].value"), Scripts.FIELD)
                .newInstance(Map.of(), lookup);
        assertThatThrownBy(missing::execute)
            .isInstanceOfSatisfying(
                org.opensearch.script.ScriptException.class,
                e ->
                    assertThat(Scripts.failure(e).causedBy().reason())
                        .isEqualTo("No field found for [nope] in mapping"));
        assertThat(List.of(1)).hasSize(1);
      }
    }
  }
}
