package dev.duet.server.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.ListValue;
import com.google.protobuf.Message;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import dev.duet.api.options.JsonShape;
import dev.duet.api.options.Options;
import dev.duet.engine.error.DuetException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * A generated {@code duet.*} request body as the REST JSON body it stands for, so that REST's
 * decoders (one set of rules) read both. Field names come from {@code json_name}, which protogen
 * sets to REST's names; the options of api/proto/duet/options.proto say the rest: an enum value's
 * REST string, a union or list or map message that stands for its content, bytes that are a JSON
 * document. {@code google.protobuf.Struct} numbers are doubles: a whole one is written as an
 * integer ({@code 2}, not {@code 2.0}), as a REST client sends it. Only for admin calls: hot paths
 * decode proto fields directly.
 */
final class RestBodies {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final double LARGEST_EXACT_LONG = 9007199254740992d; // 2^53

  private RestBodies() {}

  static byte[] json(Message body) {
    try {
      return JSON.writeValueAsBytes(node(body));
    } catch (IOException e) {
      throw DuetException.illegalArgument("request body: " + e.getMessage());
    }
  }

  /** A list body ({@code _msearch}'s lines) as REST takes it: one JSON document per line. */
  static byte[] ndjson(List<?> lines) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      for (Object line : lines) {
        out.write(JSON.writeValueAsBytes(node((Message) line)));
        out.write('\n');
      }
    } catch (IOException e) {
      throw DuetException.illegalArgument("request body: " + e.getMessage());
    }
    return out.toByteArray();
  }

  static JsonNode node(Message m) throws IOException {
    if (m instanceof Struct s) {
      return struct(s);
    }
    if (m instanceof Value v) {
      return value(v);
    }
    if (m instanceof ListValue l) {
      return list(l);
    }
    Descriptor d = m.getDescriptorForType();
    JsonShape shape = d.getOptions().getExtension(Options.jsonShape);
    Map<FieldDescriptor, Object> fields = m.getAllFields();
    switch (shape) {
      case JSON_SHAPE_UNION:
        for (Map.Entry<FieldDescriptor, Object> e : fields.entrySet()) {
          if (e.getKey().getJavaType() == FieldDescriptor.JavaType.DOUBLE) {
            // A union's one number type: a whole one is written as REST's clients write it, `5`.
            return number((Double) e.getValue());
          }
          return field(e.getKey(), e.getValue());
        }
        return NODES.nullNode();
      case JSON_SHAPE_LIST:
      case JSON_SHAPE_MAP:
        FieldDescriptor only = d.getFields().get(0);
        return fields.containsKey(only)
            ? field(only, fields.get(only))
            : only.isMapField() ? NODES.objectNode() : NODES.arrayNode();
      default:
        ObjectNode object = NODES.objectNode();
        for (Map.Entry<FieldDescriptor, Object> e : fields.entrySet()) {
          JsonNode value = field(e.getKey(), e.getValue());
          if (e.getKey().getOptions().getExtension(Options.otherKeys)) {
            object.setAll((ObjectNode) value); // the object's other keys, inline
          } else {
            object.set(e.getKey().getJsonName(), value);
          }
        }
        return object;
    }
  }

  private static JsonNode field(FieldDescriptor f, Object v) throws IOException {
    if (f.isMapField()) {
      FieldDescriptor key = f.getMessageType().findFieldByNumber(1);
      FieldDescriptor value = f.getMessageType().findFieldByNumber(2);
      ObjectNode object = NODES.objectNode();
      for (Object entry : (List<?>) v) {
        Message e = (Message) entry;
        object.set(String.valueOf(e.getField(key)), single(value, e.getField(value)));
      }
      return object;
    }
    if (f.isRepeated()) {
      ArrayNode array = NODES.arrayNode();
      for (Object item : (List<?>) v) {
        array.add(single(f, item));
      }
      return array;
    }
    return single(f, v);
  }

  private static JsonNode single(FieldDescriptor f, Object v) throws IOException {
    return switch (f.getJavaType()) {
      case MESSAGE -> node((Message) v);
      case ENUM -> {
        EnumValueDescriptor e = (EnumValueDescriptor) v;
        String rest = e.getOptions().getExtension(Options.jsonValue);
        yield NODES.textNode(rest.isEmpty() ? e.getName() : rest);
      }
      case BYTE_STRING -> {
        byte[] bytes = ((ByteString) v).toByteArray();
        yield f.getOptions().getExtension(Options.rawJson)
            ? JSON.readTree(bytes)
            : NODES.textNode(Base64.getEncoder().encodeToString(bytes));
      }
      case INT -> NODES.numberNode((Integer) v);
      case LONG -> NODES.numberNode((Long) v);
      case FLOAT -> NODES.numberNode((Float) v);
      case DOUBLE -> NODES.numberNode((Double) v);
      case BOOLEAN -> NODES.booleanNode((Boolean) v);
      case STRING -> NODES.textNode((String) v);
    };
  }

  private static ObjectNode struct(Struct s) {
    ObjectNode object = NODES.objectNode();
    s.getFieldsMap().forEach((k, v) -> object.set(k, value(v)));
    return object;
  }

  private static ArrayNode list(ListValue l) {
    ArrayNode array = NODES.arrayNode();
    l.getValuesList().forEach(v -> array.add(value(v)));
    return array;
  }

  private static JsonNode value(Value v) {
    return switch (v.getKindCase()) {
      case NUMBER_VALUE -> number(v.getNumberValue());
      case STRING_VALUE -> NODES.textNode(v.getStringValue());
      case BOOL_VALUE -> NODES.booleanNode(v.getBoolValue());
      case STRUCT_VALUE -> struct(v.getStructValue());
      case LIST_VALUE -> list(v.getListValue());
      case NULL_VALUE, KIND_NOT_SET -> NODES.nullNode();
    };
  }

  private static JsonNode number(double d) {
    return d == Math.rint(d) && Math.abs(d) < LARGEST_EXACT_LONG
        ? NODES.numberNode((long) d)
        : NODES.numberNode(d);
  }
}
