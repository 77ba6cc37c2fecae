package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.ScoreFunction;
import dev.duet.engine.search.ScoreFunction.Decay;
import dev.duet.engine.search.ScoreFunction.FieldValueFactor;
import dev.duet.engine.search.ScoreFunction.RandomScore;
import java.nio.charset.StandardCharsets;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;

/**
 * The score functions of {@code function_score}, evaluated per segment from doc values with
 * OpenSearch's formulas: the decay curves' scale transforms, field_value_factor's modifiers and
 * random_score's salted murmur3 hash (so seeded random scores equal OpenSearch's).
 */
public final class ScoreFunctions {
  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final String index;

  ScoreFunctions(MappingLookup lookup, FieldQueries fields, String index) {
    this.lookup = lookup;
    this.fields = fields;
    this.index = index;
  }

  FunctionsScoreQuery.FunctionSource source(ScoreFunction function) {
    return switch (function) {
      case ScoreFunction.Weight w -> ctx -> (doc, score) -> 1d;
      case FieldValueFactor f -> fieldValueFactor(f);
      case Decay d -> decay(d);
      case RandomScore r -> random(r);
    };
  }

  private FunctionsScoreQuery.FunctionSource fieldValueFactor(FieldValueFactor f) {
    FieldMapping field = lookup.leaf(f.field());
    if (field == null) {
      // OpenSearch: an unmapped field scores as its missing value, or 1 when none is given.
      double missing = f.missing() == null ? 1d : apply(f, f.missing());
      return ctx -> (doc, score) -> missing;
    }
    DocValuesType type = FieldTypes.of(field).docValuesType();
    return ctx -> {
      SortedNumericDocValues values = DocValues.getSortedNumeric(ctx.reader(), f.field());
      return (doc, score) -> {
        double value;
        if (values.advanceExact(doc)) {
          value = type.toDouble(values.nextValue());
        } else if (f.missing() != null) {
          value = f.missing();
        } else {
          throw new DuetException(500, "exception", "Missing value for field [" + f.field() + "]");
        }
        return apply(f, value);
      };
    };
  }

  private static double apply(FieldValueFactor f, double value) {
    double v = value * f.factor();
    double result =
        switch (f.modifier()) {
          case NONE -> v;
          case LOG -> Math.log10(v);
          case LOG1P -> Math.log10(v + 1);
          case LOG2P -> Math.log10(v + 2);
          case LN -> Math.log(v);
          case LN1P -> Math.log1p(v);
          case LN2P -> Math.log(v + 2);
          case SQUARE -> Math.pow(v, 2);
          case SQRT -> Math.sqrt(v);
          case RECIPROCAL -> 1.0 / v;
        };
    if (Double.isNaN(result) || Double.isInfinite(result)) {
      throw DuetException.illegalArgument(
          "Result of field modification ["
              + f.modifier().name().toLowerCase(java.util.Locale.ROOT)
              + "("
              + v
              + ")] must be a number");
    }
    return result;
  }

  private FunctionsScoreQuery.FunctionSource decay(Decay d) {
    FieldMapping field = lookup.leaf(d.field());
    if (field == null) {
      throw DuetException.illegalArgument("unknown field [" + d.field() + "]");
    }
    DocValuesType type = FieldTypes.of(field).docValuesType();
    boolean date = type == DocValuesType.DATE;
    double origin;
    double scale;
    double offset;
    if (date) {
      if (d.origin() == null) {
        ClockReads.read();
      }
      Object own = field.params().get("format");
      DateFormats formats = DateFormats.of(own == null ? null : own.toString());
      origin =
          d.origin() == null
              ? System.currentTimeMillis()
              : d.origin() instanceof Number n
                  ? n.doubleValue()
                  : DateMath.parse(String.valueOf(d.origin()), formats, false);
      scale = timeMillis(d.scale());
      offset = d.offset() == null ? 0 : timeMillis(d.offset());
    } else {
      if (d.origin() == null) {
        throw DuetException.illegalArgument("[" + shapeName(d) + "] must supply [origin]");
      }
      origin = number(d.origin());
      scale = number(d.scale());
      offset = d.offset() == null ? 0 : number(d.offset());
    }
    double decay = d.decay();
    double processed =
        switch (d.shape()) {
          case GAUSS -> 0.5 * Math.pow(scale, 2.0) / Math.log(decay);
          case EXP -> Math.log(decay) / scale;
          case LINEAR -> scale / (1.0 - decay);
        };
    String mode = d.multiValueMode() == null ? "min" : d.multiValueMode();
    return ctx -> {
      SortedNumericDocValues values = DocValues.getSortedNumeric(ctx.reader(), d.field());
      return (doc, score) -> {
        if (!values.advanceExact(doc)) {
          return 1d;
        }
        int n = values.docValueCount();
        double picked = 0;
        for (int i = 0; i < n; i++) {
          double value = type.toDouble(values.nextValue());
          double distance = Math.max(0.0d, Math.abs(value - origin) - offset);
          picked =
              i == 0
                  ? distance
                  : switch (mode) {
                    case "max" -> Math.max(picked, distance);
                    case "sum", "avg" -> picked + distance;
                    default -> Math.min(picked, distance);
                  };
        }
        if (mode.equals("avg")) {
          picked /= n;
        }
        return switch (d.shape()) {
          case GAUSS -> Math.exp(0.5 * Math.pow(picked, 2.0) / processed);
          case EXP -> Math.exp(processed * picked);
          case LINEAR -> Math.max(0.0, (processed - picked) / processed);
        };
      };
    };
  }

