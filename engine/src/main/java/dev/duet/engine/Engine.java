package dev.duet.engine;

import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.io.Closeable;
import java.util.List;

/**
 * The node's indices: create and drop them, write, get and search documents. Thread-safe; every
 * method may block on I/O. Failures a client caused are {@link dev.duet.engine.error.DuetException}
 * with an OpenSearch error type and status.
 *
 * <p>Index names in {@code search} and {@code refresh} may be expressions ({@code _all}, {@code *},
 * {@code logs-*}, {@code a,b}); elsewhere they name one concrete index.
 */
public interface Engine extends Closeable {

  /**
   * Creates an index; 400 {@code resource_already_exists_exception} if it exists, 400 {@code
   * invalid_index_name_exception} for a name OpenSearch would refuse.
   */
  IndexInfo createIndex(String name, IndexSettings settings, Mapping mapping);

  /** Deletes an index and its data; 404 {@code index_not_found_exception} if missing. */
  void deleteIndex(String name);

  boolean indexExists(String name);

  /** One index; 404 {@code index_not_found_exception} if missing. */
  IndexInfo index(String name);

  /**
   * One index's current mapping, without the live counts of {@link #index}: cheap enough to call
   * per request. 404 {@code index_not_found_exception} if missing.
   */
  default Mapping mapping(String name) {
    return index(name).mapping();
  }

  /** Every index matching the expression (all when null or empty), sorted by name. */
  List<IndexInfo> indices(String expression);

  /**
   * Applies the items in order; each succeeds or fails alone. Indices named by items that do not
   * exist are created with default settings and dynamic mapping, as OpenSearch does.
   */
  BulkResponse bulk(BulkRequest request);

  /** Realtime get by id; 404 {@code index_not_found_exception} if the index is missing. */
  GetResult get(String index, String id);

  /** Makes all acknowledged writes to the matching indices visible to search. */
  void refresh(String expression);

  SearchResponse search(SearchRequest request);

  /**
   * Analyzes text with a built-in analyzer, or one of an index's analyzers, normalizers or fields;
   * 404 when the named index is missing.
   */
  dev.duet.engine.analysis.AnalyzeResponse analyze(dev.duet.engine.analysis.AnalyzeRequest request);

  /**
   * Flushes the matching indices: a Lucene commit, after which their translogs start a new
   * generation and drop the ones the commit covers.
   */
  void flush(String expression);

  /** Commits every index to disk and releases it. */
  @Override
  void close();
}
