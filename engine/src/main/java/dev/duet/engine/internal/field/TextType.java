package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * OpenSearch's {@code text}: values analyzed into terms, with what the mapping asks of Lucene
 * ({@code index_options}, {@code term_vector}, {@code norms}); no doc values, so no sorting or
 * aggregations (OpenSearch's fielddata message) unless {@code fielddata: true}, which keeps each
 * value's analyzed terms as sorted-set doc values (what OpenSearch uninverts). {@code
 * index_prefixes} indexes each term's prefixes in {@code <field>._index_prefix} and {@code
 * index_phrases} each pair of terms in {@code <field>._index_phrase}, as OpenSearch does.
 */
class TextType extends dev.duet.engine.internal.field.FieldType {
  static final String NAME = "text";

  /** The hidden field holding the prefixes of each term ({@code index_prefixes}). */
  public static final String PREFIX_SUFFIX = "._index_prefix";

  /** The hidden field holding each pair of adjacent terms ({@code index_phrases}). */
  public static final String PHRASE_SUFFIX = "._index_phrase";

  static final List<String> INDEX_OPTIONS = List.of("positions", "docs", "freqs", "offsets");
  static final List<String> TERM_VECTORS =
      List.of(
          "no",
          "yes",
          "with_positions",
          "with_offsets",
          "with_positions_offsets",
          "with_positions_payloads",
          "with_positions_offsets_payloads");
  private static final Set<String> SIMILARITIES = Set.of("BM25", "boolean", "classic");
  private static final int DEFAULT_MIN_CHARS = 2;
  private static final int DEFAULT_MAX_CHARS = 5;

  /** Where fields without norms note their presence for exists queries ({@code _field_names}). */
  static final String FIELD_NAMES = "_field_names";

  /** Whole terms, frequencies and positions left out: the hidden fields' type. */
  static final org.apache.lucene.document.FieldType HIDDEN_TERMS = hiddenTerms();

  // Whether this is the variant of a field with fielddata: true (its terms as doc values).
  private final boolean fielddata;
  private final TextType withFielddata;

  TextType() {
    this.fielddata = false;
    this.withFielddata = variant();
  }

  /** The variant with fielddata ({@link #variant}). */
  TextType(boolean fielddata) {
    this.fielddata = fielddata;
    this.withFielddata = this;
  }

  /** A new instance of this type with fielddata on; a subclass makes one of its own class. */
  TextType variant() {
    return new TextType(true);
  }

