package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.index.IndexableField;

/**
 * OpenSearch's field {@code alias}: another name for the field at {@code path}. It holds nothing of
 * its own; the mapping lookup answers the alias's path with its target's field (so queries, sorts,
 * aggregations and {@code _field_caps} see the target's type) and the searchers read the target's
 * terms, points and doc values under the alias's name. A document may not write to it.
 */
public final class AliasType extends FieldType {
  public static final String NAME = "alias";

  /** The parameter naming the target field's full path. */
  public static final String PATH = "path";

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public Set<String> parameters() {
    return Set.of(PATH);
  }

  @Override
  public List<String> fixedParameters() {
    return List.of(); // an update may point an alias elsewhere, as OpenSearch allows
  }

  @Override
  public FieldMapping parseField(String name, Map<?, ?> node) {
    Object path = null;
    for (Map.Entry<?, ?> e : node.entrySet()) {
      String key = String.valueOf(e.getKey());
      if (key.equals("type")) {
        continue;
      }
      if (!key.equals(PATH)) {
        throw new DuetException(
            400,
            "mapper_parsing_exception",
            "Mapping definition for ["
                + name
                + "] has unsupported parameters:  ["
                + key
                + " : "
                + e.getValue()
                + "]");
      }
      path = e.getValue();
    }
    if (path == null) {
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "The [path] property must be specified for field [" + name + "].");
    }
    return new FieldMapping(NAME, Map.of(PATH, String.valueOf(path)), Map.of(), Map.of());
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
    // DocumentParser refuses a value at an alias's path before any type is asked.
    throw DuetException.illegalArgument("Cannot write to a field alias [" + path + "].");
  }
}
