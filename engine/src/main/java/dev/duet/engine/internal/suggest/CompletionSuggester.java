package dev.duet.engine.internal.suggest;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.CompletionContexts;
import dev.duet.engine.internal.field.CompletionType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.Suggest;
import dev.duet.engine.search.SuggestResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.suggest.document.CompletionQuery;
import org.apache.lucene.search.suggest.document.ContextQuery;
import org.apache.lucene.search.suggest.document.FuzzyCompletionQuery;
import org.apache.lucene.search.suggest.document.PrefixCompletionQuery;
import org.apache.lucene.search.suggest.document.RegexCompletionQuery;
import org.apache.lucene.search.suggest.document.SuggestIndexSearcher;
import org.apache.lucene.search.suggest.document.TopSuggestDocs;
import org.apache.lucene.search.suggest.document.TopSuggestDocsCollector;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.RegExp;

/**
 * The completion suggester on Lucene's suggest module: a {@link PrefixCompletionQuery}, {@link
 * FuzzyCompletionQuery} or {@link RegexCompletionQuery} (in a {@link ContextQuery} when the field
 * has contexts) run by a {@link SuggestIndexSearcher} on each index, one option per document (its
 * best suggestion, as OpenSearch's collector groups them), merged by score.
 */
final class CompletionSuggester {
  private static final Set<String> FETCH = Set.of(MetaFields.ID, MetaFields.SOURCE);

  private CompletionSuggester() {}

  static SuggestResult run(
      Suggest.Completion s,
      List<LuceneIndex> targets,
      IndexSearcher[] searchers,
      SourceFilter source)
      throws IOException {
    record Found(int target, TopSuggestDocs.SuggestScoreDoc doc, List<CharSequence> contexts) {}
    List<Found> found = new ArrayList<>();
    List<List<CompletionContexts.Mapping>> mappingsOf = new ArrayList<>();
    for (int i = 0; i < targets.size(); i++) {
      MappingLookup lookup = targets.get(i).lookup();
      FieldMapping field = lookup.leaf(s.field());
      if (field == null) {
        throw DuetException.illegalArgument("no mapping found for field [" + s.field() + "]");
      }
      if (!(FieldTypes.of(field) instanceof CompletionType)) {
        throw DuetException.illegalArgument(
            "Field [" + s.field() + "] is not a completion suggest field");
      }
      List<CompletionContexts.Mapping> mappings = CompletionContexts.of(field.params());
      mappingsOf.add(mappings);
      CompletionQuery query = query(s, field, lookup, mappings);
      GroupingCollector collector = new GroupingCollector(s.size(), s.skipDuplicates());
      new SuggestIndexSearcher(searchers[i].getIndexReader()).suggest(query, collector);
      for (TopSuggestDocs.SuggestScoreDoc doc : collector.get().scoreLookupDocs()) {
        found.add(new Found(i, doc, collector.contexts(doc.doc)));
      }
    }
    found.sort(
        Comparator.comparing((Found f) -> -f.doc().score)
            .thenComparing(f -> f.doc().key.toString())
            .thenComparingInt(Found::target)
            .thenComparingInt(f -> f.doc().doc));
    List<SuggestResult.Option> options = new ArrayList<>();
    Set<String> seen = new HashSet<>();
    Map<Integer, StoredFields> stored = new HashMap<>();
    for (Found f : found) {
      if (options.size() == s.size()) {
        break;
      }
      String text = f.doc().key.toString();
      if (s.skipDuplicates() && !seen.add(text)) {
        continue;
      }
      StoredFields fields = stored.get(f.target());
      if (fields == null) {
        fields = searchers[f.target()].storedFields();
        stored.put(f.target(), fields);
      }
      Document doc = fields.document(f.doc().doc, FETCH);
      byte[] bytes = null;
      BytesRef kept = doc.getBinaryValue(MetaFields.SOURCE);
      if (kept != null && source.fetch()) {
        bytes = source.apply(BytesRef.deepCopyOf(kept).bytes);
      }
      SearchHit hit =
          new SearchHit(
              targets.get(f.target()).name(),
              doc.get(MetaFields.ID),
              f.doc().score,
              bytes,
              List.of());
      Map<String, List<String>> contexts = null;
      List<CompletionContexts.Mapping> mappings = mappingsOf.get(f.target());
      if (!mappings.isEmpty()) {
        Map<String, Set<String>> byName = new TreeMap<>();
        for (CharSequence context : f.contexts()) {
          if (context == null || context.length() == 0) {
            continue;
          }
          Map.Entry<String, String> e = CompletionContexts.decode(mappings, context);
          byName
              .computeIfAbsent(e.getKey(), k -> new java.util.LinkedHashSet<>())
              .add(e.getValue());
        }
        contexts = new LinkedHashMap<>();
        for (Map.Entry<String, Set<String>> e : byName.entrySet()) {
          contexts.put(e.getKey(), List.copyOf(e.getValue()));
        }
      }
      options.add(new SuggestResult.Option(text, f.doc().score, null, null, hit, contexts));
    }
    String text = s.text();
    return new SuggestResult(
        s.name(), s.type(), List.of(new SuggestResult.Entry(text, 0, text.length(), options)));
  }

