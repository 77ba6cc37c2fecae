package dev.duet.server.rest;

import static dev.duet.engine.index.StatsCounter.*;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.index.IndexStats;
import dev.duet.engine.index.StatsCounter;
import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Writes an index's (or a sum of indices') {@link IndexStats} in the sections and field names of
 * OpenSearch 3.8's {@code CommonStats}, for {@code _stats} and {@code _nodes/stats}: times as
 * {@code *_in_millis} (and, with {@code human}, a readable {@code 48ms} beside), sizes as {@code
 * *_in_bytes} (and {@code 4.5kb}). Figures a one-node Duet does not have (remote store, segment
 * replication, concurrent and star-tree search) are OpenSearch's zeros.
 */
final class IndexStatsWriter {
  /** What a request asked to see beyond the sections. */
  record Options(
      boolean human,
      Predicate<String> groups,
      Predicate<String> fielddataFields,
      Predicate<String> completionFields,
      boolean fileSizes) {
    static final Options PLAIN = new Options(false, null, null, null, false);
  }

  private final JsonGenerator g;
  private final Options options;

  IndexStatsWriter(JsonGenerator g, Options options) {
    this.g = g;
    this.options = options;
  }

  /** The sections of {@code metrics}, in OpenSearch's order. */
  void write(
      Set<String> metrics,
      IndexStats.Values v,
      Map<String, IndexStats.Values> groups,
      Map<String, Long> fileSizes,
      Map<String, Long> fielddata,
      Map<String, Long> completion)
      throws IOException {
    if (metrics.contains("docs")) {
      g.writeObjectFieldStart("docs");
      number("count", v, DOCS_COUNT);
      number("deleted", v, DOCS_DELETED);
      g.writeEndObject();
    }
    if (metrics.contains("store")) {
      g.writeObjectFieldStart("store");
      bytes("size", v.get(STORE_BYTES));
      bytes("reserved", 0);
      g.writeEndObject();
    }
    if (metrics.contains("indexing")) {
      writeIndexing(v);
    }
    if (metrics.contains("get")) {
      writeGet(v);
    }
    if (metrics.contains("search")) {
      writeSearch(v, groups);
    }
    if (metrics.contains("merge")) {
      writeMerges(v);
    }
    if (metrics.contains("refresh")) {
      g.writeObjectFieldStart("refresh");
      number("total", v, REFRESH_TOTAL);
      time("total_time", v.get(REFRESH_TIME));
      number("external_total", v, REFRESH_EXTERNAL_TOTAL);
      time("external_total_time", v.get(REFRESH_EXTERNAL_TIME));
      number("listeners", v, REFRESH_LISTENERS);
      g.writeEndObject();
    }
    if (metrics.contains("flush")) {
      g.writeObjectFieldStart("flush");
      number("total", v, FLUSH_TOTAL);
      number("periodic", v, FLUSH_PERIODIC);
      time("total_time", v.get(FLUSH_TIME));
      g.writeEndObject();
    }
    if (metrics.contains("warmer")) {
      g.writeObjectFieldStart("warmer");
      number("current", v, WARMER_CURRENT);
      number("total", v, WARMER_TOTAL);
      time("total_time", v.get(WARMER_TIME));
      g.writeEndObject();
    }
    if (metrics.contains("query_cache")) {
      g.writeObjectFieldStart("query_cache");
      bytes("memory_size", v.get(QUERY_CACHE_MEMORY));
      number("total_count", v, QUERY_CACHE_TOTAL);
      number("hit_count", v, QUERY_CACHE_HITS);
      number("miss_count", v, QUERY_CACHE_MISSES);
      number("cache_size", v, QUERY_CACHE_SIZE);
      number("cache_count", v, QUERY_CACHE_COUNT);
      number("evictions", v, QUERY_CACHE_EVICTIONS);
      g.writeEndObject();
    }
    if (metrics.contains("fielddata")) {
      g.writeObjectFieldStart("fielddata");
      bytes("memory_size", v.get(FIELDDATA_MEMORY));
      number("evictions", v, FIELDDATA_EVICTIONS);
      fields("memory_size", fielddata, options.fielddataFields());
      g.writeEndObject();
    }
    if (metrics.contains("completion")) {
      // Filled by the completion field type (its suggesters' sizes, in total and by field).
      g.writeObjectFieldStart("completion");
      bytes("size", v.get(COMPLETION_BYTES));
      fields("size", completion, options.completionFields());
      g.writeEndObject();
    }
    if (metrics.contains("segments")) {
      writeSegments(v, fileSizes);
    }
    if (metrics.contains("translog")) {
      writeTranslog(v);
    }
    if (metrics.contains("request_cache")) {
      g.writeObjectFieldStart("request_cache");
      bytes("memory_size", v.get(REQUEST_CACHE_MEMORY));
      number("evictions", v, REQUEST_CACHE_EVICTIONS);
      number("hit_count", v, REQUEST_CACHE_HITS);
      number("miss_count", v, REQUEST_CACHE_MISSES);
      g.writeEndObject();
    }
    if (metrics.contains("recovery")) {
      g.writeObjectFieldStart("recovery");
      number("current_as_source", v, RECOVERY_AS_SOURCE);
      number("current_as_target", v, RECOVERY_AS_TARGET);
      time("throttle_time", v.get(RECOVERY_THROTTLE_TIME));
      g.writeEndObject();
    }
  }

