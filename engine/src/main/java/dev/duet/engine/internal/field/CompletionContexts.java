package dev.duet.engine.internal.field;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A {@code completion} field's {@code contexts}: the {@code category} and {@code geo} context
 * mappings, as OpenSearch's {@code ContextMappings} encode them. Each context value is indexed and
 * queried with its mapping's position as a leading character, so two mappings never share a value;
 * a {@code geo} context is the geohash of its point at the mapping's {@code precision}, queried
 * with its neighbouring cells.
 */
public final class CompletionContexts {
  private CompletionContexts() {}

  /** One context mapping: its name, {@code CATEGORY} or {@code GEO}, path and geohash level. */
  public record Mapping(String name, boolean geo, String path, int precision) {}

  /** The context mappings of a completion field (empty when it has none). */
  public static List<Mapping> of(Map<String, Object> params) {
    Object contexts = params.get("contexts");
    if (!(contexts instanceof List<?> list)) {
      return List.of();
    }
    List<Mapping> out = new ArrayList<>();
    for (Object item : list) {
      Map<?, ?> m = (Map<?, ?>) item;
      boolean geo = "GEO".equals(m.get("type"));
      Object path = m.get("path");
      int precision = m.get("precision") instanceof Number n ? n.intValue() : 12;
      out.add(
          new Mapping(
              (String) m.get("name"), geo, path == null ? null : path.toString(), precision));
    }
    return out;
  }

  /** The mapping's {@code contexts} parameter, checked and shown as OpenSearch shows it. */
  static List<Object> parse(String field, Object value) {
    List<?> list = value instanceof List<?> l ? l : List.of(value);
    List<Object> out = new ArrayList<>();
    Set<String> names = new LinkedHashSet<>();
    for (Object item : list) {
      if (!(item instanceof Map<?, ?> m)) {
        throw mapping("expected a list of context mappings for field [" + field + "]");
      }
      Object name = m.get("name");
      if (name == null) {
        throw new DuetException(400, "parse_exception", "missing [name] in context mapping");
      }
      Object type = m.get("type");
      if (type == null) {
        throw new DuetException(400, "parse_exception", "missing [type] in context mapping");
      }
      String kind = type.toString().toUpperCase(Locale.ROOT);
      if (!kind.equals("CATEGORY") && !kind.equals("GEO")) {
        throw DuetException.illegalArgument("No context matching type [" + type + "]");
      }
      if (!names.add(name.toString())) {
        throw DuetException.illegalArgument(
            "[" + name + "] already exists in context mappings for field [" + field + "]");
      }
      Map<String, Object> shown = new LinkedHashMap<>();
      shown.put("name", name.toString());
      shown.put("type", kind);
      if (m.get("path") != null) {
        shown.put("path", m.get("path").toString());
      }
      if (kind.equals("GEO")) {
        Object precision = m.get("precision");
        shown.put("precision", precision == null ? 12 : geohashLevel(precision));
      }
      for (Object key : m.keySet()) {
        if (!Set.of("name", "type", "path", "precision").contains(key.toString())) {
          throw mapping(
              "contexts mapping for field ["
                  + field
                  + "] has unsupported parameters: ["
                  + key
                  + " : "
                  + m.get(key)
                  + "]");
        }
      }
      out.add(shown);
    }
    return out;
  }

