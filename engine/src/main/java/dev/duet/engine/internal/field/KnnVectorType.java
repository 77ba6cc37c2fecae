package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.KnnVectorMapping;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexableField;

/**
 * The k-NN plugin's {@code knn_vector}: its mapping is parsed by {@link KnnVectorMapping}, its
 * values indexed and searched by the engine's k-NN code; it has no terms and no doc values to sort
 * or aggregate, and term queries on it match nothing.
 */
final class KnnVectorType extends FieldType {
  static final String NAME = "knn_vector";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public boolean aggregatable(FieldMapping field) {
    return false;
  }

  @Override
  public Set<String> parameters() {
    return KnnVectorMapping.PARAMETERS;
  }

  @Override
  public FieldMapping parseField(String name, Map<?, ?> node) {
    return KnnVectorMapping.parse(name, node);
  }

  @Override
  public void index(
      JsonParser p,
      JsonToken t,
      String path,
      FieldMapping field,
      IndexContext context,
      List<IndexableField> out) {
    // Vectors are read whole by the document parser before a value gets here.
    throw new IllegalStateException("unmapped type " + NAME);
  }
}
