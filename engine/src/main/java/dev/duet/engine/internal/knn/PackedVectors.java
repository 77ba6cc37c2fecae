package dev.duet.engine.internal.knn;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.VectorField;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.lucene.index.IndexableField;

/**
 * Vectors that arrived packed beside a document's source (gRPC {@code extra_field_values}): indexed
 * straight from their floats, and appended to the stored source as JSON arrays so that {@code
 * _source}, realtime get and translog replay see the same document a JSON client would have sent.
 */
public final class PackedVectors {
  private PackedVectors() {}

  /** Adds the Lucene field of each packed vector; 400 naming the field on anything wrong. */
  public static void index(
      List<IndexableField> doc,
      Map<String, float[]> vectors,
      Function<String, VectorField> mapping,
      String id) {
    for (Map.Entry<String, float[]> e : vectors.entrySet()) {
      String path = e.getKey();
      VectorField field = mapping.apply(path);
      if (field == null) {
        throw DuetException.illegalArgument(
            "extra_field_values field [" + path + "] is not mapped as [knn_vector]");
      }
      for (IndexableField existing : doc) {
        if (existing.name().equals(path)) {
          throw DuetException.illegalArgument(
              "field ["
                  + path
                  + "] is given both in the document source and in extra_field_values");
        }
      }
      doc.add(VectorValues.packed(path, field, e.getValue(), id));
    }
  }

  /** The source with each vector appended as a top-level {@code "path":[...]} member. */
  public static byte[] splice(byte[] source, Map<String, float[]> vectors) {
    int end = source.length - 1;
    while (end >= 0 && source[end] != '}') {
      end--;
    }
    if (end < 0) {
      return source; // not an object: the parser has refused it already
    }
    int last = end - 1;
    while (last >= 0 && Character.isWhitespace(source[last])) {
      last--;
    }
    boolean empty = last >= 0 && source[last] == '{';
    StringBuilder tail = new StringBuilder();
    for (Map.Entry<String, float[]> e : vectors.entrySet()) {
      if (!empty || tail.length() > 0) {
        tail.append(',');
      }
      tail.append('"');
      appendEscaped(tail, e.getKey());
      tail.append("\":[");
      float[] v = e.getValue();
      for (int i = 0; i < v.length; i++) {
        if (i > 0) {
          tail.append(',');
        }
        tail.append(v[i]);
      }
      tail.append(']');
    }
    byte[] added = tail.toString().getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream(source.length + added.length);
    out.write(source, 0, end);
    out.writeBytes(added);
    out.write(source, end, source.length - end);
    return out.toByteArray();
  }

  private static void appendEscaped(StringBuilder out, String name) {
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      if (c == '"' || c == '\\') {
        out.append('\\').append(c);
      } else if (c < 0x20) {
        out.append(String.format(java.util.Locale.ROOT, "\\u%04x", (int) c));
      } else {
        out.append(c);
      }
    }
  }
}
