package dev.duet.engine.internal.fetch;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.query.QueryTranslator;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Highlight;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.DelegatingAnalyzerWrapper;
import org.apache.lucene.analysis.core.KeywordAnalyzer;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.highlight.DefaultEncoder;
import org.apache.lucene.search.highlight.Encoder;
import org.apache.lucene.search.highlight.SimpleHTMLEncoder;
import org.apache.lucene.search.uhighlight.CustomSeparatorBreakIterator;
import org.apache.lucene.search.uhighlight.FieldHighlighter;
import org.apache.lucene.search.uhighlight.FieldOffsetStrategy;
import org.apache.lucene.search.uhighlight.Passage;
import org.apache.lucene.search.uhighlight.PassageFormatter;
import org.apache.lucene.search.uhighlight.PassageScorer;
import org.apache.lucene.search.uhighlight.UnifiedHighlighter;

/**
 * The {@code highlight} fetch sub-phase for one index: resolves the requested fields against the
 * mapping once, then highlights each hit's source values with Lucene's unified highlighter as
 * OpenSearch configures it (sentence passages bounded to {@code fragment_size}, one tag pair per
 * term, fragments in text order unless {@code order: score}).
 */
public final class HitHighlighter {
  /** Between the values of a multi-valued field, as Lucene's unified highlighter expects. */
  static final char VALUE_SEPARATOR = 0;

  private static final int DEFAULT_FRAGMENT_SIZE = 100;
  private static final int DEFAULT_NUMBER_OF_FRAGMENTS = 5;

  private final List<Target> targets = new ArrayList<>();
  private final String index;
  private final int maxAnalyzedOffset;

  /**
   * @param query the search's query translated for this index: what is highlighted unless a field
   *     names its own {@code highlight_query}
   */
  HitHighlighter(LuceneIndex index, Highlight highlight, Query query, QueryTranslator translator) {
    MappingLookup lookup = index.lookup();
    this.index = index.name();
    this.maxAnalyzedOffset = IndexSettingsRules.maxAnalyzedOffset(index.metadata().settings());
    Analyzer analyzer = new HighlightAnalyzer(lookup);
    for (Highlight.Field field : highlight.fields()) {
      Highlight.Options options = field.options().over(highlight.defaults());
      validate(field.name(), options);
      Query fieldQuery =
          options.highlightQuery() == null ? query : translator.translate(options.highlightQuery());
      Analyzer unifiedAnalyzer =
          options.maxAnalyzerOffset() == null
              ? analyzer
              : new OffsetLimitedAnalyzer(analyzer, options.maxAnalyzerOffset());
      for (String name : resolve(lookup, field.name())) {
        FieldMapping mapping = lookup.leaf(name);
        targets.add(
            new Target(
                name,
                HitFields.sourcePath(lookup, name),
                fieldQuery,
                options,
                highlighter(
                    name,
                    options,
                    FieldTypes.of(mapping).textSearch() == FieldType.TextSearch.ANALYZED,
                    unifiedAnalyzer),
                "plain".equals(options.type()) ? plain(name, fieldQuery, options, analyzer) : null,
                "fvh".equals(options.type())
                    ? new VectorHighlighter(name, mapping, fieldQuery, options)
                    : null,
                isTrue(mapping.params().get("store")),
                offsetsIndexed(mapping),
                ignoreAbove(mapping)));
      }
    }
  }

  /**
   * The fragments by field, in request order; empty when no field matched. {@code doc} and {@code
   * id} name the hit in the failure for a text over {@code index.highlight.max_analyzed_offset}.
   */
  Map<String, List<String>> highlight(SourceValues source, IndexReader reader, int doc, String id)
      throws IOException {
    Map<String, List<String>> out = new LinkedHashMap<>();
    for (Target target : targets) {
      if (out.containsKey(target.name)) {
        continue;
      }
      List<Object> values =
          target.stored ? storedValues(reader, doc, target.name) : source.at(target.sourcePath);
      if (target.ignoreAbove < Integer.MAX_VALUE) {
        // values over ignore_above were not indexed: OpenSearch does not highlight them
        values =
            values.stream().filter(v -> String.valueOf(v).length() <= target.ignoreAbove).toList();
      }
      if (values.isEmpty()) {
        continue;
      }
      if (target.vector != null) {
        List<String> fragments = target.vector.fragments(reader, doc, values);
        if (!fragments.isEmpty()) {
          out.put(target.name, fragments);
        }
        continue;
      }
      if (target.plain != null) {
        for (Object value : values) {
          checkLength(target, String.valueOf(value).length(), id, true);
        }
        List<String> fragments = target.plain.fragments(target.name, values);
        if (!fragments.isEmpty()) {
          out.put(target.name, fragments);
        }
        continue;
      }
      StringBuilder content = new StringBuilder();
      for (Object value : values) {
        if (!content.isEmpty()) {
          content.append(VALUE_SEPARATOR);
        }
        content.append(value);
      }
      checkLength(target, content.length(), Integer.toString(doc), false);
      List<String> fragments = fragments(target, content.toString());
      if (!fragments.isEmpty()) {
        out.put(target.name, fragments);
      }
    }
    return out;
  }

