package dev.duet.server.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import dev.duet.engine.error.DuetException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Iterator;
import java.util.Map;

/**
 * A generated {@code duet.*} request body as the REST JSON body it stands for, so that REST's
 * decoders (one set of rules) read both. The generated messages keep REST's JSON names; what needs
 * fixing is {@code google.protobuf.Struct}, which holds every number as a double: a whole number
 * goes back to JSON as an integer ({@code 2}, not {@code 2.0}), as a REST client sends it. Only for
 * admin calls: hot paths decode proto fields directly.
 */
final class RestBodies {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonFormat.Printer PRINTER = JsonFormat.printer();
  private static final double LARGEST_EXACT_LONG = 9007199254740992d; // 2^53

  private RestBodies() {}

  static byte[] json(Message body) {
    try {
      JsonNode tree = JSON.readTree(PRINTER.print(body));
      return JSON.writeValueAsBytes(wholeNumbersAsIntegers(tree));
    } catch (InvalidProtocolBufferException e) {
      throw DuetException.illegalArgument("request body: " + e.getMessage());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static JsonNode wholeNumbersAsIntegers(JsonNode node) {
    if (node.isDouble()) {
      double d = node.doubleValue();
      if (d == Math.rint(d) && Math.abs(d) < LARGEST_EXACT_LONG) {
        return LongNode.valueOf((long) d);
      }
      return node;
    }
    if (node instanceof ObjectNode object) {
      for (Iterator<Map.Entry<String, JsonNode>> it = object.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        e.setValue(wholeNumbersAsIntegers(e.getValue()));
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        array.set(i, wholeNumbersAsIntegers(array.get(i)));
      }
    }
    return node;
  }
}
