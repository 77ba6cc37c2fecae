package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.document.DoubleRange;
import org.apache.lucene.document.FloatRange;
import org.apache.lucene.document.InetAddressPoint;
import org.apache.lucene.document.InetAddressRange;
import org.apache.lucene.document.IntRange;
import org.apache.lucene.document.LongRange;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;

/**
 * OpenSearch's range types ({@code integer_range}, {@code long_range}, {@code float_range}, {@code
 * double_range}, {@code date_range}, {@code ip_range}): a value is an object of bounds ({@code
 * gt}/{@code gte}/{@code lt}/{@code lte}, or {@code from}/{@code to} with {@code include_lower}/
 * {@code include_upper}; an {@code ip_range} also takes a CIDR), indexed as Lucene's range field of
 * the kind ({@link IntRange}, {@link LongRange}, {@link FloatRange}, {@link DoubleRange}, {@link
 * InetAddressRange}; a date range as epoch millis in a {@link LongRange}). Exclusive bounds move to
 * the next value inside, as in OpenSearch. A {@code range} query matches by its {@code relation}:
 * the documents' ranges that intersect (the default), contain or lie within the query's.
 */
final class RangeType extends FieldType {
  /** The value kind of a range type, with its Lucene encoding. */
  enum Kind {
    INTEGER("integer_range"),
    LONG("long_range"),
    FLOAT("float_range"),
    DOUBLE("double_range"),
    DATE("date_range"),
    IP("ip_range");

    final String typeName;

    Kind(String typeName) {
      this.typeName = typeName;
    }
  }

  private static final Set<String> PARAMETERS = Set.of("coerce", "boost");
  private static final Set<String> DATE_PARAMETERS = Set.of("coerce", "boost", "format", "locale");

  private final Kind kind;

  RangeType(Kind kind) {
    this.kind = kind;
  }

  @Override
  public String name() {
    return kind.typeName;
  }

  @Override
  public boolean aggregatable(FieldMapping field) {
    return docValues(field);
  }

  @Override
  public Set<String> parameters() {
    return kind == Kind.DATE ? DATE_PARAMETERS : PARAMETERS;
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("index", "doc_values", "store", "coerce", "format", "locale", "boost");
  }

  @Override
  public Object parseParameter(String field, String key, Object value) {
    if (kind == Kind.DATE && key.equals("format")) {
      DateFormats.of(String.valueOf(value)); // a format it cannot read is refused with the mapping
      return String.valueOf(value);
    }
    return value;
  }

  @Override
  public boolean structuredValues() {
    return true;
  }

