package dev.duet.server.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * JSON building blocks for the grammar: hostile scalars (extreme numbers, regex bombs, lone
 * surrogates, huge strings), type confusion (an array, object or null where a scalar belongs), and
 * objects whose parameters are each absent, plausible or hostile.
 */
final class Json {
  static final JsonNodeFactory F = JsonNodeFactory.instance;

  /** Regular expressions and wildcards that are expensive to compile, determinize or run. */
  static final List<String> REGEX_BOMBS =
      List.of(
          "a{2147483647}",
          "[a-z]{1,100000}",
          "a{1,1000}{1,1000}",
          "(a|aa)*b",
          "((a*)*)*b",
          "(.*){1,32000}",
          "[",
          "(",
          "\\",
          "a**",
          "*".repeat(10_000),
          "?*".repeat(2_000),
          "(".repeat(5_000) + "a" + ")".repeat(5_000),
          "[^]",
          "~(a|b)&c",
          "<1-2147483647>",
          "#@&~",
          ".{0,65536}x");

  static final List<String> FIELDS =
      List.of(
          "title",
          "title.raw",
          "tag",
          "price",
          "born",
          "reviews",
          "reviews.user",
          "reviews.stars",
          "vec",
          "_id",
          "_index",
          "_source",
          "_seq_no",
          "nope",
          "*",
          "",
          "ti*",
          "title^-1",
          "price^1e308");

  private Json() {}

  static Arbitrary<JsonNode> field() {
    return Arbitraries.of(FIELDS).map(F::textNode);
  }

  static Arbitrary<String> fieldName() {
    return Arbitraries.of(FIELDS);
  }

  static Arbitrary<JsonNode> text() {
    return Memo.of("text", () -> textRule());
  }

