package dev.duet.engine.internal.script;

import dev.duet.engine.internal.field.DocValuesType;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.Scorable;

/**
 * {@code doc} in a search-side script: one segment's doc values by field name, each field opened
 * the first time a script asks for it and moved to the current document when read (OpenSearch's
 * {@code LeafDocLookup}).
 */
public final class DocLookup extends AbstractMap<String, ScriptDocValues<?>> {
  private final LeafReader reader;
  private final Function<String, DocValuesType> types;
  private final Map<String, Loaded> fields = new HashMap<>();
  private int doc = -1;
  private Scorable scorer;

  /** {@code types} gives a mapped field's doc values type, or null when the field is unmapped. */
  public DocLookup(LeafReader reader, Function<String, DocValuesType> types) {
    this.reader = reader;
    this.types = types;
  }

  public void setDocument(int doc) {
    this.doc = doc;
  }

  public void setScorer(Scorable scorer) {
    this.scorer = scorer;
  }

  double score() {
    try {
      return scorer == null ? 0 : scorer.score();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public ScriptDocValues<?> get(Object key) {
    String name = String.valueOf(key);
    Loaded loaded = fields.get(name);
    if (loaded == null) {
      loaded = new Loaded(open(name));
      fields.put(name, loaded);
    }
    if (loaded.doc != doc) {
      try {
        loaded.values.setNextDocId(doc);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
      loaded.doc = doc;
    }
    return loaded.values;
  }

  @Override
  public boolean containsKey(Object key) {
    return types.apply(String.valueOf(key)) != null;
  }

  @Override
  public Set<Entry<String, ScriptDocValues<?>>> entrySet() {
    return Set.of();
  }

  private ScriptDocValues<?> open(String name) {
    DocValuesType type = types.apply(name);
    if (type == null) {
      throw new IllegalArgumentException("No field found for [" + name + "] in mapping");
    }
    try {
      return switch (type) {
        case ORDINALS -> new ScriptDocValues.Strings(name, DocValues.getSortedSet(reader, name));
        case WHOLE, UNSIGNED ->
            new ScriptDocValues.Longs(name, DocValues.getSortedNumeric(reader, name));
        case DOUBLE ->
            new ScriptDocValues.Doubles(name, DocValues.getSortedNumeric(reader, name), false);
        case FLOAT ->
            new ScriptDocValues.Doubles(name, DocValues.getSortedNumeric(reader, name), true);
        case BOOLEAN ->
            new ScriptDocValues.Booleans(name, DocValues.getSortedNumeric(reader, name));
        case DATE ->
            new ScriptDocValues.Dates(name, DocValues.getSortedNumeric(reader, name), false);
        case DATE_NANOS ->
            new ScriptDocValues.Dates(name, DocValues.getSortedNumeric(reader, name), true);
        case NONE, BINARY ->
            throw new IllegalArgumentException(
                "Fielddata is not supported on field ["
                    + name
                    + "]: scripts read doc values, which this field does not keep");
      };
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final class Loaded {
    final ScriptDocValues<?> values;
    int doc = -1;

    Loaded(ScriptDocValues<?> values) {
      this.values = values;
    }
  }
}
