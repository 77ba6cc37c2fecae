package dev.duet.engine.internal.field;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * A field type exercised on its own: JSON values indexed by the type into an in-memory Lucene
 * index, one document per value (its id the value's JSON), and queries built by the type run on it.
 */
final class TypeFixture implements AutoCloseable {
  static final JsonFactory JSON = new JsonFactory();

  /** A query context with no normalizers, date math without {@code now}, plain failures. */
  static final QueryContext CONTEXT =
      new QueryContext() {
        @Override
        public String normalize(String field, String value) {
          return value;
        }

        @Override
        public long parseDateMath(String text, DateFormats formats, boolean roundUp) {
          return formats.parseMillis(text, roundUp);
        }

        @Override
        public DuetException failure(String reason, DuetException cause) {
          return new DuetException(400, "query_shard_exception", reason, Map.of(), cause);
        }
      };

  private final ByteBuffersDirectory directory = new ByteBuffersDirectory();
  private final FieldType type;
  private final FieldMapping field;
  private DirectoryReader reader;

  TypeFixture(FieldMapping field, String... values) throws IOException {
    this.field = field;
    this.type = FieldTypes.of(field);
    try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig())) {
      for (String value : values) {
        Document doc = new Document();
        doc.add(new StringField("id", value, StringField.Store.YES));
        for (IndexableField f : index(type, field, value)) {
          doc.add(f);
        }
        writer.addDocument(doc);
      }
    }
    reader = DirectoryReader.open(directory);
  }

  /** The Lucene fields the type makes of one JSON value of field {@code f}. */
  static List<IndexableField> index(FieldType type, FieldMapping field, String json)
      throws IOException {
    List<IndexableField> out = new ArrayList<>();
    try (JsonParser p = JSON.createParser(json)) {
      JsonToken t = p.nextToken();
      type.index(p, t, "f", field, null, out);
    }
    return out;
  }

  /** The JSON values (as indexed) of the documents the query matches, in index order. */
  List<String> matching(Query query) throws IOException {
    IndexSearcher searcher = new IndexSearcher(reader);
    List<String> out = new ArrayList<>();
    for (ScoreDoc hit :
        searcher.search(query, 100, org.apache.lucene.search.Sort.INDEXORDER).scoreDocs) {
      out.add(searcher.storedFields().document(hit.doc).get("id"));
    }
    return out;
  }

  Query term(Object value) {
    return type.termQuery("f", field, value, CONTEXT);
  }

  Query range(Object lower, Object upper, boolean includeLower, boolean includeUpper) {
    return type.rangeQuery("f", field, lower, upper, includeLower, includeUpper, null, CONTEXT);
  }

  @Override
  public void close() throws IOException {
    reader.close();
    directory.close();
  }
}
