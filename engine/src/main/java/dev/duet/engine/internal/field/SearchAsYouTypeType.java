package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.IndexableField;

/**
 * OpenSearch's {@code search_as_you_type}: text, with the hidden fields OpenSearch builds beside it
 * for typing-time queries: {@code <field>._2gram} up to {@code <field>._<max_shingle_size>gram}
 * holding its shingles, and {@code <field>._index_prefix} the edge n-grams of its largest shingles.
 */
final class SearchAsYouTypeType extends TextType {
  static final String NAME = "search_as_you_type";
  private static final int DEFAULT_SHINGLES = 3;

  SearchAsYouTypeType() {
    super();
  }

  private SearchAsYouTypeType(boolean fielddata) {
    super(fielddata);
  }

  @Override
  TextType variant() {
    return new SearchAsYouTypeType(true);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of(
        "analyzer",
        "search_analyzer",
        "search_quote_analyzer",
        "norms",
        "boost",
        "index_options",
        "term_vector",
        "similarity",
        "max_shingle_size");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of(
        "doc_values",
        "max_shingle_size",
        "index",
        "store",
        "index_options",
        "term_vector",
        "norms",
        "analyzer",
        "search_analyzer",
        "search_quote_analyzer",
        "similarity",
        "boost");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    if (!key.equals("max_shingle_size")) {
      return super.parseParameter(field, key, value);
    }
    int size;
    try {
      size = value instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(value));
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "mapper_parsing_exception", "For input string: \"" + value + "\"");
    }
    if (size < 2 || size > 4) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "[max_shingle_size] must be at least [2] and at most [4], got [" + size + "]");
    }
    return size;
  }

  @Override
  public void checkParameters(String field, Map<String, Object> params) {
    // OpenSearch shows both, defaults included.
    params.putIfAbsent("doc_values", false);
    params.putIfAbsent("max_shingle_size", DEFAULT_SHINGLES);
  }

  @Override
  void indexText(
      String path, String value, FieldMapping field, IndexContext context, List<IndexableField> out)
      throws IOException {
    super.indexText(path, value, field, context, out);
    if (!indexed(field) || context == null) {
      return;
    }
    Analyzer analyzer = context.indexAnalyzer(path);
    int max =
        ((Number) field.params().getOrDefault("max_shingle_size", DEFAULT_SHINGLES)).intValue();
    for (int n = 2; n <= max; n++) {
      for (String shingle : shingles(analyzer, path, value, n)) {
        out.add(new Field(path + "._" + n + "gram", shingle, HIDDEN_TERMS));
      }
    }
    Set<String> prefixes = new java.util.LinkedHashSet<>();
    for (String term : terms(analyzer, path, value)) {
      prefixes.addAll(prefixes(term, 1, 20));
    }
    for (int n = 2; n <= max; n++) {
      for (String shingle : shingles(analyzer, path, value, n)) {
        prefixes.addAll(prefixes(shingle, 1, 20));
      }
    }
    for (String prefix : prefixes) {
      out.add(new Field(path + PREFIX_SUFFIX, prefix, HIDDEN_TERMS));
    }
  }
}
