package dev.duet.engine.search;

import dev.duet.engine.error.DuetException;
import java.util.List;

/**
 * {@code more_like_this}: documents like the {@code like} items (texts, documents of an index by
 * {@code _id}, or artificial documents given whole) and unlike the {@code unlike} ones, over {@code
 * fields} (null: the index's default fields), with Lucene's {@code MoreLikeThis} term selection
 * ({@code max_query_terms}, {@code min_term_freq}, {@code min_doc_freq}, …); the liked documents
 * themselves are left out unless {@code include}.
 */
public record MoreLikeThis(
    List<String> fields,
    List<Item> like,
    List<Item> unlike,
    int maxQueryTerms,
    int minTermFreq,
    int minDocFreq,
    int maxDocFreq,
    int minWordLength,
    int maxWordLength,
    List<String> stopWords,
    String analyzer,
    String minimumShouldMatch,
    float boostTerms,
    boolean include,
    float boost)
    implements Query.FullText {
  /** OpenSearch's defaults. */
  public static final int DEFAULT_MAX_QUERY_TERMS = 25;

  public static final int DEFAULT_MIN_TERM_FREQ = 2;
  public static final int DEFAULT_MIN_DOC_FREQ = 5;
  public static final String DEFAULT_MINIMUM_SHOULD_MATCH = "30%";

  public MoreLikeThis {
    fields = fields == null ? null : List.copyOf(fields);
    like = like == null ? List.of() : List.copyOf(like);
    unlike = unlike == null ? List.of() : List.copyOf(unlike);
    stopWords = stopWords == null ? List.of() : List.copyOf(stopWords);
    if (like.isEmpty()) {
      throw DuetException.illegalArgument("more_like_this requires 'like' to be specified");
    }
    if (fields != null && fields.isEmpty()) {
      throw DuetException.illegalArgument("more_like_this requires 'fields' to be non-empty");
    }
    if (maxQueryTerms <= 0) { // Lucene sizes a queue by it
      throw DuetException.illegalArgument("requires 'maxQueryTerms' to be greater than 0");
    }
    minimumShouldMatch =
        minimumShouldMatch == null ? DEFAULT_MINIMUM_SHOULD_MATCH : minimumShouldMatch;
  }

  /**
   * One like or unlike item: a {@code text}, or a document: {@code id} in {@code index} (null: the
   * searched index), or an artificial {@code doc} (its JSON) analyzed as {@code index} would;
   * {@code fields} (null: the query's) narrows which of its fields count.
   */
  public record Item(
      String text, String index, String id, String routing, String doc, List<String> fields) {
    public Item {
      fields = fields == null ? null : List.copyOf(fields);
      if (text == null && id == null && doc == null) {
        throw DuetException.illegalArgument(
            "[more_like_this] item requires either id or doc to be set");
      }
    }

    /** A text item. */
    public static Item text(String text) {
      return new Item(text, null, null, null, null, null);
    }
  }
}
