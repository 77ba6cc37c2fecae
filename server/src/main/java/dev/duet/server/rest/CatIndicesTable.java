package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexInfo;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The {@code _cat/indices} table: OpenSearch's columns with their aliases, the {@code h=} selection
 * (a column is shown under the name the client asked for it by; a wildcard shows every match under
 * its own name; unknown names are dropped, as OpenSearch drops them) and the {@code s=} sort (by
 * any column, shown or not, in its typed order: numbers and sizes numerically).
 */
final class CatIndicesTable {
  private enum Kind {
    TEXT,
    NUMBER,
    BYTES
  }

  private record Column(String name, Kind kind, List<String> aliases) {
    boolean answersTo(String key) {
      return name.equals(key) || aliases.contains(key);
    }

    String format(Object value, boolean rawBytes) {
      return kind == Kind.BYTES
          ? ClusterHandlers.size((Long) value, rawBytes)
          : String.valueOf(value);
    }
  }

  private static final List<Column> COLUMNS =
      List.of(
          new Column("health", Kind.TEXT, List.of("h")),
          new Column("status", Kind.TEXT, List.of("s")),
          new Column("index", Kind.TEXT, List.of("i", "idx")),
          new Column("uuid", Kind.TEXT, List.of("id")),
          new Column("pri", Kind.NUMBER, List.of("p", "shards.primary", "shardsPrimary")),
          new Column("rep", Kind.NUMBER, List.of("r", "shards.replica", "shardsReplica")),
          new Column("docs.count", Kind.NUMBER, List.of("dc", "docsCount")),
          new Column("docs.deleted", Kind.NUMBER, List.of("dd", "docsDeleted")),
          new Column("store.size", Kind.BYTES, List.of("ss", "storeSize")),
          new Column("pri.store.size", Kind.BYTES, List.of()));

  /** A column shown, and the header it is shown under. */
  private record Shown(int column, String header) {}

  private final List<Shown> shown;
  private final List<Comparable<?>[]> rows;
  private final boolean rawBytes;

  private CatIndicesTable(List<Shown> shown, List<Comparable<?>[]> rows, boolean rawBytes) {
    this.shown = shown;
    this.rows = rows;
    this.rawBytes = rawBytes;
  }

  /**
   * The table for these indices; {@code h} and {@code s} as the client gave them (null when
   * absent). An unknown sort key is a 400 (OpenSearch fails it with a 500).
   */
  static CatIndicesTable of(List<IndexInfo> indices, String h, String s, boolean rawBytes) {
    List<Comparable<?>[]> rows = new ArrayList<>(indices.size());
    for (IndexInfo info : indices) {
      // One primary per shard and no replica copies on one node: the primaries hold all the bytes.
      rows.add(
          new Comparable<?>[] {
            info.health(),
            "open",
            info.name(),
            info.uuid(),
            info.settings().numberOfShards(),
            info.settings().numberOfReplicas(),
            info.docsCount(),
            info.docsDeleted(),
            info.storeSizeBytes(),
            info.storeSizeBytes()
          });
    }
    if (s != null && !s.isEmpty()) {
      rows.sort(order(s));
    }
    return new CatIndicesTable(select(h), rows, rawBytes);
  }

  private static List<Shown> select(String h) {
    List<Shown> shown = new ArrayList<>();
    if (h == null || h.isEmpty()) {
      for (int i = 0; i < COLUMNS.size(); i++) {
        shown.add(new Shown(i, COLUMNS.get(i).name()));
      }
      return shown;
    }
    for (String key : h.split(",")) {
      key = key.trim();
      if (key.contains("*")) {
        Pattern glob = glob(key);
        for (int i = 0; i < COLUMNS.size(); i++) {
          Column c = COLUMNS.get(i);
          if (glob.matcher(c.name()).matches()
              || c.aliases().stream().anyMatch(a -> glob.matcher(a).matches())) {
            shown.add(new Shown(i, c.name()));
          }
        }
      } else {
        int i = columnIndex(key);
        if (i >= 0) {
          shown.add(new Shown(i, key));
        }
      }
    }
    return shown;
  }

  private static Comparator<Comparable<?>[]> order(String s) {
    Comparator<Comparable<?>[]> order = null;
    for (String key : s.split(",")) {
      key = key.trim();
      boolean descending = false;
      int colon = key.lastIndexOf(':');
      if (colon >= 0) {
        String direction = key.substring(colon + 1).toLowerCase(Locale.ROOT);
        descending = direction.equals("desc");
        key = key.substring(0, colon);
      }
      int i = columnIndex(key);
      if (i < 0) {
        throw DuetException.illegalArgument("Unable to sort by unknown sort key `" + key + "`");
      }
      Comparator<Comparable<?>[]> byKey = (a, b) -> compare(a[i], b[i]);
      if (descending) {
        byKey = byKey.reversed();
      }
      order = order == null ? byKey : order.thenComparing(byKey);
    }
    return order;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Comparable a, Comparable b) {
    return a.compareTo(b);
  }

  private static int columnIndex(String key) {
    for (int i = 0; i < COLUMNS.size(); i++) {
      if (COLUMNS.get(i).answersTo(key)) {
        return i;
      }
    }
    return -1;
  }

  /** OpenSearch's simple match: {@code *} is any run of characters, the rest is literal. */
  private static Pattern glob(String pattern) {
    StringBuilder regex = new StringBuilder();
    for (String part : pattern.split("\\*", -1)) {
      if (!regex.isEmpty()) {
        regex.append(".*");
      }
      regex.append(Pattern.quote(part));
    }
    return Pattern.compile(regex.toString());
  }

  /** {@code format=json}: one object per index, every value a string, keyed by header. */
  void writeJson(JsonGenerator g) throws IOException {
    g.writeStartArray();
    for (Comparable<?>[] row : rows) {
      g.writeStartObject();
      for (Shown column : shown) {
        g.writeStringField(column.header(), cell(row, column));
      }
      g.writeEndObject();
    }
    g.writeEndArray();
  }

  /**
   * The text table, with the header line when {@code verbose} ({@code ?v}); numbers and sizes are
   * right-aligned, headers included, and the last column is not padded.
   */
  String text(boolean verbose) {
    List<String[]> lines = new ArrayList<>(rows.size() + 1);
    if (verbose) {
      lines.add(shown.stream().map(Shown::header).toArray(String[]::new));
    }
    for (Comparable<?>[] row : rows) {
      lines.add(shown.stream().map(column -> cell(row, column)).toArray(String[]::new));
    }
    int[] widths = new int[shown.size()];
    for (String[] line : lines) {
      for (int i = 0; i < line.length; i++) {
        widths[i] = Math.max(widths[i], line[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] line : lines) {
      for (int i = 0; i < line.length; i++) {
        if (i > 0) {
          sb.append(' ');
        }
        String pad = " ".repeat(widths[i] - line[i].length());
        if (COLUMNS.get(shown.get(i).column()).kind() != Kind.TEXT) {
          sb.append(pad).append(line[i]);
        } else {
          sb.append(line[i]);
          if (i < line.length - 1) {
            sb.append(pad);
          }
        }
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private String cell(Comparable<?>[] row, Shown column) {
    return COLUMNS.get(column.column()).format(row[column.column()], rawBytes);
  }
}
