package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.rpc.ErrorInfo;
import dev.duet.engine.error.DuetException;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import org.junit.jupiter.api.Test;

class GrpcErrorsTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void mapsRestStatusesAsDesignAndOpenSearchDo() {
    assertThat(GrpcErrors.code(200)).isEqualTo(Status.Code.OK);
    assertThat(GrpcErrors.code(201)).isEqualTo(Status.Code.OK);
    assertThat(GrpcErrors.code(400)).isEqualTo(Status.Code.INVALID_ARGUMENT);
    assertThat(GrpcErrors.code(401)).isEqualTo(Status.Code.UNAUTHENTICATED);
    assertThat(GrpcErrors.code(403)).isEqualTo(Status.Code.PERMISSION_DENIED);
    assertThat(GrpcErrors.code(404)).isEqualTo(Status.Code.NOT_FOUND);
    assertThat(GrpcErrors.code(409)).isEqualTo(Status.Code.ABORTED);
    assertThat(GrpcErrors.code(413)).isEqualTo(Status.Code.OUT_OF_RANGE);
    assertThat(GrpcErrors.code(429)).isEqualTo(Status.Code.RESOURCE_EXHAUSTED);
    assertThat(GrpcErrors.code(500)).isEqualTo(Status.Code.INTERNAL);
    assertThat(GrpcErrors.code(503)).isEqualTo(Status.Code.UNAVAILABLE);
    assertThat(GrpcErrors.code(599)).isEqualTo(Status.Code.INTERNAL);
  }

  @Test
  void describesAsSummaryThenTheRestErrorJson() throws Exception {
    StatusRuntimeException status = GrpcErrors.toStatus(DuetException.indexNotFound("nope"));

    assertThat(status.getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND);
    String description = status.getStatus().getDescription();
    assertThat(description).startsWith("IndexNotFoundException[no such index [nope]]; details=");
    JsonNode details = JSON.readTree(description.substring(description.indexOf("details=") + 8));
    assertThat(details.get("status").asInt()).isEqualTo(404);
    JsonNode error = details.get("error");
    assertThat(error.get("type").asText()).isEqualTo("index_not_found_exception");
    assertThat(error.get("reason").asText()).isEqualTo("no such index [nope]");
    assertThat(error.get("index").asText()).isEqualTo("nope");
    assertThat(error.get("root_cause").get(0).get("type").asText())
        .isEqualTo("index_not_found_exception");
    assertThat(error.get("root_cause").get(0).get("resource.type").asText())
        .isEqualTo("index_or_alias");
  }

  @Test
  void carriesStructuredDetails() {
    StatusRuntimeException status =
        GrpcErrors.toStatus(DuetException.parsing("unknown query [wildcard]"));

    com.google.rpc.Status rpc = StatusProto.fromThrowable(status);
    assertThat(rpc).isNotNull();
    assertThat(rpc.getCode()).isEqualTo(Status.Code.INVALID_ARGUMENT.value());
    assertThat(rpc.getDetails(0).is(ErrorInfo.class)).isTrue();
  }

  @Test
  void boundsHugeReasonsWellUnderTheClientHeaderLimit() {
    String huge = "é".repeat(50_000);
    StatusRuntimeException status =
        GrpcErrors.toStatus(DuetException.illegalArgument("bad value [" + huge + "]"));

    String description = status.getStatus().getDescription();
    assertThat(GrpcErrors.encodedLength(description))
        .isLessThanOrEqualTo(GrpcErrors.MAX_DESCRIPTION_BYTES);
    assertThat(description).startsWith("IllegalArgumentException[bad value [");
  }

  @Test
  void keepsTheJsonWhenOnlyReasonsAreLong() throws Exception {
    String longReason = "x".repeat(6_000);
    String description = GrpcErrors.description(DuetException.illegalArgument(longReason));

    assertThat(GrpcErrors.encodedLength(description))
        .isLessThanOrEqualTo(GrpcErrors.MAX_DESCRIPTION_BYTES);
    JsonNode details = JSON.readTree(description.substring(description.indexOf("details=") + 8));
    assertThat(details.get("error").get("reason").asText()).endsWith("...[truncated]");
  }

  @Test
  void namesExceptionsAsOpenSearchDoes() {
    assertThat(GrpcErrors.exceptionName("mapper_parsing_exception"))
        .isEqualTo("MapperParsingException");
  }
}
