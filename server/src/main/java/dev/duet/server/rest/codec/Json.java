package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/** The Jackson factory shared by the REST codecs, and the token helpers they have in common. */
public final class Json {
  public static final JsonFactory FACTORY = JsonFactory.builder().build();

  private static final Pattern START_MARKER_LINE_COLUMN =
      Pattern.compile("; line: \\d+, column: \\d+\\]");

  private Json() {}

  /**
   * A parser over a request body. It throws a parse error when asked for a token past the end of
   * the input ({@link EndGuardedParser}), so no decoder loop can spin there.
   */
  public static JsonParser parser(byte[] data, int offset, int length) {
    try {
      return new EndGuardedParser(FACTORY.createParser(data, offset, length));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * OpenSearch's name for a token (its XContentParser.Token), used in its error messages: {@code
   * START_OBJECT}, {@code VALUE_STRING}, {@code VALUE_NUMBER}, {@code VALUE_BOOLEAN}, ...
   */
  public static String tokenName(JsonToken token) {
    if (token == null) {
      return "null";
    }
    return switch (token) {
      case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "VALUE_NUMBER";
      case VALUE_TRUE, VALUE_FALSE -> "VALUE_BOOLEAN";
      case VALUE_EMBEDDED_OBJECT -> "VALUE_EMBEDDED_OBJECT";
      default -> token.name();
    };
  }

  /**
   * A scalar as the query model carries it: String, Long, Double or Boolean; numbers too big for a
   * long stay in their text form.
   */
  public static Object scalar(JsonParser p) throws IOException {
    return switch (p.currentToken()) {
      case VALUE_STRING -> p.getText();
      case VALUE_NUMBER_INT ->
          p.getNumberType() == JsonParser.NumberType.BIG_INTEGER ? p.getText() : p.getLongValue();
      case VALUE_NUMBER_FLOAT -> p.getDoubleValue();
      case VALUE_TRUE -> Boolean.TRUE;
      case VALUE_FALSE -> Boolean.FALSE;
      default -> null;
    };
  }

  /**
   * Reads the value at the current token into the neutral form (Map, List, String, Long, Double,
   * Boolean, null). Only for small, cold bodies such as index settings and mappings.
   */
  public static Object readValue(JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      Map<String, Object> map = new LinkedHashMap<>();
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        map.put(name, readValue(p));
      }
      return map;
    }
    if (t == JsonToken.START_ARRAY) {
      List<Object> list = new ArrayList<>();
      while (p.nextToken() != JsonToken.END_ARRAY) {
        list.add(readValue(p));
      }
      return list;
    }
    return scalar(p);
  }

  /** Writes a neutral value (Map, List, String, Number, Boolean, null) with the generator. */
  public static void writeValue(com.fasterxml.jackson.core.JsonGenerator g, Object v)
      throws IOException {
    switch (v) {
      case null -> g.writeNull();
      case Map<?, ?> map -> {
        g.writeStartObject();
        for (Map.Entry<?, ?> e : map.entrySet()) {
          g.writeFieldName(String.valueOf(e.getKey()));
          writeValue(g, e.getValue());
        }
        g.writeEndObject();
      }
      case List<?> list -> {
        g.writeStartArray();
        for (Object o : list) {
          writeValue(g, o);
        }
        g.writeEndArray();
      }
      case String s -> g.writeString(s);
      case Boolean b -> g.writeBoolean(b);
      case Integer i -> g.writeNumber(i);
      case Long l -> g.writeNumber(l);
      case Float f -> g.writeNumber(f);
      case Double d -> g.writeNumber(d);
      case java.math.BigInteger b -> g.writeNumber(b);
      default -> g.writeString(v.toString());
    }
  }

  /**
   * A malformed body as OpenSearch 3.8 reports it: 400 {@code json_parse_exception} caused by a
   * {@code stream_read_exception}, or {@code unexpected_end_of_input_exception} for a truncated
   * body, with Jackson's message (which names the byte offset) as the reason.
   */
  public static DuetException parseError(StreamReadException e) {
    String reason = reason(e);
    if (e instanceof com.fasterxml.jackson.core.io.JsonEOFException) {
      DuetException cause = new DuetException(400, "unexpected_end_of_input_exception", reason);
      return new DuetException(400, "unexpected_end_of_input_exception", reason, Map.of(), cause);
    }
    DuetException cause = new DuetException(400, "stream_read_exception", reason);
    return new DuetException(400, "json_parse_exception", reason, Map.of(), cause);
  }

  /**
   * A body over one of Jackson's limits (nesting depth, name, number or string length): 400 {@code
   * stream_constraints_exception} with Jackson's message, shaped as OpenSearch 3.8 shapes it (which
   * answers it with a 500, though it is the client's mistake).
   */
  public static DuetException constraintError(StreamConstraintsException e) {
    String reason = e.getOriginalMessage();
    DuetException cause = new DuetException(400, "stream_constraints_exception", reason);
    return new DuetException(400, "stream_constraints_exception", reason, Map.of(), cause);
  }

  /**
   * Jackson's message in the form OpenSearch 3.8 (on Jackson 3) prints it: "property name" where
   * Jackson 2 says "field name", and the location as a byte offset. A location inside the message
   * (an unclosed object's start marker) is one Jackson 3 does not know the byte offset of: it
   * prints {@code #UNKNOWN} where Jackson 2 prints a line and column.
   */
  private static String reason(StreamReadException e) {
    String message =
        START_MARKER_LINE_COLUMN
            .matcher(e.getOriginalMessage().replace("field name", "property name"))
            .replaceAll("; byte offset: #UNKNOWN]");
    var loc = e.getLocation();
    if (loc == null) {
      return message;
    }
    long offset = loc.getByteOffset() >= 0 ? loc.getByteOffset() : loc.getCharOffset();
    return message
        + "\n at [Source: REDACTED (`StreamReadFeature.INCLUDE_SOURCE_IN_LOCATION` disabled);"
        + " byte offset: #"
        + offset
        + "]";
  }

  /** {@code [line:col]} of the current token, the prefix OpenSearch puts on parse errors. */
  public static String location(JsonParser p) {
    var loc = p.currentTokenLocation();
    return "[" + loc.getLineNr() + ":" + loc.getColumnNr() + "]";
  }
}
