package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.document.MultiGetRequest;
import dev.duet.engine.document.MultiGetResponse;
import dev.duet.engine.document.Validation;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SourceFilter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code _mget} bodies ({@code docs} or {@code ids}) in, {@code docs} out, with OpenSearch's parser
 * messages and its validation ({@code index is missing for doc N}, …).
 */
public final class MultiGetCodec {
  private MultiGetCodec() {}

  /**
   * @param defaultIndex the path's index, or null
   * @param defaultSource the URL's {@code _source} parameters, or null
   * @param storedFields the URL's {@code stored_fields}, or null
   * @param defaultRouting the URL's {@code routing}, or null
   */
  public static MultiGetRequest decode(
      byte[] data,
      int offset,
      int length,
      String defaultIndex,
      SourceFilter defaultSource,
      List<String> storedFields,
      String defaultRouting,
      boolean realtime,
      boolean refresh)
      throws IOException {
    if (length == 0) {
      throw DuetException.badRequest(
          "parse_exception", "request body or source parameter is required");
    }
    SourceFilter urlSource =
        defaultSource == null && storedFields != null && !storedFields.contains("_source")
            ? SourceFilter.NONE
            : defaultSource;
    Defaults defaults = new Defaults(defaultIndex, urlSource, storedFields, defaultRouting);
    List<MultiGetRequest.Item> items = new ArrayList<>();
    try (JsonParser p = Json.parser(data, offset, length)) {
      JsonToken t = p.nextToken();
      if (t != JsonToken.START_OBJECT) {
        throw DuetException.badRequest(
            "parse_exception", "request body or source parameter is required");
      }
      String field = null;
      while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
        if (t == JsonToken.FIELD_NAME) {
          field = p.currentName();
          continue;
        }
        if (t == JsonToken.START_ARRAY && field.equals("docs")) {
          while (p.nextToken() != JsonToken.END_ARRAY) {
            items.add(doc(p, defaults));
          }
        } else if (t == JsonToken.START_ARRAY && field.equals("ids")) {
          while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            items.add(
                new MultiGetRequest.Item(
                    defaultIndex, p.getText(), urlSource, defaultRouting, storedFields));
          }
        } else {
          throw QueryErrors.error(
              p,
              "unknown key ["
                  + field
                  + "] for a "
                  + Json.tokenName(t)
                  + ", expected [docs] or [ids]");
        }
      }
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
    List<String> problems = new ArrayList<>();
    if (items.isEmpty()) {
      problems.add("no documents to get");
    }
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i).index() == null) {
        problems.add("index is missing for doc " + i);
      }
      if (items.get(i).id() == null) {
        problems.add("id is missing for doc " + i);
      }
    }
    Validation.check(problems);
    return new MultiGetRequest(items, realtime, refresh);
  }

  public static void encode(MultiGetResponse response, JsonGenerator g) throws IOException {
    g.writeStartObject();
    g.writeArrayFieldStart("docs");
    for (MultiGetResponse.Item item : response.items()) {
      if (item.failure() != null) {
        g.writeStartObject();
        g.writeStringField("_index", item.index());
        g.writeStringField("_id", item.id());
        g.writeFieldName("error");
        ErrorEncoder.encodeWithRootCause(item.failure(), g);
        g.writeEndObject();
      } else {
        GetResponseEncoder.encode(item.result(), item.result().source(), item.fields(), g);
      }
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /** What the URL gives every {@code docs} item that does not say otherwise. */
  private record Defaults(
      String index, SourceFilter source, List<String> storedFields, String routing) {}

  private static MultiGetRequest.Item doc(JsonParser p, Defaults defaults) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw DuetException.badRequest(
          "parse_exception", "docs array element should include an object");
    }
    String index = defaults.index();
    String id = null;
    SourceFilter source = null;
    List<String> storedFields = defaults.storedFields();
    boolean ownStoredFields = false;
    String routing = defaults.routing();
    String field = null;
    JsonToken t;
    while ((t = p.nextToken()) != JsonToken.END_OBJECT) {
      if (t == JsonToken.FIELD_NAME) {
        field = p.currentName();
        continue;
      }
      switch (field) {
        case "_index" -> index = p.getText();
        case "_id" -> id = p.getText();
        case "_source" -> source = SourceFilters.parse(p);
        case "stored_fields" -> {
          storedFields = names(p);
          ownStoredFields = true;
        }
        case "routing" -> routing = p.getText();
        case "version", "version_type" -> p.skipChildren();
        default ->
            throw DuetException.badRequest(
                "parse_exception",
                "failed to parse multi get request. unknown field [" + field + "]");
      }
    }
    if (source == null) {
      source =
          ownStoredFields
              ? (storedFields.contains("_source") ? null : SourceFilter.NONE)
              : defaults.source();
    }
    return new MultiGetRequest.Item(index, id, source, routing, storedFields);
  }

  /** A string or an array of strings. */
  private static List<String> names(JsonParser p) throws IOException {
    List<String> out = new ArrayList<>();
    if (p.currentToken() == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        out.add(p.getText());
      }
    } else {
      for (String name : p.getText().split(",")) {
        if (!name.isBlank()) {
          out.add(name.strip());
        }
      }
    }
    return out;
  }
}
