package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexOptions;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * OpenSearch's {@code match_only_text}: text indexed as terms alone (no frequencies, positions or
 * norms), so every match scores the same; phrase queries still answer, confirmed on each
 * candidate's {@code _source} ({@link #phrasesFromSource}), as OpenSearch's {@code
 * SourceConfirmedTextQuery}.
 */
final class MatchOnlyTextType extends TextType {
  static final String NAME = "match_only_text";

  MatchOnlyTextType() {
    super();
  }

  private MatchOnlyTextType(boolean fielddata) {
    super(fielddata);
  }

  @Override
  TextType variant() {
    return new MatchOnlyTextType(true);
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
        "index_prefixes",
        "index_phrases",
        "position_increment_gap",
        "similarity");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    return switch (key) {
      case "norms" -> {
        if (bool(value)) {
          throw new DuetException(
              400,
              "mapper_parsing_exception",
              "Norms cannot be enabled on for match_only_text field");
        }
        yield false;
      }
      case "index_options" -> oneOf(key, value, List.of("docs"));
      case "index_phrases" -> {
        if (bool(value)) {
          throw new DuetException(
              400,
              "mapper_parsing_exception",
              "Index phrases cannot be enabled on for match_only_text field. Use text field"
                  + " instead");
        }
        yield false;
      }
      case "index_prefixes" ->
          throw new DuetException(
              400,
              "mapper_parsing_exception",
              "Index prefixes cannot be enabled on for match_only_text field. Use text field"
                  + " instead");
      default -> super.parseParameter(field, key, value);
    };
  }

  @Override
  public void checkParameters(String field, Map<String, Object> params) {}

  @Override
  IndexOptions indexOptions(FieldMapping field) {
    return IndexOptions.DOCS;
  }

  @Override
  org.apache.lucene.document.FieldType luceneType(FieldMapping field) {
    org.apache.lucene.document.FieldType type = new org.apache.lucene.document.FieldType();
    type.setTokenized(true);
    type.setOmitNorms(true);
    type.setIndexOptions(IndexOptions.DOCS);
    type.setStored(Boolean.parseBoolean(String.valueOf(field.params().get("store"))));
    type.freeze();
    return type;
  }

  @Override
  public boolean phrasesFromSource() {
    return true;
  }

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    requireIndexed(name, field, context);
    return new ConstantScoreQuery(new TermQuery(new Term(name, String.valueOf(value))));
  }
}
