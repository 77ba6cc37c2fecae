package dev.duet.engine.internal.query;

import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.script.FilterScript;
import dev.duet.engine.internal.script.ScoreScript;
import dev.duet.engine.internal.script.ScriptFilterQuery;
import dev.duet.engine.internal.script.ScriptValues;
import dev.duet.engine.internal.script.Scripts;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.ScriptQuery;
import dev.duet.engine.search.ScriptScore;
import java.util.function.Function;
import org.apache.lucene.queries.function.FunctionScoreQuery;

/** {@code script_score} and {@code script} queries: Painless over the index's doc values. */
final class ScriptQueries {
  private final MappingLookup lookup;

  ScriptQueries(MappingLookup lookup) {
    this.lookup = lookup;
  }

  /** What {@code doc['f']} reads for each field of this index's mapping. */
  static Function<String, DocValuesType> docValueTypes(MappingLookup lookup) {
    return name -> {
      var field = lookup.leaf(name);
      if (field == null) {
        return null;
      }
      FieldType type = FieldTypes.of(field);
      return FieldType.docValues(field) ? type.docValuesType() : DocValuesType.NONE;
    };
  }

  org.apache.lucene.search.Query scriptScore(
      ScriptScore s, Function<Query, org.apache.lucene.search.Query> translate) {
    if (s.minScore() != null) {
      throw Query.doesNotSupport("script_score", "min_score");
    }
    ScoreScript.Factory factory = Scripts.compile(s.script(), Scripts.SCORE);
    return new FunctionScoreQuery(
        translate.apply(s.query()),
        new ScriptValues(
            factory, s.script().params(), docValueTypes(lookup), s.script().source(), true));
  }

  org.apache.lucene.search.Query script(ScriptQuery s) {
    FilterScript.Factory factory = Scripts.compile(s.script(), Scripts.FILTER);
    return new ScriptFilterQuery(
        factory, s.script().params(), docValueTypes(lookup), s.script().source());
  }
}
