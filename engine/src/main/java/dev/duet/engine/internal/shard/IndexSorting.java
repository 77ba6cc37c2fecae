package dev.duet.engine.internal.shard;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedNumericSelector;
import org.apache.lucene.search.SortedNumericSortField;
import org.apache.lucene.search.SortedSetSelector;
import org.apache.lucene.search.SortedSetSortField;

/**
 * OpenSearch's index sorting ({@code index.sort.field}, {@code .order}, {@code .mode}, {@code
 * .missing}): the order Lucene keeps each segment's documents in, so that a {@code _doc} sort and
 * early termination follow it. Checked at creation against the mapping with OpenSearch's messages.
 */
public final class IndexSorting {
  private IndexSorting() {}

  /** Fails, in OpenSearch's words, when the settings name a sort the mapping cannot hold. */
  public static void check(IndexSettings settings, Mapping mapping) {
    sort(settings, MappingLookup.of(mapping, settings));
  }

  /** The Lucene sort the settings ask for, or null when the index is not sorted. */
  static Sort sort(IndexSettings settings, MappingLookup lookup) {
    List<String> fields = settings.getAsList("sort.field");
    if (fields.isEmpty()) {
      return null;
    }
    List<String> orders = settings.getAsList("sort.order");
    List<String> modes = settings.getAsList("sort.mode");
    List<String> missing = settings.getAsList("sort.missing");
    sizeMatches(fields, orders, "index.sort.order");
    sizeMatches(fields, modes, "index.sort.mode");
    sizeMatches(fields, missing, "index.sort.missing");
    List<SortField> out = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      String name = fields.get(i);
      boolean reverse = !orders.isEmpty() && reverse(orders.get(i));
      boolean max = modes.isEmpty() ? reverse : max(modes.get(i));
      boolean missingFirst = !missing.isEmpty() && missingFirst(missing.get(i));
      out.add(field(name, lookup.leaf(name), reverse, max, missingFirst));
    }
    return new Sort(out.toArray(SortField[]::new));
  }

  private static SortField field(
      String name, FieldMapping mapping, boolean reverse, boolean max, boolean missingFirst) {
    if (mapping == null) {
      throw DuetException.illegalArgument("unknown index sort field:[" + name + "]");
    }
    FieldType type = FieldTypes.of(mapping);
    try {
      type.requireFielddata(name);
      if (type.docValuesType() != DocValuesType.NONE && !FieldType.docValues(mapping)) {
        throw DuetException.illegalArgument(
            "Can't load fielddata on ["
                + name
                + "] because fielddata is unsupported on fields of type ["
                + mapping.type()
                + "]. Use doc values instead.");
      }
    } catch (DuetException e) {
      throw new DuetException(
          400,
          "illegal_argument_exception",
          "docvalues not found for index sort field:[" + name + "]",
          java.util.Map.of(),
          e);
    }
    DocValuesType values = type.docValuesType();
    if (values == DocValuesType.NONE || !type.sortsIndex()) {
      throw DuetException.illegalArgument("invalid index sort field:[" + name + "]");
    }
    // "_last" puts documents without a value after the others in the sort's own direction.
    boolean high = missingFirst == reverse;
    if (values == DocValuesType.ORDINALS) {
      SortField field =
          new SortedSetSortField(
              name, reverse, max ? SortedSetSelector.Type.MAX : SortedSetSelector.Type.MIN);
      field.setMissingValue(high ? SortField.STRING_LAST : SortField.STRING_FIRST);
      return field;
    }
    SortedNumericSortField field =
        new SortedNumericSortField(
            name,
            values.sortType(),
            reverse,
            max ? SortedNumericSelector.Type.MAX : SortedNumericSelector.Type.MIN);
    Object extreme = values.extreme(high);
    if (values.sortType() == SortField.Type.LONG) {
      // Dates and booleans sort as longs; their extremes are Long's.
      extreme = high ? Long.MAX_VALUE : Long.MIN_VALUE;
    }
    field.setMissingValue(extreme);
    return field;
  }

  private static void sizeMatches(List<String> fields, List<String> other, String key) {
    if (!other.isEmpty() && other.size() != fields.size()) {
      throw DuetException.illegalArgument(
          "index.sort.field:" + fields + " " + key + ":" + other + ", size mismatch");
    }
  }

  private static boolean reverse(String order) {
    return switch (order.toLowerCase(Locale.ROOT)) {
      case "asc" -> false;
      case "desc" -> true;
      default -> throw DuetException.illegalArgument("Illegal sort order:" + order);
    };
  }

  private static boolean max(String mode) {
    return switch (mode.toLowerCase(Locale.ROOT)) {
      case "min" -> false;
      case "max" -> true;
      default ->
          throw DuetException.illegalArgument(
              "Illegal index sort mode:["
                  + mode.toUpperCase(Locale.ROOT)
                  + "], must be one of [MAX, MIN]");
    };
  }

  private static boolean missingFirst(String missing) {
    return switch (missing) {
      case "_first" -> true;
      case "_last" -> false;
      default ->
          throw DuetException.illegalArgument(
              "Illegal missing value:[" + missing + "], must be one of [_last, _first]");
    };
  }
}
