package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.field.IpAddresses;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import dev.duet.engine.search.AggregationResult.Bucket;
import dev.duet.engine.search.AggregationResult.Kind;
import java.io.IOException;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.document.InetAddressPoint;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.util.BytesRef;

/**
 * {@code ip_range}: fixed buckets of addresses, {@code from} inclusive and {@code to} exclusive,
 * compared as the 16-byte encodings an {@code ip} field keeps in doc values; a CIDR {@code mask} is
 * the block's first address to the one after its last. As OpenSearch's binary range aggregation,
 * buckets are reported by from then to (open ends outermost), each keyed {@code from-to} or by its
 * mask unless given a key, and a document counts once per range.
 */
final class IpRangeAggregator extends Aggregator.Buckets {
  private static final Comparator<BytesRef> FROM =
      Comparator.nullsFirst(Comparator.<BytesRef>naturalOrder());
  private static final Comparator<BytesRef> TO =
      Comparator.nullsLast(Comparator.<BytesRef>naturalOrder());

  private final Aggregation.IpRange spec;
  private final Range[] ranges;
  private BytesRef[] scratch = new BytesRef[4];

  IpRangeAggregator(Aggregation.IpRange spec, List<Aggregator> subs) {
    super(spec.name(), subs);
    this.spec = spec;
    if (spec.ranges().isEmpty()) {
      throw DuetException.illegalArgument(
          "No [ranges] specified for the [" + spec.name() + "] aggregation");
    }
    List<Range> parsed = new ArrayList<>();
    for (Aggregation.IpRangeBound bound : spec.ranges()) {
      parsed.add(Range.of(bound));
    }
    parsed.sort(
        Comparator.comparing((Range r) -> r.from, FROM).thenComparing((Range r) -> r.to, TO));
    this.ranges = parsed.toArray(Range[]::new);
  }

  @Override
  String profileType() {
    return "BinaryRangeAggregator";
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldMapping mapping = segment.target.fields().apply(spec.field());
    if (mapping != null && !FieldTypes.of(mapping).holdsAddresses()) {
      throw DuetException.illegalArgument(
          "Field ["
              + spec.field()
              + "] of type ["
              + mapping.type()
              + "] is not supported for aggregation [ip_range]");
    }
    FieldSource source = FieldSource.resolve(segment.target, spec.field());
    if (source == FieldSource.UNMAPPED) {
      return LeafCollector.NO_OP;
    }
    LeafCollector[] subLeaves = subLeaves(segment);
    SortedSetDocValues values = source.ordinals(segment, spec.field());
    int n = ranges.length;
    return (doc, owning) -> {
      if (!values.advanceExact(doc)) {
        return;
      }
      int count = values.docValueCount();
      if (scratch.length < count) {
        scratch = new BytesRef[Math.max(count, scratch.length * 2)];
      }
      BytesRef[] terms = scratch; // lookupOrd reuses its BytesRef: each term is copied
      for (int i = 0; i < count; i++) {
        terms[i] = BytesRef.deepCopyOf(values.lookupOrd(values.nextOrd()));
      }
      for (int r = 0; r < n; r++) {
        for (int i = 0; i < count; i++) {
          if (ranges[r].contains(terms[i])) {
            collectBucket(subLeaves, doc, owning * n + r);
            break;
          }
        }
      }
    };
  }

  @Override
  AggregationResult build(long owning) throws IOException {
    int n = ranges.length;
    List<Bucket> buckets = new ArrayList<>(n);
    for (int r = 0; r < n; r++) {
      long ord = owning < 0 ? -1 : owning * n + r;
      Range range = ranges[r];
      buckets.add(
          new Bucket(
              range.key,
              null,
              docCount(ord),
              Double.NaN,
              range.fromText,
              Double.NaN,
              range.toText,
              buildSubs(ord)));
    }
    return new AggregationResult.Buckets(
        name, Kind.IP_RANGE, buckets, spec.keyed(), null, null, null);
  }

  /** One range as encoded addresses (null: open) and as OpenSearch writes it. */
  private record Range(String key, BytesRef from, BytesRef to, String fromText, String toText) {
    static Range of(Aggregation.IpRangeBound bound) {
      if (bound.mask() != null) {
        InetAddress[] block = IpAddresses.cidr(bound.mask());
        InetAddress lower = block[0].equals(InetAddressPoint.MIN_VALUE) ? null : block[0];
        InetAddress upper =
            block[1].equals(InetAddressPoint.MAX_VALUE) ? null : InetAddressPoint.nextUp(block[1]);
        return of(bound.key() == null ? bound.mask() : bound.key(), lower, upper);
      }
      InetAddress from = bound.from() == null ? null : IpAddresses.parse(bound.from());
      InetAddress to = bound.to() == null ? null : IpAddresses.parse(bound.to());
      return of(bound.key(), from, to);
    }

    private static Range of(String key, InetAddress from, InetAddress to) {
      String fromText = from == null ? null : IpAddresses.format(from);
      String toText = to == null ? null : IpAddresses.format(to);
      if (key == null) {
        key = (from == null ? "*" : fromText) + "-" + (to == null ? "*" : toText);
      }
      return new Range(key, encode(from), encode(to), fromText, toText);
    }

    private static BytesRef encode(InetAddress address) {
      return address == null ? null : new BytesRef(InetAddressPoint.encode(address));
    }

    boolean contains(BytesRef term) {
      return (from == null || term.compareTo(from) >= 0) && (to == null || term.compareTo(to) < 0);
    }
  }
}