  private void writeIndexing(IndexStats.Values v) throws IOException {
    g.writeObjectFieldStart("indexing");
    number("index_total", v, INDEX_TOTAL);
    time("index_time", v.get(INDEX_TIME));
    number("index_current", v, INDEX_CURRENT);
    number("index_failed", v, INDEX_FAILED);
    number("delete_total", v, DELETE_TOTAL);
    time("delete_time", v.get(DELETE_TIME));
    number("delete_current", v, DELETE_CURRENT);
    number("noop_update_total", v, NOOP_UPDATE_TOTAL);
    g.writeBooleanField("is_throttled", false);
    time("throttle_time", v.get(INDEX_THROTTLE_TIME));
    number("max_last_index_request_timestamp", v, MAX_LAST_INDEX_REQUEST_TIMESTAMP);
    g.writeEndObject();
  }

  private void writeGet(IndexStats.Values v) throws IOException {
    g.writeObjectFieldStart("get");
    number("total", v, GET_TOTAL);
    // OpenSearch writes getTime whether or not the request asked for human figures.
    g.writeStringField("getTime", timeString(millis(v.get(GET_TIME))));
    time("time", v.get(GET_TIME));
    number("exists_total", v, GET_EXISTS_TOTAL);
    time("exists_time", v.get(GET_EXISTS_TIME));
    number("missing_total", v, GET_MISSING_TOTAL);
    time("missing_time", v.get(GET_MISSING_TIME));
    number("current", v, GET_CURRENT);
    g.writeEndObject();
  }

  private void writeSearch(IndexStats.Values v, Map<String, IndexStats.Values> groups)
      throws IOException {
    g.writeObjectFieldStart("search");
    number("open_contexts", v, SEARCH_OPEN_CONTEXTS);
    writeSearchFigures(v);
    if (options.groups() != null) {
      boolean any = false;
      for (Map.Entry<String, IndexStats.Values> e : groups.entrySet()) {
        if (!options.groups().test(e.getKey())) {
          continue;
        }
        if (!any) {
          g.writeObjectFieldStart("groups");
          any = true;
        }
        g.writeObjectFieldStart(e.getKey());
        writeSearchFigures(e.getValue());
        g.writeEndObject();
      }
      if (any) {
        g.writeEndObject();
      }
    }
    g.writeEndObject();
  }

