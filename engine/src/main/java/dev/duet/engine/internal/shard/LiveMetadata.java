package dev.duet.engine.internal.shard;

import dev.duet.engine.internal.document.DocumentParser;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.ParsedDocument;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.MappingLimits;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.UnaryOperator;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.util.BytesRef;

/**
 * An index's current metadata and the mapping lookup built from it: replaced durably (by admin
 * calls, or grown by dynamic mapping, one change at a time), and what parses a source against it.
 */
final class LiveMetadata {
  private final Path dir;
  private final Object lock = new Object();
  private volatile IndexMetadata metadata;
  private volatile MappingLookup lookup;

  LiveMetadata(Path dir, IndexMetadata metadata) {
    this.dir = dir;
    this.metadata = metadata;
    // Replay restores acknowledged operations: no request limit applies to them.
    this.lookup =
        MappingLookup.of(metadata.mapping(), metadata.settings()).withLimits(MappingLimits.REPLAY);
  }

  IndexMetadata metadata() {
    return metadata;
  }

  MappingLookup lookup() {
    return lookup;
  }

  /** After replay: requests obey the index's {@code index.mapping.*.limit} settings. */
  void applyRequestLimits() {
    lookup = lookup.withLimits(MappingLimits.of(metadata.settings()));
  }

  /**
   * Replaces the metadata, durably before it takes effect; {@code settingsChanged} (previous, next)
   * runs under the same lock when the settings differ. Serialized with dynamic mapping updates.
   */
  void update(
      UnaryOperator<IndexMetadata> change,
      BiConsumer<IndexMetadata, IndexMetadata> settingsChanged) {
    synchronized (lock) {
      IndexMetadata current = metadata;
      IndexMetadata next = change.apply(current);
      if (next.equals(current)) {
        return;
      }
      try {
        next.write(dir);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      // Analysis settings are static: rebuild the analyzers only when the settings differ.
      lookup =
          next.settings().equals(current.settings())
              ? MappingLookup.of(next.mapping(), next.settings(), lookup.analysis())
              : MappingLookup.of(next.mapping(), next.settings());
      metadata = next;
      if (!next.settings().equals(current.settings())) {
        settingsChanged.accept(current, next);
      }
    }
  }

  /**
   * The Lucene fields of a source, mapping any new fields dynamically first; {@code stored} is what
   * {@code _source} keeps (the source itself, or the source with packed vectors added).
   */
  ParsedDocument document(String id, byte[] source, byte[] stored) throws IOException {
    ParsedDocument parsed = DocumentParser.parse(id, source, lookup);
    if (!parsed.dynamicFields().isEmpty()) {
      addDynamicFields(parsed.dynamicFields());
      // Parse again against the merged mapping: another writer may have mapped a field first.
      parsed = DocumentParser.parse(id, source, lookup);
    }
    List<IndexableField> doc = parsed.fields();
    doc.add(new StringField(MetaFields.ID, id, Field.Store.YES));
    // Doc values so that a search can sort on _id, as OpenSearch allows.
    doc.add(new SortedDocValuesField(MetaFields.ID, new BytesRef(id)));
    byte[] kept = lookup.keptSource(stored);
    if (kept != null) {
      doc.add(new StoredField(MetaFields.SOURCE, kept));
    }
    return parsed;
  }

  private void addDynamicFields(Map<String, FieldMapping> fields) throws IOException {
    synchronized (lock) {
      IndexMetadata current = metadata;
      Mapping merged = MappingLookup.withDynamicFields(current.mapping(), fields);
      if (merged.equals(current.mapping())) {
        return;
      }
      lookup.limits().check(merged); // a document may not grow the mapping past its limits
      IndexMetadata next = current.withMapping(merged);
      next.write(dir);
      lookup =
          MappingLookup.of(merged, current.settings(), lookup.analysis())
              .withLimits(lookup.limits());
      metadata = next;
    }
  }
}