  private FunctionsScoreQuery.FunctionSource random(RandomScore r) {
    int salt = (index.hashCode() << 10);
    if (r.seed() == null) {
      ClockReads.read();
      int salted = mix32((int) System.nanoTime() ^ salt);
      return ctx -> (doc, score) -> bits(mix32((ctx.docBase + doc) ^ salted));
    }
    int salted = mix32(Long.hashCode(r.seed()) ^ salt);
    String fieldName = r.field() == null ? MetaFields.ID : r.field();
    if (fieldName.equals(MetaFields.ID)) {
      return ctx -> (doc, score) -> bits(mix32((ctx.docBase + doc) ^ salted));
    }
    FieldMapping field = fieldName.equals("_seq_no") ? null : lookup.leaf(fieldName);
    if (field == null && !fieldName.equals("_seq_no")) {
      throw DuetException.illegalArgument(
          "Field ["
              + fieldName
              + "] is not mapped on ["
              + index
              + "] and cannot be used as a source of random numbers.");
    }
    DocValuesType type = field == null ? DocValuesType.WHOLE : FieldTypes.of(field).docValuesType();
    return ctx -> {
      SortedNumericDocValues values = DocValues.getSortedNumeric(ctx.reader(), fieldName);
      return (doc, score) -> {
        if (!values.advanceExact(doc)) {
          return bits(salted);
        }
        String text = String.valueOf(type.decode(values.nextValue()));
        BytesRef bytes = new BytesRef(text.getBytes(StandardCharsets.UTF_8));
        return bits(StringHelper.murmurhash3_x86_32(bytes, salted));
      };
    };
  }

  private static double bits(int hash) {
    return (hash & 0x00FFFFFF) / (float) (1 << 24);
  }

  /** hppc's BitMixer.mix32 (murmur3's finalizer), which OpenSearch salts its seeds with. */
  private static int mix32(int k) {
    k = (k ^ (k >>> 16)) * 0x85ebca6b;
    k = (k ^ (k >>> 13)) * 0xc2b2ae35;
    return k ^ (k >>> 16);
  }

  private static String shapeName(Decay d) {
    return d.shape().name().toLowerCase(java.util.Locale.ROOT);
  }

  private static double number(Object value) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(String.valueOf(value).trim());
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("For input string: \"" + value + "\"");
    }
  }

  /** OpenSearch time values in milliseconds: {@code 10d}, {@code 12h}, {@code 30m}, {@code 5s}. */
  static long timeMillis(Object value) {
    if (value instanceof Number n) {
      return n.longValue();
    }
    String v = String.valueOf(value).trim();
    String[][] units = {
      {"ms", "1"}, {"d", "86400000"}, {"h", "3600000"}, {"m", "60000"}, {"s", "1000"}
    };
    for (String[] unit : units) {
      if (v.endsWith(unit[0])) {
        String number = v.substring(0, v.length() - unit[0].length()).trim();
        try {
          return (long) (Double.parseDouble(number) * Long.parseLong(unit[1]));
        } catch (NumberFormatException e) {
          break;
        }
      }
    }
    throw DuetException.illegalArgument(
        "failed to parse [" + v + "], unit is missing or unrecognized");
  }
}
