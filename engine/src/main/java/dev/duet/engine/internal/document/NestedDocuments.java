package dev.duet.engine.internal.document;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.BinaryDocValuesField;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.SortedDocValuesField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;

/**
 * How a document with {@code nested} objects is laid out in Lucene, as OpenSearch lays it out: each
 * nested object is its own Lucene document, written in one block before the root document (children
 * before their parents), carrying the root's {@code _id} (indexed, not stored, so that replacing or
 * deleting the id replaces or deletes the whole block), its nested path ({@code _nested_path}) and
 * its position in the source ({@code _nested_offsets}, one offset per nested level). Only root
 * documents have {@code _primary_term}, which is what tells them apart.
 */
public final class NestedDocuments {
  /** The full dotted path of the nested object a nested document was made from. */
  static final String PATH = "_nested_path";

  /** A nested document's offset in each enclosing nested array, outermost first. */
  static final String OFFSETS = "_nested_offsets";

  private NestedDocuments() {}

  /** Matches root documents only: what top-level searches are filtered to. */
  public static Query rootDocuments() {
    return new FieldExistsQuery(MetaFields.PRIMARY_TERM);
  }

  /** Matches the nested documents made from objects at {@code path}. */
  public static Query atPath(String path) {
    return new TermQuery(new Term(PATH, path));
  }

  /**
   * Adds {@code parsed} as one block, replacing the documents with {@code replaced}'s id (the whole
   * block of each) when it is not null.
   */
  public static void write(IndexWriter writer, Term replaced, ParsedDocument parsed)
      throws IOException {
    if (parsed.nested().isEmpty()) {
      if (replaced == null) {
        writer.addDocument(parsed.fields());
      } else {
        writer.updateDocument(replaced, parsed.fields());
      }
      return;
    }
    List<List<IndexableField>> block = new ArrayList<>(parsed.nested().size() + 1);
    block.addAll(parsed.nested());
    block.add(parsed.fields()); // the parent comes last, as block joins expect
    if (replaced == null) {
      writer.addDocuments(block);
    } else {
      writer.updateDocuments(replaced, block);
    }
  }

  /**
   * Adds {@code parsed} as one block, replacing the documents {@code replaced} matches (the whole
   * block of each).
   */
  public static void write(IndexWriter writer, Query replaced, ParsedDocument parsed)
      throws IOException {
    if (parsed.nested().isEmpty()) {
      writer.updateDocuments(replaced, List.of(parsed.fields()));
      return;
    }
    List<List<IndexableField>> block = new ArrayList<>(parsed.nested().size() + 1);
    block.addAll(parsed.nested());
    block.add(parsed.fields());
    writer.updateDocuments(replaced, block);
  }

  /** A nested document's offsets, outermost first; empty when it has none. */
  public static int[] offsets(LeafReader reader, int doc) throws IOException {
    BinaryDocValues values = reader.getBinaryDocValues(OFFSETS);
    if (values == null || !values.advanceExact(doc)) {
      return new int[0];
    }
    String text = values.binaryValue().utf8ToString();
    return Arrays.stream(text.split(",")).mapToInt(Integer::parseInt).toArray();
  }

  /** Collects nested documents while one source is parsed, in block order. */
  static final class Builder {
    private final ArrayDeque<Frame> outer = new ArrayDeque<>();
    private List<IndexableField> root;
    private Frame current = new Frame(null, null, new int[0]);
    private List<List<IndexableField>> documents;

    /**
     * Starts the nested document of the next object at {@code path}; returns the list its fields go
     * to. {@code enclosing} is the list fields went to so far, given back by {@link #end}.
     */
    List<IndexableField> begin(String path, List<IndexableField> enclosing) {
      if (outer.isEmpty()) {
        root = enclosing;
      }
      int offset = current.counters.merge(path, 1, Integer::sum) - 1;
      int[] offsets = Arrays.copyOf(current.offsets, current.offsets.length + 1);
      offsets[offsets.length - 1] = offset;
      outer.push(current);
      current = new Frame(path, enclosing, offsets);
      return current.fields;
    }

    /**
     * Finishes the current nested document of root {@code id}, copying its fields into the
     * enclosing document ({@code include_in_parent}) and the root ({@code include_in_root});
     * returns the enclosing list.
     */
    List<IndexableField> end(String id, boolean inParent, boolean inRoot) {
      Frame done = current;
      current = outer.pop();
      if (inParent) {
        copy(done.fields, done.enclosing);
      }
      if (inRoot && !(inParent && done.enclosing == root)) {
        copy(done.fields, root);
      }
      done.fields.add(new StringField(MetaFields.ID, id, Field.Store.NO));
      // Lucene wants one schema per field: the root's _id has doc values, so these do too.
      done.fields.add(new SortedDocValuesField(MetaFields.ID, new BytesRef(id)));
      done.fields.add(new StringField(PATH, done.path, Field.Store.NO));
      StringBuilder text = new StringBuilder();
      for (int offset : done.offsets) {
        text.append(text.isEmpty() ? "" : ",").append(offset);
      }
      done.fields.add(
          new BinaryDocValuesField(
              OFFSETS, new BytesRef(text.toString().getBytes(StandardCharsets.UTF_8))));
      if (documents == null) {
        documents = new ArrayList<>();
      }
      documents.add(done.fields);
      return done.enclosing;
    }

    /** Fields a document can hold once per document (vectors) and _ignored stay where they are. */
    private static void copy(List<IndexableField> from, List<IndexableField> to) {
      for (IndexableField field : from) {
        if (field.fieldType().vectorDimension() == 0
            && !field.name().equals(FieldIndexer.IGNORED)) {
          to.add(field);
        }
      }
    }

    List<List<IndexableField>> documents() {
      return documents == null ? List.of() : documents;
    }
  }

  private static final class Frame {
    final String path;
    final List<IndexableField> enclosing;
    final int[] offsets;
    final List<IndexableField> fields = new ArrayList<>();
    final Map<String, Integer> counters = new HashMap<>(4);

    Frame(String path, List<IndexableField> enclosing, int[] offsets) {
      this.path = path;
      this.enclosing = enclosing;
      this.offsets = offsets;
    }
  }
}
