package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.util.BytesRef;

/**
 * OpenSearch's {@code flat_object}: a JSON object kept as one field, its sub-fields never mapped.
 * Each leaf value is a keyword of the field itself (what a query on {@code catalog} finds) and,
 * with its dotted path, of {@code <field>._valueAndPath} ({@code catalog.author.given=Mike}, what a
 * query on {@code catalog.author.given} finds), as OpenSearch indexes it. A path under the field
 * resolves to the field with {@link #SUBFIELD_OF} naming it.
 */
public final class FlatObjectType extends FieldType {
  static final String NAME = "flat_object";

  /** The parameter a resolved path under a flat object carries: the flat object's own path. */
  public static final String SUBFIELD_OF = "_flat_object";

  static final String VALUE_AND_PATH = "._valueAndPath";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean aggregatable(FieldMapping field) {
    return false;
  }

  @Override
  public Set<String> parameters() {
    return Set.of();
  }

  @Override
  public List<String> fixedParameters() {
    return List.of();
  }

  @Override
  public FieldMapping parseField(String name, Map<?, ?> node) {
    for (Map.Entry<?, ?> e : node.entrySet()) {
      if (!"type".equals(e.getKey())) {
        throw new DuetException(
            400,
            "mapper_parsing_exception",
            "Mapping definition for ["
                + name
                + "] has unsupported parameters:  ["
                + e.getKey()
                + " : "
                + e.getValue()
                + "]");
      }
    }
    return FieldMapping.of(NAME);
  }

  @Override
  public boolean acceptsObjects() {
    return true;
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
    if (t != JsonToken.START_OBJECT) {
      throw new DuetException(
          400,
          "parsing_exception",
          "[" + path + "] unexpected token [" + t + "] in flat_object field value");
    }
    indexObject(p, path, path, out);
  }

  private static void indexObject(
      JsonParser p, String root, String prefix, List<IndexableField> out) throws IOException {
    JsonToken t;
    while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
      String key = prefix + "." + p.currentName();
      indexValue(p, p.nextToken(), root, key, out);
    }
  }

  private static void indexValue(
      JsonParser p, JsonToken t, String root, String path, List<IndexableField> out)
      throws IOException {
    switch (t) {
      case START_OBJECT -> indexObject(p, root, path, out);
      case START_ARRAY -> {
        JsonToken element;
        while ((element = p.nextToken()) != JsonToken.END_ARRAY) {
          indexValue(p, element, root, path, out);
        }
      }
      case VALUE_NULL -> {}
      default -> {
        String value = p.getText();
        out.add(new KeywordField(root, value, Field.Store.NO));
        out.add(new KeywordField(root + VALUE_AND_PATH, path + "=" + value, Field.Store.NO));
      }
    }
  }

  @Override
  public Query existsQuery(String name, FieldMapping field) {
    String root = root(field);
    if (root == null) {
      return new FieldExistsQuery(name);
    }
    return new PrefixQuery(new Term(root + VALUE_AND_PATH, name + "="));
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
    String root = root(field);
    Term term =
        root == null
            ? new Term(name, String.valueOf(value))
            : new Term(root + VALUE_AND_PATH, name + "=" + value);
    return new ConstantScoreQuery(new TermQuery(term));
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
    String root = root(field);
    if (root == null) {
      return super.rangeQuery(
          name, field, lower, upper, includeLower, includeUpper, format, context);
    }
    String prefix = name + "=";
    BytesRef lo = new BytesRef(prefix + (lower == null ? "" : lower));
    // Unbounded above: every value of this path ("=" is followed by anything, then "=\uffff").
    BytesRef hi = new BytesRef(upper == null ? prefix + "\uffff" : prefix + upper);
    return new TermRangeQuery(
        root + VALUE_AND_PATH,
        lo,
        hi,
        lower == null || includeLower,
        upper == null || includeUpper);
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
    String root = root(field);
    if (root == null) {
      return null;
    }
    String prefix = name + "=";
    if (caseInsensitive) {
      // The path and the value in either case, over the root's path=value terms.
      if (kind == Pattern.REGEXP) {
        return null;
      }
      var automaton =
          org.apache.lucene.util.automaton.Operations.determinize(
              org.apache.lucene.util.automaton.Operations.concatenate(
                  List.of(
                      CaseInsensitive.string(prefix),
                      kind == Pattern.PREFIX
                          ? org.apache.lucene.util.automaton.Operations.concatenate(
                              List.of(
                                  CaseInsensitive.string(pattern),
                                  org.apache.lucene.util.automaton.Automata.makeAnyString()))
                          : CaseInsensitive.wildcard(pattern))),
              org.apache.lucene.util.automaton.Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
      return new ConstantScoreQuery(
          new org.apache.lucene.search.AutomatonQuery(
              new Term(root + VALUE_AND_PATH, prefix + pattern), automaton));
    }
    return switch (kind) {
      case PREFIX ->
          new ConstantScoreQuery(
              new PrefixQuery(new Term(root + VALUE_AND_PATH, prefix + pattern)));
      case WILDCARD ->
          new ConstantScoreQuery(
              new WildcardQuery(new Term(root + VALUE_AND_PATH, escapeWildcard(prefix) + pattern)));
      case REGEXP -> null;
    };
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value;
  }

  private static String root(FieldMapping field) {
    Object root = field.params().get(SUBFIELD_OF);
    return root == null ? null : root.toString();
  }

  private static String escapeWildcard(String s) {
    return s.replace("\\", "\\\\").replace("*", "\\*").replace("?", "\\?");
  }
}
