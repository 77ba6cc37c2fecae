package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.Automata;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.CharacterRunAutomaton;
import org.apache.lucene.util.automaton.Operations;
import org.apache.lucene.util.automaton.RegExp;

/**
 * OpenSearch's {@code constant_keyword}: every document of the index has the mapping's {@code
 * value} (a document may repeat it, nothing else), so nothing is indexed and each query is decided
 * once against the value: all documents or none, as OpenSearch answers.
 */
final class ConstantKeywordType extends FieldType {
  static final String NAME = "constant_keyword";

  @Override
  public String name() {
    return NAME;
  }

  // Every document holds the one value: searchable and aggregatable without an index of its own.
  @Override
  public boolean searchable(FieldMapping field) {
    return true;
  }

  @Override
  public boolean aggregatable(FieldMapping field) {
    return true;
  }

  @Override
  public Set<String> parameters() {
    return Set.of("value");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("value");
  }

  @Override
  public FieldMapping parseField(String name, Map<?, ?> node) {
    Map<String, Object> params = new LinkedHashMap<>();
    for (Map.Entry<?, ?> e : node.entrySet()) {
      String key = String.valueOf(e.getKey());
      if (key.equals("type")) {
        continue;
      }
      if (!key.equals("value")) {
        throw new DuetException(
            400,
            "mapper_parsing_exception",
            "Mapping definition for ["
                + name
                + "] has unsupported parameters:  ["
                + key
                + " : "
                + e.getValue()
                + "]");
      }
      params.put("value", String.valueOf(e.getValue()));
    }
    if (!params.containsKey("value")) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "Field [" + name + "] is missing required parameter [value]",
          Map.of(),
          new DuetException(
              400,
              "parse_exception",
              "Field [" + name + "] is missing required parameter [value]"));
    }
    return new FieldMapping(NAME, params, Map.of(), Map.of());
  }

  @Override
  public TextSearch textSearch() {
    return TextSearch.KEYWORD;
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
    String value = value(field);
    if (!p.getText().equals(value)) {
      throw DuetException.illegalArgument(
          "constant keyword field [" + path + "] must have a value of [" + value + "]");
    }
  }

  @Override
  public void checkSearchable(String name, FieldMapping field, QueryContext context) {}

  @Override
  public Query existsQuery(String name, FieldMapping field) {
    return MatchAllDocsQuery.INSTANCE;
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    return all(value(field).equals(String.valueOf(value)));
  }

  @Override
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    BytesRef value = new BytesRef(value(field));
    boolean in = true;
    if (lower != null) {
      int c = value.compareTo(new BytesRef(String.valueOf(lower)));
      in = includeLower ? c >= 0 : c > 0;
    }
    if (upper != null) {
      int c = value.compareTo(new BytesRef(String.valueOf(upper)));
      in &= includeUpper ? c <= 0 : c < 0;
    }
    return all(in);
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
    int match = caseInsensitive ? RegExp.ASCII_CASE_INSENSITIVE : 0;
    Automaton automaton =
        switch (kind) {
          case PREFIX ->
              Operations.concatenate(
                  List.of(
                      caseInsensitive
                          ? new RegExp(RegExpQuote.quote(pattern), RegExp.NONE, match).toAutomaton()
                          : Automata.makeString(pattern),
                      Automata.makeAnyString()));
          case WILDCARD ->
              WildcardQuery.toAutomaton(
                  new Term(
                      name, caseInsensitive ? pattern.toLowerCase(java.util.Locale.ROOT) : pattern),
                  Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
          case REGEXP -> new RegExp(pattern, regexpFlags, match).toAutomaton();
        };
    String value = value(field);
    if (kind == Pattern.WILDCARD && caseInsensitive) {
      value = value.toLowerCase(java.util.Locale.ROOT);
    }
    automaton = Operations.determinize(automaton, Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
    return all(new CharacterRunAutomaton(automaton).run(value));
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value.toString();
  }

  private static String value(FieldMapping field) {
    return String.valueOf(field.params().get("value"));
  }

  private static Query all(boolean matches) {
    return matches ? MatchAllDocsQuery.INSTANCE : new MatchNoDocsQuery("constant value differs");
  }

  /** Quotes a literal for {@link RegExp}. */
  private static final class RegExpQuote {
    static String quote(String s) {
      StringBuilder out = new StringBuilder();
      s.codePoints()
          .forEach(
              cp -> {
                if (Character.isLetterOrDigit(cp)) {
                  out.appendCodePoint(cp);
                } else {
                  out.append('\\').appendCodePoint(cp);
                }
              });
      return out.toString();
    }
  }
}
