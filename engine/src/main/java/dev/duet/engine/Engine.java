package dev.duet.engine;

import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.BulkResponse;
import dev.duet.engine.document.ByQueryRequest;
import dev.duet.engine.document.ByQueryResponse;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.ForceMerge;
import dev.duet.engine.index.IndexInfo;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.NodeLimits;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.io.Closeable;
import java.util.List;
import java.util.Map;

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
  default IndexInfo createIndex(String name, IndexSettings settings, Mapping mapping) {
    return createIndex(name, settings, mapping, Map.of());
  }

  /**
   * Creates an index with aliases (by alias name); 400 {@code invalid_index_name_exception} when an
   * alias already has the name.
   */
  IndexInfo createIndex(
      String name, IndexSettings settings, Mapping mapping, Map<String, AliasMetadata> aliases);

  /**
   * Merges a mapping body ({@code {"properties":...}}) into every index the expression names; 400
   * {@code illegal_argument_exception} on a change OpenSearch refuses, and then no index changes.
   */
  void putMapping(String expression, IndicesOptions options, Map<String, Object> mapping);

  /**
   * Updates dynamic settings ({@code null} resets one to its default) of every index the expression
   * names; 400 for a setting fixed at creation, and then no index changes.
   */
  void updateSettings(String expression, IndicesOptions options, Map<String, String> settings);

  /** Applies {@code POST /_aliases} actions: all of them, or none when one is refused. */
  void updateAliases(List<AliasAction> actions);

  /**
   * The concrete index a write to {@code nameOrAlias} goes to (an alias's write index), or null
   * when neither exists; 400 {@code illegal_argument_exception} for an alias without write index.
   */
  String resolveWriteIndex(String nameOrAlias);

  /** Every index the expression names, with OpenSearch's expression options, sorted by name. */
  List<IndexInfo> indices(String expression, IndicesOptions options);

  /**
   * The shard of an index with {@code settings} that a document with this {@code id} and {@code
   * routing} (null: routed by its id) belongs to, as OpenSearch routes it.
   */
  int shardOf(IndexSettings settings, String id, String routing);

  /**
   * {@code _rollover}: moves an alias to a new index when a condition holds for its write index.
   */
  dev.duet.engine.index.RolloverResponse rollover(dev.duet.engine.index.RolloverRequest request);

  /**
   * {@code _shrink}, {@code _split}, {@code _clone}: a new index with the source's documents,
   * mapping and settings, by OpenSearch's rules (the source blocks writes, shard counts divide);
   * the target's name.
   */
  String resize(dev.duet.engine.index.ResizeRequest request);

  /**
   * {@code _field_caps}: the capabilities of the requested fields across the indices the request
   * names (those its index filter may match).
   */
  dev.duet.engine.search.FieldCapsResponse fieldCaps(
      dev.duet.engine.search.FieldCapsRequest request);

  /** Deletes an index and its data; 404 {@code index_not_found_exception} if missing. */
  void deleteIndex(String name);

  /**
   * Deletes every index the expression names; 400 {@code illegal_argument_exception} when it names
   * an alias, as OpenSearch refuses to delete through one.
   */
  void deleteIndices(String expression, IndicesOptions options);

  boolean indexExists(String name);

  /**
   * The indices found on disk that could not be opened, sorted by name: red, answering 503 to every
   * request but a delete, which removes them.
   */
  default java.util.List<dev.duet.engine.index.IndexFailure> failedIndices() {
    return java.util.List.of();
  }

  /**
   * From now on, calls {@code nanos} with the duration of every translog fsync of every index (the
   * node's metrics listen); a later call replaces the listener.
   */
  default void onTranslogFsync(java.util.function.LongConsumer nanos) {}

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
   * The size in bytes of each {@code completion} field's suggester (its FSTs, as Lucene's
   * completion postings load them) in one index's searchable segments, by field path: the {@code
   * completion} section of {@code _stats}. 404 {@code index_not_found_exception} if missing.
   */
  default java.util.Map<String, Long> completionSizes(String index) {
    return java.util.Map.of();
  }

  /**
   * Applies the items in order; each succeeds or fails alone. Indices named by items that do not
   * exist are created with default settings and dynamic mapping, as OpenSearch does.
   */
  BulkResponse bulk(BulkRequest request);

  /** Realtime get by id; 404 {@code index_not_found_exception} if the index is missing. */
  GetResult get(String index, String id);

  /**
   * A get by id; with {@code realtime} false it sees only what the last refresh made searchable, as
   * OpenSearch's {@code realtime=false}.
   */
  GetResult get(String index, String id, boolean realtime);

  /**
   * A get by id and routing value (null: none): on an index of several shards a document written
   * with another routing is not found; 400 {@code routing_missing_exception} when the mapping
   * requires routing and none is given.
   */
  GetResult get(String index, String id, String routing, boolean realtime);

  /**
   * {@code _termvectors}: a stored or artificial document's terms per field, with the index's
   * statistics on request; 404 when the index does not exist.
   */
  dev.duet.engine.document.TermVectorsResult termVectors(
      dev.duet.engine.document.TermVectorsRequest request);

  /**
   * {@code _delete_by_query} or {@code _update_by_query} over the indices the request names; 404
   * {@code index_not_found_exception} for a missing index.
   */
  ByQueryResponse byQuery(ByQueryRequest request);

  /**
   * {@code _reindex} within this node: 404 {@code index_not_found_exception} for a missing source;
   * the dest index is created on first write as a bulk would create it.
   */
  dev.duet.engine.document.ReindexResponse reindex(dev.duet.engine.document.ReindexRequest request);

  /** {@code _segments}: each matching index's Lucene segments. */
  List<dev.duet.engine.index.IndexSegments> segments(String expression, IndicesOptions options);

  /**
   * {@code _stats} and {@code _nodes/stats}: each matching index's figures (closed ones, when the
   * options expand to them, with zeros). Reading them refreshes nothing, as in OpenSearch.
   */
  List<dev.duet.engine.index.IndexStats> stats(String expression, IndicesOptions options);

  /** Makes all acknowledged writes to the matching indices visible to search. */
  default void refresh(String expression) {
    refresh(expression, IndicesOptions.DEFAULTS);
  }

  void refresh(String expression, IndicesOptions options);

  /**
   * A search; in a point in time or opening a scroll when {@link SearchRequest#session()} says so
   * (the response then names it).
   */
  SearchResponse search(SearchRequest request);

  /**
   * The answer {@link #search} would give, if the request cache holds it for the indices' current
   * readers; otherwise null. It never searches, refreshes or waits, so a transport may try it on an
   * I/O thread and hand only what it cannot answer to a thread that may block.
   */
  SearchResponse cachedSearch(SearchRequest request);

  /**
   * Opens a point in time over the indices: later searches in it see the documents as they are now.
   * 400 without {@code keepAlive} or above {@code point_in_time.max_keep_alive}, 429 past {@code
   * search.max_open_pit_context}.
   */
  dev.duet.engine.search.PointInTime createPit(
      List<String> indices, IndicesOptions options, String keepAlive);

  /**
   * Deletes points in time by id; every id is reported deleted, open or not, as OpenSearch does.
   */
  List<String> deletePits(List<String> ids);

  /** Deletes every point in time; the ids deleted. */
  List<String> deleteAllPits();

  /** The open points in time, oldest first. */
  List<dev.duet.engine.search.PointInTime> pits();

  /**
   * The next page of a scroll; {@code keepAlive} null ends it after this page. 404 {@code
   * search_context_missing_exception} when it expired or was cleared.
   */
  SearchResponse scroll(String scrollId, String keepAlive);

  /**
   * Clears scrolls by id, or all of them when {@code ids} is null; the number freed (for all, the
   * number of nodes that freed theirs, 1, as OpenSearch counts). 400 for no ids.
   */
  int clearScrolls(List<String> ids);

  /**
   * The values of the named {@code store: true} fields of a document of {@code index} (a name or an
   * alias), read from its {@code source}: what {@code GET ?stored_fields} shows.
   */
  java.util.Map<String, java.util.List<Object>> storedFields(
      String index, byte[] source, java.util.List<String> names);

  /**
   * Why document {@code id} of {@code index} (a name or an alias) scores what it does for query.
   */
  dev.duet.engine.search.ExplainResult explain(
      String index, String id, dev.duet.engine.search.Query query);

  /**
   * Analyzes text with a built-in analyzer, or one of an index's analyzers, normalizers or fields;
   * 404 when the named index is missing.
   */
  dev.duet.engine.analysis.AnalyzeResponse analyze(dev.duet.engine.analysis.AnalyzeRequest request);

  /**
   * Flushes the matching indices: a Lucene commit, after which their translogs start a new
   * generation and drop the ones the commit covers.
   */
  default void flush(String expression) {
    flush(expression, IndicesOptions.DEFAULTS);
  }

  void flush(String expression, IndicesOptions options);

  /** Force-merges the matching indices ({@code _forcemerge}); blocks until the merges are done. */
  void forceMerge(String expression, IndicesOptions options, ForceMerge request);

  /**
   * {@code POST <expression>/_close}: the open indices it names stop taking reads and writes (400
   * {@code index_closed_exception}) and keep their data; answers the names it closed.
   */
  List<String> closeIndices(String expression, IndicesOptions options);

  /** {@code POST <expression>/_open}: the closed indices it names open again; their names. */
  List<String> openIndices(String expression, IndicesOptions options);

  /**
   * {@code PUT <expression>/_block/<block>}: sets {@code index.blocks.<block>} on every index the
   * expression names; 400 for an unknown block. Answers the indices blocked.
   */
  List<String> addBlock(String expression, IndicesOptions options, String block);

  /**
   * 403 {@code cluster_block_exception} when {@code index.blocks.metadata} forbids reading the
   * settings or mappings of an index the expression names.
   */
  void checkMetadataReadable(String expression, IndicesOptions options);

  /**
   * {@code POST <expression>/_cache/clear}: drops the cached answers of the indices it names (400
   * for a closed one, 404 for a missing one). Duet's one cache is the request cache.
   */
  void clearCaches(String expression, IndicesOptions options);

  /** Stores a template; with {@code create}, 400 when one of that name exists. */
  void putTemplate(dev.duet.engine.index.IndexTemplate template, boolean create);

  /**
   * The templates of a kind whose names match (comma list, wildcards; all when null); 404 for a
   * plain name that none has.
   */
  List<dev.duet.engine.index.IndexTemplate> templates(
      dev.duet.engine.index.IndexTemplate.Kind kind, String names);

  /** Deletes templates by name or wildcard; 404 when a plain name has none. */
  void deleteTemplates(dev.duet.engine.index.IndexTemplate.Kind kind, String names);

  /**
   * What the templates would create an index of that name with ({@code _simulate_index}); {@code
   * candidate}, a composable template not stored, competes as if it were.
   */
  dev.duet.engine.index.IndexTemplate.Resolved simulateIndex(
      String index, dev.duet.engine.index.IndexTemplate candidate);

  /** What a composable template itself composes to ({@code _index_template/_simulate}). */
  dev.duet.engine.index.IndexTemplate.Resolved simulateTemplate(
      dev.duet.engine.index.IndexTemplate template);

  /** The node's search limits now in force. */
  NodeLimits limits();

  /**
   * Changes the node's search limits live, as {@code PUT _cluster/settings} does: new searches,
   * scrolls and points in time obey them; open ones keep going.
   */
  void applyLimits(NodeLimits limits);

  /**
   * The node's circuit breakers: searches reserve what they hold on the request breaker; the
   * transports reserve admitted request bodies on the in-flight one.
   */
  dev.duet.engine.breaker.CircuitBreakers breakers();

  /** Snapshot repositories, snapshots and restores ({@code _snapshot}). */
  dev.duet.engine.snapshot.Snapshots snapshots();

  /** Ingest and search pipelines ({@code _ingest/pipeline}, {@code _search/pipeline}). */
  dev.duet.engine.ingest.Pipelines pipelines();

  /** Commits every index to disk and releases it. */
  @Override
  void close();
}