  /**
   * The contexts of one suggestion input, prefixed by their mapping's position: the document's own
   * {@code contexts} object (null: none) or, for a mapping with a {@code path}, that field's
   * values.
   */
  static Set<CharSequence> indexed(
      String field, List<Mapping> mappings, Map<?, ?> given, IndexContext context) {
    Set<CharSequence> out = new LinkedHashSet<>();
    for (int i = 0; i < mappings.size(); i++) {
      Mapping mapping = mappings.get(i);
      List<Object> values = new ArrayList<>();
      if (given != null && given.containsKey(mapping.name())) {
        Object v = given.get(mapping.name());
        if (mapping.geo()) {
          values.addAll(GeoPoints.parseAll(v, true));
        } else if (v instanceof List<?> l) {
          values.addAll(l);
        } else if (v != null) {
          values.add(v);
        }
      } else if (mapping.path() != null && context != null) {
        for (Object v : context.documentValues(mapping.path())) {
          if (mapping.geo()) {
            values.addAll(GeoPoints.parseAll(v, true));
          } else {
            values.add(v);
          }
        }
      }
      for (Object v : values) {
        String encoded;
        if (v instanceof GeoPoints.Point p) {
          encoded = GeoPoints.geohash(p.lat(), p.lon(), mapping.precision());
        } else if (v instanceof String || v instanceof Number || v instanceof Boolean) {
          encoded = v.toString();
        } else {
          throw new DuetException(
              400,
              "parse_exception",
              "context array must have string, number or boolean values, but was [" + v + "]");
        }
        out.add((char) i + encoded);
      }
    }
    if (out.isEmpty()) {
      throw DuetException.illegalArgument(
          "Contexts are mandatory in context enabled completion field [" + field + "]");
    }
    return out;
  }

  /** One context a query asks for: its encoded value, boost and whether it is a prefix. */
  public record QueryContext(String value, float boost, boolean prefix) {}

  /**
   * The contexts a completion query asks, by mapping name (as the request gives them: a value, a
   * list, or objects with {@code context}, {@code boost}, {@code prefix}, and for geo {@code
   * precision} and {@code neighbours}), encoded as they were indexed.
   */
  public static List<QueryContext> query(List<Mapping> mappings, Map<String, List<Object>> asked) {
    List<QueryContext> out = new ArrayList<>();
    for (String name : asked.keySet()) {
      if (mappings.stream().noneMatch(m -> m.name().equals(name))) {
        throw DuetException.illegalArgument(
            "Unknown context name ["
                + name
                + "], must be one of "
                + mappings.stream().map(Mapping::name).toList());
      }
    }
    for (int i = 0; i < mappings.size(); i++) {
      Mapping mapping = mappings.get(i);
      List<Object> values = asked.get(mapping.name());
      if (values == null) {
        continue;
      }
      String prefix = String.valueOf((char) i);
      for (Object value : values) {
        float boost = 1f;
        boolean isPrefix = false;
        Object context = value;
        int precision = mapping.precision();
        List<Integer> neighbours = null;
        if (value instanceof Map<?, ?> m && m.containsKey("context")) {
          context = m.get("context");
          if (m.get("boost") instanceof Number b) {
            boost = b.floatValue();
          }
          isPrefix = Boolean.TRUE.equals(m.get("prefix"));
          if (m.get("precision") != null) {
            precision = geohashLevel(m.get("precision"));
          }
          if (m.get("neighbours") instanceof List<?> n) {
            neighbours = new ArrayList<>();
            for (Object level : n) {
              neighbours.add(geohashLevel(level));
            }
          }
        }
        if (!mapping.geo()) {
          out.add(new QueryContext(prefix + context, boost, isPrefix));
          continue;
        }
        GeoPoints.Point point =
            context instanceof String s && !s.contains(",")
                ? GeoPoints.geohash(s)
                : GeoPoints.parse(context, true);
        int level = Math.min(mapping.precision(), precision);
        String hash = GeoPoints.geohash(point.lat(), point.lon(), level);
        Set<String> cells = new LinkedHashSet<>();
        cells.add(hash);
        if (neighbours == null && level == mapping.precision()) {
          cells.addAll(neighbours(point, level));
        } else if (neighbours != null) {
          for (int n : neighbours) {
            if (n < level) {
              cells.addAll(neighbours(point, n));
              cells.add(GeoPoints.geohash(point.lat(), point.lon(), n));
            }
          }
        }
        for (String cell : cells) {
          out.add(new QueryContext(prefix + cell, boost, cell.length() < mapping.precision()));
        }
      }
    }
    return out;
  }

