package dev.duet.gateway.peek;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import dev.duet.gateway.error.RequestRefused;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;
import org.opensearch.protobufs.DeleteOperation;
import org.opensearch.protobufs.IndexOperation;
import org.opensearch.protobufs.OperationContainer;
import org.opensearch.protobufs.SearchRequest;
import org.opensearch.protobufs.SearchRequestBody;
import org.opensearch.protobufs.UpdateOperation;
import org.opensearch.protobufs.WriteOperation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peeker against protobuf-java's full decoder, on random valid messages and on random mutations
 * and concatenations of them: whenever the decoder accepts the bytes, the peeker either refuses
 * them or names exactly the indices (and bulk items, size and from) that the decoded message holds.
 * The seed is printed; {@code -Dgateway.fuzz.seed=N} replays a run.
 */
class GrpcPeekerFuzzTest {
  private static final Logger log = LoggerFactory.getLogger(GrpcPeekerFuzzTest.class);
  private static final String[] NAMES = {"a", "b", "a-1", "b-1", "logs-x", "*", "a,b", "", "_all"};

  @Test
  void bulkPeekAgreesWithTheDecoder() {
    long seed = Long.getLong("gateway.fuzz.seed", System.nanoTime());
    log.info("bulk fuzz seed {}", seed);
    Random random = new Random(seed);
    int decoded = 0;
    int refusedDecodable = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] valid = randomBulk(random).toByteArray();
      if (random.nextBoolean()) {
        valid = concat(valid, mergedItem(random));
      }
      byte[] bytes = mutate(random, valid, () -> randomBulk(random).toByteArray());
      BulkRequest full;
      try {
        full = BulkRequest.parseFrom(bytes);
      } catch (InvalidProtocolBufferException e) {
        // The upstream's decoder refuses it too: nothing is applied, whatever the peeker says.
        continue;
      }
      decoded++;
      Operation op;
      try {
        op = GrpcPeeker.peek(GrpcPeeker.DOCUMENT_SERVICE, "Bulk", bytes);
      } catch (RequestRefused refused) {
        refusedDecodable++; // safe, but a peeker that refused everything would pass: counted below
        continue;
      }
      assertThat(Set.copyOf(op.indices()))
          .as("seed %d, case %d: %s", seed, i, full)
          .isEqualTo(expectedIndices(full));
      assertThat(op.bulkItems())
          .as("seed %d case %d", seed, i)
          .isEqualTo(full.getBulkRequestBodyCount());
    }
    assertThat(decoded).as("mutations must leave many decodable messages").isGreaterThan(5_000);
    assertThat(refusedDecodable).as("decodable bulks the peeker refused").isZero();
  }

  @Test
  void searchPeekAgreesWithTheDecoder() {
    long seed = Long.getLong("gateway.fuzz.seed", System.nanoTime());
    log.info("search fuzz seed {}", seed);
    Random random = new Random(seed);
    int decoded = 0;
    int refusedDecodable = 0;
    for (int i = 0; i < 20_000; i++) {
      byte[] bytes =
          mutate(
              random, randomSearch(random).toByteArray(), () -> randomSearch(random).toByteArray());
      SearchRequest full;
      try {
        full = SearchRequest.parseFrom(bytes);
      } catch (InvalidProtocolBufferException e) {
        continue;
      }
      decoded++;
      Operation op;
      try {
        op = GrpcPeeker.peek(GrpcPeeker.SEARCH_SERVICE, "Search", bytes);
      } catch (RequestRefused refused) {
        refusedDecodable++;
        continue;
      }
      Set<String> expected = new LinkedHashSet<>();
      for (String index : full.getIndexList()) {
        expected.addAll(IndexPatterns.split(index));
      }
      if (expected.isEmpty()) {
        expected.add("*");
      }
      assertThat(Set.copyOf(op.indices())).as("seed %d, case %d", seed, i).isEqualTo(expected);
      SearchRequestBody body = full.getSearchRequestBody();
      assertThat(op.size())
          .as("seed %d case %d size", seed, i)
          .isEqualTo(body.hasSize() ? body.getSize() : -1);
      assertThat(op.from())
          .as("seed %d case %d from", seed, i)
          .isEqualTo(body.hasFrom() ? body.getFrom() : -1);
    }
    assertThat(decoded).isGreaterThan(5_000);
    assertThat(refusedDecodable).as("decodable searches the peeker refused").isZero();
  }

  /**
   * protobuf-java keeps one builder per oneof case for the whole parse: index{a}, create{b},
   * index{id} decodes as an index operation on [a]. A peeker that reset the case would see no index
   * there and let the bulk write to [a] under the default index's grant.
   */
  @Test
  void oneofCaseResumesItsEarlierBuilderAsTheDecoderDoes() throws Exception {
    ByteArrayOutputStream container = new ByteArrayOutputStream();
    container.write(
        OperationContainer.newBuilder()
            .setIndex(IndexOperation.newBuilder().setXIndex("b-secret"))
            .build()
            .toByteArray());
    container.write(
        OperationContainer.newBuilder()
            .setCreate(WriteOperation.newBuilder().setXIndex("a-1"))
            .build()
            .toByteArray());
    container.write(
        OperationContainer.newBuilder()
            .setIndex(IndexOperation.newBuilder().setXId("1"))
            .build()
            .toByteArray());
    byte[] bulk =
        BulkRequest.newBuilder()
            .setIndex("a-1")
            .addBulkRequestBody(
                BulkRequestBody.newBuilder()
                    .setOperationContainer(OperationContainer.parseFrom(container.toByteArray()))
                    .setObject(ByteString.copyFromUtf8("{}")))
            .build()
            .toByteArray();
    // Re-encode with the raw container bytes so that the three occurrences reach the decoder.
    byte[] item =
        concat(
            tag(1, 2),
            varint(container.size()),
            container.toByteArray(),
            tag(3, 2),
            varint(2),
            "{}".getBytes());
    byte[] raw =
        concat(tag(1, 2), varint(3), "a-1".getBytes(), tag(12, 2), varint(item.length), item);
    BulkRequest decoded = BulkRequest.parseFrom(raw);
    assertThat(decoded.getBulkRequestBody(0).getOperationContainer().getIndex().getXIndex())
        .isEqualTo("b-secret");
    Operation op = GrpcPeeker.peek(GrpcPeeker.DOCUMENT_SERVICE, "Bulk", raw);
    assertThat(op.indices()).containsExactlyInAnyOrder("a-1", "b-secret");
    assertThat(GrpcPeeker.peek(GrpcPeeker.DOCUMENT_SERVICE, "Bulk", bulk).indices())
        .contains("b-secret");
  }

  @Test
  void unknownCallsNeedAdminOnEveryIndex() {
    Operation op = GrpcPeeker.peek("duet.IndexService", "Delete", new byte[0]);
    assertThat(op.action()).isEqualTo(dev.duet.gateway.config.GatewayConfig.Action.ADMIN);
    assertThat(op.indices()).containsExactly("*");
  }

  private static Set<String> expectedIndices(BulkRequest full) {
    Set<String> expected = new LinkedHashSet<>();
    if (!full.getIndex().isEmpty()) {
      expected.addAll(IndexPatterns.split(full.getIndex()));
    }
    for (BulkRequestBody item : full.getBulkRequestBodyList()) {
      String index = itemIndex(item.getOperationContainer());
      if (!index.isEmpty()) {
        expected.addAll(IndexPatterns.split(index));
      } else if (full.getIndex().isEmpty()) {
        expected.add("*"); // an item with no index at all is checked as naming every index
      }
    }
    return expected;
  }

  private static String itemIndex(OperationContainer c) {
    return switch (c.getOperationContainerCase()) {
      case INDEX -> c.getIndex().getXIndex();
      case CREATE -> c.getCreate().getXIndex();
      case UPDATE -> c.getUpdate().getXIndex();
      case DELETE -> c.getDelete().getXIndex();
      default -> "";
    };
  }

  private static BulkRequest randomBulk(Random r) {
    BulkRequest.Builder b = BulkRequest.newBuilder();
    if (r.nextBoolean()) {
      b.setIndex(name(r));
    }
    if (r.nextInt(4) == 0) {
      b.setPipeline("p").setRouting("r");
    }
    int items = r.nextInt(5);
    for (int i = 0; i < items; i++) {
      OperationContainer.Builder op = OperationContainer.newBuilder();
      switch (r.nextInt(4)) {
        case 0 -> {
          IndexOperation.Builder o = IndexOperation.newBuilder().setXId("id" + i);
          if (r.nextBoolean()) {
            o.setXIndex(name(r));
          }
          op.setIndex(o);
        }
        case 1 -> {
          WriteOperation.Builder o = WriteOperation.newBuilder().setXId("id" + i).setRouting("x");
          if (r.nextBoolean()) {
            o.setXIndex(name(r));
          }
          op.setCreate(o);
        }
        case 2 -> {
          UpdateOperation.Builder o = UpdateOperation.newBuilder().setXId("id" + i);
          if (r.nextBoolean()) {
            o.setXIndex(name(r));
          }
          op.setUpdate(o);
        }
        default -> {
          DeleteOperation.Builder o = DeleteOperation.newBuilder().setXId("id" + i);
          if (r.nextBoolean()) {
            o.setXIndex(name(r));
          }
          op.setDelete(o);
        }
      }
      BulkRequestBody.Builder item = BulkRequestBody.newBuilder().setOperationContainer(op);
      if (r.nextBoolean()) {
        item.setObject(ByteString.copyFromUtf8("{\"f\":" + r.nextInt(100) + "}"));
      }
      b.addBulkRequestBody(item);
    }
    return b.build();
  }

  /**
   * A bulk item (field 12) whose operation container appears two or three times, each time with a
   * random case: protobuf merges them, with its per-case builder rule.
   */
  private static byte[] mergedItem(Random r) {
    ByteArrayOutputStream item = new ByteArrayOutputStream();
    int occurrences = 2 + r.nextInt(3);
    for (int i = 0; i < occurrences; i++) {
      String index = r.nextBoolean() ? "m-" + r.nextInt(3) : null;
      OperationContainer.Builder c = OperationContainer.newBuilder();
      switch (r.nextInt(3)) {
        case 0 -> {
          IndexOperation.Builder o = IndexOperation.newBuilder().setXId("m" + i);
          if (index != null) {
            o.setXIndex(index);
          }
          c.setIndex(o);
        }
        case 1 -> {
          WriteOperation.Builder o = WriteOperation.newBuilder().setXId("m" + i);
          if (index != null) {
            o.setXIndex(index);
          }
          c.setCreate(o);
        }
        default -> {
          DeleteOperation.Builder o = DeleteOperation.newBuilder().setXId("m" + i);
          if (index != null) {
            o.setXIndex(index);
          }
          c.setDelete(o);
        }
      }
      byte[] container = c.build().toByteArray();
      item.writeBytes(tag(1, 2));
      item.writeBytes(varint(container.length));
      item.writeBytes(container);
    }
    byte[] body = item.toByteArray();
    return concat(tag(12, 2), varint(body.length), body);
  }

  private static SearchRequest randomSearch(Random r) {
    SearchRequest.Builder b = SearchRequest.newBuilder();
    int n = r.nextInt(3);
    for (int i = 0; i < n; i++) {
      b.addIndex(name(r));
    }
    if (r.nextBoolean()) {
      b.setQ("title:x").setPreference("_local");
    }
    if (r.nextBoolean()) {
      SearchRequestBody.Builder body = SearchRequestBody.newBuilder();
      if (r.nextBoolean()) {
        body.setSize(r.nextInt(20_000) - 10);
      }
      if (r.nextBoolean()) {
        body.setFrom(r.nextInt(20_000));
      }
      if (r.nextBoolean()) {
        body.setTimeout("1s").setExplain(true);
      }
      b.setSearchRequestBody(body);
    }
    return b.build();
  }

  private static String name(Random r) {
    return NAMES[r.nextInt(NAMES.length)];
  }

  interface Source {
    byte[] next();
  }

  /**
   * Valid bytes, or a mutation: bytes flipped, inserted or deleted, a truncation, or two messages
   * concatenated (which protobuf merges: the case a naive peeker gets wrong).
   */
  private static byte[] mutate(Random r, byte[] bytes, Source more) {
    int kind = r.nextInt(6);
    switch (kind) {
      case 0:
        return bytes;
      case 1:
        {
          byte[] out = bytes.clone();
          int flips = 1 + r.nextInt(3);
          for (int i = 0; i < flips && out.length > 0; i++) {
            out[r.nextInt(out.length)] ^= (byte) (1 << r.nextInt(8));
          }
          return out;
        }
      case 2:
        {
          if (bytes.length == 0) {
            return bytes;
          }
          int at = r.nextInt(bytes.length);
          byte[] out = new byte[bytes.length - 1];
          System.arraycopy(bytes, 0, out, 0, at);
          System.arraycopy(bytes, at + 1, out, at, bytes.length - at - 1);
          return out;
        }
      case 3:
        {
          int at = bytes.length == 0 ? 0 : r.nextInt(bytes.length + 1);
          byte[] out = new byte[bytes.length + 1];
          System.arraycopy(bytes, 0, out, 0, at);
          out[at] = (byte) r.nextInt(256);
          System.arraycopy(bytes, at, out, at + 1, bytes.length - at);
          return out;
        }
      case 4:
        return bytes.length == 0 ? bytes : java.util.Arrays.copyOf(bytes, r.nextInt(bytes.length));
      default:
        {
          List<byte[]> parts = new ArrayList<>();
          parts.add(bytes);
          parts.add(more.next());
          if (r.nextBoolean()) {
            parts.add(more.next());
          }
          return concat(parts.toArray(new byte[0][]));
        }
    }
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) {
      out.writeBytes(p);
    }
    return out.toByteArray();
  }

  private static byte[] tag(int field, int wireType) {
    return varint((field << 3) | wireType);
  }

  private static byte[] varint(int value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    while ((value & ~0x7F) != 0) {
      out.write((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out.write(value);
    return out.toByteArray();
  }
}
