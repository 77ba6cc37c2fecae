package dev.duet.engine.internal.document;

import dev.duet.engine.mapping.FieldMapping;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexableField;

/**
 * A source turned into Lucene fields, and the fields dynamic mapping had to add to the mapping (by
 * dotted path) to get there; empty when the mapping already covered the document. {@code nested}
 * holds one Lucene document per nested object (children before their parents), indexed in one block
 * before the root document's {@code fields}; empty when the source has no nested objects.
 */
public record ParsedDocument(
    List<IndexableField> fields,
    Map<String, FieldMapping> dynamicFields,
    List<List<IndexableField>> nested) {}
