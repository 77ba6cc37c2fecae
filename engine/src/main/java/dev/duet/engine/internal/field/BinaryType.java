package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.Query;
import org.apache.lucene.store.ByteArrayDataInput;
import org.apache.lucene.store.ByteBuffersDataOutput;
import org.apache.lucene.util.BytesRef;

/**
 * OpenSearch's {@code binary}: base64 values, never indexed (a query on the field is refused),
 * optionally stored and, with {@code doc_values: true} (off by default), kept as one binary doc
 * value per document holding its distinct values in OpenSearch's layout (a count, then each value
 * with its length).
 */
final class BinaryType extends FieldType {
  static final String NAME = "binary";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean searchable(FieldMapping field) {
    return false;
  }

  @Override
  public boolean aggregatable(FieldMapping field) {
    return Boolean.TRUE.equals(field.params().get("doc_values"));
  }

  @Override
  public Set<String> parameters() {
    return Set.of();
  }

  @Override
  public List<String> parameterOrder() {
    return List.of("store", "doc_values");
  }

  @Override
  public List<String> fixedParameters() {
    return List.of("store", "doc_values");
  }

  @Override
  public DocValuesType docValuesType() {
    return DocValuesType.BINARY;
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out)
      throws IOException {
    byte[] value = p.getBinaryValue(); // Jackson's own errors, as OpenSearch reports them
    if (Boolean.TRUE.equals(field.params().get("store"))) {
      out.add(new StoredField(path, value));
    }
    if (!binaryDocValues(field)) {
      return;
    }
    for (IndexableField existing : out) {
      if (existing instanceof Values values && values.name().equals(path)) {
        values.add(value);
        return;
      }
    }
    Values values = new Values(path);
    values.add(value);
    out.add(values);
  }

  /** Binary doc values are off unless the mapping turns them on, as in OpenSearch. */
  static boolean binaryDocValues(FieldMapping field) {
    return Boolean.TRUE.equals(field.params().get("doc_values"));
  }

  @Override
  public void checkSearchable(String name, FieldMapping field, QueryContext context) {
    throw context.failure("Binary fields do not support searching", null);
  }

  @Override
  public Query termsQuery(
      String name, FieldMapping field, List<Object> values, QueryContext context) {
    throw context.failure("Binary fields do not support searching", null);
  }

  @Override
  public boolean hasDocValues(FieldMapping field) {
    return binaryDocValues(field);
  }

  @Override
  public void requireSortable(String name) {
    throw dev.duet.engine.error.DuetException.illegalArgument("can't sort on binary field");
  }

  @Override
  public List<Object> binaryDocValues(BytesRef value, FieldMapping field) {
    ByteArrayDataInput in = new ByteArrayDataInput(value.bytes, value.offset, value.length);
    int count = in.readVInt();
    List<Object> out = new ArrayList<>(count);
    Base64.Encoder base64 = Base64.getEncoder();
    for (int i = 0; i < count; i++) {
      byte[] bytes = new byte[in.readVInt()];
      in.readBytes(bytes, 0, bytes.length);
      out.add(base64.encodeToString(bytes));
    }
    return out;
  }

  /** A document's values of one binary field, written as one doc value once all are added. */
  private static final class Values extends Field {
    private final TreeSet<BytesRef> values = new TreeSet<>();

    Values(String name) {
      super(name, BinaryDocValuesField.TYPE);
    }

    void add(byte[] value) {
      values.add(new BytesRef(value));
    }

    @Override
    public BytesRef binaryValue() {
      ByteBuffersDataOutput out = new ByteBuffersDataOutput();
      try {
        out.writeVInt(values.size());
        for (BytesRef v : values) {
          out.writeVInt(v.length);
          out.writeBytes(v.bytes, v.offset, v.length);
        }
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e); // in memory: cannot happen
      }
      return new BytesRef(out.toArrayCopy());
    }
  }
}
