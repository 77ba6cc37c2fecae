package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A {@code _cat} table as OpenSearch's {@code RestTable} answers it: columns with their aliases,
 * the {@code h=} selection (a column is shown under the name the client asked for it by; a wildcard
 * shows every match under its own name; unknown names are dropped, as OpenSearch drops them), the
 * {@code s=} sort (by any column, shown or not, in its typed order: numbers and sizes numerically),
 * then {@code format=json} rows of strings or a text table ({@code v} adds the header).
 */
final class CatTable {
  enum Kind {
    TEXT,
    NUMBER,
    BYTES
  }

  /**
   * One column; {@code right} when OpenSearch aligns it right in text ({@code text-align:right}),
   * {@code timestamp} for the {@code epoch}/{@code timestamp} pair that {@code ts=false} hides,
   * {@code description} what {@code ?help} says of it (null: the table has no help); {@code hidden}
   * when OpenSearch shows it only if {@code h} names it.
   */
  record Column(
      String name,
      Kind kind,
      boolean right,
      boolean timestamp,
      List<String> aliases,
      String description,
      boolean hidden) {
    Column(
        String name,
        Kind kind,
        boolean right,
        boolean timestamp,
        List<String> aliases,
        String description) {
      this(name, kind, right, timestamp, aliases, description, false);
    }

    Column(String name, Kind kind, boolean right, List<String> aliases) {
      this(name, kind, right, false, aliases, null);
    }

    Column(String name, Kind kind, boolean right, List<String> aliases, String description) {
      this(name, kind, right, false, aliases, description);
    }

    boolean answersTo(String key) {
      return name.equals(key) || aliases.contains(key);
    }

    /**
     * A cell's text; null for an unknown value (a red index's counts), as OpenSearch. Sizes are
     * human ({@code 4.5kb}) without a unit, else whole units ({@code bytes=gb}: 175).
     */
    String format(Object value, String bytesUnit) {
      if (value == null) {
        return null;
      }
      if (kind != Kind.BYTES) {
        return String.valueOf(value);
      }
      long bytes = ((Number) value).longValue();
      if (bytesUnit == null) {
        return ClusterHandlers.size(bytes, false);
      }
      return Long.toString(bytes / unitBytes(bytesUnit));
    }
  }

  /** A column shown, and the header it is shown under. */
  private record Shown(int column, String header) {}

  private final List<Column> columns;
  private final List<Shown> shown;
  private final List<Comparable<?>[]> rows;
  private final String bytesUnit;

  private CatTable(
      List<Column> columns, List<Shown> shown, List<Comparable<?>[]> rows, String bytesUnit) {
    this.columns = columns;
    this.shown = shown;
    this.rows = rows;
    this.bytesUnit = bytesUnit;
  }

  /** OpenSearch's {@code bytes} units; an unknown one is its 400. */
  private static long unitBytes(String unit) {
    return switch (unit) {
      case "b" -> 1L;
      case "k", "kb" -> 1L << 10;
      case "m", "mb" -> 1L << 20;
      case "g", "gb" -> 1L << 30;
      case "t", "tb" -> 1L << 40;
      case "p", "pb" -> 1L << 50;
      default ->
          throw DuetException.illegalArgument(
              "failed to parse setting [bytes] with value ["
                  + unit
                  + "] as a size in bytes: unit is missing or unrecognized");
    };
  }

  /**
   * The table of these rows (one value per column); {@code h} and {@code s} as the client gave them
   * (null when absent). An unknown sort key is a 400 (OpenSearch fails it with a 500).
   */
  static CatTable of(
      List<Column> columns, List<Comparable<?>[]> rows, String h, String s, boolean rawBytes) {
    return of(columns, rows, h, s, rawBytes, true);
  }

  /** As {@link #of}, with OpenSearch's {@code ts}: false leaves the timestamp columns out. */
  static CatTable of(
      List<Column> columns,
      List<Comparable<?>[]> rows,
      String h,
      String s,
      boolean rawBytes,
      boolean timestamps) {
    return of(columns, rows, h, s, rawBytes ? "b" : null, timestamps);
  }

  /** As {@link #of}, with OpenSearch's {@code bytes} unit (null: human sizes). */
  static CatTable of(
      List<Column> columns,
      List<Comparable<?>[]> rows,
      String h,
      String s,
      String bytesUnit,
      boolean timestamps) {
    if (bytesUnit != null) {
      unitBytes(bytesUnit);
    }
    List<Comparable<?>[]> sorted = new ArrayList<>(rows);
    if (s != null && !s.isEmpty()) {
      sorted.sort(order(columns, s));
    }
    return new CatTable(columns, select(columns, h, timestamps), sorted, bytesUnit);
  }