  /** The name of the mapping an indexed context belongs to, and its value without the prefix. */
  public static Map.Entry<String, String> decode(List<Mapping> mappings, CharSequence context) {
    int i = context.charAt(0);
    return Map.entry(mappings.get(i).name(), context.subSequence(1, context.length()).toString());
  }

  /** The eight cells around the point's cell at {@code level}. */
  private static List<String> neighbours(GeoPoints.Point point, int level) {
    String hash = GeoPoints.geohash(point.lat(), point.lon(), level);
    GeoPoints.Point corner = GeoPoints.geohash(hash);
    int lonBits = (level * 5 + 1) / 2;
    int latBits = level * 5 / 2;
    double width = 360.0 / (1L << lonBits);
    double height = 180.0 / (1L << latBits);
    double lat = corner.lat() + height / 2;
    double lon = corner.lon() + width / 2;
    List<String> out = new ArrayList<>();
    for (int dy = -1; dy <= 1; dy++) {
      for (int dx = -1; dx <= 1; dx++) {
        double nlat = lat + dy * height;
        if ((dx == 0 && dy == 0) || nlat > 90 || nlat < -90) {
          continue;
        }
        double nlon = lon + dx * width;
        if (nlon > 180) {
          nlon -= 360;
        } else if (nlon < -180) {
          nlon += 360;
        }
        out.add(GeoPoints.geohash(nlat, nlon, level));
      }
    }
    return out;
  }

  /**
   * A geohash level from a number (the level itself) or a distance ({@code "5km"}): the level of
   * the largest cell no wider than the distance, as OpenSearch's {@code geoHashLevelsForPrecision}.
   */
  static int geohashLevel(Object precision) {
    if (precision instanceof Number n) {
      return n.intValue();
    }
    String text = precision.toString().trim();
    double meters = meters(text);
    if (meters == 0) {
      return 12;
    }
    double equator = 2 * Math.PI * 6378137.0;
    double polar = Math.PI * 6356752.314245;
    double ratio = 1 + (polar / equator);
    double width = Math.sqrt((meters * meters) / (ratio * ratio));
    double part = Math.ceil(equator / width);
    int level;
    if (part == 1) {
      level = 1;
    } else {
      int bits = (int) Math.round(Math.ceil(Math.log(part) / Math.log(2)));
      int full = bits / 5;
      int left = bits - full * 5;
      level = full + (left > 0 ? 1 : 0) + full + (left > 3 ? 1 : 0);
    }
    // A level whose cells are smaller than the distance asked steps back one, as OpenSearch's.
    double cellWidth = equator / (1L << ((((level + 1) / 2) * 3) + ((level / 2) * 2)));
    double cellHeight = polar / (1L << ((((level + 1) / 2) * 2) + ((level / 2) * 3)));
    if (Math.sqrt(cellWidth * cellWidth + cellHeight * cellHeight) < meters) {
      level = Math.max(1, level - 1);
    }
    return Math.min(12, level);
  }

  private static double meters(String text) {
    String[][] units = {
      {"nmi", "1852"},
      {"NM", "1852"},
      {"kilometers", "1000"},
      {"km", "1000"},
      {"mm", "0.001"},
      {"cm", "0.01"},
      {"miles", "1609.344"},
      {"mi", "1609.344"},
      {"yd", "0.9144"},
      {"ft", "0.3048"},
      {"in", "0.0254"},
      {"meters", "1"},
      {"m", "1"}
    };
    for (String[] unit : units) {
      if (text.endsWith(unit[0])) {
        try {
          return Double.parseDouble(text.substring(0, text.length() - unit[0].length()).trim())
              * Double.parseDouble(unit[1]);
        } catch (NumberFormatException e) {
          break;
        }
      }
    }
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("failed to parse [" + text + "] as a distance");
    }
  }

  private static DuetException mapping(String reason) {
    return new DuetException(400, "mapper_parsing_exception", reason);
  }
}
