package dev.duet.server.grpc;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import org.junit.jupiter.api.Test;
import org.opensearch.protobufs.BulkRequest;
import org.opensearch.protobufs.BulkRequestBody;

class OwnedBytesTest {
  @Test
  void aFieldParsedOffTheWireIsHandedOverWhole() throws Exception {
    byte[] source = "{\"title\":\"owned\"}".getBytes(UTF_8);
    byte[] wire =
        BulkRequest.newBuilder()
            .addBulkRequestBody(BulkRequestBody.newBuilder().setObject(ByteString.copyFrom(source)))
            .build()
            .toByteArray();
    ByteString parsed = BulkRequest.parseFrom(wire).getBulkRequestBody(0).getObject();

    byte[] first = OwnedBytes.of(parsed);
    assertThat(first).isEqualTo(source);
    // The string's own array, not a fresh copy each time.
    assertThat(OwnedBytes.of(parsed)).isSameAs(first);
  }

  @Test
  void slicesAndRopesAreCopiedWithTheirOwnBytesOnly() {
    ByteString whole = ByteString.copyFromUtf8("xx{\"a\":1}yy");
    ByteString slice = whole.substring(2, 9);
    assertThat(OwnedBytes.of(slice)).isEqualTo("{\"a\":1}".getBytes(UTF_8));

    ByteString rope =
        ByteString.copyFromUtf8("{\"a\":")
            .concat(ByteString.copyFrom(new byte[300]))
            .concat(ByteString.copyFromUtf8("}"));
    assertThat(OwnedBytes.of(rope)).isEqualTo(rope.toByteArray()).hasSize(306);
  }

  @Test
  void anEmptyStringGivesAnEmptyArray() {
    assertThat(OwnedBytes.of(ByteString.EMPTY)).isEmpty();
  }
}
