package dev.duet.server.grpc;

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
import java.io.IOException;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;

/**
 * REST JSON as a generated {@code duet.*} message: the inverse of {@link RestBodies}, read by the
 * same options (json_name, json_value, json_shape, raw_json). The generated services answer with
 * what REST's encoders wrote, so a response has one set of rules on both ports. Properties the
 * message has no field for are dropped; the cross-protocol test notices when the spec misses one.
 */
final class ProtoBodies {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonFormat.Parser WELL_KNOWN = JsonFormat.parser().ignoringUnknownFields();

  private ProtoBodies() {}

  /** Parses a REST JSON document into a fresh message of {@code prototype}'s type. */
  static Message read(byte[] json, Message prototype) {
    try {
      return read(JSON.readTree(json), prototype);
    } catch (IOException e) {
      throw new IllegalStateException("REST answered with JSON that does not parse", e);
    }
  }

  static Message read(JsonNode json, Message prototype) {
    Message.Builder builder = prototype.newBuilderForType();
    merge(json, builder);
    return builder.build();
  }

  /** Merges {@code json} into {@code builder} as REST's JSON for that message type. */
  static void merge(JsonNode json, Message.Builder builder) {
    Descriptor d = builder.getDescriptorForType();
    if (json == null || json.isNull() || json.isMissingNode()) {
      return;
    }
    if (d.getFullName().startsWith("google.protobuf.")) {
      try {
        WELL_KNOWN.merge(JSON.writeValueAsString(json), builder);
      } catch (IOException e) {
        throw DuetException.illegalArgument(d.getName() + ": " + e.getMessage());
      }
      return;
    }
    JsonShape shape = d.getOptions().getExtension(Options.jsonShape);
    switch (shape) {
      case JSON_SHAPE_UNION -> union(json, builder);
      case JSON_SHAPE_LIST, JSON_SHAPE_MAP -> field(builder, d.getFields().get(0), json);
      default -> {
        FieldDescriptor others = otherKeys(d);
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
          Map.Entry<String, JsonNode> e = it.next();
          FieldDescriptor f = byJsonName(d, e.getKey());
          if (f != null && !f.equals(others)) {
            field(builder, f, e.getValue());
          } else if (others != null && !e.getValue().isNull()) {
            builder.addRepeatedField(others, entry(builder, others, e.getKey(), e.getValue()));
          }
        }
      }
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

  private static Message entry(
      Message.Builder builder, FieldDescriptor map, String key, JsonNode json) {
    Message.Builder entry = builder.newBuilderForField(map);
    entry.setField(map.getMessageType().findFieldByNumber(1), key);
    FieldDescriptor value = map.getMessageType().findFieldByNumber(2);
    Object v = single(entry, value, json);
    if (v != null) {
      entry.setField(value, v);
    }
    return entry.build();
  }

  private static FieldDescriptor byJsonName(Descriptor d, String name) {
    for (FieldDescriptor f : d.getFields()) {
      if (f.getJsonName().equals(name)) {
        return f;
      }
    }
    return d.findFieldByName(name);
  }

  /** The oneof member whose type fits the JSON value: REST's union written as the value itself. */
  private static void union(JsonNode json, Message.Builder builder) {
    for (FieldDescriptor f : builder.getDescriptorForType().getFields()) {
      if (fits(f, json)) {
        field(builder, f, json);
        return;
      }
    }
    throw DuetException.illegalArgument(
        builder.getDescriptorForType().getName() + ": no member for [" + json + "]");
  }

  private static boolean fits(FieldDescriptor f, JsonNode json) {
    return switch (f.getJavaType()) {
      case BOOLEAN -> json.isBoolean();
      case INT, LONG -> json.isIntegralNumber();
      case FLOAT, DOUBLE -> json.isNumber();
      case STRING -> json.isTextual();
      case ENUM -> json.isTextual() && enumValue(f, json.asText()) != null;
      case BYTE_STRING -> f.getOptions().getExtension(Options.rawJson) || json.isTextual();
      case MESSAGE -> {
        JsonShape shape = f.getMessageType().getOptions().getExtension(Options.jsonShape);
        String name = f.getMessageType().getFullName();
        yield json.isArray()
            ? shape == JsonShape.JSON_SHAPE_LIST || name.equals("google.protobuf.ListValue")
            : json.isObject() && shape != JsonShape.JSON_SHAPE_LIST;
      }
    };
  }

  private static void field(Message.Builder builder, FieldDescriptor f, JsonNode json) {
    if (json.isNull()) {
      return;
    }
    if (f.isMapField()) {
      FieldDescriptor key = f.getMessageType().findFieldByNumber(1);
      FieldDescriptor value = f.getMessageType().findFieldByNumber(2);
      for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getValue().isNull()) {
          continue; // a map holds no null: the entry is absent, as a null field is
        }
        builder.addRepeatedField(f, entry(builder, f, e.getKey(), e.getValue()));
      }
      return;
    }
    if (f.isRepeated()) {
      // REST accepts `T | T[]` in many places; protogen maps both to a repeated field.
      for (JsonNode item : json.isArray() ? json : JSON.createArrayNode().add(json)) {
        Object v = single(builder, f, item);
        if (v != null) {
          builder.addRepeatedField(f, v);
        }
      }
      return;
    }
    Object v = single(builder, f, json);
    if (v != null) {
      builder.setField(f, v);
    }
  }

  private static Object single(Message.Builder parent, FieldDescriptor f, JsonNode json) {
    if (json.isNull()) {
      return null;
    }
    return switch (f.getJavaType()) {
      case MESSAGE -> {
        Message.Builder nested = parent.newBuilderForField(f);
        merge(json, nested);
        yield nested.build();
      }
      case ENUM -> {
        EnumValueDescriptor e = enumValue(f, json.asText());
        if (e == null) {
          throw DuetException.illegalArgument(
              f.getJsonName() + ": unknown value [" + json.asText() + "]");
        }
        yield e;
      }
      case BYTE_STRING ->
          f.getOptions().getExtension(Options.rawJson)
              ? ByteString.copyFrom(rawJson(json))
              : ByteString.copyFrom(Base64.getDecoder().decode(json.asText()));
      case INT -> json.isNumber() ? json.intValue() : Integer.parseInt(json.asText());
      case LONG -> json.isNumber() ? json.longValue() : Long.parseLong(json.asText());
      case FLOAT -> json.isNumber() ? json.floatValue() : Float.parseFloat(json.asText());
      case DOUBLE -> json.isNumber() ? json.doubleValue() : Double.parseDouble(json.asText());
      case BOOLEAN -> json.isBoolean() ? json.booleanValue() : Boolean.parseBoolean(json.asText());
      case STRING -> json.asText();
    };
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

  private static byte[] rawJson(JsonNode json) {
    try {
      return JSON.writeValueAsBytes(json);
    } catch (IOException e) {
      throw new IllegalStateException(e);
    }
  }
}
