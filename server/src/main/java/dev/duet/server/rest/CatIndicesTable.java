package dev.duet.server.rest;

import dev.duet.engine.index.IndexFailure;
import dev.duet.engine.index.IndexInfo;
import dev.duet.server.rest.CatTable.Column;
import dev.duet.server.rest.CatTable.Kind;
import java.util.ArrayList;
import java.util.List;

/** The {@code _cat/indices} table: OpenSearch's columns with their aliases, one row per index. */
final class CatIndicesTable {
  private static final List<Column> COLUMNS =
      List.of(
          new Column("health", Kind.TEXT, false, List.of("h")),
          new Column("status", Kind.TEXT, false, List.of("s")),
          new Column("index", Kind.TEXT, false, List.of("i", "idx")),
          new Column("uuid", Kind.TEXT, false, List.of("id")),
          new Column("pri", Kind.NUMBER, true, List.of("p", "shards.primary", "shardsPrimary")),
          new Column("rep", Kind.NUMBER, true, List.of("r", "shards.replica", "shardsReplica")),
          new Column("docs.count", Kind.NUMBER, true, List.of("dc", "docsCount")),
          new Column("docs.deleted", Kind.NUMBER, true, List.of("dd", "docsDeleted")),
          new Column("store.size", Kind.BYTES, true, List.of("ss", "storeSize")),
          new Column("pri.store.size", Kind.BYTES, true, List.of()),
          new Column(
              "creation.date",
              Kind.NUMBER,
              true,
              false,
              List.of("cd"),
              "index creation date (millisecond value)",
              true),
          new Column(
              "creation.date.string",
              Kind.TEXT,
              false,
              false,
              List.of("cds"),
              "index creation date (as string)",
              true));
  private static final java.time.format.DateTimeFormatter CREATION =
      java.time.format.DateTimeFormatter.ofPattern(
              "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", java.util.Locale.ROOT)
          .withZone(java.time.ZoneOffset.UTC);

  private CatIndicesTable() {}

  /** The table for these indices; {@code h} and {@code s} as the client gave them, or null. */
  static CatTable of(List<IndexInfo> indices, String h, String s, boolean rawBytes) {
    return of(indices, List.of(), h, s, rawBytes);
  }

  /**
   * With the indices that failed to open: red, their counts unknown (blank, or null in JSON), as
   * OpenSearch lists an index whose primaries are unassigned.
   */
  static CatTable of(
      List<IndexInfo> indices, List<IndexFailure> failed, String h, String s, boolean rawBytes) {
    List<Comparable<?>[]> rows = new ArrayList<>(indices.size() + failed.size());
    for (IndexFailure f : failed) {
      rows.add(
          new Comparable<?>[] {
            "red", "open", f.name(), f.uuid(), f.shards(), null, null, null, null, null, null, null
          });
    }
    rows.sort((a, b) -> ((String) a[2]).compareTo((String) b[2]));
    for (IndexInfo info : indices) {
      // One primary per shard and no replica copies on one node: the primaries hold all the bytes.
      rows.add(
          new Comparable<?>[] {
            info.health(),
            info.state(),
            info.name(),
            info.uuid(),
            info.settings().numberOfShards(),
            info.settings().numberOfReplicas(),
            // A closed index has no counts to show, as in OpenSearch.
            info.closed() ? null : info.docsCount(),
            info.closed() ? null : info.docsDeleted(),
            info.closed() ? null : info.storeSizeBytes(),
            info.closed() ? null : info.storeSizeBytes(),
            info.creationDate(),
            CREATION.format(java.time.Instant.ofEpochMilli(info.creationDate()))
          });
    }
    rows.sort((a, b) -> ((String) a[2]).compareTo((String) b[2]));
    return CatTable.of(COLUMNS, rows, h, s, rawBytes);
  }
}
