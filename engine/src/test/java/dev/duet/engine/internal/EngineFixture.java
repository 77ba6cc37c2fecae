package dev.duet.engine.internal;

import dev.duet.engine.document.BulkItem;
import dev.duet.engine.document.BulkRequest;
import dev.duet.engine.document.OpType;
import dev.duet.engine.document.RefreshPolicy;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SortSpec;
import dev.duet.engine.search.SourceFilter;
import dev.duet.engine.search.TrackTotalHits;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Small builders shared by the engine tests. */
public final class EngineFixture {
  private EngineFixture() {}

  public static BulkItem index(String index, String id, String json) {
    return new BulkItem(OpType.INDEX, index, id, json.getBytes(StandardCharsets.UTF_8));
  }

  public static BulkItem create(String index, String id, String json) {
    return new BulkItem(OpType.CREATE, index, id, json.getBytes(StandardCharsets.UTF_8));
  }

  public static BulkItem delete(String index, String id) {
    return new BulkItem(OpType.DELETE, index, id, null);
  }

  public static BulkRequest bulk(RefreshPolicy refresh, BulkItem... items) {
    return new BulkRequest(List.of(items), refresh);
  }

  public static BulkRequest bulk(BulkItem... items) {
    return bulk(RefreshPolicy.IMMEDIATE, items);
  }

  public static SearchRequest search(String index, Query query) {
    return new SearchRequest(
        List.of(index), query, 0, 10, List.of(), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  public static SearchRequest search(String index, Query query, SortSpec... sort) {
    return new SearchRequest(
        List.of(index), query, 0, 10, List.of(sort), SourceFilter.ALL, TrackTotalHits.DEFAULT);
  }

  public static Query.MatchAll matchAll() {
    return new Query.MatchAll(1f);
  }

  public static Query.Term term(String field, Object value) {
    return new Query.Term(field, value, 1f);
  }

  public static Query.Match match(String field, Object value) {
    return new Query.Match(field, value, Query.Operator.OR, null, 1f);
  }

  public static Query.Range range(String field, Object gt, Object gte, Object lt, Object lte) {
    return new Query.Range(field, gt, gte, lt, lte, null, 1f);
  }

  public static String json(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }
}
