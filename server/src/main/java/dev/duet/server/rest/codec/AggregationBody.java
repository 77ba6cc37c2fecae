package dev.duet.server.rest.codec;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.Aggregation.BucketOrder;
import dev.duet.engine.search.Aggregation.GapPolicy;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Streams the fields of one aggregation's body ({@code {"field":..,"size":..}}): the decoders ask
 * for the next field and read its value in the type they expect; a field they do not know fails as
 * OpenSearch's object parser fails, {@code [line:col] [type] unknown field [name]}.
 */
final class AggregationBody {
  private final JsonParser p;
  private final String type;
  private final String aggName;
  private int line;
  private int col;
  private String field;

  AggregationBody(JsonParser p, String type, String aggName) {
    this.p = p;
    this.type = type;
    this.aggName = aggName;
  }

  /** Advances to the next field's value; false at the body's end. */
  boolean next() throws IOException {
    if (p.nextToken() != JsonToken.FIELD_NAME) {
      return false;
    }
    var loc = p.currentTokenLocation();
    line = loc.getLineNr();
    col = loc.getColumnNr();
    field = p.currentName();
    p.nextToken();
    return true;
  }

  String field() {
    return field;
  }

  JsonParser parser() {
    return p;
  }

  String aggName() {
    return aggName;
  }

  DuetException unknownField() {
    return new DuetException(
        400,
        "x_content_parse_exception",
        "[" + line + ":" + col + "] [" + type + "] unknown field [" + field + "]");
  }

  /** OpenSearch's failure for a value its parser refused, with the reason as the cause. */
  DuetException failedToParse(String reason) {
    return failedToParse(DuetException.illegalArgument(reason));
  }

  /** OpenSearch's failure for a value its parser refused, caused by {@code cause}. */
  DuetException failedToParse(DuetException cause) {
    // OpenSearch places this failure at the value, where an unknown field is placed at its name.
    return new DuetException(
        400,
        "x_content_parse_exception",
        Json.location(p) + " [" + type + "] failed to parse field [" + field + "]",
        java.util.Map.of(),
        cause);
  }

  /** OpenSearch's object parser refusing a value of the wrong kind for this field. */
  DuetException unsupportedValue() {
    return DuetException.badRequest(
        "x_content_parse_exception",
        Json.location(p)
            + " ["
            + type
            + "] "
            + field
            + " doesn't support values of type: "
            + Json.tokenName(p.currentToken()));
  }

  String type() {
    return type;
  }