  /**
   * The answer: {@code format=json} or the text table ({@code v} adds the header line); with {@code
   * help}, OpenSearch's column list (name, aliases, description), when the table has one.
   */
  RestResponse respond(RestRequest request) throws IOException {
    if (request.paramAsBoolean("help", false)
        && columns.stream().allMatch(c -> c.description() != null)) {
      return RestResponse.text(200, help());
    }
    String accept = request.accept();
    String format =
        request.param(
            "format",
            accept != null && accept.startsWith("application/yaml")
                ? "yaml"
                : accept != null && accept.startsWith("application/json") ? "json" : "text");
    if (format.equals("json")) {
      JsonOutput out = new JsonOutput(request.pretty());
      writeJson(out.generator());
      return RestResponse.json(200, out);
    }
    if (format.equals("yaml")) {
      // The JSON rows as YAML, as OpenSearch writes them (Jackson's YAML, "---" first).
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      try (JsonGenerator g =
          new com.fasterxml.jackson.dataformat.yaml.YAMLFactory().createGenerator(out)) {
        writeJson(g);
      }
      return new RestResponse(
          200,
          com.linecorp.armeria.common.MediaType.create("application", "yaml"),
          com.linecorp.armeria.common.HttpData.wrap(out.toByteArray()),
          null);
    }
    return RestResponse.text(200, text(request.paramAsBoolean("v", false)));
  }

  private static List<Shown> select(List<Column> columns, String h, boolean timestamps) {
    List<Shown> shown = new ArrayList<>();
    if (h == null || h.isEmpty()) {
      for (int i = 0; i < columns.size(); i++) {
        if ((timestamps || !columns.get(i).timestamp()) && !columns.get(i).hidden()) {
          shown.add(new Shown(i, columns.get(i).name()));
        }
      }
      return shown;
    }
    for (String key : h.split(",")) {
      key = key.trim();
      if (key.contains("*")) {
        Pattern glob = glob(key);
        for (int i = 0; i < columns.size(); i++) {
          Column c = columns.get(i);
          if (glob.matcher(c.name()).matches()
              || c.aliases().stream().anyMatch(a -> glob.matcher(a).matches())) {
            shown.add(new Shown(i, c.name()));
          }
        }
      } else {
        int i = columnIndex(columns, key);
        if (i >= 0) {
          shown.add(new Shown(i, key));
        }
      }
    }
    return shown;
  }

  private static Comparator<Comparable<?>[]> order(List<Column> columns, String s) {
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
      int i = columnIndex(columns, key);
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
    if (a == null || b == null) {
      return a == b ? 0 : a == null ? 1 : -1; // unknown values last
    }
    return a.compareTo(b);
  }

  private static int columnIndex(List<Column> columns, String key) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).answersTo(key)) {
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

  /** {@code format=json}: one object per row, every value a string, keyed by header. */
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
   * The text table, with the header line when {@code verbose} ({@code ?v}); right-aligned columns
   * are right-aligned, headers included, and the last column is not padded.
   */
  String text(boolean verbose) {
    List<String[]> lines = new ArrayList<>(rows.size() + 1);
    if (verbose) {
      lines.add(shown.stream().map(Shown::header).toArray(String[]::new));
    }
    for (Comparable<?>[] row : rows) {
      lines.add(
          shown.stream()
              .map(column -> Objects.requireNonNullElse(cell(row, column), ""))
              .toArray(String[]::new));
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
        if (columns.get(shown.get(i).column()).right()) {
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

  /** Every column as {@code name | aliases | description}, each part padded to its widest. */
  private String help() {
    List<String[]> lines = new ArrayList<>(columns.size());
    for (Column c : columns) {
      lines.add(new String[] {c.name(), String.join(",", c.aliases()), c.description()});
    }
    int[] widths = new int[3];
    for (String[] line : lines) {
      for (int i = 0; i < 3; i++) {
        widths[i] = Math.max(widths[i], line[i].length());
      }
    }
    StringBuilder sb = new StringBuilder();
    for (String[] line : lines) {
      for (int i = 0; i < 3; i++) {
        if (i > 0) {
          sb.append(" | ");
        }
        sb.append(line[i]).append(" ".repeat(widths[i] - line[i].length()));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private String cell(Comparable<?>[] row, Shown column) {
    return columns.get(column.column()).format(row[column.column()], bytesUnit);
  }
}
