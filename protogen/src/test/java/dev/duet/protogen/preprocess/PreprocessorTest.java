package dev.duet.protogen.preprocess;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.protogen.Protogen;
import dev.duet.protogen.SpecFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PreprocessorTest {
  @TempDir Path dir;

  private String common(String schemaYaml) {
    return SpecFixtures.generate(dir, SpecFixtures.withSchema(schemaYaml))
        .files()
        .get("t/common.proto");
  }

  @Test
  void pathQueryAndBodyParametersFoldIntoOneRequestPerOperationGroup() {
    String spec =
        """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /_search:
            post:
              operationId: search.0
              x-operation-group: search
              tags: [search]
              parameters:
                - {name: size, in: query, schema: {type: integer, format: int32}}
              requestBody:
                content:
                  application/json:
                    schema: {type: object, properties: {query: {type: object}}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {type: object, properties: {took: {type: integer}}}}}}
                '400': {description: bad, content: {application/json: {schema: {$ref: '#/components/schemas/Error'}}}}
          /{index}/_search:
            post:
              operationId: search.1
              x-operation-group: search
              tags: [search]
              parameters:
                - {name: index, in: path, required: true, schema: {type: string}}
                - {name: size, in: query, schema: {type: integer, format: int32}}
                - {name: X-Trace, in: header, schema: {type: string}}
              responses:
                '200': {description: ok, content: {application/json: {schema: {type: object, properties: {took: {type: integer}}}}}}
        components:
          schemas:
            Error:
              type: object
              properties:
                status: {type: integer, format: int32}
        """;
    Protogen.Generated g = SpecFixtures.generate(dir, spec);
    String search = g.files().get("t/search.proto");
    assertThat(search)
        .contains("service SearchService {")
        .contains("// REST: POST /_search\n  // REST: POST /{index}/_search\n")
        .contains("// Errors (HTTP status → gRPC status): 400 INVALID_ARGUMENT\n")
        .contains("rpc Search(.t.search.SearchRequest) returns (.t.search.SearchResponse);")
        // index is in one route only, so the client may leave it out: optional.
        .contains(
            "message SearchRequest {\n  optional int32 size = 1;\n  optional string index = 2;\n")
        .contains("  .t.search.SearchRequest.Body body = 3;\n")
        .contains("message SearchResponse {\n  optional int64 took = 1;\n}");
    // The error model is part of the contract even though no success response uses it.
    assertThat(g.files().get("t/common.proto")).contains("message Error {");
    assertThat(g.diagnostics().problems())
        .extracting(Diagnostics.Problem::pointer)
        .containsExactly("#/paths/~1{index}~1_search/post/parameters/2");
  }

  @Test
  void aCycleThroughAllOfEndsAsAReportedValueInsteadOfOverflowingTheStack() {
    var generated =
        SpecFixtures.generate(
            dir,
            SpecFixtures.withSchema(
                """
                type: object
                properties:
                  name: {type: string}
                  child:
                    allOf:
                      - $ref: '#/components/schemas/Thing'
                      - {type: object, properties: {extra: {type: string}}}
                """));

    assertThat(generated.files().get("t/common.proto")).contains("message Thing");
    assertThat(generated.diagnostics().problems())
        .anySatisfy(
            p ->
                assertThat(p.reason())
                    .contains(
                        "allOf merges #/components/schemas/Thing inside its own inline merge"));
  }

  @Test
  void aValueOrAListOfThemIsRepeated() {
    assertThat(
            common(
                """
                type: object
                properties:
                  sort:
                    oneOf:
                      - type: string
                      - type: array
                        items: {type: string}
                """))
        .contains("  repeated string sort = 1;\n");
  }

  @Test
  void distinguishableBranchesBecomeAOneof() {
    assertThat(
            common(
                """
                type: object
                properties:
                  track_total_hits:
                    oneOf:
                      - type: boolean
                      - type: integer
                        format: int32
                """))
        .contains(
            "  .t.common.Thing.TrackTotalHits track_total_hits = 1 [json_name = \"track_total_hits\"];")
        .contains(
            "  message TrackTotalHits {\n"
                + "    option (.t.options.json_shape) = JSON_SHAPE_UNION;\n"
                + "    oneof value {\n"
                + "      bool bool_value = 1;\n"
                + "      int32 int_value = 2;\n"
                + "    }\n"
                + "  }\n");
  }

  @Test
  void anAmbiguousUnionIsAnErrorNamingThePointerAndTheOverride() {
    String spec =
        SpecFixtures.withSchema(
            """
            type: object
            properties:
              size:
                anyOf:
                  - type: integer
                  - type: number
            """);
    assertThatThrownBy(() -> SpecFixtures.generate(dir, spec))
        .isInstanceOf(Protogen.MappingException.class)
        .hasMessageContaining("#/components/schemas/Thing/properties/size")
        .hasMessageContaining("ambiguous anyOf: branches 0 and 1 are both JSON numbers")
        .hasMessageContaining("x-protobuf-type");
  }

  @Test
  void anOverrideSettlesAnAmbiguousUnion() {
    assertThat(
            common(
                """
                type: object
                properties:
                  size:
                    x-protobuf-type: double
                    anyOf:
                      - type: integer
                      - type: number
                """))
        .contains("  optional double size = 1;\n");
  }

  @Test
  void objectsWithoutPropertiesAreStructOrMap() {
    assertThat(
            common(
                """
                type: object
                properties:
                  meta: {type: object}
                  counts:
                    type: object
                    additionalProperties: {type: integer, format: int64}
                  anything: {}
                """))
        .contains("  .google.protobuf.Struct meta = 1;\n")
        .contains("  map<string, int64> counts = 2;\n")
        .contains("  .google.protobuf.Value anything = 3;\n")
        .contains("import \"google/protobuf/struct.proto\";");
  }

  @Test
  void enumsGetAnUnspecifiedZeroAndPrefixedValues() {
    assertThat(common("type: string\nenum: [green, yellow, wait_for]"))
        .contains(
            "enum Thing {\n"
                + "  THING_UNSPECIFIED = 0;\n"
                + "  THING_GREEN = 1 [(.t.options.json_value) = \"green\"];\n"
                + "  THING_YELLOW = 2 [(.t.options.json_value) = \"yellow\"];\n"
                + "  THING_WAIT_FOR = 3 [(.t.options.json_value) = \"wait_for\"];\n"
                + "}\n");
  }

  @Test
  void namesAreSanitizedAndTheJsonNameKept() {
    assertThat(
            common(
                """
                type: object
                properties:
                  _source: {type: boolean}
                  resource.type: {type: string}
                  name: {type: string}
                """))
        .contains("  optional bool x_source = 1 [json_name = \"_source\"];\n")
        .contains("  optional string resource_type = 2 [json_name = \"resource.type\"];\n")
        .contains("  optional string name = 3;\n");
  }

  @Test
  void overridesRenameRetypeAndExclude() {
    assertThat(
            common(
                """
                type: object
                properties:
                  doc: {type: object, x-protobuf-type: bytes}
                  q: {type: string, x-protobuf-name: query_string}
                  internal: {type: string, x-protobuf-exclude: true}
                """))
        .contains("  optional bytes doc = 1 [(.t.options.raw_json) = true];\n")
        .contains("  optional string query_string = 2 [json_name = \"q\"];\n")
        .doesNotContain("internal");
  }

  @Test
  void recursiveSchemasReferToThemselves() {
    assertThat(
            common(
                """
                type: object
                properties:
                  children:
                    type: array
                    items: {$ref: '#/components/schemas/Thing'}
                """))
        .contains("  repeated .t.common.Thing children = 1;\n");
  }

  @Test
  void allOfMergesTheProperties() {
    String spec =
        SpecFixtures.withSchema(
                """
                allOf:
                  - $ref: '#/components/schemas/Base'
                  - type: object
                    properties:
                      extra: {type: string}
                """)
            + """
                Base:
                  type: object
                  properties:
                    id: {type: string}
            """;
    assertThat(SpecFixtures.generate(dir, spec).files().get("t/common.proto"))
        .contains("message Thing {\n  optional string id = 1;\n  optional string extra = 2;\n}");
  }

  @Test
  void aResponseThatIsAMapOrListSaysSoInItsJsonShape() {
    String spec =
        """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /_alias:
            get:
              operationId: aliases.0
              x-operation-group: aliases
              tags: [indices]
              responses:
                '200': {description: ok, content: {application/json: {schema: {type: object, additionalProperties: {type: string}}}}}
          /_rows:
            get:
              operationId: rows.0
              x-operation-group: rows
              tags: [indices]
              responses:
                '200': {description: ok, content: {application/json: {schema: {type: array, items: {type: string}}}}}
        """;
    String indices = SpecFixtures.generate(dir, spec).files().get("t/indices.proto");
    assertThat(indices)
        .contains(
            "message AliasesResponse {\n  option (.t.options.json_shape) = JSON_SHAPE_MAP;\n"
                + "  map<string, string> result = 1;\n")
        .contains(
            "message RowsResponse {\n  option (.t.options.json_shape) = JSON_SHAPE_LIST;\n"
                + "  repeated string result = 1;\n");
  }
}