  /**
   * This field's objects of scalars ({@code [{"from": 1, "to": 5}, ...]}, each with only the {@code
   * known} keys), read as OpenSearch's object-array parser reads them, oddities included: a single
   * object is a list of one, and a scalar in the array is passed over to the object that must
   * follow it. {@code element} names the objects in errors ({@code range}, {@code field_config}).
   */
  List<Map<String, Object>> scalarObjects(String element, Set<String> known) throws IOException {
    List<Map<String, Object>> out = new ArrayList<>();
    JsonToken t = p.currentToken();
    if (t == JsonToken.START_OBJECT) {
      out.add(scalarObject(element, known));
      return out;
    }
    if (t != JsonToken.START_ARRAY) {
      throw unsupportedValue();
    }
    while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
      if (t == JsonToken.START_ARRAY) {
        throw failedToParse(
            new DuetException(
                400, "illegal_state_exception", "expected value but got [START_ARRAY]"));
      }
      if (t != JsonToken.START_OBJECT && (t = p.nextToken()) != JsonToken.START_OBJECT) {
        throw failedToParse(
            DuetException.badRequest(
                "x_content_parse_exception",
                Json.location(p)
                    + " ["
                    + element
                    + "] Expected START_OBJECT but was: "
                    + Json.tokenName(t)));
      }
      out.add(scalarObject(element, known));
    }
    return out;
  }

  private Map<String, Object> scalarObject(String element, Set<String> known) throws IOException {
    Map<String, Object> out = new HashMap<>();
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      String at = Json.location(p);
      JsonToken v = p.nextToken();
      if (!known.contains(name)) {
        throw failedToParse(
            DuetException.badRequest(
                "x_content_parse_exception",
                at + " [" + element + "] unknown field [" + name + "]"));
      }
      if (!v.isScalarValue()) {
        throw failedToParse(
            DuetException.badRequest(
                "x_content_parse_exception",
                Json.location(p)
                    + " ["
                    + element
                    + "] "
                    + name
                    + " doesn't support values of type: "
                    + Json.tokenName(v)));
      }
      out.put(name, Json.scalar(p));
    }
    return out;
  }

  /** A string value checked by {@code check}, whose failure becomes this field's parse failure. */
  String checked(java.util.function.Consumer<String> check) throws IOException {
    String value = string();
    try {
      check.accept(value);
    } catch (DuetException e) {
      throw failedToParse(e.reason());
    }
    return value;
  }

  String string() throws IOException {
    if (!p.currentToken().isScalarValue()) {
      throw failedToParse("[" + field + "] expected a string");
    }
    return p.getText();
  }

  Object scalar() throws IOException {
    return Json.scalar(p);
  }

  int intValue() throws IOException {
    try {
      return p.currentToken() == JsonToken.VALUE_STRING
          ? Integer.parseInt(p.getText().trim())
          : p.getIntValue();
    } catch (NumberFormatException | IOException e) {
      throw failedToParse("For input string: \"" + p.getText() + "\"");
    }
  }

  long longValue() throws IOException {
    try {
      return p.currentToken() == JsonToken.VALUE_STRING
          ? Long.parseLong(p.getText().trim())
          : p.getLongValue();
    } catch (NumberFormatException | IOException e) {
      throw failedToParse("For input string: \"" + p.getText() + "\"");
    }
  }

  double doubleValue() throws IOException {
    try {
      return p.currentToken() == JsonToken.VALUE_STRING
          ? Double.parseDouble(p.getText().trim())
          : p.getDoubleValue();
    } catch (NumberFormatException | IOException e) {
      throw failedToParse("For input string: \"" + p.getText() + "\"");
    }
  }

  boolean bool() throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE) {
      return t == JsonToken.VALUE_TRUE;
    }
    String text = p.getText();
    if (text.equals("true") || text.equals("false")) {
      return Boolean.parseBoolean(text);
    }
    throw failedToParse(
        "Failed to parse value [" + text + "] as only [true] or [false] are allowed.");
  }

  double[] doubles() throws IOException {
    List<Double> out = new ArrayList<>();
    if (p.currentToken() != JsonToken.START_ARRAY) {
      throw failedToParse("[" + field + "] expected an array");
    }
    while (p.nextToken() != JsonToken.END_ARRAY) {
      out.add(doubleValue());
    }
    double[] values = new double[out.size()];
    for (int i = 0; i < values.length; i++) {
      values[i] = out.get(i);
    }
    return values;
  }

  /** {@code {"_count":"asc"}} or a list of such objects. */
  List<BucketOrder> order() throws IOException {
    List<BucketOrder> out = new ArrayList<>();
    if (p.currentToken() == JsonToken.START_ARRAY) {
      while (p.nextToken() != JsonToken.END_ARRAY) {
        orderObject(out);
      }
    } else {
      orderObject(out);
    }
    return out;
  }

  private void orderObject(List<BucketOrder> out) throws IOException {
    if (p.currentToken() != JsonToken.START_OBJECT) {
      throw failedToParse("[order] must be an object");
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String path = p.currentName();
      p.nextToken();
      String dir = p.getText().toLowerCase(Locale.ROOT);
      if (!dir.equals("asc") && !dir.equals("desc")) {
        throw new DuetException(
            400,
            "parsing_exception",
            "Unknown order direction [" + p.getText() + "]",
            java.util.Map.of(),
            null);
      }
      // OpenSearch still reads the deprecated [_term] and [_time] as [_key].
      boolean key = path.equals("_term") || path.equals("_time");
      out.add(new BucketOrder(key ? "_key" : path, dir.equals("asc")));
    }
  }

  GapPolicy gapPolicy() throws IOException {
    return switch (string()) {
      case "skip" -> GapPolicy.SKIP;
      case "insert_zeros" -> GapPolicy.INSERT_ZEROS;
      default -> throw failedToParse("Unknown gap policy [" + p.getText() + "]");
    };
  }

  /** OpenSearch's check that a values-source aggregation names its field. */
  void requireField(String value) {
    Aggregation.requireField(value);
  }

  /** A bucket count, refused below one where the value stands. */
  int sizeValue() throws IOException {
    int size = intValue();
    try {
      return Aggregation.checkSize(size, aggName());
    } catch (DuetException e) {
      throw failedToParse(e);
    }
  }

  void skip() throws IOException {
    p.skipChildren();
  }
}
