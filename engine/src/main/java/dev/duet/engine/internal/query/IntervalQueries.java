package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Intervals;
import dev.duet.engine.search.Intervals.Mode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute;
import org.apache.lucene.analysis.tokenattributes.TermToBytesRefAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.queries.intervals.IntervalQuery;
import org.apache.lucene.queries.intervals.IntervalsSource;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.CompiledAutomaton;
import org.apache.lucene.util.automaton.Operations;
import org.apache.lucene.util.automaton.RegExp;

/**
 * The {@code intervals} query as OpenSearch's {@code IntervalQueryBuilder} and {@code
 * IntervalBuilder} build it on Lucene's {@code org.apache.lucene.queries.intervals}: analyzed text
 * becomes term intervals (a phrase when ordered with no gaps), rules combine by their mode, filters
 * relate one rule's intervals to another's.
 */
final class IntervalQueries {
  private static final String NO_TERMS = "no terms after analysis";

  private final MappingLookup lookup;
  private final FieldQueries fields;

  IntervalQueries(MappingLookup lookup, FieldQueries fields) {
    this.lookup = lookup;
    this.fields = fields;
  }

  Query intervals(Intervals q) {
    FieldMapping field = lookup.leaf(q.field());
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + q.field() + "]");
    }
    requireText(q.field(), field);
    try {
      return new IntervalQuery(q.field(), source(q.field(), q.rule()));
    } catch (IllegalArgumentException e) {
      throw shardFailure(e.getMessage());
    }
  }

  private IntervalsSource source(String field, Intervals.Rule rule) {
    String useField =
        switch (rule) {
          case Intervals.Match m -> m.useField();
          case Intervals.Prefix p -> p.useField();
          case Intervals.Wildcard w -> w.useField();
          case Intervals.Regexp r -> r.useField();
          case Intervals.Fuzzy f -> f.useField();
          case Intervals.AnyOf a -> null;
          case Intervals.AllOf a -> null;
        };
    if (useField != null && lookup.leaf(useField) == null) {
      // An unmapped use_field has no intervals, as an unmapped query field has no hits.
      return org.apache.lucene.queries.intervals.Intervals.noIntervals(
          "unmapped field [" + useField + "]");
    }
    return switch (rule) {
      case Intervals.Match m -> filtered(field, match(field, m), m.filter());
      case Intervals.AnyOf a -> filtered(field, anyOf(field, a), a.filter());
      case Intervals.AllOf a -> filtered(field, allOf(field, a), a.filter());
      case Intervals.Prefix p -> prefix(field, p);
      case Intervals.Wildcard w -> wildcard(field, w);
      case Intervals.Regexp r -> regexp(field, r);
      case Intervals.Fuzzy f -> fuzzy(field, f);
    };
  }

  private IntervalsSource match(String field, Intervals.Match m) {
    String target = target(field, m.useField());
    Analyzer analyzer = analyzer(target, m.analyzer());
    IntervalsSource source = analyze(analyzer, target, m.query(), m.maxGaps(), m.mode());
    return fixed(m.useField(), source);
  }

  private IntervalsSource anyOf(String field, Intervals.AnyOf a) {
    List<IntervalsSource> sources = new ArrayList<>();
    for (Intervals.Rule r : a.intervals()) {
      sources.add(source(field, r));
    }
    if (sources.isEmpty()) {
      return org.apache.lucene.queries.intervals.Intervals.noIntervals(NO_TERMS);
    }
    return sources.size() == 1
        ? sources.get(0)
        : org.apache.lucene.queries.intervals.Intervals.or(sources);
  }

  private IntervalsSource allOf(String field, Intervals.AllOf a) {
    List<IntervalsSource> sources = new ArrayList<>();
    for (Intervals.Rule r : a.intervals()) {
      sources.add(source(field, r));
    }
    return combine(sources, a.maxGaps(), a.mode());
  }

  private IntervalsSource prefix(String field, Intervals.Prefix p) {
    String target = target(field, p.useField());
    BytesRef term = analyzer(target, p.analyzer()).normalize(target, p.prefix());
    return fixed(p.useField(), org.apache.lucene.queries.intervals.Intervals.prefix(term));
  }

  private IntervalsSource wildcard(String field, Intervals.Wildcard w) {
    String target = target(field, w.useField());
    BytesRef pattern = analyzer(target, w.analyzer()).normalize(target, w.pattern());
    return fixed(w.useField(), org.apache.lucene.queries.intervals.Intervals.wildcard(pattern));
  }

  private IntervalsSource regexp(String field, Intervals.Regexp r) {
    target(field, r.useField());
    int match = r.caseInsensitive() ? RegExp.ASCII_CASE_INSENSITIVE : 0;
    RegExp regexp = new RegExp(r.pattern(), TermLevelQueries.regexpFlags(r.flags()), match);
    CompiledAutomaton automaton =
        new CompiledAutomaton(
            Operations.determinize(
                regexp.toAutomaton(), Operations.DEFAULT_DETERMINIZE_WORK_LIMIT));
    IntervalsSource source =
        r.maxExpansions() == null
            ? org.apache.lucene.queries.intervals.Intervals.multiterm(automaton, regexp.toString())
            : org.apache.lucene.queries.intervals.Intervals.multiterm(
                automaton, r.maxExpansions(), regexp.toString());
    return fixed(r.useField(), source);
  }

  private IntervalsSource fuzzy(String field, Intervals.Fuzzy f) {
    String target = target(field, f.useField());
    String term = analyzer(target, f.analyzer()).normalize(target, f.term()).utf8ToString();
    int edits = Fuzziness.edits(f.fuzziness() == null ? "AUTO" : f.fuzziness(), f.term());
    FuzzyQuery fq =
        new FuzzyQuery(new Term(target, term), edits, f.prefixLength(), 128, f.transpositions());
    return fixed(
        f.useField(),
        org.apache.lucene.queries.intervals.Intervals.multiterm(fq.getAutomata(), f.term()));
  }

  private IntervalsSource filtered(String field, IntervalsSource source, Intervals.Filter filter) {
    if (filter == null) {
      return source;
    }
    IntervalsSource other = source(field, filter.rule());
    return switch (filter.type()) {
      case "containing" -> org.apache.lucene.queries.intervals.Intervals.containing(source, other);
      case "contained_by" ->
          org.apache.lucene.queries.intervals.Intervals.containedBy(source, other);
      case "not_containing" ->
          org.apache.lucene.queries.intervals.Intervals.notContaining(source, other);
      case "not_contained_by" ->
          org.apache.lucene.queries.intervals.Intervals.notContainedBy(source, other);
      case "overlapping" ->
          org.apache.lucene.queries.intervals.Intervals.overlapping(source, other);
      case "not_overlapping" ->
          org.apache.lucene.queries.intervals.Intervals.nonOverlapping(source, other);
      case "before" -> org.apache.lucene.queries.intervals.Intervals.before(source, other);
      case "after" -> org.apache.lucene.queries.intervals.Intervals.after(source, other);
      default -> throw shardFailure("Unknown filter type [" + filter.type() + "]");
    };
  }

  /**
   * The analyzed text as OpenSearch's {@code IntervalBuilder} has it: one term is that term's
   * intervals; several are combined, a term after a gap (a removed stop word) extended over it, and
   * terms at one position (synonyms) joined by {@code or}.
   */
  private static IntervalsSource analyze(
      Analyzer analyzer, String field, String text, int maxGaps, Mode mode) {
    List<IntervalsSource> positions = new ArrayList<>();
    List<IntervalsSource> synonyms = new ArrayList<>();
    int spaces = 0;
    try (TokenStream ts = analyzer.tokenStream(field, text)) {
      TermToBytesRefAttribute bytes = ts.addAttribute(TermToBytesRefAttribute.class);
      PositionIncrementAttribute posInc = ts.addAttribute(PositionIncrementAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        int increment = posInc.getPositionIncrement();
        if (increment > 0 && !synonyms.isEmpty()) {
          positions.add(extend(anyOf(synonyms), spaces));
          synonyms.clear();
        }
        if (increment > 0) {
          spaces = increment - 1;
        }
        synonyms.add(
            org.apache.lucene.queries.intervals.Intervals.term(
                BytesRef.deepCopyOf(bytes.getBytesRef())));
      }
      ts.end();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!synonyms.isEmpty()) {
      positions.add(extend(anyOf(synonyms), spaces));
    }
    return combine(positions, maxGaps, mode);
  }

  private static IntervalsSource anyOf(List<IntervalsSource> sources) {
    return sources.size() == 1
        ? sources.get(0)
        : org.apache.lucene.queries.intervals.Intervals.or(List.copyOf(sources));
  }

  private static IntervalsSource extend(IntervalsSource source, int precedingSpaces) {
    return precedingSpaces == 0
        ? source
        : org.apache.lucene.queries.intervals.Intervals.extend(source, precedingSpaces, 0);
  }

  /** OpenSearch's {@code IntervalBuilder.combineSources}. */
  private static IntervalsSource combine(List<IntervalsSource> sources, int maxGaps, Mode mode) {
    if (sources.isEmpty()) {
      return org.apache.lucene.queries.intervals.Intervals.noIntervals(NO_TERMS);
    }
    if (sources.size() == 1) {
      return sources.get(0);
    }
    IntervalsSource[] array = sources.toArray(new IntervalsSource[0]);
    if (maxGaps == 0 && mode == Mode.ORDERED) {
      return org.apache.lucene.queries.intervals.Intervals.phrase(array);
    }
    IntervalsSource inner =
        switch (mode) {
          case ORDERED -> org.apache.lucene.queries.intervals.Intervals.ordered(array);
          case UNORDERED -> org.apache.lucene.queries.intervals.Intervals.unordered(array);
          case UNORDERED_NO_OVERLAP -> {
            IntervalsSource s =
                org.apache.lucene.queries.intervals.Intervals.unorderedNoOverlaps(
                    array[0], array[1]);
            for (int i = 2; i < array.length; i++) {
              s = org.apache.lucene.queries.intervals.Intervals.unorderedNoOverlaps(s, array[i]);
            }
            yield s;
          }
        };
    return maxGaps == -1
        ? inner
        : org.apache.lucene.queries.intervals.Intervals.maxgaps(maxGaps, inner);
  }

  private static IntervalsSource fixed(String useField, IntervalsSource source) {
    return useField == null
        ? source
        : org.apache.lucene.queries.intervals.Intervals.fixField(useField, source);
  }

  /** The field a rule reads: its {@code use_field}, which must be text too, or the query's. */
  private String target(String field, String useField) {
    if (useField == null) {
      return field;
    }
    requireText(useField, lookup.leaf(useField));
    return useField;
  }

  /**
   * The named analyzer (an unknown name falls back, as OpenSearch's lookup does), or the field's.
   */
  private Analyzer analyzer(String field, String named) {
    Analyzer analyzer = named == null ? null : lookup.analyzerNamed(named);
    return analyzer != null ? analyzer : lookup.searchAnalyzer(field);
  }

  private void requireText(String name, FieldMapping field) {
    if (FieldTypes.of(field).textSearch() != FieldType.TextSearch.ANALYZED) {
      throw shardFailure(
          "Can only use interval queries on text fields - not on ["
              + name
              + "] which is of type ["
              + field.type()
              + "]");
    }
    fields.requireIndexed(name, field);
  }

  private DuetException shardFailure(String reason) {
    return fields.failure(
        "failed to create query: " + reason, DuetException.illegalArgument(reason));
  }
}
