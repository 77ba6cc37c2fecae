package dev.duet.protogen.preprocess;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class NamesTest {
  @Test
  void fieldNamesAreSnakeCaseAndStartWithALetter() {
    assertThat(Names.field("_source")).isEqualTo("x_source");
    assertThat(Names.field("_source_includes")).isEqualTo("x_source_includes");
    assertThat(Names.field("resource.type")).isEqualTo("resource_type");
    assertThat(Names.field("docAsUpsert")).isEqualTo("doc_as_upsert");
    assertThat(Names.field("@timestamp")).isEqualTo("x_timestamp");
    assertThat(Names.field("2fa")).isEqualTo("x_2fa");
    assertThat(Names.field("HTTPCode")).isEqualTo("http_code");
  }

  @Test
  void typeNamesArePascalCase() {
    assertThat(Names.type("indices.get_mapping")).isEqualTo("IndicesGetMapping");
    assertThat(Names.type("_common___ErrorCause")).isEqualTo("CommonErrorCause");
    assertThat(Names.type("3d")).isEqualTo("X3d");
  }

  @Test
  void enumValuesAreUpperSnakeCase() {
    assertThat(Names.upperSnake("wait_for")).isEqualTo("WAIT_FOR");
    assertThat(Names.upperSnake("VersionType")).isEqualTo("VERSION_TYPE");
    assertThat(Names.upperSnake("external-gte")).isEqualTo("EXTERNAL_GTE");
  }

  @Test
  void theDefaultJsonNameIsProtocsLowerCamelCase() {
    assertThat(Names.defaultJsonName("x_source")).isEqualTo("xSource");
    assertThat(Names.defaultJsonName("size")).isEqualTo("size");
  }
}
