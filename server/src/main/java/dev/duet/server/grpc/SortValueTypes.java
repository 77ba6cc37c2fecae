package dev.duet.server.grpc;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.search.SortSpec;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Gives sort values back the Java type OpenSearch's sort produces, per sort key and index: {@link
 * Integer} for {@code integer}, {@code short}, {@code byte}, {@code token_count} and {@code _doc},
 * {@link Float} for {@code float}, {@code half_float} and {@code _score}. The engine widens them to
 * {@link Long} and {@link Double} (all JSON needs), but transport-grpc picks the {@code
 * GeneralNumber} case ({@code int32_value}, {@code float_value}) from that type.
 *
 * <p>One instance serves one response: an index's mapping is looked up once, on its first hit.
 */
final class SortValueTypes {
  /** Leaves every value as the engine typed it: for responses that were not sorted. */
  static final SortValueTypes AS_IS = new SortValueTypes(List.of(), name -> Mapping.EMPTY);

  private enum Kind {
    AS_IS,
    INT,
    FLOAT
  }

  private final List<SortSpec> sort;
  private final Function<String, Mapping> mappings;
  private final Map<String, Kind[]> kindsByIndex = new HashMap<>(4);

  /**
   * @param sort the request's sort keys, in order
   * @param mappings an index's current mapping by name
   */
  SortValueTypes(List<SortSpec> sort, Function<String, Mapping> mappings) {
    this.sort = requireNonNull(sort, "sort");
    this.mappings = requireNonNull(mappings, "mappings");
  }

  /** Types for hits sorted by other keys (inner hits), from the same mappings. */
  SortValueTypes forSort(List<SortSpec> otherSort) {
    return new SortValueTypes(otherSort, mappings);
  }

  /**
   * The value of sort key {@code key} of a hit from {@code index}, typed as OpenSearch types it.
   */
  Object narrow(String index, int key, Object value) {
    if (key >= sort.size()) {
      return value;
    }
    Kind kind = kindsByIndex.computeIfAbsent(index, this::kinds)[key];
    return switch (kind) {
      case INT -> value instanceof Long l && l == l.intValue() ? (Object) l.intValue() : value;
      case FLOAT -> value instanceof Double d ? (Object) d.floatValue() : value;
      case AS_IS -> value;
    };
  }

  private Kind[] kinds(String index) {
    Kind[] kinds = new Kind[sort.size()];
    Mapping mapping = null;
    for (int i = 0; i < kinds.length; i++) {
      String field = sort.get(i).field();
      switch (field) {
        case "_score" -> kinds[i] = Kind.FLOAT;
        case "_doc" -> kinds[i] = Kind.INT;
        default -> {
          if (mapping == null) {
            mapping = mapping(index);
          }
          kinds[i] = kind(leaf(mapping, field));
        }
      }
    }
    return kinds;
  }

  private Mapping mapping(String index) {
    if (index == null) {
      return Mapping.EMPTY;
    }
    try {
      return mappings.apply(index);
    } catch (DuetException e) {
      return Mapping.EMPTY; // deleted since the search ran: keep the engine's types
    }
  }

  private static Kind kind(FieldMapping field) {
    if (field == null) {
      return Kind.AS_IS;
    }
    return switch (field.type()) {
      case "integer", "short", "byte", "token_count" -> Kind.INT;
      case "float", "half_float" -> Kind.FLOAT;
      default -> Kind.AS_IS;
    };
  }

  /** Resolves {@code a.b.c} through object properties and multi-fields ({@code title.raw}). */
  private static FieldMapping leaf(Mapping mapping, String path) {
    FieldMapping whole = mapping.properties().get(path);
    if (whole != null) {
      return whole;
    }
    Map<String, FieldMapping> properties = mapping.properties();
    Map<String, FieldMapping> fields = Map.of();
    int start = 0;
    while (true) {
      int dot = path.indexOf('.', start);
      String segment = dot < 0 ? path.substring(start) : path.substring(start, dot);
      FieldMapping next = properties.get(segment);
      if (next == null) {
        next = fields.get(segment);
      }
      if (next == null) {
        return null;
      }
      if (dot < 0) {
        return next;
      }
      properties = next.properties();
      fields = next.fields();
      start = dot + 1;
    }
  }
}