  /** The values a {@code store: true} field kept in the document itself. */
  private static List<Object> storedValues(IndexReader reader, int doc, String name)
      throws IOException {
    List<Object> out = new ArrayList<>();
    for (IndexableField field : reader.storedFields().document(doc, Set.of(name)).getFields()) {
      if (field.stringValue() != null) {
        out.add(field.stringValue());
      }
    }
    return out;
  }

  /**
   * Whether the field indexes offsets (in its postings or term vectors), which OpenSearch's unified
   * highlighter reads instead of analyzing, so no {@code max_analyzed_offset} applies.
   */
  private static boolean offsetsIndexed(FieldMapping mapping) {
    Object options = mapping.params().get("index_options");
    Object vectors = mapping.params().get("term_vector");
    return "offsets".equals(options) || vectors != null && vectors.toString().contains("offsets");
  }

  /** The field's {@code ignore_above}: longer values were not indexed. */
  private static int ignoreAbove(FieldMapping mapping) {
    Object value = mapping.params().get("ignore_above");
    if (value == null) {
      return Integer.MAX_VALUE;
    }
    try {
      return Integer.parseInt(value.toString());
    } catch (NumberFormatException e) {
      return Integer.MAX_VALUE;
    }
  }

  private static boolean isTrue(Object value) {
    return value != null && Boolean.parseBoolean(value.toString());
  }

  /**
   * Highlighting re-analyzes the text (Duet indexes no offsets or term vectors): refused, as
   * OpenSearch refuses it, past {@code index.highlight.max_analyzed_offset}; the plain highlighter
   * names the hit by {@code _id}, the unified one by document number, as OpenSearch's do.
   */
  private void checkLength(Target target, int length, String hit, boolean plain) {
    if (length <= maxAnalyzedOffset
        || target.options.maxAnalyzerOffset() != null
        || !plain && target.offsets) {
      return;
    }
    throw DuetException.illegalArgument(
        "The length of ["
            + target.name
            + "] field of ["
            + hit
            + "] doc of ["
            + index
            + "] index has exceeded ["
            + maxAnalyzedOffset
            + "] - maximum allowed to be analyzed for highlighting. This maximum can be set by"
            + " changing the [index.highlight.max_analyzed_offset] index level setting. For large"
            + " texts, indexing with offsets or term vectors"
            + (plain ? ", and highlighting with unified or fvh highlighter" : "")
            + " is recommended!");
  }