  private void writeSearchFigures(IndexStats.Values v) throws IOException {
    number("query_total", v, QUERY_TOTAL);
    time("query_time", v.get(QUERY_TIME));
    number("query_current", v, QUERY_CURRENT);
    number("query_failed", v, QUERY_FAILED);
    g.writeNumberField("concurrent_query_total", 0);
    time("concurrent_query_time", 0);
    g.writeNumberField("concurrent_query_current", 0);
    g.writeNumberField("concurrent_avg_slice_count", 0.0);
    g.writeNumberField("startree_query_total", 0);
    time("startree_query_time", 0);
    g.writeNumberField("startree_query_current", 0);
    g.writeNumberField("startree_query_failed", 0);
    number("fetch_total", v, FETCH_TOTAL);
    time("fetch_time", v.get(FETCH_TIME));
    number("fetch_current", v, FETCH_CURRENT);
    number("scroll_total", v, SCROLL_TOTAL);
    time("scroll_time", v.get(SCROLL_TIME));
    number("scroll_current", v, SCROLL_CURRENT);
    number("point_in_time_total", v, PIT_TOTAL);
    time("point_in_time_time", v.get(PIT_TIME));
    number("point_in_time_current", v, PIT_CURRENT);
    number("suggest_total", v, SUGGEST_TOTAL);
    time("suggest_time", v.get(SUGGEST_TIME));
    number("suggest_current", v, SUGGEST_CURRENT);
    number("search_idle_reactivate_count_total", v, SEARCH_IDLE_REACTIVATE_TOTAL);
  }

  private void writeMerges(IndexStats.Values v) throws IOException {
    g.writeObjectFieldStart("merges");
    number("current", v, MERGE_CURRENT);
    number("current_docs", v, MERGE_CURRENT_DOCS);
    bytes("current_size", v.get(MERGE_CURRENT_BYTES));
    number("total", v, MERGE_TOTAL);
    time("total_time", v.get(MERGE_TIME));
    number("total_docs", v, MERGE_TOTAL_DOCS);
    bytes("total_size", v.get(MERGE_TOTAL_BYTES));
    time("total_stopped_time", 0);
    time("total_throttled_time", 0);
    // Lucene's merge scheduler starts its auto-throttle at 20 MB/s, as OpenSearch reports.
    bytes("total_auto_throttle", 20L * 1024 * 1024);
    g.writeNumberField("unreferenced_file_cleanups_performed", 0);
    g.writeObjectFieldStart("warmer");
    g.writeNumberField("total_invocations_count", 0);
    humanOnly("total_time", "0s");
    g.writeNumberField("total_time_millis", 0);
    g.writeNumberField("total_failure_count", 0);
    humanOnly("total_sent_size", "0b");
    g.writeNumberField("total_bytes_sent", 0);
    humanOnly("total_received_size", "0b");
    g.writeNumberField("total_bytes_received", 0);
    humanOnly("total_send_time", "0s");
    g.writeNumberField("total_send_time_millis", 0);
    humanOnly("total_receive_time", "0s");
    g.writeNumberField("total_receive_time_millis", 0);
    g.writeNumberField("ongoing_count", 0);
    g.writeEndObject();
    g.writeEndObject();
  }

  private void writeSegments(IndexStats.Values v, Map<String, Long> fileSizes) throws IOException {
    g.writeObjectFieldStart("segments");
    number("count", v, SEGMENT_COUNT);
    // Lucene 10 keeps none of these on the heap: OpenSearch reports them as 0 too.
    for (String part :
        List.of(
            "memory",
            "terms_memory",
            "stored_fields_memory",
            "term_vectors_memory",
            "norms_memory",
            "points_memory",
            "doc_values_memory")) {
      bytes(part, 0);
    }
    bytes("index_writer_memory", v.get(INDEX_WRITER_MEMORY));
    bytes("version_map_memory", v.get(VERSION_MAP_MEMORY));
    humanOnly("fixed_bit_set", "0b");
    g.writeNumberField("fixed_bit_set_memory_in_bytes", 0);
    g.writeNumberField("max_unsafe_auto_id_timestamp", -1);
    g.writeObjectFieldStart("remote_store");
    g.writeObjectFieldStart("upload");
    g.writeObjectFieldStart("total_upload_size");
    remoteBytes("started", "succeeded", "failed");
    g.writeEndObject();
    g.writeObjectFieldStart("refresh_size_lag");
    remoteBytes("total", "max");
    g.writeEndObject();
    time("max_refresh_time_lag", 0);
    time("total_time_spent", 0);
    g.writeObjectFieldStart("pressure");
    g.writeNumberField("total_rejections", 0);
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("download");
    g.writeObjectFieldStart("total_download_size");
    remoteBytes("started", "succeeded", "failed");
    g.writeEndObject();
    time("total_time_spent", 0);
    g.writeEndObject();
    g.writeEndObject();
    g.writeObjectFieldStart("segment_replication");
    g.writeNumberField("max_bytes_behind", 0);
    g.writeNumberField("total_bytes_behind", 0);
    g.writeNumberField("max_replication_lag", 0);
    g.writeEndObject();
    g.writeObjectFieldStart("file_sizes");
    if (options.fileSizes()) {
      for (Map.Entry<String, Long> e : fileSizes.entrySet()) {
        g.writeObjectFieldStart(e.getKey());
        bytes("size", e.getValue());
        g.writeStringField("description", LuceneFiles.describe(e.getKey()));
        g.writeEndObject();
      }
    }
    g.writeEndObject();
    g.writeEndObject();
  }

