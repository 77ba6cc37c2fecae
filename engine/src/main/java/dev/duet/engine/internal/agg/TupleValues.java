package dev.duet.engine.internal.agg;

import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;

/**
 * The values of one field of a document as key parts for composite and multi_terms buckets: strings
 * for keywords (decoded once per segment ordinal), longs for integers and dates (rounded when a
 * date histogram asks), doubles for floating types and histograms.
 */
final class TupleValues {
  /** Rounds a raw value into a key part; null when the value is used as it is. */
  interface KeyFunction {
    Object apply(FieldSource source, long raw);
  }

  private final FieldSource source;
  private final SortedSetDocValues ordinals;
  private final SortedNumericDocValues numbers;
  private final Object[] strings;
  private final FieldType type;
  private final FieldMapping mapping;
  private final KeyFunction keys;
  private final List<Object> current = new ArrayList<>();

  TupleValues(Segment segment, String field, KeyFunction keys) throws IOException {
    this.source = FieldSource.resolve(segment.target, field);
    this.keys = keys;
    this.mapping = source == FieldSource.UNMAPPED ? null : segment.target.fields().apply(field);
    this.type = mapping == null ? null : FieldTypes.of(mapping);
    if (source == FieldSource.KEYWORD) {
      ordinals = source.ordinals(segment, field);
      strings = new Object[(int) Math.min(Integer.MAX_VALUE - 8, ordinals.getValueCount())];
      numbers = null;
    } else if (source == FieldSource.UNMAPPED) {
      ordinals = null;
      numbers = null;
      strings = null;
    } else {
      numbers = source.numeric(segment, field);
      ordinals = null;
      strings = null;
    }
  }

  FieldSource source() {
    return source;
  }

  /** The document's distinct key parts, in value order; empty when it has none. */
  List<Object> read(int doc) throws IOException {
    current.clear();
    if (ordinals != null && ordinals.advanceExact(doc)) {
      for (int i = ordinals.docValueCount(); i > 0; i--) {
        int ord = (int) ordinals.nextOrd();
        Object s = strings[ord];
        if (s == null) {
          // As the field's type shows its terms: an ip's address, a keyword's text.
          s = strings[ord] = type.docValue(ordinals.lookupOrd(ord), mapping, null);
        }
        current.add(s);
      }
    } else if (numbers != null && numbers.advanceExact(doc)) {
      for (int i = numbers.docValueCount(); i > 0; i--) {
        long raw = numbers.nextValue();
        Object key;
        if (keys != null) {
          key = keys.apply(source, raw);
        } else if (source == FieldSource.BOOLEAN) {
          key = raw != 0; // composite keys of booleans are JSON booleans
        } else {
          key = source.isFloating() ? (Object) source.toDouble(raw) : (Object) raw;
        }
        if (current.isEmpty() || !current.get(current.size() - 1).equals(key)) {
          current.add(key);
        }
      }
    }
    return current;
  }
}