  private static List<String> fragments(Target target, String content) {
    Object result;
    try {
      result =
          target.highlighter.highlightWithoutSearcher(
              target.name, target.query, content, target.maxPassages());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (!(result instanceof FragmentFormatter.Fragment[] all)) {
      return List.of();
    }
    List<FragmentFormatter.Fragment> kept = new ArrayList<>(all.length);
    for (FragmentFormatter.Fragment fragment : all) {
      if (!fragment.text().isBlank()) {
        kept.add(fragment);
      }
    }
    if ("score".equals(target.options.order())) {
      kept.sort(Comparator.comparingDouble(FragmentFormatter.Fragment::score).reversed());
    }
    return kept.stream().map(FragmentFormatter.Fragment::text).toList();
  }

  /**
   * Mapped text and keyword fields a name or pattern reaches: a pattern only reaches those two
   * types, as in OpenSearch; a named field of another type is not highlighted.
   */
  private static List<String> resolve(MappingLookup lookup, String pattern) {
    if (!pattern.contains("*")) {
      FieldMapping field = lookup.leaf(pattern);
      return field != null && highlightable(field) ? List.of(pattern) : List.of();
    }
    List<String> names = new ArrayList<>();
    for (String path : new TreeSet<>(lookup.leafPaths())) {
      FieldMapping field = lookup.leaf(path);
      if (Wildcards.matches(pattern, path) && field != null && highlightable(field)) {
        names.add(path);
      }
    }
    return names;
  }

  private static boolean highlightable(FieldMapping field) {
    return FieldTypes.of(field).highlights();
  }

  private static void validate(String field, Highlight.Options options) {
    if (options.preTags() != null && options.postTags() == null) {
      throw DuetException.illegalArgument("pre_tags are set but post_tags are not set");
    }
    String type = options.type();
    if (type != null && !type.equals("unified") && !type.equals("plain") && !type.equals("fvh")) {
      throw DuetException.illegalArgument(
          "unknown highlighter type [" + type + "] for the field [" + field + "]");
    }
  }

  private static FieldUnifiedHighlighter highlighter(
      String name, Highlight.Options options, boolean tokenized, Analyzer analyzer) {
    boolean requireFieldMatch = options.requireFieldMatch() == null || options.requireFieldMatch();
    UnifiedHighlighter.Builder builder =
        UnifiedHighlighter.builderWithoutSearcher(analyzer)
            .withWeightMatches(false)
            .withFieldMatcher(requireFieldMatch ? name::equals : f -> !f.equals(MetaFields.ID));
    return new FieldUnifiedHighlighter(builder, options, tokenized);
  }

  private static PlainHighlighter plain(
      String name, Query query, Highlight.Options options, Analyzer analyzer) {
    return new PlainHighlighter(
        name,
        query,
        options,
        analyzer,
        options.fragmentSize() == null ? DEFAULT_FRAGMENT_SIZE : options.fragmentSize(),
        options.numberOfFragments() == null || options.numberOfFragments() < 0
            ? DEFAULT_NUMBER_OF_FRAGMENTS
            : options.numberOfFragments(),
        options.preTags() == null ? "<em>" : options.preTags().get(0),
        options.postTags() == null ? "</em>" : options.postTags().get(0));
  }

  /**
   * One resolved field; {@code plain} is set for {@code type: plain}, {@code vector} for {@code
   * fvh}, else the unified one runs; a {@code stored} field's text is read from the document, not
   * the source.
   */
  private record Target(
      String name,
      String sourcePath,
      Query query,
      Highlight.Options options,
      FieldUnifiedHighlighter highlighter,
      PlainHighlighter plain,
      VectorHighlighter vector,
      boolean stored,
      boolean offsets,
      int ignoreAbove) {
    int maxPassages() {
      return highlighter.maxPassages;
    }
  }

  /** One field's highlighter, with OpenSearch's passages, formatting and limits. */
  private static final class FieldUnifiedHighlighter extends UnifiedHighlighter {
    private final int fragmentSize;
    private final int noMatchSize;
    private final boolean wholeValues;
    private final boolean wordBoundaries;
    private final int maxPassages;
    private final FragmentFormatter formatter;

    FieldUnifiedHighlighter(Builder builder, Highlight.Options options, boolean tokenized) {
      super(builder);
      int fragments =
          options.numberOfFragments() == null
              ? DEFAULT_NUMBER_OF_FRAGMENTS
              : options.numberOfFragments();
      this.fragmentSize =
          options.fragmentSize() == null ? DEFAULT_FRAGMENT_SIZE : options.fragmentSize();
      this.noMatchSize = options.noMatchSize() == null ? 0 : options.noMatchSize();
      this.wholeValues = fragments == 0 || !tokenized;
      // A negative number of fragments is no limit on them, as in OpenSearch (not a 500).
      this.maxPassages = fragments <= 0 ? Integer.MAX_VALUE - 1 : fragments;
      List<String> pre = options.preTags() == null ? List.of("<em>") : options.preTags();
      List<String> post = options.postTags() == null ? List.of("</em>") : options.postTags();
      Encoder encoder =
          "html".equals(options.encoder()) ? new SimpleHTMLEncoder() : new DefaultEncoder();
      this.formatter = new FragmentFormatter(pre.get(0), post.get(0), encoder);
      this.wordBoundaries = "word".equals(options.boundaryScanner());
    }

    @Override
    protected BreakIterator getBreakIterator(String field) {
      if (wholeValues) {
        return new CustomSeparatorBreakIterator(VALUE_SEPARATOR);
      }
      if (wordBoundaries) {
        return BreakIterator.getWordInstance(Locale.ROOT);
      }
      return fragmentSize > 0
          ? new BoundedSentenceIterator(Locale.ROOT, fragmentSize)
          : BreakIterator.getSentenceInstance(Locale.ROOT);
    }

    @Override
    protected PassageFormatter getFormatter(String field) {
      return formatter;
    }

    @Override
    protected FieldHighlighter newFieldHighlighter(
        String field,
        FieldOffsetStrategy offsets,
        BreakIterator breaks,
        PassageScorer scorer,
        int maxPassages,
        int maxNoHighlightPassages,
        PassageFormatter formatter,
        Comparator<Passage> order) {
      return new FragmentHighlighter(
          field, offsets, breaks, scorer, maxPassages, formatter, Locale.ROOT, noMatchSize);
    }
  }

  /** Each field analyzed as it was indexed: text by its analyzer, keyword as one token. */
  private static final class HighlightAnalyzer extends DelegatingAnalyzerWrapper {
    private static final Analyzer KEYWORD = new KeywordAnalyzer();
    private final MappingLookup lookup;

    HighlightAnalyzer(MappingLookup lookup) {
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
