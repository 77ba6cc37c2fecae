package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.Automata;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.Operations;
import org.apache.lucene.util.automaton.RegExp;

/**
 * OpenSearch's {@code wildcard}: a whole string value (through its {@code normalizer}), indexed as
 * its n-grams of one to three characters so that term, prefix, wildcard and regexp queries find
 * candidates by the literal parts of their pattern, and kept whole in doc values where each
 * candidate is verified against the pattern ({@link PatternMatchQuery}). Scores are constant.
 */
final class WildcardType extends FieldType {
  static final String NAME = "wildcard";
  private static final int GRAM = 3;
  private static final org.apache.lucene.document.FieldType GRAMS = gramsType();

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of("normalizer", "null_value", "ignore_above");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("doc_values", "null_value", "ignore_above", "normalizer");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("doc_values", "null_value", "normalizer");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    if (!key.equals("ignore_above")) {
      return value;
    }
    try {
      return value instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(value));
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "mapper_parsing_exception", "For input string: \"" + value + "\"");
    }
  }

  @Override
  public TextSearch textSearch() {
    return TextSearch.KEYWORD;
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.ORDINALS;
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    String value = p.getText();
    Object ignoreAbove = field.params().get("ignore_above");
    if (ignoreAbove instanceof Number n && value.length() > n.intValue()) {
      return;
    }
    if (context != null && field.params().get("normalizer") != null) {
      value = context.normalize(path, value);
    }
    for (String gram : grams(value)) {
      out.add(new Field(path, gram, GRAMS));
    }
    // The whole value, to verify candidates against (OpenSearch reads its source or doc values).
    out.add(new SortedSetDocValuesField(path, new BytesRef(value)));
  }

  @Override
  public Query existsQuery(String name, FieldMapping field) {
    return new FieldExistsQuery(name);
  }

  @Override
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    org.apache.lucene.search.BooleanQuery.Builder any =
        new org.apache.lucene.search.BooleanQuery.Builder();
    for (Object value : values) {
      any.add(
          termQuery(name, field, value, context),
          org.apache.lucene.search.BooleanClause.Occur.SHOULD);
    }
    return new ConstantScoreQuery(any.build());
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    String v = context.normalize(name, String.valueOf(value));
    return new ConstantScoreQuery(
        new PatternMatchQuery(name, literalsQuery(name, List.of(v)), Automata.makeString(v), v));
  }

  @Override
  public Query patternQuery(
      String name,
      FieldMapping field,
      Pattern kind,
      String pattern,
      boolean caseInsensitive,
      int regexpFlags,
      QueryContext context) {
    String value = context.normalize(name, pattern);
    Automaton automaton;
    List<String> literals = new ArrayList<>();
    switch (kind) {
      case PREFIX -> {
        automaton =
            Operations.concatenate(
                List.of(
                    caseInsensitive ? anyCase(value) : Automata.makeString(value),
                    Automata.makeAnyString()));
        literals.add(value);
      }
      case WILDCARD -> {
        automaton =
            caseInsensitive
                ? anyCaseWildcard(value)
                : WildcardQuery.toAutomaton(
                    new Term(name, value), Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
        literals.addAll(wildcardLiterals(value));
      }
      default ->
          automaton =
              new RegExp(value, regexpFlags, caseInsensitive ? RegExp.ASCII_CASE_INSENSITIVE : 0)
                  .toAutomaton();
    }
    automaton = Operations.determinize(automaton, Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
    Query candidates = caseInsensitive ? new FieldExistsQuery(name) : literalsQuery(name, literals);
    return new ConstantScoreQuery(new PatternMatchQuery(name, candidates, automaton, pattern));
  }

  /** Documents holding every n-gram of the literals; all documents with a value when none. */
  private static Query literalsQuery(String name, List<String> literals) {
    Set<String> grams = new LinkedHashSet<>();
    for (String literal : literals) {
      if (literal.isEmpty()) {
        continue;
      }
      int[] cps = literal.codePoints().toArray();
      if (cps.length <= GRAM) {
        grams.add(literal);
        continue;
      }
      for (int i = 0; i + GRAM <= cps.length; i++) {
        grams.add(new String(cps, i, GRAM));
      }
    }
    if (grams.isEmpty()) {
      return new FieldExistsQuery(name);
    }
    BooleanQuery.Builder all = new BooleanQuery.Builder();
    grams.forEach(g -> all.add(new TermQuery(new Term(name, g)), Occur.FILTER));
    return all.build();
  }

  /** The literal runs of a wildcard pattern (between {@code *} and {@code ?}, escapes undone). */
  private static List<String> wildcardLiterals(String pattern) {
    List<String> out = new ArrayList<>();
    StringBuilder run = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      if (c == '*' || c == '?') {
        out.add(run.toString());
        run.setLength(0);
      } else if (c == '\\' && i + 1 < pattern.length()) {
        run.append(pattern.charAt(++i));
      } else {
        run.append(c);
      }
    }
    out.add(run.toString());
    return out;
  }

  /** Every n-gram of one to three code points of the value. */
  static Set<String> grams(String value) {
    Set<String> out = new LinkedHashSet<>();
    int[] cps = value.codePoints().toArray();
    for (int i = 0; i < cps.length; i++) {
      for (int n = 1; n <= GRAM && i + n <= cps.length; n++) {
        out.add(new String(cps, i, n));
      }
    }
    return out;
  }

  private static Automaton anyCase(String value) {
    List<Automaton> chars = new ArrayList<>();
    value.codePoints().forEach(cp -> chars.add(anyCaseChar(cp)));
    return chars.isEmpty() ? Automata.makeEmptyString() : Operations.concatenate(chars);
  }

  private static Automaton anyCaseChar(int cp) {
    int lower = Character.toLowerCase(cp);
    int upper = Character.toUpperCase(cp);
    return lower == upper
        ? Automata.makeChar(cp)
        : Operations.union(List.of(Automata.makeChar(lower), Automata.makeChar(upper)));
  }

  private static Automaton anyCaseWildcard(String wildcard) {
    List<Automaton> parts = new ArrayList<>();
    for (int i = 0; i < wildcard.length(); ) {
      int c = wildcard.codePointAt(i);
      i += Character.charCount(c);
      if (c == '*') {
        parts.add(Automata.makeAnyString());
      } else if (c == '?') {
        parts.add(Automata.makeAnyChar());
      } else {
        if (c == '\\' && i < wildcard.length()) {
          c = wildcard.codePointAt(i);
          i += Character.charCount(c);
        }
        parts.add(anyCaseChar(c));
      }
    }
    return parts.isEmpty() ? Automata.makeEmptyString() : Operations.concatenate(parts);
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value.toString();
  }

  private static org.apache.lucene.document.FieldType gramsType() {
    org.apache.lucene.document.FieldType type = new org.apache.lucene.document.FieldType();
    type.setTokenized(false);
    type.setOmitNorms(true);
    type.setIndexOptions(IndexOptions.DOCS);
    type.freeze();
    return type;
  }
}
