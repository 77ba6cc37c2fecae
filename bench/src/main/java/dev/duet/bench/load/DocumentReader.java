package dev.duet.bench.load;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Reads {@link LoadItem}s one at a time from a stream in one {@link InputFormat}, never holding
 * more than one document: JSON is streamed token by token, CSV row by row. Counts the bytes
 * consumed for the progress bar. Not thread-safe: one reader thread.
 */
final class DocumentReader implements Closeable {
  private static final JsonFactory JSON =
      JsonFactory.builder().disable(StreamReadFeature.AUTO_CLOSE_SOURCE).build();

  private final InputFormat format;
  private final CountingStream in;
  private final String idField;
  private BufferedReader lines;
  private JsonParser array;
  private MappingIterator<Map<String, String>> rows;
  private long lineNumber;

  /**
   * @param idField a top-level field whose value becomes the document's {@code _id} (NDJSON, JSON
   *     and CSV; null: the server picks ids)
   */
  DocumentReader(InputStream in, InputFormat format, String idField) throws IOException {
    this.format = format;
    this.in = new CountingStream(in);
    this.idField = idField;
    switch (format) {
      case BULK, NDJSON ->
          lines = new BufferedReader(new InputStreamReader(this.in, StandardCharsets.UTF_8));
      case JSON -> {
        array = JSON.createParser(this.in);
        if (array.nextToken() != JsonToken.START_ARRAY) {
          throw new LoadException("a JSON input must be one array of documents");
        }
      }
      case CSV ->
          rows =
              new CsvMapper()
                  .enable(CsvParser.Feature.TRIM_SPACES)
                  .readerForMapOf(String.class)
                  .with(CsvSchema.emptySchema().withHeader())
                  .readValues(this.in);
    }
  }

  /** Bytes read from the input so far. */
  long bytesRead() {
    return in.count;
  }

  /**
   * The next item, or null at the end of the input.
   *
   * @throws LoadException when the input is malformed, naming where
   */
  LoadItem next() throws IOException {
    try {
      return switch (format) {
        case BULK -> nextBulk();
        case NDJSON -> nextLine();
        case JSON -> nextInArray();
        case CSV -> nextRow();
      };
    } catch (JsonProcessingException e) {
      throw new LoadException(where() + ": not valid " + format + ": " + e.getOriginalMessage(), e);
    }
  }

  private String where() {
    return switch (format) {
      case BULK, NDJSON -> "line " + lineNumber;
      case JSON -> "byte " + array.currentLocation().getByteOffset();
      case CSV -> "row " + rows.getCurrentLocation().getLineNr();
    };
  }

  private LoadItem nextBulk() throws IOException {
    String action = nonBlankLine();
    if (action == null) {
      return null;
    }
    long at = lineNumber;
    String name;
    String index = null;
    String id = null;
    try (JsonParser p = JSON.createParser(action)) {
      if (p.nextToken() != JsonToken.START_OBJECT || p.nextToken() != JsonToken.FIELD_NAME) {
        throw new LoadException("line " + at + ": expected an action line such as {\"index\":{}}");
      }
      name = p.currentName();
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw new LoadException("line " + at + ": the [" + name + "] action takes an object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        p.nextToken();
        switch (key) {
          case "_index" -> index = p.getValueAsString();
          case "_id" -> id = p.getValueAsString();
          default -> p.skipChildren();
        }
      }
    }
    LoadItem.Action kind =
        switch (name) {
          case "index" -> LoadItem.Action.INDEX;
          case "create" -> LoadItem.Action.CREATE;
          case "delete" -> LoadItem.Action.DELETE;
          case "update" ->
              throw new LoadException(
                  "line " + at + ": update actions are not loaded; use index, create or delete");
          default -> throw new LoadException("line " + at + ": unknown bulk action [" + name + "]");
        };
    if (kind == LoadItem.Action.DELETE) {
      if (id == null) {
        throw new LoadException("line " + at + ": a delete action needs an _id");
      }
      return new LoadItem(kind, index, id, null);
    }
    String source = lines.readLine();
    lineNumber++;
    if (source == null || source.isBlank()) {
      throw new LoadException("line " + at + ": the [" + name + "] action has no source line");
    }
    return new LoadItem(kind, index, id, source.getBytes(StandardCharsets.UTF_8));
  }

  private LoadItem nextLine() throws IOException {
    String line = nonBlankLine();
    if (line == null) {
      return null;
    }
    try (JsonParser p = JSON.createParser(line)) {
      return document(p, "line " + lineNumber);
    }
  }

  private LoadItem nextInArray() throws IOException {
    JsonToken token = array.nextToken();
    if (token == JsonToken.END_ARRAY || token == null) {
      return null;
    }
    return document(array, "element at " + array.currentTokenLocation().offsetDescription());
  }

  /** Copies the object {@code p} is at (or is about to start) and takes its id field. */
  private LoadItem document(JsonParser p, String where) throws IOException {
    if (p.currentToken() == null) {
      p.nextToken();
    }
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw new LoadException(where + ": a document must be a JSON object");
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    String id = null;
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String field = p.currentName();
        JsonToken value = p.nextToken();
        if (field.equals(idField) && value.isScalarValue()) {
          id = p.getValueAsString();
        }
        g.writeFieldName(field);
        g.copyCurrentStructure(p);
      }
      g.writeEndObject();
    }
    return LoadItem.index(out.toByteArray(), id);
  }

  private LoadItem nextRow() throws IOException {
    if (!rows.hasNextValue()) {
      return null;
    }
    Map<String, String> row = rows.nextValue();
    ByteArrayOutputStream out = new ByteArrayOutputStream(256);
    String id = null;
    try (JsonGenerator g = JSON.createGenerator(out)) {
      g.writeStartObject();
      for (Map.Entry<String, String> cell : row.entrySet()) {
        String value = cell.getValue();
        if (value == null || value.isEmpty()) {
          continue; // an empty cell is a missing field, as a log shipper would send it
        }
        if (cell.getKey().equals(idField)) {
          id = value;
        }
        g.writeFieldName(cell.getKey());
        writeTyped(g, value);
      }
      g.writeEndObject();
    }
    return LoadItem.index(out.toByteArray(), id);
  }

  /**
   * A CSV cell as the JSON value it reads as: {@code true}/{@code false}, an integer, a decimal,
   * else a string (so dynamic mapping makes numbers numeric and dates dates).
   */
  static void writeTyped(JsonGenerator g, String value) throws IOException {
    if (value.equals("true") || value.equals("false")) {
      g.writeBoolean(Boolean.parseBoolean(value));
    } else if (value.matches("-?(0|[1-9][0-9]{0,17})")) {
      g.writeNumber(Long.parseLong(value));
    } else if (value.matches("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) {
      g.writeNumber(Double.parseDouble(value));
    } else {
      g.writeString(value);
    }
  }

  private String nonBlankLine() throws IOException {
    String line;
    do {
      line = lines.readLine();
      lineNumber++;
    } while (line != null && line.isBlank());
    return line;
  }

  @Override
  public void close() throws IOException {
    in.close();
  }

  private static final class CountingStream extends FilterInputStream {
    long count;

    CountingStream(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      int b = super.read();
      if (b >= 0) {
        count++;
      }
      return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
      int n = super.read(b, off, len);
      if (n > 0) {
        count += n;
      }
      return n;
    }

    @Override
    public long skip(long n) throws IOException {
      long skipped = super.skip(n);
      count += skipped;
      return skipped;
    }
  }
}
