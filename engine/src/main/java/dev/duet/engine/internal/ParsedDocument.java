package dev.duet.engine.internal;

import dev.duet.engine.mapping.FieldMapping;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexableField;

/**
 * A source turned into Lucene fields, and the fields dynamic mapping had to add to the mapping (by
 * dotted path) to get there; empty when the mapping already covered the document.
 */
record ParsedDocument(List<IndexableField> fields, Map<String, FieldMapping> dynamicFields) {}