  @Override
  public dev.duet.engine.internal.field.FieldType forField(FieldMapping field) {
    return fielddata(field) ? withFielddata : this;
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
        "fielddata",
        "fielddata_frequency_filter",
        "eager_global_ordinals",
        "index_options",
        "term_vector",
        "index_prefixes",
        "index_phrases",
        "position_increment_gap",
        "similarity");
  }

  @Override
  public List<String> parameterOrder() {
    return List.of(
        "index",
        "store",
        "index_options",
        "term_vector",
        "norms",
        "analyzer",
        "search_analyzer",
        "search_quote_analyzer",
        "similarity",
        "eager_global_ordinals",
        "position_increment_gap",
        "fielddata",
        "fielddata_frequency_filter",
        "index_prefixes",
        "index_phrases",
        "boost");
  }

  @Override
  public List<String> fixedParameters() {
    // fielddata too: its terms are doc values, which Lucene fixes for a field once it has any.
    return List.of(
        "index",
        "store",
        "analyzer",
        "norms",
        "index_options",
        "term_vector",
        "index_prefixes",
        "index_phrases",
        "position_increment_gap",
        "similarity",
        "fielddata");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    return switch (key) {
      case "fielddata", "index_phrases", "eager_global_ordinals" -> bool(value);
      case "index_options" -> oneOf(key, value, INDEX_OPTIONS);
      case "term_vector" -> oneOf(key, value, TERM_VECTORS);
      case "index_prefixes" -> prefixes(field, value);
      case "position_increment_gap" -> whole(value);
      case "similarity" -> similarity(field, value);
      case "fielddata_frequency_filter" -> frequencyFilter(field, value);
      default -> value;
    };
  }

  @Override
  public void checkParameters(String field, Map<String, Object> params) {
    if (Boolean.TRUE.equals(params.get("index_phrases"))) {
      String options = String.valueOf(params.getOrDefault("index_options", "positions"));
      if (options.equals("docs") || options.equals("freqs")) {
        throw DuetException.illegalArgument(
            "Cannot set index_phrases on field [" + field + "] if positions are not enabled");
      }
    }
  }

  @Override
  public TextSearch textSearch() {
    return TextSearch.ANALYZED;
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
    indexText(path, value, field, context, out);
  }

  /** The Lucene fields of one text value: the terms, and what the mapping adds to them. */
  void indexText(
      String path, String value, FieldMapping field, IndexContext context, List<IndexableField> out)
      throws IOException {
    if (indexed(field)) {
      org.apache.lucene.document.FieldType type = luceneType(field);
      out.add(new Field(path, value, type));
      if (type.omitNorms()) {
        // Without norms an exists query finds the field by name, as OpenSearch's _field_names.
        out.add(new Field(FIELD_NAMES, path, HIDDEN_TERMS));
      }
      // The extra fields are analyzed here, before Lucene analyzes the value itself: an
      // analyzer's token stream is reused, so two may not be open at once.
      Analyzer analyzer = context == null ? null : context.indexAnalyzer(path);
      if (analyzer != null && field.params().get("index_prefixes") instanceof Map<?, ?> prefixes) {
        int min = ((Number) prefixes.get("min_chars")).intValue();
        int max = ((Number) prefixes.get("max_chars")).intValue();
        for (String term : terms(analyzer, path, value)) {
          for (String prefix : prefixes(term, min, max)) {
            out.add(new Field(path + PREFIX_SUFFIX, prefix, HIDDEN_TERMS));
          }
        }
      }
      if (analyzer != null && Boolean.TRUE.equals(field.params().get("index_phrases"))) {
        for (String shingle : shingles(analyzer, path, value, 2)) {
          out.add(new Field(path + PHRASE_SUFFIX, shingle, HIDDEN_TERMS));
        }
      }
    }
    if (fielddata(field) && context != null) {
      for (String term : terms(context.indexAnalyzer(path), path, value)) {
        out.add(new SortedSetDocValuesField(path, new BytesRef(term)));
      }
    }
  }

  /** The prefixes of {@code term} from {@code min} to {@code max} code points long. */
  static List<String> prefixes(String term, int min, int max) {
    List<String> out = new java.util.ArrayList<>();
    int[] cps = term.codePoints().toArray();
    for (int n = min; n <= Math.min(max, cps.length); n++) {
      out.add(new String(cps, 0, n));
    }
    return out;
  }

  /** The runs of {@code size} adjacent terms (by position) of the value, joined by a space. */
  static Set<String> shingles(Analyzer analyzer, String path, String value, int size)
      throws IOException {
    List<String> terms = new java.util.ArrayList<>();
    List<Integer> positions = new java.util.ArrayList<>();
    try (TokenStream ts = analyzer.tokenStream(path, value)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      var increment =
          ts.addAttribute(
              org.apache.lucene.analysis.tokenattributes.PositionIncrementAttribute.class);
      ts.reset();
      int position = -1;
      while (ts.incrementToken()) {
        position += increment.getPositionIncrement();
        terms.add(term.toString());
        positions.add(position);
      }
      ts.end();
    }
    Set<String> out = new LinkedHashSet<>();
    for (int i = 0; i + size <= terms.size(); i++) {
      if (positions.get(i + size - 1) - positions.get(i) == size - 1) {
        out.add(String.join(" ", terms.subList(i, i + size)));
      }
    }
    return out;
  }

  /** The Lucene field type of the field's terms, by its parameters. */
  org.apache.lucene.document.FieldType luceneType(FieldMapping field) {
    org.apache.lucene.document.FieldType type = new org.apache.lucene.document.FieldType();
    type.setTokenized(true);
    type.setOmitNorms(Boolean.FALSE.equals(field.params().get("norms")));
    type.setIndexOptions(indexOptions(field));
    // store: true keeps the value in the document, where highlighting reads it (as OpenSearch's).
    type.setStored(Boolean.parseBoolean(String.valueOf(field.params().get("store"))));
    String vectors = String.valueOf(field.params().getOrDefault("term_vector", "no"));
    if (!vectors.equals("no")) {
      type.setStoreTermVectors(true);
      type.setStoreTermVectorPositions(vectors.contains("positions"));
      type.setStoreTermVectorOffsets(vectors.contains("offsets"));
      type.setStoreTermVectorPayloads(vectors.contains("payloads"));
    }
    type.freeze();
    return type;
  }

  /** The Lucene index options of the field's {@code index_options}. */
  IndexOptions indexOptions(FieldMapping field) {
    return switch (String.valueOf(field.params().getOrDefault("index_options", "positions"))) {
      case "docs" -> IndexOptions.DOCS;
      case "freqs" -> IndexOptions.DOCS_AND_FREQS;
      case "offsets" -> IndexOptions.DOCS_AND_FREQS_AND_POSITIONS_AND_OFFSETS;
      default -> IndexOptions.DOCS_AND_FREQS_AND_POSITIONS;
    };
  }

  static boolean fielddata(FieldMapping field) {
    return Boolean.TRUE.equals(field.params().get("fielddata"));
  }

  @Override
  public DocValuesType docValuesType() {
    return fielddata ? DocValuesType.ORDINALS : DocValuesType.NONE;
  }

  @Override
  public Query existsQuery(String name, FieldMapping field) {
    if (luceneType(field).omitNorms()) {
      return new TermQuery(new Term(FIELD_NAMES, name));
    }
    return super.existsQuery(name, field);
  }

  @Override
  public void checkSearchable(String name, FieldMapping field, QueryContext context) {
    // A text field without an index fails only where a query needs it: requireIndexed.
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    requireIndexed(name, field, context);
    return new TermQuery(new Term(name, String.valueOf(value)));
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
    // A prefix within index_prefixes' lengths is one term of the prefix field, as in OpenSearch.
    if (kind == Pattern.PREFIX
        && !caseInsensitive
        && field.params().get("index_prefixes") instanceof Map<?, ?> prefixes) {
      int length = pattern.codePointCount(0, pattern.length());
      if (length >= ((Number) prefixes.get("min_chars")).intValue()
          && length <= ((Number) prefixes.get("max_chars")).intValue()) {
        return new org.apache.lucene.search.ConstantScoreQuery(
            new TermQuery(new Term(name + PREFIX_SUFFIX, pattern)));
      }
    }
    return null;
  }

  @Override
  public void requireFielddata(String name) {
    if (fielddata) {
      return;
    }
    throw DuetException.illegalArgument(
        "Text fields are not optimised for operations that require per-document field data like"
            + " aggregations and sorting, so these operations are disabled by default. Please use"
            + " a keyword field instead. Alternatively, set fielddata=true on ["
            + name
            + "] in order to load field data by uninverting the inverted index. Note that this"
            + " can use significant memory.");
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value.toString();
  }

  /** The distinct terms {@code analyzer} makes of {@code value}. */
  static Set<String> terms(Analyzer analyzer, String path, String value) throws IOException {
    Set<String> out = new LinkedHashSet<>();
    try (TokenStream ts = analyzer.tokenStream(path, value)) {
      CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
      ts.reset();
      while (ts.incrementToken()) {
        out.add(term.toString());
      }
      ts.end();
    }
    return out;
  }

  static boolean bool(Object value) {
    String v = String.valueOf(value);
    if (v.equals("true") || v.equals("false")) {
      return Boolean.parseBoolean(v);
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + v + "] as only [true] or [false] are allowed.");
  }

  static String oneOf(String key, Object value, List<String> allowed) {
    String v = String.valueOf(value);
    if (!allowed.contains(v)) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "Unknown value ["
              + v
              + "] for field ["
              + key
              + "] - accepted values are "
              + allowed.toString().replace(", ", ", "));
    }
    return v;
  }

  private static int whole(Object value) {
    try {
      return value instanceof Number n ? n.intValue() : Integer.parseInt(String.valueOf(value));
    } catch (NumberFormatException e) {
      throw new DuetException(
          400, "mapper_parsing_exception", "For input string: \"" + value + "\"");
    }
  }

  private static String similarity(String field, Object value) {
    String v = String.valueOf(value);
    if (!SIMILARITIES.contains(v)) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "Unknown Similarity type [" + v + "] for field [" + field + "]");
    }
    return v;
  }

  private static Map<String, Object> prefixes(String field, Object value) {
    if (!(value instanceof Map<?, ?> map)) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "Expected map for property [index_prefixes] on field [" + field + "] but got " + value);
    }
    int min = DEFAULT_MIN_CHARS;
    int max = DEFAULT_MAX_CHARS;
    for (Map.Entry<?, ?> e : map.entrySet()) {
      switch (String.valueOf(e.getKey())) {
        case "min_chars" -> min = whole(e.getValue());
        case "max_chars" -> max = whole(e.getValue());
        default ->
            throw new DuetException(
                400,
                "mapper_parsing_exception",
                "Mapping definition for ["
                    + field
                    + "] has unsupported parameters:  ["
                    + e.getKey()
                    + " : "
                    + e.getValue()
                    + "]");
      }
    }
    if (min < 1) {
      throw DuetException.illegalArgument("min_chars [" + min + "] must be greater than zero");
    }
    if (max >= 20) {
      throw DuetException.illegalArgument("max_chars [" + max + "] must be less than 20");
    }
    if (min > max) {
      throw DuetException.illegalArgument(
          "min_chars [" + min + "] must be less than max_chars [" + max + "]");
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("min_chars", min);
    out.put("max_chars", max);
    return out;
  }

  private static Map<String, Object> frequencyFilter(String field, Object value) {
    if (!(value instanceof Map<?, ?> map)) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "Expected map for property [fielddata_frequency_filter] on field ["
              + field
              + "] but got "
              + value);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("min", map.get("min") instanceof Number n ? n.doubleValue() : 0.0);
    out.put("max", map.get("max") instanceof Number n ? n.doubleValue() : 2.147483647E9);
    out.put("min_segment_size", map.get("min_segment_size") instanceof Number n ? n.intValue() : 0);
    return out;
  }

  private static org.apache.lucene.document.FieldType hiddenTerms() {
    org.apache.lucene.document.FieldType type = new org.apache.lucene.document.FieldType();
    type.setTokenized(false);
    type.setOmitNorms(true);
    type.setIndexOptions(IndexOptions.DOCS);
    type.freeze();
    return type;
  }
}
