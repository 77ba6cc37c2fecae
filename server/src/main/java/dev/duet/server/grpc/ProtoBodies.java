package dev.duet.server.grpc;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.duet.api.options.JsonShape;
import dev.duet.api.options.Options;
import dev.duet.engine.error.DuetException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * REST JSON as a generated {@code duet.*} message: the inverse of {@link RestBodies}, read by the
 * same options (json_name, json_value, json_shape, raw_json). The generated services answer with
 * what REST's encoders wrote, so a response has one set of rules on both ports. Properties the
 * message has no field for are dropped; the cross-protocol test notices when the spec misses one.
 * The JSON is streamed into the builders (no tree), and a raw_json field (a hit's {@code _source})
 * is copied token by token; each message type's field lookup is built once.
 */
final class ProtoBodies {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonFormat.Parser WELL_KNOWN = JsonFormat.parser().ignoringUnknownFields();
  private static final Map<Descriptor, Fields> FIELDS = new ConcurrentHashMap<>();

  private ProtoBodies() {}

  /** Parses a REST JSON document into a fresh message of {@code prototype}'s type. */
  static Message read(byte[] json, Message prototype) {
    Message.Builder builder = prototype.newBuilderForType();
    try (JsonParser p = JSON.getFactory().createParser(json)) {
      if (p.nextToken() != null) {
        merge(p, builder);
      }
    } catch (IOException e) {
      throw new IllegalStateException("REST answered with JSON that does not parse", e);
    }
    return builder.build();
  }

  static Message read(JsonNode json, Message prototype) {
    Message.Builder builder = prototype.newBuilderForType();
    merge(json, builder);
    return builder.build();
  }

  /** Merges {@code json} into {@code builder} as REST's JSON for that message type. */
  static void merge(JsonNode json, Message.Builder builder) {
    if (json == null || json.isMissingNode()) {
      return;
    }
    try (JsonParser p = JSON.treeAsTokens(json)) {
      if (p.nextToken() != null) {
        merge(p, builder);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Merges the JSON {@code tokens} hold (a REST encoder's output, not serialized) into {@code
   * builder}.
   */
  static void merge(
      com.fasterxml.jackson.databind.util.TokenBuffer tokens, Message.Builder builder) {
    try (JsonParser p = tokens.asParser(JSON)) {
      if (p.nextToken() != null) {
        merge(p, builder);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The map field holding an object's keys that are not its fields (option other_keys). */
  static FieldDescriptor otherKeys(Descriptor d) {
    for (FieldDescriptor f : d.getFields()) {
      if (f.isMapField() && f.getOptions().getExtension(Options.otherKeys)) {
        return f;
      }
    }
    return null;
  }

  /** Merges the value at the parser's current token; leaves the parser on its last token. */
  private static void merge(JsonParser p, Message.Builder builder) throws IOException {
    if (p.currentToken() == JsonToken.VALUE_NULL) {
      return;
    }
    Descriptor d = builder.getDescriptorForType();
    if (d.getFullName().startsWith("google.protobuf.")) {
      try {
        WELL_KNOWN.merge(text(p), builder);
      } catch (IOException e) {
        throw DuetException.illegalArgument(d.getName() + ": " + e.getMessage());
      }
      return;
    }
    Fields fields = FIELDS.computeIfAbsent(d, Fields::of);
    switch (fields.shape()) {
      case JSON_SHAPE_UNION -> union(p, builder);
      case JSON_SHAPE_LIST, JSON_SHAPE_MAP -> field(builder, d.getFields().get(0), p);
      default -> {
        if (p.currentToken() != JsonToken.START_OBJECT) {
          p.skipChildren();
          return;
        }
        FieldDescriptor others = fields.others();
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String key = p.currentName();
          p.nextToken();
          FieldDescriptor f = fields.byJsonName().get(key);
          if (f != null && !f.equals(others)) {
            field(builder, f, p);
          } else if (others != null && p.currentToken() != JsonToken.VALUE_NULL) {
            builder.addRepeatedField(others, entry(builder, others, key, p));
          } else {
            p.skipChildren();
          }
        }
      }
    }
  }

  private static Message entry(
      Message.Builder builder, FieldDescriptor map, String key, JsonParser p) throws IOException {
    Message.Builder entry = builder.newBuilderForField(map);
    entry.setField(map.getMessageType().findFieldByNumber(1), key);
    FieldDescriptor value = map.getMessageType().findFieldByNumber(2);
    Object v = single(entry, value, p);
    if (v != null) {
      entry.setField(value, v);
    }
    return entry.build();
  }

  /** The oneof member whose type fits the JSON value: REST's union written as the value itself. */
  private static void union(JsonParser p, Message.Builder builder) throws IOException {
    for (FieldDescriptor f : builder.getDescriptorForType().getFields()) {
      if (fits(f, p)) {
        field(builder, f, p);
        return;
      }
    }
    throw DuetException.illegalArgument(
        builder.getDescriptorForType().getName() + ": no member for [" + text(p) + "]");
  }

  private static boolean fits(FieldDescriptor f, JsonParser p) throws IOException {
    JsonToken t = p.currentToken();
    return switch (f.getJavaType()) {
      case BOOLEAN -> t == JsonToken.VALUE_TRUE || t == JsonToken.VALUE_FALSE;
      case INT, LONG -> t == JsonToken.VALUE_NUMBER_INT;
      case FLOAT, DOUBLE -> t.isNumeric();
      case STRING -> t == JsonToken.VALUE_STRING;
      case ENUM -> t == JsonToken.VALUE_STRING && enumValue(f, p.getText()) != null;
      case BYTE_STRING ->
          f.getOptions().getExtension(Options.rawJson) || t == JsonToken.VALUE_STRING;
      case MESSAGE -> {
        JsonShape shape = f.getMessageType().getOptions().getExtension(Options.jsonShape);
        String name = f.getMessageType().getFullName();
        yield t == JsonToken.START_ARRAY
            ? shape == JsonShape.JSON_SHAPE_LIST || name.equals("google.protobuf.ListValue")
            : t == JsonToken.START_OBJECT && shape != JsonShape.JSON_SHAPE_LIST;
      }
    };
  }

  private static void field(Message.Builder builder, FieldDescriptor f, JsonParser p)
      throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NULL) {
      return;
    }
    if (f.isMapField()) {
      if (t != JsonToken.START_OBJECT) {
        p.skipChildren();
        return;
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String key = p.currentName();
        if (p.nextToken() == JsonToken.VALUE_NULL) {
          continue; // a map holds no null: the entry is absent, as a null field is
        }
        builder.addRepeatedField(f, entry(builder, f, key, p));
      }
      return;
    }
    if (f.isRepeated()) {
      // REST accepts `T | T[]` in many places; protogen maps both to a repeated field.
      if (t != JsonToken.START_ARRAY) {
        Object v = single(builder, f, p);
        if (v != null) {
          builder.addRepeatedField(f, v);
        }
        return;
      }
      while (p.nextToken() != JsonToken.END_ARRAY) {
        Object v = single(builder, f, p);
        if (v != null) {
          builder.addRepeatedField(f, v);
        }
      }
      return;
    }
    Object v = single(builder, f, p);
    if (v != null) {
      builder.setField(f, v);
    }
  }

  private static Object single(Message.Builder parent, FieldDescriptor f, JsonParser p)
      throws IOException {
    JsonToken t = p.currentToken();
    if (t == JsonToken.VALUE_NULL) {
      return null;
    }
    return switch (f.getJavaType()) {
      case MESSAGE -> {
        Message.Builder nested = parent.newBuilderForField(f);
        merge(p, nested);
        yield nested.build();
      }
      case ENUM -> {
        String rest = scalarText(p);
        EnumValueDescriptor e = enumValue(f, rest);
        if (e == null) {
          throw DuetException.illegalArgument(f.getJsonName() + ": unknown value [" + rest + "]");
        }
        yield e;
      }
      case BYTE_STRING ->
          f.getOptions().getExtension(Options.rawJson)
              ? ByteString.copyFrom(rawJson(p))
              : ByteString.copyFrom(Base64.getDecoder().decode(scalarText(p)));
      case INT -> t.isNumeric() ? p.getNumberValue().intValue() : Integer.parseInt(scalarText(p));
      case LONG -> t.isNumeric() ? p.getNumberValue().longValue() : Long.parseLong(scalarText(p));
      case FLOAT ->
          t.isNumeric() ? p.getNumberValue().floatValue() : Float.parseFloat(scalarText(p));
      case DOUBLE ->
          t.isNumeric() ? p.getNumberValue().doubleValue() : Double.parseDouble(scalarText(p));
      case BOOLEAN ->
          t == JsonToken.VALUE_TRUE
              || (t != JsonToken.VALUE_FALSE && Boolean.parseBoolean(scalarText(p)));
      case STRING -> scalarText(p);
    };
  }

  /** A scalar's text, as a JSON tree's {@code asText}; a container's is empty (and skipped). */
  private static String scalarText(JsonParser p) throws IOException {
    if (p.currentToken().isStructStart()) {
      p.skipChildren();
      return "";
    }
    return p.getText();
  }

  private static EnumValueDescriptor enumValue(FieldDescriptor f, String rest) {
    for (EnumValueDescriptor v : f.getEnumType().getValues()) {
      String json = v.getOptions().getExtension(Options.jsonValue);
      if (rest.equals(json.isEmpty() ? v.getName() : json)) {
        return v;
      }
    }
    return null;
  }

  /** The current value (a hit's {@code _source}) as JSON bytes, copied token by token. */
  private static byte[] rawJson(JsonParser p) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
      g.copyCurrentStructure(p);
    }
    return out.toByteArray();
  }

  private static String text(JsonParser p) throws IOException {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = JSON.getFactory().createGenerator(out)) {
      g.copyCurrentStructure(p);
    }
    return out.toString();
  }

  /**
   * A message type's JSON shape, its fields by REST name (json_name, else the proto name) and its
   * other_keys map, looked up once per type rather than per key of every response.
   */
  private record Fields(
      JsonShape shape, Map<String, FieldDescriptor> byJsonName, FieldDescriptor others) {
    static Fields of(Descriptor d) {
      Map<String, FieldDescriptor> byName = new HashMap<>();
      for (FieldDescriptor f : d.getFields()) {
        byName.putIfAbsent(f.getName(), f);
      }
      for (FieldDescriptor f : d.getFields()) {
        byName.put(f.getJsonName(), f); // a json_name wins over another field's proto name
      }
      return new Fields(d.getOptions().getExtension(Options.jsonShape), byName, otherKeys(d));
    }
  }
}
