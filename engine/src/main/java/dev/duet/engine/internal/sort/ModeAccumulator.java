package dev.duet.engine.internal.sort;

import java.io.IOException;
import java.math.BigInteger;
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
  // The same values as Lucene keeps them, for an unsigned median.
  private long[] ownRaw = new long[0];

  ModeAccumulator(ModePicker.NumberKind kind) {
    this.kind = kind;
  }

  int count() {
    return count;
  }

  void addAll(SortedNumericDocValues values) throws IOException {
    own = new double[values.docValueCount()];
    ownRaw = new long[own.length];
    for (int i = 0; i < own.length; i++) {
      long raw = values.nextValue();
      ownRaw[i] = raw;
      if (kind == ModePicker.NumberKind.UNSIGNED) {
        // Sums wrap at 2^64, as OpenSearch's unsigned arithmetic does.
        total += raw ^ Long.MIN_VALUE;
      }
      double d =
          switch (kind) {
            case WHOLE, UNSIGNED -> raw;
            case DOUBLE -> NumericUtils.sortableLongToDouble(raw);
            case FLOAT -> NumericUtils.sortableIntToFloat((int) raw);
          };
      own[i] = d;
      min = Math.min(min, raw);
      max = Math.max(max, raw);
      if (kind != ModePicker.NumberKind.UNSIGNED) {
        total += raw;
      }
      dmin = Math.min(dmin, d);
      dmax = Math.max(dmax, d);
      dtotal += d;
      count++;
    }
  }

  long pick(String mode) {
    if (kind == ModePicker.NumberKind.UNSIGNED) {
      return switch (mode) {
        case "min" -> min;
        case "max" -> max;
        case "sum" -> total ^ Long.MIN_VALUE;
        case "median" -> unsignedMedian();
        default -> roundedHalf(total, count) ^ Long.MIN_VALUE;
      };
    }
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

  /** The middle value, or the two middle ones' (wrapped) sum halved and rounded half up. */
  private long unsignedMedian() {
    int mid = ownRaw.length / 2;
    if (ownRaw.length % 2 == 1) {
      return ownRaw[mid];
    }
    long sum = (ownRaw[mid - 1] ^ Long.MIN_VALUE) + (ownRaw[mid] ^ Long.MIN_VALUE);
    return roundedHalf(sum, 2) ^ Long.MIN_VALUE;
  }

  /** {@code bits} (an unsigned 64-bit value) divided by {@code n}, rounded half up. */
  private static long roundedHalf(long bits, long n) {
    return new BigInteger(Long.toUnsignedString(bits))
        .add(BigInteger.valueOf(n / 2))
        .divide(BigInteger.valueOf(n))
        .longValue();
  }

  private double median() {
    int mid = own.length / 2;
    return own.length % 2 == 1 ? own[mid] : (own[mid - 1] + own[mid]) / 2.0;
  }
}
