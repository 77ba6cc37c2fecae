package dev.duet.server.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.OneofDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.Struct;
import com.google.protobuf.util.JsonFormat;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Random protobuf messages of any request type, built with the real generated classes from their
 * descriptors: each field absent or set to an extreme value, oneofs left empty as often as set,
 * nested messages a few levels deep, {@code Struct} queries and aggregations from the REST grammar.
 * Strings named like an index come from the read or the write pool (see {@link RestCalls}).
 */
final class ProtoMessages {
  private static final int DEPTH = 3;
  private static final JsonFormat.Parser STRUCTS = JsonFormat.parser().ignoringUnknownFields();

  private final boolean write;
  private final Map<String, Arbitrary<Message>> cache = new HashMap<>();

  private ProtoMessages(boolean write) {
    this.write = write;
  }

  /** Messages like {@code prototype}; {@code write} keeps index names away from the seeded one. */
  static Arbitrary<Message> of(Message prototype, boolean write) {
    return new ProtoMessages(write).message(prototype, DEPTH, "");
  }

  private Arbitrary<Message> message(Message prototype, int depth, String context) {
    Descriptor d = prototype.getDescriptorForType();
    if (d.getFullName().equals("google.protobuf.Struct")) {
      return struct(context);
    }
    String key = d.getFullName() + "/" + depth + "/" + context;
    Arbitrary<Message> cached = cache.get(key);
    if (cached != null) {
      return cached;
    }
    List<Arbitrary<Optional<Setter>>> parts = new ArrayList<>();
    for (FieldDescriptor f : d.getFields()) {
      if (f.getRealContainingOneof() == null) {
        parts.add(
            Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.just(Optional.<Setter>empty())),
                Tuple.of(2, field(prototype, f, depth).map(Optional::of))));
      }
    }
    for (OneofDescriptor o : d.getRealOneofs()) {
      List<Arbitrary<Optional<Setter>>> members = new ArrayList<>();
      members.add(Arbitraries.just(Optional.empty()));
      for (FieldDescriptor f : o.getFields()) {
        members.add(field(prototype, f, depth).map(Optional::of));
      }
      // An empty oneof (no member set) is a third of the cases: the NullPointerException class.
      parts.add(
          Arbitraries.frequencyOf(
              Tuple.of(members.size() / 2 + 1, members.get(0)),
              Tuple.of(members.size(), Arbitraries.oneOf(members.subList(1, members.size())))));
    }
    Arbitrary<Message> built =
        parts.isEmpty()
            ? Arbitraries.just(prototype)
            : Combinators.combine(parts)
                .as(
                    setters -> {
                      Message.Builder b = prototype.newBuilderForType();
                      for (Optional<Setter> s : setters) {
                        s.ifPresent(x -> x.apply(b));
                      }
                      return b.build();
                    });
    cache.put(key, built);
    return built;
  }

  private Arbitrary<Setter> field(Message prototype, FieldDescriptor f, int depth) {
    Arbitrary<Object> one = value(prototype, f, depth);
    if (!f.isRepeated()) {
      return one.map(v -> b -> b.setField(f, v));
    }
    return one.list()
        .ofMaxSize(3)
        .map(values -> b -> values.forEach(v -> b.addRepeatedField(f, v)));
  }

  @SuppressWarnings("unchecked")
  private Arbitrary<Object> value(Message prototype, FieldDescriptor f, int depth) {
    Arbitrary<?> v =
        switch (f.getJavaType()) {
          case INT ->
              Arbitraries.frequencyOf(
                  Tuple.of(3, Arbitraries.of(0, -1, 1, 10, Integer.MIN_VALUE, Integer.MAX_VALUE)),
                  Tuple.of(1, Arbitraries.integers()));
          case LONG ->
              Arbitraries.of(
                  0L, -1L, 1L, 10L, Long.MIN_VALUE, Long.MAX_VALUE, (long) Integer.MAX_VALUE + 1);
          case FLOAT ->
              Arbitraries.of(
                  0f, -1f, 0.5f, Float.NaN, Float.POSITIVE_INFINITY, -0f, Float.MAX_VALUE);
          case DOUBLE ->
              Arbitraries.of(0d, -1d, 0.5d, Double.NaN, Double.NEGATIVE_INFINITY, 1e308, -0d);
          case BOOLEAN -> Arbitraries.of(true, false);
          case STRING -> string(f.getName());
          case BYTE_STRING -> bytes();
          case ENUM -> Arbitraries.of(f.getEnumType().getValues());
          case MESSAGE -> {
            if (depth <= 0) {
              yield Arbitraries.just(
                  prototype.newBuilderForType().newBuilderForField(f).getDefaultInstanceForType());
            }
            Message inner =
                prototype.newBuilderForType().newBuilderForField(f).getDefaultInstanceForType();
            String context =
                f.isMapField() ? f.getName() : f.getName().toLowerCase(java.util.Locale.ROOT);
            yield Arbitraries.lazy(() -> message(inner, depth - 1, context));
          }
        };
    return (Arbitrary<Object>) v;
  }

  private Arbitrary<String> string(String name) {
    String lower = name.toLowerCase(java.util.Locale.ROOT);
    if (lower.contains("index") || lower.equals("indices")) {
      return Arbitraries.of(write ? RestCalls.WRITE_TARGETS : RestCalls.READ_TARGETS);
    }
    if (lower.equals("field") || lower.endsWith("_field") || lower.equals("fields")) {
      return Json.fieldName();
    }
    return Arbitraries.frequencyOf(
        Tuple.of(3, Json.text().map(JsonNode::asText)),
        Tuple.of(2, Json.hostileString().map(JsonNode::asText)),
        Tuple.of(1, Arbitraries.of("1m", "true", "0", "_all", "*")));
  }

  private static Arbitrary<ByteString> bytes() {
    return Arbitraries.oneOf(
        Arbitraries.bytes().array(byte[].class).ofMaxSize(40).map(ByteString::copyFrom),
        RestCalls.doc().map(d -> ByteString.copyFrom(JsonMutation.write(d))),
        Arbitraries.just(ByteString.copyFromUtf8("{\"a\":")),
        Arbitraries.just(ByteString.copyFrom(new byte[] {(byte) 0xC3, 0x28})));
  }

  /** A {@code Struct}: a query, an aggregation or a search body from the REST grammar. */
  private static Arbitrary<Message> struct(String context) {
    Arbitrary<JsonNode> json =
        switch (context) {
          case "query", "filter", "post_filter", "rescore_query", "positive", "negative" ->
              QueryDsl.query(2);
          case "value" -> QueryDsl.aggregation(1);
          default -> Arbitraries.oneOf(QueryDsl.query(1), QueryDsl.searchBody());
        };
    return json.map(ProtoMessages::toStruct);
  }

  private static Message toStruct(JsonNode json) {
    Struct.Builder b = Struct.newBuilder();
    if (!json.isObject()) {
      return b.build();
    }
    try {
      STRUCTS.merge(new String(JsonMutation.write(json), StandardCharsets.UTF_8), b);
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      // JSON that Struct cannot hold (a number past double, nesting past protobuf's 100 levels)
      // becomes an empty query: the decoder must refuse that as well.
      return Struct.getDefaultInstance();
    }
    return b.build();
  }

  @FunctionalInterface
  private interface Setter {
    void apply(Message.Builder b);
  }
}
