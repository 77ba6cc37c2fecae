package dev.duet.engine.internal.document;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.source.JacksonErrors;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.DoubleField;
import org.apache.lucene.document.DoublePoint;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.FieldType;
import org.apache.lucene.document.FloatField;
import org.apache.lucene.document.FloatPoint;
import org.apache.lucene.document.KeywordField;
import org.apache.lucene.document.LongField;
import org.apache.lucene.document.LongPoint;
import org.apache.lucene.document.SortedNumericDocValuesField;
import org.apache.lucene.document.SortedSetDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.NumericUtils;

/**
 * Converts one JSON value into the Lucene fields its mapped type indexes: text → analyzed terms;
 * keyword → term + sorted-set doc values; numbers and dates → points + sorted-numeric doc values;
 * boolean → {@code T}/{@code F} term + 0/1 doc values. Multi-fields index the same value again.
 */
public final class FieldIndexer {
  /** The field naming the fields whose malformed values a document's indexing skipped. */
  public static final String IGNORED = "_ignored";

  private static final FieldType TEXT_NO_NORMS = textWithoutNorms();

  private FieldIndexer() {}

  /** Indexes a field's {@code null_value} where the document has JSON null. */
  static void indexNullValue(String path, FieldMapping field, String id, List<IndexableField> out)
      throws IOException {
    Object nullValue = field.params().get("null_value");
    if (nullValue == null) {
      return;
    }
    try (JsonParser p = JsonMaps.JSON.createParser(JsonMaps.write(nullValue))) {
      index(p, p.nextToken(), path, field, id, out, null);
    }
  }

  private static FieldType textWithoutNorms() {
    FieldType type = new FieldType(TextField.TYPE_NOT_STORED);
    type.setOmitNorms(true);
    type.freeze();
    return type;
  }

