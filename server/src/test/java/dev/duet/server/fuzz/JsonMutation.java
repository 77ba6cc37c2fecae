package dev.duet.server.fuzz;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamWriteConstraints;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * A mutation of a valid JSON request: drop, duplicate or swap keys, replace a value by one of the
 * wrong type, or damage the bytes (truncation, invalid UTF-8). The positions are drawn by jqwik and
 * taken modulo the tree's size, so every mutation applies to every tree.
 */
record JsonMutation(Kind kind, int at, int other, JsonNode replacement) {
  // Deeper than Jackson's default writer limit: the fuzzer sends what a parser must refuse.
  private static final ObjectMapper JSON =
      new ObjectMapper(
          JsonFactory.builder()
              .streamWriteConstraints(
                  StreamWriteConstraints.builder().maxNestingDepth(1_000_000).build())
              .build());
  private static final byte[][] BAD_UTF8 = {
    {(byte) 0xC3, 0x28},
    {(byte) 0xFF},
    {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
    {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80},
    {0}
  };

  enum Kind {
    NONE,
    DROP_KEY,
    REPLACE_VALUE,
    WRAP_IN_ARRAY,
    SWAP_VALUES,
    STRINGIFY,
    DUPLICATE_KEY,
    TRUNCATE,
    INVALID_UTF8,
    /** Written with {@code \\uXXXX} escapes, so a lone surrogate arrives as valid JSON text. */
    ESCAPED
  }

  static Arbitrary<JsonMutation> any() {
    Arbitrary<Kind> kind =
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.just(Kind.NONE)), Tuple.of(6, Arbitraries.of(Kind.values())));
    return Combinators.combine(
            kind,
            Arbitraries.integers().between(0, 10_000),
            Arbitraries.integers().between(0, 10_000),
            Json.hostile())
        .as(JsonMutation::new);
  }

  private static final ObjectMapper ESCAPING =
      JSON.copy().configure(JsonWriteFeature.ESCAPE_NON_ASCII.mappedFeature(), true);

  /** The mutated request body. */
  byte[] apply(JsonNode original) {
    JsonNode tree = original.deepCopy();
    List<Slot> slots = new ArrayList<>();
    collect(tree, slots);
    if (!slots.isEmpty()) {
      Slot slot = slots.get(at % slots.size());
      switch (kind) {
        case DROP_KEY -> slot.remove();
        case REPLACE_VALUE -> slot.set(replacement);
        case WRAP_IN_ARRAY -> slot.set(Json.F.arrayNode().add(slot.get()));
        case STRINGIFY ->
            slot.set(
                Json.F.textNode(slot.get().isTextual() ? slot.get().asText() : text(slot.get())));
        case SWAP_VALUES -> {
          Slot two = slots.get(other % slots.size());
          // Copies, so that swapping a node with its own descendant makes no cycle.
          JsonNode a = slot.get().deepCopy();
          JsonNode b = two.get().deepCopy();
          slot.set(b);
          two.set(a);
        }
        default -> {}
      }
    }
    byte[] bytes = kind == Kind.ESCAPED ? write(ESCAPING, tree) : write(tree);
    return switch (kind) {
      case DUPLICATE_KEY -> duplicateKey(new String(bytes, StandardCharsets.UTF_8));
      case TRUNCATE -> java.util.Arrays.copyOf(bytes, bytes.length == 0 ? 0 : at % bytes.length);
      case INVALID_UTF8 -> insert(bytes, at, BAD_UTF8[other % BAD_UTF8.length]);
      default -> bytes;
    };
  }

  static byte[] write(JsonNode tree) {
    return write(JSON, tree);
  }

  private static byte[] write(ObjectMapper mapper, JsonNode tree) {
    try {
      return mapper.writeValueAsBytes(tree);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  static String text(JsonNode tree) {
    return new String(write(tree), StandardCharsets.UTF_8);
  }

  static byte[] insert(byte[] bytes, int at, byte[] what) {
    int pos = bytes.length == 0 ? 0 : at % bytes.length;
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(bytes, 0, pos);
    out.writeBytes(what);
    out.write(bytes, pos, bytes.length - pos);
    return out.toByteArray();
  }

  /**
   * Repeats the {@code other}-th key of the text with another value right after its object opens.
   */
  private byte[] duplicateKey(String text) {
    List<Integer> keys = new ArrayList<>();
    for (int i = 0; i + 1 < text.length(); i++) {
      if (text.charAt(i) == '{' && text.charAt(i + 1) == '"') {
        keys.add(i + 1);
      }
    }
    if (keys.isEmpty()) {
      return text.getBytes(StandardCharsets.UTF_8);
    }
    int start = keys.get(other % keys.size());
    int end = text.indexOf('"', start + 1);
    if (end < 0) {
      return text.getBytes(StandardCharsets.UTF_8);
    }
    String key = text.substring(start, end + 1);
    String dup = key + ":" + text(replacement) + ",";
    return (text.substring(0, start) + dup + text.substring(start))
        .getBytes(StandardCharsets.UTF_8);
  }

  private static void collect(JsonNode node, List<Slot> slots) {
    if (node instanceof ObjectNode o) {
      List<String> names = new ArrayList<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = o.fields(); it.hasNext(); ) {
        names.add(it.next().getKey());
      }
      for (String name : names) {
        slots.add(new Slot(o, name, -1));
        collect(o.get(name), slots);
      }
    } else if (node instanceof ArrayNode a) {
      for (int i = 0; i < a.size(); i++) {
        slots.add(new Slot(a, null, i));
        collect(a.get(i), slots);
      }
    }
  }

  private record Slot(JsonNode parent, String name, int index) {
    JsonNode get() {
      return name != null ? parent.get(name) : parent.get(index);
    }

    void set(JsonNode value) {
      if (name != null) {
        ((ObjectNode) parent).set(name, value);
      } else {
        ((ArrayNode) parent).set(index, value);
      }
    }

    void remove() {
      if (name != null) {
        ((ObjectNode) parent).remove(name);
      } else if (index < parent.size()) {
        ((ArrayNode) parent).remove(index);
      }
    }
  }
}