  // ---- indexing

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    Object value =
        JsonMaps.read(p, t); // the whole value first: a failure leaves the parser past it
    if (value instanceof List<?> list) {
      for (Object element : list) {
        if (element != null) {
          indexOne(element, path, field, out);
        }
      }
    } else {
      indexOne(value, path, field, out);
    }
  }

  private void indexOne(Object value, String path, FieldMapping field, List<IndexableField> out) {
    Object lower = null;
    Object upper = null;
    boolean includeLower = true;
    boolean includeUpper = true;
    if (kind == Kind.IP && value instanceof String cidr) {
      InetAddress[] bounds = cidr(cidr);
      out.add(new InetAddressRange(path, bounds[0], bounds[1]));
      return;
    }
    if (!(value instanceof Map<?, ?> map)) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "error parsing field [" + path + "], expected an object but got " + path);
    }
    for (Map.Entry<?, ?> e : map.entrySet()) {
      String key = String.valueOf(e.getKey());
      Object v = e.getValue();
      switch (key) {
        case "gt" -> {
          lower = v;
          includeLower = false;
        }
        case "gte", "from" -> {
          lower = v;
          includeLower = true;
        }
        case "lt" -> {
          upper = v;
          includeUpper = false;
        }
        case "lte", "to" -> {
          upper = v;
          includeUpper = true;
        }
        case "include_lower" -> includeLower = Boolean.parseBoolean(String.valueOf(v));
        case "include_upper" -> includeUpper = Boolean.parseBoolean(String.valueOf(v));
        default ->
            throw new DuetException(
                400,
                "mapper_parsing_exception",
                "error parsing field [" + path + "], with unknown parameter [" + key + "]");
      }
    }
    Bounds b = bounds(field, lower, upper, includeLower, includeUpper, null, null);
    if (b.empty) {
      throw DuetException.illegalArgument(
          "min value ("
              + b.describeLow()
              + ") is greater than max value ("
              + b.describeHigh()
              + ")");
    }
    out.add(b.field(path));
  }

  // ---- queries

  @Override
  public Query termQuery(String name, FieldMapping field, Object value, QueryContext context) {
    return rangeQuery(name, field, value, value, true, true, null, null, context);
  }

  @Override
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    return rangeQuery(name, field, lower, upper, includeLower, includeUpper, format, null, context);
  }

  @Override
  public Query rangeQuery(
      String name,
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      String relation,
      QueryContext context) {
    requireIndexed(name, field, context);
    Bounds b;
    try {
      b = bounds(field, lower, upper, includeLower, includeUpper, format, context);
    } catch (DuetException e) {
      throw context.failure("failed to create query: " + e.reason(), e);
    }
    if (b.empty) {
      return new MatchNoDocsQuery("empty range");
    }
    String r = relation == null ? "intersects" : relation;
    return b.query(name, r);
  }

  @Override
  public Query existsQuery(String name, FieldMapping field) {
    // Every indexed range intersects the whole domain.
    return bounds(field, null, null, true, true, null, null).query(name, "intersects");
  }

  @Override
  public Object sourceValue(Object value, FieldMapping field, String format) {
    return value;
  }

  // ---- bounds

  /** The inclusive bounds of a range in the kind's encoding; {@code empty} when lo > hi. */
  private record Bounds(Kind kind, Object lo, Object hi, boolean empty) {
    IndexableField field(String path) {
      return switch (kind) {
        case INTEGER -> new IntRange(path, new int[] {(Integer) lo}, new int[] {(Integer) hi});
        case LONG, DATE -> new LongRange(path, new long[] {(Long) lo}, new long[] {(Long) hi});
        case FLOAT -> new FloatRange(path, new float[] {(Float) lo}, new float[] {(Float) hi});
        case DOUBLE ->
            new DoubleRange(path, new double[] {(Double) lo}, new double[] {(Double) hi});
        case IP -> new InetAddressRange(path, (InetAddress) lo, (InetAddress) hi);
      };
    }

    Query query(String name, String relation) {
      return switch (kind) {
        case INTEGER -> {
          int[] l = {(Integer) lo};
          int[] h = {(Integer) hi};
          yield switch (relation) {
            case "contains" -> IntRange.newContainsQuery(name, l, h);
            case "within" -> IntRange.newWithinQuery(name, l, h);
            default -> IntRange.newIntersectsQuery(name, l, h);
          };
        }
        case LONG, DATE -> {
          long[] l = {(Long) lo};
          long[] h = {(Long) hi};
          yield switch (relation) {
            case "contains" -> LongRange.newContainsQuery(name, l, h);
            case "within" -> LongRange.newWithinQuery(name, l, h);
            default -> LongRange.newIntersectsQuery(name, l, h);
          };
        }
        case FLOAT -> {
          float[] l = {(Float) lo};
          float[] h = {(Float) hi};
          yield switch (relation) {
            case "contains" -> FloatRange.newContainsQuery(name, l, h);
            case "within" -> FloatRange.newWithinQuery(name, l, h);
            default -> FloatRange.newIntersectsQuery(name, l, h);
          };
        }
        case DOUBLE -> {
          double[] l = {(Double) lo};
          double[] h = {(Double) hi};
          yield switch (relation) {
            case "contains" -> DoubleRange.newContainsQuery(name, l, h);
            case "within" -> DoubleRange.newWithinQuery(name, l, h);
            default -> DoubleRange.newIntersectsQuery(name, l, h);
          };
        }
        case IP -> {
          InetAddress l = (InetAddress) lo;
          InetAddress h = (InetAddress) hi;
          yield switch (relation) {
            case "contains" -> InetAddressRange.newContainsQuery(name, l, h);
            case "within" -> InetAddressRange.newWithinQuery(name, l, h);
            default -> InetAddressRange.newIntersectsQuery(name, l, h);
          };
        }
      };
    }

    String describeLow() {
      return describe(lo);
    }

    String describeHigh() {
      return describe(hi);
    }

    private static String describe(Object v) {
      return v instanceof InetAddress a ? a.getHostAddress() : String.valueOf(v);
    }
  }

  private Bounds bounds(
      FieldMapping field,
      Object lower,
      Object upper,
      boolean includeLower,
      boolean includeUpper,
      String format,
      QueryContext context) {
    switch (kind) {
      case INTEGER -> {
        long lo = lower == null ? Integer.MIN_VALUE : toLong(lower) + (includeLower ? 0 : 1);
        long hi = upper == null ? Integer.MAX_VALUE : toLong(upper) - (includeUpper ? 0 : 1);
        lo = Math.max(lo, Integer.MIN_VALUE);
        hi = Math.min(hi, Integer.MAX_VALUE);
        return new Bounds(kind, (int) lo, (int) hi, lo > hi);
      }
      case LONG -> {
        long lo = lower == null ? Long.MIN_VALUE : toLong(lower);
        long hi = upper == null ? Long.MAX_VALUE : toLong(upper);
        boolean empty = false;
        if (lower != null && !includeLower) {
          empty |= lo == Long.MAX_VALUE;
          lo = lo == Long.MAX_VALUE ? lo : lo + 1;
        }
        if (upper != null && !includeUpper) {
          empty |= hi == Long.MIN_VALUE;
          hi = hi == Long.MIN_VALUE ? hi : hi - 1;
        }
        return new Bounds(kind, lo, hi, empty || lo > hi);
      }
      case FLOAT -> {
        float lo = lower == null ? Float.NEGATIVE_INFINITY : (float) toDouble(lower);
        float hi = upper == null ? Float.POSITIVE_INFINITY : (float) toDouble(upper);
        lo = lower != null && !includeLower ? Math.nextUp(lo) : lo;
        hi = upper != null && !includeUpper ? Math.nextDown(hi) : hi;
        return new Bounds(kind, lo, hi, lo > hi);
      }
      case DOUBLE -> {
        double lo = lower == null ? Double.NEGATIVE_INFINITY : toDouble(lower);
        double hi = upper == null ? Double.POSITIVE_INFINITY : toDouble(upper);
        lo = lower != null && !includeLower ? Math.nextUp(lo) : lo;
        hi = upper != null && !includeUpper ? Math.nextDown(hi) : hi;
        return new Bounds(kind, lo, hi, lo > hi);
      }
      case DATE -> {
        DateFormats formats = DateType.formats(field, format);
        long lo = Long.MIN_VALUE;
        long hi = Long.MAX_VALUE;
        if (lower != null) {
          // A query's bound is date math, rounded as a date field's range rounds it.
          lo =
              includeLower
                  ? date(formats, lower, false, context)
                  : date(formats, lower, true, context) + 1;
        }
        if (upper != null) {
          hi =
              includeUpper
                  ? date(formats, upper, true, context)
                  : date(formats, upper, false, context) - 1;
        }
        return new Bounds(kind, lo, hi, lo > hi);
      }
      case IP -> {
        InetAddress lo = lower == null ? InetAddressPoint.MIN_VALUE : ip(String.valueOf(lower));
        InetAddress hi = upper == null ? InetAddressPoint.MAX_VALUE : ip(String.valueOf(upper));
        boolean empty = false;
        if (lower != null && !includeLower) {
          empty |= lo.equals(InetAddressPoint.MAX_VALUE);
          lo = empty ? lo : InetAddressPoint.nextUp(lo);
        }
        if (upper != null && !includeUpper) {
          empty |= hi.equals(InetAddressPoint.MIN_VALUE);
          hi = empty ? hi : InetAddressPoint.nextDown(hi);
        }
        byte[] l = InetAddressPoint.encode(lo);
        byte[] h = InetAddressPoint.encode(hi);
        return new Bounds(kind, lo, hi, empty || java.util.Arrays.compareUnsigned(l, h) > 0);
      }
    }
    throw new IllegalStateException(kind.toString());
  }

  /**
   * A date bound: at indexing ({@code context} null) by the field's format, exactly; in a query as
   * date math, rounded up or down.
   */
  private static long date(
      DateFormats formats, Object value, boolean roundUp, QueryContext context) {
    if (value instanceof Number n && formats.format().contains("epoch_millis")) {
      return n.longValue();
    }
    String text = String.valueOf(value);
    if (context == null) {
      return formats.parseMillis(text, false);
    }
    return context.parseDateMath(text, formats, roundUp);
  }

  private static long toLong(Object value) {
    if (value instanceof Number n) {
      if (n instanceof Double || n instanceof Float) {
        return (long) n.doubleValue();
      }
      return n.longValue();
    }
    String text = String.valueOf(value).trim();
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      try {
        return (long) Double.parseDouble(text);
      } catch (NumberFormatException e2) {
        throw new DuetException(
            400, "number_format_exception", "For input string: \"" + text + "\"");
      }
    }
  }

  private static double toDouble(Object value) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    String text = String.valueOf(value).trim();
    try {
      return Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new DuetException(400, "number_format_exception", "For input string: \"" + text + "\"");
    }
  }

  /** An IPv4 or IPv6 literal (never a host name: no lookup). */
  static InetAddress ip(String text) {
    String s = text.trim();
    boolean literal =
        !s.isEmpty()
            && (s.indexOf(':') >= 0 || s.chars().allMatch(c -> c == '.' || (c >= '0' && c <= '9')))
            && s.chars().allMatch(c -> c == '.' || c == ':' || Character.digit(c, 16) >= 0);
    if (literal) {
      try {
        return InetAddress.getByName(s);
      } catch (UnknownHostException e) {
        // fall through
      }
    }
    throw DuetException.illegalArgument("'" + text + "' is not an IP string literal.");
  }

  /** The first and last address of a CIDR block ({@code 10.0.0.0/8}), or of one address. */
  private static InetAddress[] cidr(String text) {
    int slash = text.indexOf('/');
    if (slash < 0) {
      InetAddress a = ip(text);
      return new InetAddress[] {a, a};
    }
    InetAddress address = ip(text.substring(0, slash));
    int prefix;
    try {
      prefix = Integer.parseInt(text.substring(slash + 1));
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("Expected [ip/prefix] but was [" + text + "]");
    }
    byte[] bytes = address.getAddress();
    if (prefix < 0 || prefix > bytes.length * 8) {
      throw DuetException.illegalArgument(
          "Illegal prefix length [" + prefix + "] in [" + text + "]");
    }
    byte[] lo = bytes.clone();
    byte[] hi = bytes.clone();
    for (int bit = prefix; bit < bytes.length * 8; bit++) {
      lo[bit / 8] &= (byte) ~(0x80 >>> (bit % 8));
      hi[bit / 8] |= (byte) (0x80 >>> (bit % 8));
    }
    try {
      return new InetAddress[] {InetAddress.getByAddress(lo), InetAddress.getByAddress(hi)};
    } catch (UnknownHostException e) {
      throw DuetException.illegalArgument("Expected [ip/prefix] but was [" + text + "]");
    }
  }
}