  private static CompletionQuery query(
      Suggest.Completion s,
      FieldMapping field,
      MappingLookup lookup,
      List<CompletionContexts.Mapping> mappings) {
    CompletionQuery query;
    if (s.regex() != null) {
      query =
          new RegexCompletionQuery(
              new Term(s.field(), s.regex()),
              // OpenSearch's ALL (0xffff) is every syntax flag Lucene has.
              s.regexFlags() == 0xffff ? RegExp.ALL : s.regexFlags() & RegExp.ALL,
              s.maxDeterminizedStates());
    } else {
      Analyzer analyzer =
          s.analyzer() != null
              ? CompletionType.analyzer(
                  new FieldMapping(
                      field.type(), withAnalyzer(field.params(), s.analyzer()), Map.of(), Map.of()),
                  true,
                  name -> lookupAnalyzer(lookup, name))
              : CompletionType.analyzer(field, true, name -> lookupAnalyzer(lookup, name));
      Term term = new Term(s.field(), s.prefix());
      if (s.fuzzy() != null) {
        Suggest.Fuzzy fuzzy = s.fuzzy();
        int edits = fuzzy.fuzziness();
        if (edits < 0) {
          int length = s.prefix().codePointCount(0, s.prefix().length());
          edits = length < 3 ? 0 : length < 6 ? 1 : 2;
        }
        query =
            new FuzzyCompletionQuery(
                analyzer,
                term,
                null,
                edits,
                fuzzy.transpositions(),
                fuzzy.prefixLength(),
                fuzzy.minLength(),
                fuzzy.unicodeAware(),
                s.maxDeterminizedStates());
      } else {
        query = new PrefixCompletionQuery(analyzer, term);
      }
    }
    if (mappings.isEmpty()) {
      return query;
    }
    ContextQuery contextQuery = new ContextQuery(query);
    List<CompletionContexts.QueryContext> contexts =
        CompletionContexts.query(mappings, s.contexts());
    if (contexts.isEmpty()) {
      throw DuetException.illegalArgument("Missing mandatory contexts in context query");
    }
    for (CompletionContexts.QueryContext context : contexts) {
      contextQuery.addContext(context.value(), context.boost(), !context.prefix());
    }
    return contextQuery;
  }

  private static Analyzer lookupAnalyzer(MappingLookup lookup, String name) {
    Analyzer analyzer = lookup.analyzerNamed(name);
    if (analyzer == null) {
      throw DuetException.illegalArgument("analyzer [" + name + "] not found");
    }
    return analyzer;
  }

  private static Map<String, Object> withAnalyzer(Map<String, Object> params, String analyzer) {
    Map<String, Object> out = new LinkedHashMap<>(params);
    out.put("search_analyzer", analyzer);
    return out;
  }

  /**
   * Lucene's collector, keeping one entry per document (its best suggestion) as OpenSearch's does,
   * and every context the document's suggestions matched with.
   */
  private static final class GroupingCollector extends TopSuggestDocsCollector {
    private final Map<Integer, List<CharSequence>> contexts = new HashMap<>();

    GroupingCollector(int size, boolean skipDuplicates) {
      super(size, skipDuplicates);
    }

    @Override
    public void collect(int docID, CharSequence key, CharSequence context, float score)
        throws IOException {
      int global = docBase + docID;
      List<CharSequence> seen = contexts.get(global);
      if (seen != null) {
        if (context != null) {
          seen.add(context.toString());
        }
        return;
      }
      List<CharSequence> first = new ArrayList<>();
      if (context != null) {
        first.add(context.toString());
      }
      contexts.put(global, first);
      super.collect(docID, key, context, score);
    }

    List<CharSequence> contexts(int doc) {
      return contexts.getOrDefault(doc, List.of());
    }
  }
}
