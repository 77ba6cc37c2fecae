package dev.duet.engine.internal.agg;

import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SortSpec;
import java.io.IOException;
import java.util.List;
import java.util.function.Function;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.Sort;

/**
 * One index as the aggregations see it: its searcher, its mapping (a full path to its leaf field,
 * null when unmapped), its query and sort translators and its hit fetcher, so that aggregation code
 * needs nothing else of the engine. {@code documents} matches every document a top-level search may
 * see (what {@code global} collects): all of them, or the root documents of an index with nested
 * documents. {@code nestedDocuments} matches the nested documents of a nested path (null when the
 * path is not nested). {@code maxRegexLength} is the index's {@code index.max_regex_length}. {@code
 * ordinalsRead} is told each field whose ordinals an aggregation reads (the index's fielddata
 * figures).
 */
public record AggregationTarget(
    String index,
    IndexSearcher searcher,
    Function<String, FieldMapping> fields,
    Function<dev.duet.engine.search.Query, Query> queries,
    Function<List<SortSpec>, Sort> sorts,
    Fetcher fetcher,
    Query documents,
    Function<String, Query> nestedDocuments,
    int maxRegexLength,
    java.util.function.Consumer<String> ordinalsRead) {

  /**
   * Loads one hit of this index as {@code spec} asks ({@code _id}, filtered {@code _source}, sort
   * values, versions); {@code nestedPath}: the nested path the hit's document was collected at
   * (then the hit is that object, with its {@code _nested} identity), null for a whole document.
   */
  public interface Fetcher {
    SearchHit fetch(ScoreDoc doc, Sort sort, Aggregation.TopHits spec, String nestedPath)
        throws IOException;
  }
}
