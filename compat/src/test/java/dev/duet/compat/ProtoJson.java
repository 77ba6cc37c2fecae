package dev.duet.compat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;

/**
 * Protobuf messages to and from the JSON the cases are written in.
 *
 * <p>The 1.6.0 protos carry documents and {@code _source} as {@code bytes}, which protobuf JSON
 * spells in base64. So that cases stay readable, a {@code bytes} field may be written as any JSON
 * value other than a string (it is sent as that JSON's UTF-8), and {@code bytes} fields in
 * responses are shown decoded as JSON when they hold JSON.
 */
final class ProtoJson {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonFormat.Parser PARSER = JsonFormat.parser();
  private static final JsonFormat.Printer PRINTER =
      JsonFormat.printer().preservingProtoFieldNames().omittingInsignificantWhitespace();

  private ProtoJson() {}

  /** Parses {@code json} into a message of {@code prototype}'s type. */
  @SuppressWarnings("unchecked")
  static <M extends Message> M parse(M prototype, JsonNode json) {
    JsonNode encoded = encodeBytes(json.deepCopy(), prototype.getDescriptorForType());
    Message.Builder builder = prototype.newBuilderForType();
    try {
      PARSER.merge(JSON.writeValueAsString(encoded), builder);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "not a valid " + prototype.getDescriptorForType().getName() + ": " + e.getMessage(), e);
    }
    return (M) builder.build();
  }

  /** Prints a message as JSON with proto field names, {@code bytes} fields decoded. */
  static JsonNode print(Message message) {
    try {
      JsonNode tree = JSON.readTree(PRINTER.print(message));
      return decodeBytes(tree, message.getDescriptorForType());
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalStateException(e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode encodeBytes(JsonNode node, Descriptor type) {
    if (!(node instanceof ObjectNode object)) {
      return node;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      FieldDescriptor field = field(type, e.getKey());
      if (field == null) {
        continue; // the parser reports unknown fields with a better message
      }
      JsonNode value = e.getValue();
      if (field.getType() == FieldDescriptor.Type.BYTES) {
        e.setValue(
            field.isRepeated() && value.isArray()
                ? mapEach(value, ProtoJson::encode)
                : encode(value));
      } else if (field.getType() == FieldDescriptor.Type.MESSAGE) {
        Descriptor child = field.getMessageType();
        e.setValue(
            field.isRepeated() && value.isArray()
                ? mapEach(value, v -> encodeBytes(v, child))
                : encodeBytes(value, child));
      }
    }
    return object;
  }

  private static JsonNode decodeBytes(JsonNode node, Descriptor type) {
    if (!(node instanceof ObjectNode object)) {
      return node;
    }
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      FieldDescriptor field = type.findFieldByName(e.getKey());
      if (field == null) {
        continue;
      }
      JsonNode value = e.getValue();
      if (field.isMapField()) {
        e.setValue(eachMapValue(value, field, (v, t) -> decodeBytes(v, t), ProtoJson::decode));
      } else if (field.getType() == FieldDescriptor.Type.BYTES) {
        e.setValue(field.isRepeated() ? mapEach(value, ProtoJson::decode) : decode(value));
      } else if (field.getType() == FieldDescriptor.Type.MESSAGE) {
        Descriptor child = field.getMessageType();
        e.setValue(
            field.isRepeated()
                ? mapEach(value, v -> decodeBytes(v, child))
                : decodeBytes(value, child));
      }
    }
    return object;
  }

  private static JsonNode encode(JsonNode value) {
    if (value.isTextual()) {
      return value;
    }
    try {
      return TextNode.valueOf(Base64.getEncoder().encodeToString(JSON.writeValueAsBytes(value)));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode decode(JsonNode value) {
    byte[] bytes = Base64.getDecoder().decode(value.asText());
    try {
      return JSON.readTree(bytes);
    } catch (IOException e) {
      return TextNode.valueOf("base64:" + value.asText());
    }
  }

  private static JsonNode mapEach(JsonNode array, java.util.function.UnaryOperator<JsonNode> f) {
    ArrayNode out = JSON.createArrayNode();
    array.forEach(v -> out.add(f.apply(v)));
    return out;
  }

  /** Applies {@code onMessage} or {@code onBytes} to each value of a map field's JSON object. */
  private static JsonNode eachMapValue(
      JsonNode map,
      FieldDescriptor field,
      java.util.function.BiFunction<JsonNode, Descriptor, JsonNode> onMessage,
      java.util.function.UnaryOperator<JsonNode> onBytes) {
    if (!(map instanceof ObjectNode object)) {
      return map;
    }
    FieldDescriptor valueField = field.getMessageType().findFieldByName("value");
    for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      if (valueField.getType() == FieldDescriptor.Type.MESSAGE) {
        e.setValue(onMessage.apply(e.getValue(), valueField.getMessageType()));
      } else if (valueField.getType() == FieldDescriptor.Type.BYTES) {
        e.setValue(onBytes.apply(e.getValue()));
      }
    }
    return object;
  }

  private static FieldDescriptor field(Descriptor type, String name) {
    FieldDescriptor field = type.findFieldByName(name);
    if (field != null) {
      return field;
    }
    for (FieldDescriptor f : type.getFields()) {
      if (f.getJsonName().equals(name)) {
        return f;
      }
    }
    return null;
  }
}
