package dev.duet.engine.internal.document;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.field.IndexContext;
import dev.duet.engine.internal.source.JacksonErrors;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexableField;

/**
 * Converts one JSON value into the Lucene fields its mapped type indexes ({@link
 * dev.duet.engine.internal.field.FieldType#index}), with OpenSearch's {@code ignore_malformed} and
 * its failure messages; multi-fields index the same value again.
 */
public final class FieldIndexer {
  /** The field naming the fields whose malformed values a document's indexing skipped. */
  public static final String IGNORED = "_ignored";

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

  static void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      String id,
      List<IndexableField> out,
      IndexContext lookup)
      throws IOException {
    if ((t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) && !field.fields().isEmpty()) {
      // A structured value (a completion's {"input": …}) read once, replayed to each multi-field.
      byte[] buffer = JsonMaps.write(JsonMaps.read(p, t));
      try (JsonParser replay = JsonMaps.JSON.createParser(buffer)) {
        indexOne(replay, replay.nextToken(), path, field, id, out, lookup);
      }
      for (Map.Entry<String, FieldMapping> sub : field.fields().entrySet()) {
        try (JsonParser replay = JsonMaps.JSON.createParser(buffer)) {
          index(
              replay,
              replay.nextToken(),
              path + "." + sub.getKey(),
              sub.getValue(),
              id,
              out,
              lookup);
        }
      }
      return;
    }
    indexOne(p, t, path, field, id, out, lookup);
    if (field.fields().isEmpty()) {
      return; // most fields have no multi-fields: skip the map's iterator, one per value
    }
    for (Map.Entry<String, FieldMapping> sub : field.fields().entrySet()) {
      index(p, t, path + "." + sub.getKey(), sub.getValue(), id, out, lookup);
    }
  }

  private static void indexOne(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      String id,
      List<IndexableField> out,
      IndexContext lookup)
      throws IOException {
    try {
      FieldType type = FieldTypes.of(field);
      int before = out.size();
      type.index(p, t, path, field, lookup, out);
      if (out.size() > before && type.namedInFieldNames(field)) {
        out.add(new StringField(FieldType.FIELD_NAMES, path, Field.Store.NO));
      }
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
  }

  /** The failure for an object given where a leaf value belongs; consumes the object. */
  static DuetException objectValueFailure(JsonParser p, String path, FieldMapping field, String id)
      throws IOException {
    DuetException cause;
    try {
      cause = FieldTypes.of(field).objectValueFailure(p);
    } catch (JsonProcessingException e) {
      cause = JacksonErrors.toDuet(e);
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
}
