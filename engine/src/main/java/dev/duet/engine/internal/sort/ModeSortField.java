package dev.duet.engine.internal.sort;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.SortSpec;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.search.FieldComparator;
import org.apache.lucene.search.FieldComparatorSource;
import org.apache.lucene.search.LeafFieldComparator;
import org.apache.lucene.search.Pruning;
import org.apache.lucene.search.SortField;
import org.apache.lucene.search.SortedSetSelector;
import org.apache.lucene.search.comparators.DoubleComparator;
import org.apache.lucene.search.comparators.FloatComparator;
import org.apache.lucene.search.comparators.LongComparator;

/**
 * A field sort key with a {@code mode} or over {@code nested} objects, as a Lucene sort field:
 * numbers through a {@link ModePicker} (min, max, sum, avg, median), keywords by their smallest or
 * largest value; a root without a value sorts last, as the type's extreme (or null for keywords).
 */
public final class ModeSortField {
  private static final Set<String> MODES = Set.of("min", "max", "sum", "avg", "median");

  private ModeSortField() {}

  /** Whether {@code spec} needs this sort field rather than a plain Lucene one. */
  static boolean applies(SortSpec spec) {
    return spec.mode() != null || spec.nested() != null;
  }

  static SortField of(
      SortSpec spec,
      FieldMapping field,
      LuceneIndex index,
      Function<dev.duet.engine.search.Query, org.apache.lucene.search.Query> filters) {
    String name = spec.field();
    boolean reverse = spec.effectiveOrder() == SortSpec.SortOrder.DESC;
    String mode = spec.mode() == null ? (reverse ? "max" : "min") : spec.mode();
    if (mode.equals("median") && spec.nested() != null || !MODES.contains(mode)) {
      throw DuetException.illegalArgument(
          "Unsupported sort mode: " + mode.toUpperCase(Locale.ROOT));
    }
    return switch (FieldTypes.of(field).docValuesType()) {
      case WHOLE, DATE ->
          numeric(spec, mode, ModePicker.NumberKind.WHOLE, reverse, field, index, filters);
      case DOUBLE ->
          numeric(spec, mode, ModePicker.NumberKind.DOUBLE, reverse, field, index, filters);
      case FLOAT ->
          numeric(spec, mode, ModePicker.NumberKind.FLOAT, reverse, field, index, filters);
      case UNSIGNED ->
          numeric(spec, mode, ModePicker.NumberKind.UNSIGNED, reverse, field, index, filters);
      case ORDINALS -> keyword(spec, mode, reverse, index, filters);
      default ->
          throw DuetException.illegalArgument(
              "sort [mode] or [nested] on a field of type ["
                  + field.type()
                  + "] is not supported by Duet yet");
    };
  }

  private static SortField numeric(
      SortSpec spec,
      String mode,
      ModePicker.NumberKind kind,
      boolean reverse,
      FieldMapping field,
      LuceneIndex index,
      Function<dev.duet.engine.search.Query, org.apache.lucene.search.Query> filters) {
    String name = spec.field();
    ModePicker picker = ModePicker.of(name, mode, kind, spec.nested(), index, filters);
    Object missing = SortMissing.numeric(spec, FieldTypes.of(field), reverse);
    SortField.Type type =
        switch (kind) {
          case WHOLE, UNSIGNED -> SortField.Type.LONG;
          case DOUBLE -> SortField.Type.DOUBLE;
          case FLOAT -> SortField.Type.FLOAT;
        };
    return new Numeric(
        name,
        type,
        new FieldComparatorSource() {
          @Override
          public FieldComparator<?> newComparator(
              String fieldname, int numHits, Pruning pruning, boolean reversed) {
            // No pruning: the field's points index its values, not the picked ones.
            return switch (kind) {
              case WHOLE, UNSIGNED ->
                  wholeComparator(numHits, name, (Long) missing, reversed, picker);
              case DOUBLE -> doubleComparator(numHits, name, (Double) missing, reversed, picker);
              case FLOAT -> floatComparator(numHits, name, (Float) missing, reversed, picker);
            };
          }
        },
        reverse,
        kind == ModePicker.NumberKind.UNSIGNED);
  }

  private static FieldComparator<?> wholeComparator(
      int numHits, String name, long missing, boolean reverse, ModePicker picker) {
    return new LongComparator(numHits, name, missing, reverse, Pruning.NONE) {
      @Override
      public LeafFieldComparator getLeafComparator(LeafReaderContext context) throws IOException {
        return new LongLeafComparator(context) {
          @Override
          protected NumericDocValues getNumericDocValues(LeafReaderContext ctx, String f)
              throws IOException {
            return picker.values(ctx);
          }
        };
      }
    };
  }

  private static FieldComparator<?> doubleComparator(
      int numHits, String name, double missing, boolean reverse, ModePicker picker) {
    return new DoubleComparator(numHits, name, missing, reverse, Pruning.NONE) {
      @Override
      public LeafFieldComparator getLeafComparator(LeafReaderContext context) throws IOException {
        return new DoubleLeafComparator(context) {
          @Override
          protected NumericDocValues getNumericDocValues(LeafReaderContext ctx, String f)
              throws IOException {
            return picker.values(ctx);
          }
        };
      }
    };
  }

  private static FieldComparator<?> floatComparator(
      int numHits, String name, float missing, boolean reverse, ModePicker picker) {
    return new FloatComparator(numHits, name, missing, reverse, Pruning.NONE) {
      @Override
      public LeafFieldComparator getLeafComparator(LeafReaderContext context) throws IOException {
        return new FloatLeafComparator(context) {
          @Override
          protected NumericDocValues getNumericDocValues(LeafReaderContext ctx, String f)
              throws IOException {
            return picker.values(ctx);
          }
        };
      }
    };
  }

  /** Keywords sort by their smallest or largest value only, own or over nested objects. */
  private static SortField keyword(
      SortSpec spec,
      String mode,
      boolean reverse,
      LuceneIndex index,
      Function<dev.duet.engine.search.Query, org.apache.lucene.search.Query> filters) {
    String name = spec.field();
    if (!mode.equals("min") && !mode.equals("max")) {
      Map<String, String> meta = new LinkedHashMap<>();
      meta.put("index", index.name());
      meta.put("index_uuid", index.uuid());
      throw new DuetException(
          400,
          "query_shard_exception",
          "we only support AVG, MEDIAN and SUM on number based fields",
          meta,
          null);
    }
    boolean max = mode.equals("max");
    if (spec.nested() == null) {
      return SortMissing.keywordSort(
          spec, reverse, max ? SortedSetSelector.Type.MAX : SortedSetSelector.Type.MIN);
    }
    boolean missingLast = SortMissing.keyword(spec, reverse) == SortField.STRING_LAST;
    return KeywordModeSort.of(
        name,
        max,
        reverse,
        missingLast,
        SortMissing.keywordTerm(spec),
        spec.nested(),
        index,
        filters);
  }

  /** A numeric sort key by a picked value; its type tells how to read a search_after value. */
  public static final class Numeric extends SortField {
    private final SortField.Type numericType;
    private final boolean unsigned;

    Numeric(
        String name,
        SortField.Type numericType,
        FieldComparatorSource source,
        boolean reverse,
        boolean unsigned) {
      super(name, source, reverse);
      this.numericType = numericType;
      this.unsigned = unsigned;
    }

    public SortField.Type numericType() {
      return numericType;
    }

    /** Whether the values are {@code unsigned_long}'s sign-flipped longs. */
    public boolean unsigned() {
      return unsigned;
    }
  }
}
