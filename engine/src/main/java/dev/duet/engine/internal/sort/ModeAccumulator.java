package dev.duet.engine.internal.sort;

import java.io.IOException;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.util.NumericUtils;

/**
 * The values seen for one document (its own, or its nested objects'), reduced as OpenSearch's
 * {@code MultiValueMode} reduces them, to the bits Lucene's comparator of the kind reads.
 */
public final class ModeAccumulator {
  private final ModePicker.NumberKind kind;
  private long min = Long.MAX_VALUE;
  private long max = Long.MIN_VALUE;
  private long total;
  private double dmin = Double.POSITIVE_INFINITY;
  private double dmax = Double.NEGATIVE_INFINITY;
  private double dtotal;
  private int count;
  // The last document's own values, in order, for the median (never over nested objects).
  private double[] own = new double[0];

  ModeAccumulator(ModePicker.NumberKind kind) {
    this.kind = kind;
  }

  int count() {
    return count;
  }

  void addAll(SortedNumericDocValues values) throws IOException {
    own = new double[values.docValueCount()];
    for (int i = 0; i < own.length; i++) {
      long raw = values.nextValue();
      double d =
          switch (kind) {
            case WHOLE -> raw;
            case DOUBLE -> NumericUtils.sortableLongToDouble(raw);
            case FLOAT -> NumericUtils.sortableIntToFloat((int) raw);
          };
      own[i] = d;
      min = Math.min(min, raw);
      max = Math.max(max, raw);
      total += raw;
      dmin = Math.min(dmin, d);
      dmax = Math.max(dmax, d);
      dtotal += d;
      count++;
    }
  }

  long pick(String mode) {
    if (kind == ModePicker.NumberKind.WHOLE) {
      return switch (mode) {
        case "min" -> min;
        case "max" -> max;
        case "sum" -> total;
        case "median" -> Math.round(median());
        default -> Math.round((double) total / count);
      };
    }
    double picked =
        switch (mode) {
          case "min" -> dmin;
          case "max" -> dmax;
          case "sum" -> dtotal;
          case "median" -> median();
          default -> dtotal / count;
        };
    return kind == ModePicker.NumberKind.DOUBLE
        ? Double.doubleToRawLongBits(picked)
        : Float.floatToRawIntBits((float) picked);
  }

  private double median() {
    int mid = own.length / 2;
    return own.length % 2 == 1 ? own[mid] : (own[mid - 1] + own[mid]) / 2.0;
  }
}
