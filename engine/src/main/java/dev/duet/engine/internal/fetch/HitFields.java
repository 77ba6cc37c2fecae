package dev.duet.engine.internal.fetch;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.DocValuesType;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.shard.LuceneIndex;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.search.IndexSearcher;

/**
 * A hit's {@code fields} for one index: {@code stored_fields} (mapped {@code store: true} fields,
 * their values read from the stored {@code _source}), {@code docvalue_fields} (doc values, values
 * added per entry) and the {@code fields} option (source values typed and formatted by the mapping;
 * an entry replaces the same field's earlier values, as OpenSearch's later sub-phase does).
 */
public final class HitFields {
  private final MappingLookup lookup;
  private final List<String> stored = new ArrayList<>();
  private final List<Resolved> docValues = new ArrayList<>();
  private final List<Resolved> fromSource = new ArrayList<>();

  HitFields(LuceneIndex index, FetchOptions fetch) {
    this.lookup = index.lookup();
    if (!fetch.fields().isEmpty() && !index.metadata().mapping().source().enabled()) {
      // the fields option reads _source, as OpenSearch's does
      throw dev.duet.engine.error.DuetException.illegalArgument(
          "Unable to retrieve the requested [fields] since _source is disabled in the mappings for"
              + " index ["
              + index.name()
              + "]");
    }
    if (fetch.storedFields() != null) {
      for (String pattern : fetch.storedFields()) {
        for (String name : resolve(pattern)) {
          if (isTrue(lookup.leaf(name).params().get("store")) && !stored.contains(name)) {
            stored.add(name);
          }
        }
      }
    }
    for (FieldAndFormat entry : fetch.docvalueFields()) {
      if (entry.field().equals(MetaFields.SEQ_NO)) {
        // A meta field with numeric doc values on every (root) document, as in OpenSearch.
        docValues.add(new Resolved(MetaFields.SEQ_NO, FieldMapping.of("long"), entry.format()));
        continue;
      }
      for (String name : resolve(entry.field())) {
        FieldMapping field = lookup.leaf(name);
        FieldTypes.of(field).requireFielddata(name);
        docValues.add(new Resolved(name, field, entry.format()));
      }
    }
    for (FieldAndFormat entry : fetch.fields()) {
      for (String name : resolve(entry.field())) {
        FieldMapping field = lookup.leaf(name);
        if (entry.format() != null && !FieldTypes.of(field).formatsSourceValues()) {
          throw DuetException.illegalArgument(
              "Field [" + name + "] of type [" + field.type() + "] doesn't support formats.");
        }
        fromSource.add(new Resolved(name, field, entry.format()));
      }
    }
  }

  /**
   * A document's values of the named {@code store: true} fields, as {@code GET ?stored_fields}
   * shows them (names are taken literally there, not as patterns); others are left out.
   */
  public static Map<String, List<Object>> stored(
      MappingLookup lookup, List<String> names, SourceValues source) {
    Map<String, List<Object>> out = new LinkedHashMap<>();
    for (String name : names) {
      FieldMapping field = lookup.leaf(name);
      if (field == null || !isTrue(field.params().get("store")) || out.containsKey(name)) {
        continue;
      }
      List<Object> values = typed(field, null, valuesAt(source, field, sourcePath(lookup, name)));
      if (!values.isEmpty()) {
        out.put(name, values);
      }
    }
    return out;
  }

  Map<String, List<Object>> values(IndexSearcher searcher, int doc, SourceValues source)
      throws IOException {
    return values(searcher, doc, doc, null, source);
  }

