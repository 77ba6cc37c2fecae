package dev.duet.server.rest.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.document.UpdateRequest;
import dev.duet.engine.error.DuetException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class UpdateRequestDecoderTest {

  @Test
  void readsEveryOptionOfAnUpdateBody() throws Exception {
    UpdateRequest u =
        decode(
            "{\"doc\":{\"a\":{\"b\":[1,2]}},\"upsert\":{\"c\":true},\"doc_as_upsert\":false,"
                + "\"detect_noop\":false,\"_source\":[\"a\"]}");

    assertThat(new String(u.doc(), StandardCharsets.UTF_8)).isEqualTo("{\"a\":{\"b\":[1,2]}}");
    assertThat(new String(u.upsert(), StandardCharsets.UTF_8)).isEqualTo("{\"c\":true}");
    assertThat(u.docAsUpsert()).isFalse();
    assertThat(u.detectNoop()).isFalse();
    assertThat(u.fetchSource().includes()).isEqualTo(List.of("a"));
    assertThat(u.problems()).isEmpty();
  }

  @Test
  void aBodyWithoutDocHasOpenSearchsValidationProblem() throws Exception {
    assertThat(decode("{\"upsert\":{}}").problems()).containsExactly("script or doc is missing");
  }

  @Test
  void unknownFieldsAreReportedAtTheirNameAsOpenSearchDoes() {
    assertThatThrownBy(() -> decode("{\"doc\":{\"a\":1},\"foo\":1}"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.type()).isEqualTo("x_content_parse_exception");
              assertThat(e.reason()).isEqualTo("[1:16] [UpdateRequest] unknown field [foo]");
            });
  }

  @Test
  void aScriptIsReadWithItsParams() throws Exception {
    UpdateRequest request =
        decode("{\"script\":{\"source\":\"ctx._source.a=params.v\",\"params\":{\"v\":1}}}");

    assertThat(request.problems()).isEmpty();
    assertThat(request.script().source()).isEqualTo("ctx._source.a=params.v");
    assertThat(request.script().params()).containsEntry("v", 1L);
  }

  private static UpdateRequest decode(String json) throws Exception {
    byte[] b = json.getBytes(StandardCharsets.UTF_8);
    return UpdateRequestDecoder.decode(b, 0, b.length);
  }
}