  static void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      String id,
      List<IndexableField> out,
      MappingLookup lookup)
      throws IOException {
    try {
      indexValue(p, t, path, field, out, lookup);
    } catch (JsonProcessingException | DuetException e) {
      if (Boolean.TRUE.equals(field.params().get("ignore_malformed"))) {
        // The value stays in _source, unindexed; _ignored names the field, as in OpenSearch.
        out.add(new StringField(IGNORED, path, Field.Store.YES));
        return;
      }
      DuetException cause =
          e instanceof JsonProcessingException j ? JacksonErrors.toDuet(j) : (DuetException) e;
      throw valueFailure(p, path, field, id, cause);
    }
    if (field.fields().isEmpty()) {
      return; // most fields have no multi-fields: skip the map's iterator, one per value
    }
    for (Map.Entry<String, FieldMapping> sub : field.fields().entrySet()) {
      index(p, t, path + "." + sub.getKey(), sub.getValue(), id, out, lookup);
    }
  }

  /** The failure for an object given where a leaf value belongs; consumes the object. */
  static DuetException objectValueFailure(JsonParser p, String path, FieldMapping field, String id)
      throws IOException {
    DuetException cause;
    if (isNumeric(field.type())) {
      try {
        p.getLongValue();
        cause = new DuetException(400, "illegal_state_exception", "not numeric");
      } catch (JsonProcessingException e) {
        cause = JacksonErrors.toDuet(e);
      }
    } else {
      cause =
          new DuetException(
              400,
              "illegal_state_exception",
              "Can't get text on a START_OBJECT at "
                  + p.currentLocation().getLineNr()
                  + ":"
                  + p.currentLocation().getColumnNr());
    }
    Object preview = JsonMaps.read(p, JsonToken.START_OBJECT);
    return failure(path, field, id, String.valueOf(preview), cause);
  }

  private static DuetException valueFailure(
      JsonParser p, String path, FieldMapping field, String id, DuetException cause)
      throws IOException {
    return failure(path, field, id, p.getText(), cause);
  }

  private static DuetException failure(
      String path, FieldMapping field, String id, String preview, DuetException cause) {
    return new DuetException(
        400,
        "mapper_parsing_exception",
        "failed to parse field ["
            + path
            + "] of type ["
            + field.type()
            + "] in document with id '"
            + id
            + "'. Preview of field's value: '"
            + preview
            + "'",
        Map.of(),
        cause);
  }

  private static void indexValue(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      List<IndexableField> out,
      MappingLookup lookup)
      throws IOException {
    Map<String, Object> params = field.params();
    boolean indexed = !Boolean.FALSE.equals(params.get("index"));
    boolean docValues = !Boolean.FALSE.equals(params.get("doc_values"));
    switch (field.type()) {
      case "text" -> {
        if (indexed) {
          boolean norms = !Boolean.FALSE.equals(params.get("norms"));
          out.add(new Field(path, p.getText(), norms ? TextField.TYPE_NOT_STORED : TEXT_NO_NORMS));
        }
      }
      case "keyword" -> {
        String value = p.getText();
        Object ignoreAbove = params.get("ignore_above");
        if (ignoreAbove instanceof Number n && value.length() > n.intValue()) {
          return;
        }
        if (lookup != null && field.params().get("normalizer") != null) {
          value = Normalizers.apply(lookup.normalizer(path), path, value);
        }
        if (indexed && docValues) {
          out.add(new KeywordField(path, value, Field.Store.NO));
        } else if (indexed) {
          out.add(new StringField(path, value, Field.Store.NO));
        } else if (docValues) {
          out.add(new SortedSetDocValuesField(path, new BytesRef(value)));
        }
      }
      case "long", "integer", "short", "byte" ->
          addLong(out, path, NumericValues.parseLong(p, t, field.type()), indexed, docValues);
      case "date" -> addLong(out, path, parseDate(p, t, field), indexed, docValues);
      case "double" -> {
        double v = NumericValues.parseDouble(p, t, "double");
        if (indexed && docValues) {
          out.add(new DoubleField(path, v, Field.Store.NO));
        } else if (indexed) {
          out.add(new DoublePoint(path, v));
        } else if (docValues) {
          out.add(new SortedNumericDocValuesField(path, NumericUtils.doubleToSortableLong(v)));
        }
      }
      case "float" -> {
        float v = (float) NumericValues.parseDouble(p, t, "float");
        if (indexed && docValues) {
          out.add(new FloatField(path, v, Field.Store.NO));
        } else if (indexed) {
          out.add(new FloatPoint(path, v));
        } else if (docValues) {
          out.add(new SortedNumericDocValuesField(path, NumericUtils.floatToSortableInt(v)));
        }
      }
      case "boolean" -> {
        Boolean v = parseBoolean(p, t);
        if (v == null) {
          return;
        }
        if (indexed) {
          out.add(new StringField(path, v ? "T" : "F", Field.Store.NO));
        }
        if (docValues) {
          out.add(new SortedNumericDocValuesField(path, v ? 1 : 0));
        }
      }
      default -> throw new IllegalStateException("unmapped type " + field.type());
    }
  }

  private static void addLong(
      List<IndexableField> out, String path, long v, boolean indexed, boolean docValues) {
    if (indexed && docValues) {
      out.add(new LongField(path, v, Field.Store.NO));
    } else if (indexed) {
      out.add(new LongPoint(path, v));
    } else if (docValues) {
      out.add(new SortedNumericDocValuesField(path, v));
    }
  }

  public static boolean isNumeric(String type) {
    return switch (type) {
      case "long", "integer", "short", "byte", "double", "float" -> true;
      default -> false;
    };
  }

  private static long parseDate(JsonParser p, JsonToken t, FieldMapping field) throws IOException {
    Object format = field.params().get("format");
    DateFormats formats = DateFormats.of(format == null ? null : format.toString());
    if (t == JsonToken.VALUE_NUMBER_INT && formats.format().contains("epoch_millis")) {
      return p.getLongValue();
    }
    if (t == JsonToken.VALUE_NUMBER_FLOAT && formats.format().contains("epoch_millis")) {
      return (long) Math.floor(p.getDoubleValue());
    }
    return formats.parseMillis(p.getText(), false);
  }

  private static Boolean parseBoolean(JsonParser p, JsonToken t) throws IOException {
    if (t == JsonToken.VALUE_TRUE) {
      return Boolean.TRUE;
    }
    if (t == JsonToken.VALUE_FALSE) {
      return Boolean.FALSE;
    }
    String text = p.getText();
    if (t == JsonToken.VALUE_STRING) {
      if (text.equals("true")) {
        return Boolean.TRUE;
      }
      if (text.equals("false")) {
        return Boolean.FALSE;
      }
      if (text.isEmpty()) {
        return null;
      }
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + text + "] as only [true] or [false] are allowed.");
  }
}