  private void writeTranslog(IndexStats.Values v) throws IOException {
    g.writeObjectFieldStart("translog");
    number("operations", v, TRANSLOG_OPERATIONS);
    bytes("size", v.get(TRANSLOG_BYTES));
    number("uncommitted_operations", v, TRANSLOG_UNCOMMITTED_OPERATIONS);
    bytes("uncommitted_size", v.get(TRANSLOG_UNCOMMITTED_BYTES));
    number("earliest_last_modified_age", v, TRANSLOG_EARLIEST_LAST_MODIFIED_AGE);
    g.writeObjectFieldStart("remote_store");
    g.writeObjectFieldStart("upload");
    g.writeObjectFieldStart("total_uploads");
    g.writeNumberField("started", 0);
    g.writeNumberField("failed", 0);
    g.writeNumberField("succeeded", 0);
    g.writeEndObject();
    g.writeObjectFieldStart("total_upload_size");
    remoteBytes("started", "failed", "succeeded");
    g.writeEndObject();
    g.writeEndObject();
    g.writeEndObject();
    g.writeEndObject();
  }

  private void fields(String name, Map<String, Long> sizes, Predicate<String> asked)
      throws IOException {
    if (asked == null) {
      return;
    }
    g.writeObjectFieldStart("fields");
    for (Map.Entry<String, Long> e : sizes.entrySet()) {
      if (asked.test(e.getKey())) {
        g.writeObjectFieldStart(e.getKey());
        bytes(name, e.getValue());
        g.writeEndObject();
      }
    }
    g.writeEndObject();
  }

  private void remoteBytes(String... names) throws IOException {
    for (String name : names) {
      humanOnly(name, "0b");
      g.writeNumberField(name + "_bytes", 0);
    }
  }

  private void number(String name, IndexStats.Values v, StatsCounter counter) throws IOException {
    g.writeNumberField(name, v.get(counter));
  }

  /** A time from nanoseconds: {@code name_in_millis}, and {@code name} with {@code human}. */
  private void time(String name, long nanos) throws IOException {
    long millis = millis(nanos);
    humanOnly(name, timeString(millis));
    g.writeNumberField(name + "_in_millis", millis);
  }

  private void bytes(String name, long bytes) throws IOException {
    humanOnly(name, ClusterHandlers.size(bytes, false));
    g.writeNumberField(name + "_in_bytes", bytes);
  }

  private void humanOnly(String name, String value) throws IOException {
    if (options.human()) {
      g.writeStringField(name, value);
    }
  }

  private static long millis(long nanos) {
    return nanos / 1_000_000L;
  }

  /** OpenSearch's {@code TimeValue} string of a duration in milliseconds: 0s, 48ms, 1.5s, 2m. */
  static String timeString(long millis) {
    if (millis == 0) {
      return "0s";
    }
    long[] units = {86_400_000L, 3_600_000L, 60_000L, 1000L};
    String[] names = {"d", "h", "m", "s"};
    for (int i = 0; i < units.length; i++) {
      if (millis >= units[i]) {
        String s = String.format(Locale.ROOT, "%.1f", millis / (double) units[i]);
        if (s.endsWith(".0")) {
          s = s.substring(0, s.length() - 2);
        }
        return s + names[i];
      }
    }
    return millis + "ms";
  }
}
