package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.DocumentLookup;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.MoreLikeThis;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.util.BytesRef;

/**
 * {@code more_like_this} on one index: the like and unlike items read into field values (texts as
 * they are, documents by id through the node's {@link DocumentLookup}, artificial documents from
 * their JSON), then {@link LikeTermsQuery} picks the terms on the searched reader.
 */
final class MoreLikeThisQueries {
  private final MappingLookup lookup;
  private final DocumentLookup documents;
  private final String index;

  MoreLikeThisQueries(MappingLookup lookup, DocumentLookup documents, String index) {
    this.lookup = lookup;
    this.documents = documents;
    this.index = index;
  }

  Query moreLikeThis(MoreLikeThis m) {
    List<String> fields = fields(m.fields());
    if (fields.isEmpty()) {
      return new MatchNoDocsQuery("more_like_this: no text fields");
    }
    List<BytesRef> likedIds = new ArrayList<>();
    Map<String, Collection<Object>> like = values(m.like(), fields, likedIds);
    Map<String, Collection<Object>> unlike = values(m.unlike(), fields, new ArrayList<>());
    Analyzer analyzer =
        m.analyzer() == null ? new FieldAnalyzer(lookup) : lookup.analyzerNamed(m.analyzer());
    if (analyzer == null) {
      throw DuetException.illegalArgument("analyzer [" + m.analyzer() + "] not found");
    }
    Query liked = new LikeTermsQuery(fields, like, unlike, analyzer, m);
    if (m.include() || likedIds.isEmpty()) {
      return liked;
    }
    return new BooleanQuery.Builder()
        .add(liked, BooleanClause.Occur.MUST)
        .add(new TermInSetQuery(MetaFields.ID, likedIds), BooleanClause.Occur.MUST_NOT)
        .build();
  }

  /** The named fields (patterns allowed) that hold text; null: every text and keyword field. */
  private List<String> fields(List<String> named) {
    List<String> out = new ArrayList<>();
    for (String path : new TreeSet<>(lookup.leafPaths())) {
      FieldMapping field = lookup.leaf(path);
      if (field == null || FieldTypes.of(field).textSearch() == FieldType.TextSearch.NONE) {
        continue;
      }
      if (named == null
          || named.stream()
              .anyMatch(
                  n ->
                      n.equals(path)
                          || dev.duet.engine.internal.source.Wildcards.matches(n, path))) {
        out.add(path);
      }
    }
    return out;
  }

  /** The items' values by field; the ids of the searched index's documents go to {@code ids}. */
  private Map<String, Collection<Object>> values(
      List<MoreLikeThis.Item> items, List<String> fields, List<BytesRef> ids) {
    Map<String, Collection<Object>> out = new LinkedHashMap<>();
    for (MoreLikeThis.Item item : items) {
      List<String> itemFields =
          item.fields() == null
              ? fields
              : fields.stream().filter(f -> item.fields().contains(f)).toList();
      if (item.text() != null) {
        for (String field : itemFields) {
          out.computeIfAbsent(field, k -> new ArrayList<>()).add(item.text());
        }
        continue;
      }
      byte[] source;
      if (item.doc() != null) {
        source = item.doc().getBytes(StandardCharsets.UTF_8);
      } else {
        String from = item.index() == null ? index : item.index();
        source = documents.source(from, item.id(), item.routing());
        if (from.equals(index)) {
          ids.add(new BytesRef(item.id()));
        }
      }
      if (source == null) {
        continue;
      }
      SourceValues values = SourceValues.of(source);
      for (String field : itemFields) {
        for (Object value : values.at(sourcePath(field))) {
          out.computeIfAbsent(field, k -> new ArrayList<>()).add(String.valueOf(value));
        }
      }
    }
    return out;
  }

  /** A multi-field ({@code title.raw}) reads its parent's source values. */
  private String sourcePath(String name) {
    int dot = name.lastIndexOf('.');
    if (dot > 0) {
      FieldMapping parent = lookup.leaf(name.substring(0, dot));
      if (parent != null && parent.fields().containsKey(name.substring(dot + 1))) {
        return name.substring(0, dot);
      }
    }
    return name;
  }

  /** JSON of an artificial document, checked to be an object. */
  static String checkDoc(String json) {
    try {
      if (!(JsonMaps.read(json.getBytes(StandardCharsets.UTF_8)) instanceof Map<?, ?>)) {
        throw DuetException.illegalArgument("[more_like_this] doc must be an object");
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return json;
  }

  /** Each field analyzed as it was indexed: text by its analyzer, keyword as one token. */
  private static final class FieldAnalyzer extends DelegatingAnalyzerWrapper {
    private static final Analyzer KEYWORD = new KeywordAnalyzer();
    private final MappingLookup lookup;

    FieldAnalyzer(MappingLookup lookup) {
      super(PER_FIELD_REUSE_STRATEGY);
      this.lookup = lookup;
    }

    @Override
    protected Analyzer getWrappedAnalyzer(String fieldName) {
      FieldMapping field = lookup.leaf(fieldName);
      if (field != null && FieldTypes.of(field).textSearch() == FieldType.TextSearch.KEYWORD) {
        Analyzer normalizer = lookup.normalizer(fieldName);
        return normalizer != null ? normalizer : KEYWORD;
      }
      return lookup.indexAnalyzer(fieldName);
    }
  }
}