  /**
   * The values of {@code doc}, a nested object at {@code nestedPath} (null: a root) of root {@code
   * rootDoc}: fields outside the path (such as {@code _seq_no}) have their doc values on the root.
   */
  Map<String, List<Object>> values(
      IndexSearcher searcher, int doc, int rootDoc, String nestedPath, SourceValues source)
      throws IOException {
    Map<String, List<Object>> out = new LinkedHashMap<>();
    for (String name : stored) {
      List<Object> values =
          typed(lookup.leaf(name), null, valuesAt(source, lookup.leaf(name), sourcePath(name)));
      if (!values.isEmpty()) {
        out.put(name, values);
      }
    }
    if (!docValues.isEmpty()) {
      List<LeafReaderContext> leaves = searcher.getIndexReader().leaves();
      LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
      for (Resolved field : docValues) {
        int at = nestedPath == null || field.name.startsWith(nestedPath + ".") ? doc : rootDoc;
        List<Object> values = docValues(leaf, at - leaf.docBase, field);
        if (!values.isEmpty()) {
          out.computeIfAbsent(field.name, k -> new ArrayList<>()).addAll(values);
        }
      }
    }
    for (Resolved field : fromSource) {
      List<Object> values =
          typed(
              field.mapping, field.format, valuesAt(source, field.mapping, sourcePath(field.name)));
      if (!values.isEmpty()) {
        out.put(field.name, values);
      }
    }
    return out;
  }

  private static List<Object> docValues(LeafReaderContext leaf, int doc, Resolved field)
      throws IOException {
    List<Object> out = new ArrayList<>();
    FieldType type = FieldTypes.of(field.mapping);
    if (type.docValuesType() == DocValuesType.ORDINALS) {
      SortedSetDocValues values = DocValues.getSortedSet(leaf.reader(), field.name);
      if (values.advanceExact(doc)) {
        for (int i = 0; i < values.docValueCount(); i++) {
          out.add(type.docValue(values.lookupOrd(values.nextOrd()), field.mapping, field.format));
        }
      }
      return out;
    }
    if (type.docValuesType() == DocValuesType.BINARY) {
      BinaryDocValues values = DocValues.getBinary(leaf.reader(), field.name);
      return values.advanceExact(doc)
          ? type.binaryDocValues(values.binaryValue(), field.mapping)
          : out;
    }
    SortedNumericDocValues values = DocValues.getSortedNumeric(leaf.reader(), field.name);
    if (!values.advanceExact(doc)) {
      return out;
    }
    for (int i = 0; i < values.docValueCount(); i++) {
      out.add(type.docValue(values.nextValue(), field.mapping, field.format));
    }
    return out;
  }

  /** A field's source values: whole objects and coordinate arrays for geo points and ranges. */
  private static List<Object> valuesAt(SourceValues source, FieldMapping field, String path) {
    return FieldTypes.of(field).structuredValues() ? source.structuredAt(path) : source.at(path);
  }

  /** Source values as the field's type holds them; values it cannot hold are left out. */
  private static List<Object> typed(FieldMapping field, String format, List<Object> values) {
    List<Object> out = new ArrayList<>(values.size());
    for (Object value : values) {
      Object converted = typed(field, format, value);
      if (converted != null) {
        out.add(converted);
      }
    }
    return out;
  }

  private static Object typed(FieldMapping field, String format, Object value) {
    try {
      return FieldTypes.of(field).sourceValue(value, field, format);
    } catch (RuntimeException e) {
      return null; // a malformed value the index ignored is not a field value either
    }
  }

  /** Mapped leaf fields (multi-fields included) that a name or wildcard pattern reaches. */
  private List<String> resolve(String pattern) {
    if (!pattern.contains("*")) {
      return lookup.leaf(pattern) == null || lookup.vector(pattern) != null
          ? List.of()
          : List.of(pattern);
    }
    List<String> names = new ArrayList<>();
    for (String path : new TreeSet<>(lookup.leafPaths())) {
      if (Wildcards.matches(pattern, path) && lookup.vector(path) == null) {
        names.add(path);
      }
    }
    return names;
  }

  private String sourcePath(String name) {
    return sourcePath(lookup, name);
  }

  /** A multi-field ({@code title.raw}) reads its parent's source values, an alias its target's. */
  static String sourcePath(MappingLookup lookup, String field) {
    String name = lookup.resolve(field);
    int dot = name.lastIndexOf('.');
    if (dot > 0) {
      FieldMapping parent = lookup.leaf(name.substring(0, dot));
      if (parent != null && parent.fields().containsKey(name.substring(dot + 1))) {
        return name.substring(0, dot);
      }
    }
    return name;
  }

  private static boolean isTrue(Object value) {
    return value != null && Boolean.parseBoolean(value.toString());
  }

  private record Resolved(String name, FieldMapping mapping, String format) {}
}