  private static Arbitrary<JsonNode> textRule() {
    return Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.of("fox", "quick brown", "the", "lazy dog", "red", "u1")),
            Tuple.of(2, Arbitraries.strings().ofMaxLength(30)),
            Tuple.of(1, Arbitraries.of(REGEX_BOMBS)))
        .map(F::textNode);
  }

  static Arbitrary<JsonNode> smallInt() {
    return Arbitraries.integers().between(-3, 50).map(i -> (JsonNode) F.numberNode(i));
  }

  static Arbitrary<JsonNode> bool() {
    return Arbitraries.of(true, false).map(b -> (JsonNode) F.booleanNode(b));
  }

  static Arbitrary<JsonNode> str(String... values) {
    return Arbitraries.of(values).map(F::textNode);
  }

  /** Numbers at and past every boundary a parser or a limit might mishandle. */
  static Arbitrary<JsonNode> extremeNumber() {
    return Memo.of("extremeNumber", () -> extremeNumberRule());
  }

  private static Arbitrary<JsonNode> extremeNumberRule() {
    return Arbitraries.of(
        F.numberNode(0),
        F.numberNode(-1),
        F.numberNode(-2),
        F.numberNode(Integer.MIN_VALUE),
        F.numberNode(Integer.MAX_VALUE),
        F.numberNode(Long.MIN_VALUE),
        F.numberNode(Long.MAX_VALUE),
        F.numberNode(new BigInteger("99999999999999999999999999999")),
        F.numberNode(1e308),
        F.numberNode(-1e308),
        F.numberNode(4.9e-324),
        F.numberNode(-0.0),
        F.numberNode(1e10),
        F.numberNode(2147483648L),
        F.numberNode(0.5));
  }

  /** Strings that are numbers in disguise, empty, control characters, surrogates or huge. */
  static Arbitrary<JsonNode> hostileString() {
    return Memo.of("hostileString", () -> hostileStringRule());
  }

  private static Arbitrary<JsonNode> hostileStringRule() {
    return Arbitraries.frequencyOf(
            Tuple.of(
                8,
                Arbitraries.of(
                    "",
                    " ",
                    "NaN",
                    "Infinity",
                    "-Infinity",
                    "-1",
                    "1e308",
                    "2147483648",
                    "0d",
                    "x",
                    "*",
                    "_all",
                    "$99",
                    "\u0000",
                    "\uD800",
                    "\uDC00x",
                    "\uFFFF",
                    "💥",
                    "now-1d/d",
                    "||+1d",
                    "2024-13-45",
                    "{",
                    "null")),
            Tuple.of(3, Arbitraries.of(REGEX_BOMBS)),
            Tuple.of(1, Arbitraries.just("a".repeat(5_000))),
            Tuple.of(2, Arbitraries.strings().ofMaxLength(12)))
        .map(F::textNode);
  }

  /** Any value of the wrong kind: the type confusion a decoder must refuse with a 400. */
  static Arbitrary<JsonNode> hostile() {
    return Memo.of("hostile", () -> hostileRule());
  }

  private static Arbitrary<JsonNode> hostileRule() {
    return Arbitraries.lazyOf(
        () -> hostileString(),
        () -> extremeNumber(),
        () -> Arbitraries.just(F.nullNode()),
        () -> bool(),
        () -> Arbitraries.just(F.arrayNode()),
        () -> Arbitraries.just(F.objectNode()),
        () -> Arbitraries.of(F.arrayNode().addNull(), F.arrayNode().add("x").add(F.objectNode())),
        () -> hostileString().map(v -> (JsonNode) F.arrayNode().add(v)),
        () -> hostileString().map(v -> (JsonNode) F.objectNode().set("x", v)),
        () -> Arbitraries.of(3, 50, 2_000).map(Json::deepArray));
  }

  static JsonNode deepArray(int depth) {
    ArrayNode root = F.arrayNode();
    ArrayNode at = root;
    for (int i = 1; i < depth; i++) {
      at = at.addArray();
    }
    at.add(1);
    return root;
  }

  /** A plausible value most of the time, a hostile one otherwise. */
  static Arbitrary<JsonNode> or(Arbitrary<JsonNode> plausible) {
    return Arbitraries.frequencyOf(Tuple.of(4, plausible), Tuple.of(1, hostile()));
  }

  /**
   * An object of the given parameters (alternating name and plausible value); a name starting with
   * {@code !} is always present. Each present value is plausible or, one time in five, hostile.
   */
  static Arbitrary<JsonNode> obj(Object... spec) {
    List<Arbitrary<Optional<Param>>> params = new ArrayList<>();
    for (int i = 0; i < spec.length; i += 2) {
      String name = (String) spec[i];
      @SuppressWarnings("unchecked")
      Arbitrary<JsonNode> value = (Arbitrary<JsonNode>) spec[i + 1];
      boolean required = name.startsWith("!");
      String key = required ? name.substring(1) : name;
      Arbitrary<Optional<Param>> present = or(value).map(v -> Optional.of(new Param(key, v)));
      params.add(
          required
              ? present
              : Arbitraries.frequencyOf(
                  Tuple.of(3, Arbitraries.just(Optional.<Param>empty())), Tuple.of(2, present)));
    }
    return Combinators.combine(params)
        .as(
            list -> {
              ObjectNode o = F.objectNode();
              list.forEach(p -> p.ifPresent(v -> o.set(v.name, v.value)));
              return (JsonNode) o;
            });
  }

  /** {@code {name: inner}}. */
  static Arbitrary<JsonNode> wrap(String name, Arbitrary<JsonNode> inner) {
    return inner.map(v -> (JsonNode) F.objectNode().set(name, v));
  }

  /** {@code {field: inner}} with a field of the seeded mapping, or a wrong one. */
  static Arbitrary<JsonNode> onField(Arbitrary<JsonNode> inner) {
    return Combinators.combine(fieldName(), inner)
        .as((f, v) -> (JsonNode) F.objectNode().set(f, v));
  }

  static Arbitrary<JsonNode> arrayOf(Arbitrary<JsonNode> element, int max) {
    return element
        .list()
        .ofMaxSize(max)
        .map(
            l -> {
              ArrayNode a = F.arrayNode();
              l.forEach(a::add);
              return (JsonNode) a;
            });
  }

  private record Param(String name, JsonNode value) {}
}
