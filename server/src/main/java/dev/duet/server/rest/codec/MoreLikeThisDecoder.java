package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.MoreLikeThis;
import java.io.IOException;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** The {@code more_like_this} query of {@link QueryDecoder}. */
final class MoreLikeThisDecoder {
  private MoreLikeThisDecoder() {}

  static MoreLikeThis moreLikeThis(JsonParser p) throws IOException {
    Object read = Json.readValue(p);
    if (!(read instanceof Map<?, ?> body)) {
      throw QueryErrors.error(p, "[more_like_this] query malformed, no start_object");
    }
    List<String> fields = null;
    List<MoreLikeThis.Item> like = new ArrayList<>();
    List<MoreLikeThis.Item> unlike = new ArrayList<>();
    int maxQueryTerms = MoreLikeThis.DEFAULT_MAX_QUERY_TERMS;
    int minTermFreq = MoreLikeThis.DEFAULT_MIN_TERM_FREQ;
    int minDocFreq = MoreLikeThis.DEFAULT_MIN_DOC_FREQ;
    int maxDocFreq = 0;
    int minWordLength = 0;
    int maxWordLength = 0;
    List<String> stopWords = List.of();
    String analyzer = null;
    String msm = null;
    float boostTerms = 0;
    boolean include = false;
    float boost = 1f;
    for (Map.Entry<?, ?> e : body.entrySet()) {
      String key = String.valueOf(e.getKey());
      Object v = e.getValue();
      switch (key) {
        case "fields" -> fields = strings(v);
        case "like", "like_text", "docs", "ids" -> items(v, like);
        case "unlike" -> items(v, unlike);
        case "max_query_terms" -> maxQueryTerms = number(v).intValue();
        case "min_term_freq" -> minTermFreq = number(v).intValue();
        case "min_doc_freq" -> minDocFreq = number(v).intValue();
        case "max_doc_freq" -> maxDocFreq = number(v).intValue();
        case "min_word_length", "min_word_len" -> minWordLength = number(v).intValue();
        case "max_word_length", "max_word_len" -> maxWordLength = number(v).intValue();
        case "stop_words" -> stopWords = strings(v);
        case "analyzer" -> analyzer = String.valueOf(v);
        case "minimum_should_match" -> msm = String.valueOf(v);
        case "boost_terms" -> boostTerms = number(v).floatValue();
        case "include" -> include = Boolean.parseBoolean(String.valueOf(v));
        case "boost" -> boost = number(v).floatValue();
        case "fail_on_unsupported_field" -> {}
        case "_name" -> QueryNames.name(v);
        default ->
            throw QueryErrors.error(p, "[more_like_this] query does not support [" + key + "]");
      }
    }
    return new MoreLikeThis(
        fields,
        like,
        unlike,
        maxQueryTerms,
        minTermFreq,
        minDocFreq,
        maxDocFreq,
        minWordLength,
        maxWordLength,
        stopWords,
        analyzer,
        msm,
        boostTerms,
        include,
        boost);
  }

  private static void items(Object v, List<MoreLikeThis.Item> out) throws IOException {
    if (v instanceof List<?> list) {
      for (Object item : list) {
        items(item, out);
      }
      return;
    }
    if (v instanceof Map<?, ?> item) {
      String doc = null;
      if (item.get("doc") != null) {
        StringWriter json = new StringWriter();
        try (var g = Json.FACTORY.createGenerator(json)) {
          Json.writeValue(g, item.get("doc"));
        }
        doc = json.toString();
      }
      out.add(
          new MoreLikeThis.Item(
              null,
              string(item.get("_index")),
              string(item.get("_id")),
              string(item.get("routing")),
              doc,
              item.get("fields") == null ? null : strings(item.get("fields"))));
      return;
    }
    if (v == null) {
      throw DuetException.parsing("[more_like_this] like item is null");
    }
    out.add(MoreLikeThis.Item.text(String.valueOf(v)));
  }

  private static String string(Object v) {
    return v == null ? null : String.valueOf(v);
  }

  private static Number number(Object v) {
    if (v instanceof Number n) {
      return n;
    }
    try {
      return Double.parseDouble(String.valueOf(v));
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("[more_like_this] expected a number, got [" + v + "]");
    }
  }

  private static List<String> strings(Object v) {
    List<String> out = new ArrayList<>();
    if (v instanceof List<?> list) {
      for (Object o : list) {
        out.add(String.valueOf(o));
      }
    } else if (v != null) {
      out.add(String.valueOf(v));
    }
    return out;
  }
}
