package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.FetchOptions;
import dev.duet.engine.search.FieldAndFormat;
import dev.duet.engine.search.Highlight;
import dev.duet.engine.search.SearchRequest;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The search body's per-hit options ({@code highlight}, {@code docvalue_fields}, {@code
 * stored_fields}, {@code fields}, {@code explain}), collected while {@link SearchRequestDecoder}
 * streams the body.
 */
final class FetchOptionsDecoder {

  private Highlight highlight;
  private List<FieldAndFormat> docvalueFields = List.of();
  private List<String> storedFields;
  private List<FieldAndFormat> fields = List.of();
  private boolean explain;
  private boolean version;
  private boolean seqNoPrimaryTerm;
  private boolean sourceGiven;

  /** Reads the value of {@code field}; the parser is on its first token. */
  void parse(JsonParser p, String field) throws IOException {
    JsonToken t = p.currentToken();
    switch (field) {
      case "highlight" -> highlight = HighlightDecoder.parse(p);
      case "docvalue_fields" -> docvalueFields = fieldsAndFormats(p, "docvalues_field");
      case "fields" -> fields = fieldsAndFormats(p, "field_and_format");
      case "stored_fields" -> {
        if (t == JsonToken.VALUE_STRING) {
          storedFields = List.of(p.getText());
        } else if (t == JsonToken.START_ARRAY) {
          List<String> names = new ArrayList<>();
          while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            names.add(p.getText());
          }
          storedFields = names;
        } else {
          throw QueryErrors.error(
              p, "Unknown key for a " + Json.tokenName(t) + " in [stored_fields].");
        }
      }
      case "explain", "version", "seq_no_primary_term" -> {
        if (!t.isScalarValue()) {
          throw QueryErrors.error(
              p, "Unknown key for a " + Json.tokenName(t) + " in [" + field + "].");
        }
        boolean value = booleanValue(p);
        switch (field) {
          case "explain" -> explain = value;
          case "version" -> version = value;
          default -> seqNoPrimaryTerm = value;
        }
      }
      default -> throw new IllegalArgumentException(field);
    }
  }

  /** Applies the URL's per-hit options over the body's ({@code docvalue_fields} adds to it). */
  void url(SearchUrlOptions url) {
    if (url.explain() != null) {
      explain = SearchUrlOptions.nullableFlag(url.explain());
    }
    if (url.version() != null) {
      version = SearchUrlOptions.nullableFlag(url.version());
    }
    if (url.seqNoPrimaryTerm() != null) {
      seqNoPrimaryTerm = SearchUrlOptions.nullableFlag(url.seqNoPrimaryTerm());
    }
    if (url.storedFields() != null) {
      storedFields = SearchUrlOptions.list(url.storedFields());
      if (storedFields.contains(FetchOptions.NONE_FIELD) && storedFields.size() > 1) {
        throw DuetException.illegalArgument("cannot combine _none_ with other fields");
      }
    }
    if (url.docvalueFields() != null) {
      List<FieldAndFormat> all = new ArrayList<>(docvalueFields);
      for (String field : SearchUrlOptions.list(url.docvalueFields())) {
        all.add(new FieldAndFormat(field, null));
      }
      docvalueFields = all;
    }
  }

  /** Notes that the body set {@code _source}, which then wins over {@code stored_fields}. */
  void sourceGiven() {
    sourceGiven = true;
  }

  /** The options read, as an inner hits object carries them ({@link FetchOptions#NONE}: none). */
  FetchOptions options() {
    return FetchOptions.of(
        highlight, docvalueFields, storedFields, fields, explain, version, seqNoPrimaryTerm);
  }

  SearchRequest applyTo(SearchRequest request) {
    if (highlight == null
        && docvalueFields.isEmpty()
        && storedFields == null
        && fields.isEmpty()
        && !explain
        && !version
        && !seqNoPrimaryTerm) {
      return request;
    }
    return request.withFetch(
        FetchOptions.of(
            highlight, docvalueFields, storedFields, fields, explain, version, seqNoPrimaryTerm),
        sourceGiven);
  }

  private static boolean booleanValue(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
      return t == JsonToken.VALUE_TRUE;
    }
    String text = p.getText();
    if (text.equals("true") || text.equals("false")) {
      return Boolean.parseBoolean(text);
    }
    throw DuetException.illegalArgument(
        "Failed to parse value [" + text + "] as only [true] or [false] are allowed.");
  }

  /** {@code ["f", {"field": "g", "format": "yyyy"}]}, or a single such entry. */
  private static List<FieldAndFormat> fieldsAndFormats(JsonParser p, String parserName)
      throws IOException {
    List<FieldAndFormat> out = new ArrayList<>();
    if (p.currentToken() != JsonToken.START_ARRAY) {
      out.add(fieldAndFormat(p, parserName));
      return out;
    }
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(fieldAndFormat(p, parserName));
    }
    return out;
  }

  private static FieldAndFormat fieldAndFormat(JsonParser p, String parserName) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_STRING) {
      return new FieldAndFormat(p.getText(), null);
    }
    if (t != JsonToken.START_OBJECT) {
      throw DuetException.badRequest(
          "x_content_parse_exception",
          Json.location(p) + " [" + parserName + "] doesn't support values of type: " + t.name());
    }
    String field = null;
    String format = null;
    while (p.nextToken() != JsonToken.END_OBJECT) {
      String key = p.currentName();
      JsonToken value = p.nextToken();
      if (!value.isScalarValue()) {
        throw DuetException.badRequest(
            "x_content_parse_exception",
            Json.location(p)
                + " ["
                + parserName
                + "] "
                + key
                + " doesn't support values of type: "
                + Json.tokenName(value));
      }
      switch (key) {
        case "field" -> field = p.getText();
        case "format" -> format = p.getText();
        case "include_unmapped" -> p.getText();
        default ->
            throw DuetException.badRequest(
                "x_content_parse_exception",
                Json.location(p) + " [" + parserName + "] unknown field [" + key + "]");
      }
    }
    if (field == null) {
      throw DuetException.badRequest(
          "x_content_parse_exception", Json.location(p) + " Required [field]");
    }
    return new FieldAndFormat(field, format);
  }
}
