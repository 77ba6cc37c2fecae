package dev.duet.protogen;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.protogen.postprocess.NumberingLedger;
import dev.duet.protogen.preprocess.Diagnostics;
import java.nio.file.Path;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One test per OpenAPI shape real specs use: each spec goes through the pipeline, protoc must
 * compile what comes out (the oracle every other toolchain agrees with), and the test pins how the
 * shape was mapped. Ambiguous shapes must stop a strict run naming the spot and the override.
 */
class OpenApiShapesTest {
  private static final String GET_THING =
      """
      /things:
        get:
          operationId: things.get
          tags: [things]
          responses:
            '200':
              description: ok
              content:
                application/json:
                  schema:
      """;

  @TempDir Path dir;
  private int runs;

  /** Generates strictly, compiles, and returns the files with comments dropped. */
  private Map<String, String> compiled(String spec) {
    Protogen.Generated g =
        Protogen.generate(SpecFixtures.write(dir, spec), "t", NumberingLedger.empty(), false);
    SpecFixtures.compile(dir, "out" + runs++, g);
    return g.files().entrySet().stream()
        .collect(
            Collectors.toMap(
                Map.Entry::getKey,
                e -> e.getValue().replaceAll("(?m)^ *//.*\n", ""),
                (a, b) -> a,
                java.util.TreeMap::new));
  }

  /** A GET /things whose 200 response is {@code responseSchema} (YAML, one flow value). */
  private static String returning(String responseSchema, String schemas) {
    return SpecFixtures.spec("3.0.3", GET_THING + responseSchema.strip().indent(14), schemas);
  }

  @Test
  void anInlineAllOfOfARefAndAnObjectAsAResponseIsTheResponseMessage() {
    // The shape that used to return ThingsResponse.GetResult, a message never emitted.
    String spec =
        returning(
            "{allOf: [{$ref: '#/components/schemas/Base'}, {type: object, properties: {extra:"
                + " {type: string}}}]}",
            "Base: {type: object, properties: {id: {type: string}}}");
    assertThat(compiled(spec).get("t/things.proto"))
        .contains("returns (.t.things.GetResponse);")
        .contains(
            "message GetResponse {\n  optional string id = 1;\n  optional string extra = 2;\n");
  }

  @Test
  void additionalPropertiesBesidePropertiesAreAMapOfTheOtherKeys() {
    // The query DSL's `terms`: a field-name key beside `boost`.
    String spec =
        returning(
            "{type: object, properties: {boost: {type: number}}, additionalProperties:"
                + " {type: array, items: {type: string}, x-protobuf-name: fields}}",
            "");
    assertThat(compiled(spec).get("t/things.proto"))
        .contains("  optional double boost = 1;\n")
        .contains(
            "map<string, .t.things.GetResponse.AdditionalProperty> fields = 2"
                + " [(.t.options.other_keys) = true];");
    String open =
        returning(
            "{type: object, properties: {a: {type: string}}, additionalProperties: true}", "");
    assertThat(compiled(open).get("t/things.proto"))
        .contains(
            "map<string, .google.protobuf.Value> additional_properties = 2"
                + " [(.t.options.other_keys) = true];");
  }

  @Test
  void aResponseUnionOrEnumIsWrappedInTheResponseMessageThatDeclaresIt() {
    String union = returning("{oneOf: [{type: string}, {type: integer}]}", "");
    assertThat(compiled(union).get("t/things.proto"))
        .contains("returns (.t.things.GetResponse);")
        .contains("  .t.things.GetResponse.GetResult result = 1;\n\n  message GetResult {");
    String enumeration = returning("{type: string, enum: [a, b]}", "");
    assertThat(compiled(enumeration).get("t/things.proto"))
        .contains("  .t.things.GetResponse.GetResult result = 1;\n\n  enum GetResult {");
  }

  @Test
  void allOfMergesRefsAndInlinePartsAndNestsThroughComponents() {
    String spec =
        returning(
            "{$ref: '#/components/schemas/Dog'}",
            """
            Pet: {type: object, properties: {name: {type: string}}}
            Dog:
              description: a dog
              allOf:
                - $ref: '#/components/schemas/Pet'
                - type: object
                  properties:
                    bark: {type: boolean}
                    pup:
                      allOf:
                        - $ref: '#/components/schemas/Dog'
                        - {type: object, properties: {age: {type: integer}}}
            Described:
              allOf: [{$ref: '#/components/schemas/Pet'}]
            """);
    String common = compiled(spec).get("t/common.proto");
    assertThat(common)
        .contains("message Dog {\n  optional string name = 1;\n  optional bool bark = 2;\n")
        .contains("  .t.common.Dog.Pup pup = 3;")
        .contains("  message Pup {\n    optional string name = 1;\n    optional bool bark = 2;\n");
  }

  @Test
  void aCycleOfAllOfMergesOneSetOfProperties() {
    // Used to overflow the stack.
    String spec =
        returning(
            "{$ref: '#/components/schemas/A'}",
            """
            A: {allOf: [{$ref: '#/components/schemas/B'}, {type: object, properties: {a: {type: string}}}]}
            B: {allOf: [{$ref: '#/components/schemas/A'}, {type: object, properties: {b: {type: string}}}]}
            """);
    assertThat(compiled(spec).get("t/common.proto"))
        .contains("message A {\n  optional string b = 1;\n  optional string a = 2;\n}");
  }

  @Test
  void anInlineAllOfThatMergesItsOwnComponentAgainIsValueAtTheSecondMerge() {
    // Each level used to copy Node's two properties again down to the depth limit: 2^16 nested
    // messages, minutes of work, and output protoc refused.
    String spec =
        returning(
            "{$ref: '#/components/schemas/Node'}",
            """
            Node:
              type: object
              properties:
                left: {allOf: [{$ref: '#/components/schemas/Node'}, {type: object, properties: {l: {type: string}}}]}
                right: {allOf: [{$ref: '#/components/schemas/Node'}, {type: object, properties: {r: {type: string}}}]}
            """);
    assertThat(compiled(spec).get("t/common.proto"))
        .contains(
            "  message Left {\n    .google.protobuf.Value left = 1;\n"
                + "    .google.protobuf.Value right = 2;\n    optional string l = 3;\n  }")
        .contains("  message Right {\n    .google.protobuf.Value left = 1;\n")
        .doesNotContain("message Left {\n      ");
    Protogen.Generated g =
        Protogen.generate(SpecFixtures.write(dir, spec), "t", NumberingLedger.empty(), false);
    assertThat(g.diagnostics().problems())
        .hasSize(4)
        .allSatisfy(
            p ->
                assertThat(p.reason())
                    .contains(
                        "allOf merges #/components/schemas/Node inside its own inline merge"));
  }

  @Test
  void aSingleRefAllOfIsTheReferenceItself() {
    String spec =
        returning(
            "{type: object, properties: {owner: {description: who, allOf: [{$ref:"
                + " '#/components/schemas/Pet'}]}}}",
            "Pet: {type: object, properties: {name: {type: string}}}");
    assertThat(compiled(spec).get("t/things.proto")).contains("  .t.common.Pet owner = 1;");
  }

  @Test
  void oneOfWithADiscriminatorOrDistinctTypesBecomesAProtoOneof() {
    String spec =
        returning(
            "{$ref: '#/components/schemas/Holder'}",
            """
            Cat: {type: object, properties: {kind: {type: string}, meow: {type: boolean}}}
            Dog: {type: object, properties: {kind: {type: string}, bark: {type: boolean}}}
            Holder:
              type: object
              properties:
                pet:
                  oneOf: [{$ref: '#/components/schemas/Cat'}, {$ref: '#/components/schemas/Dog'}]
                  discriminator: {propertyName: kind}
                size:
                  anyOf: [{type: integer}, {type: string}, {type: array, items: {type: string}}]
                shape:
                  anyOf:
                    - {type: object, required: [r], properties: {r: {type: number}}}
                    - {type: object, required: [w], properties: {w: {type: number}}}
            """);
    String common = compiled(spec).get("t/common.proto");
    assertThat(common)
        .contains("      .t.common.Cat cat = 1;\n      .t.common.Dog dog = 2;")
        .contains("      int64 int_value = 1;\n      string string_value = 2;\n")
        .contains("      .t.common.Holder.Size.ListValue list_value = 3;")
        .contains("      .t.common.Holder.Shape.ObjectValue object_value = 1;");
  }

  @Test
  void anAmbiguousUnionStopsAStrictRunNamingTheSpotAndTheOverride() {
    String spec =
        returning(
            "{type: object, properties: {pet: {oneOf: [{$ref: '#/components/schemas/Cat'},"
                + " {$ref: '#/components/schemas/Dog'}]}}}",
            """
            Cat: {type: object, properties: {meow: {type: boolean}}}
            Dog: {type: object, properties: {bark: {type: boolean}}}
            """);
    Path file = SpecFixtures.write(dir, spec);
    assertThatThrownBy(() -> Protogen.generate(file, "t", NumberingLedger.empty(), false))
        .isInstanceOf(Protogen.MappingException.class)
        .hasMessageContaining(
            "ERROR #/paths/~1things/get/responses/200/content/application~1json/schema"
                + "/properties/pet: ambiguous oneOf")
        .hasMessageContaining("x-protobuf-type: google.protobuf.Value");
    Protogen.Generated lenient = Protogen.generate(file, "t", NumberingLedger.empty(), true);
    SpecFixtures.compile(dir, "lenient", lenient);
    assertThat(lenient.files().get("t/things.proto")).contains(".google.protobuf.Value pet = 1;");
    // The override settles it: the strict run now passes.
    String settled =
        spec.replace("{pet: {oneOf", "{pet: {x-protobuf-type: google.protobuf.Value, oneOf");
    assertThat(compiled(settled).get("t/things.proto")).contains(".google.protobuf.Value pet = 1;");
  }

  @Test
  void nullableAndTheTypeListWithNullAreTheTypeWithPresence() {
    String v30 = returning("{type: object, properties: {n: {type: string, nullable: true}}}", "");
    assertThat(compiled(v30).get("t/things.proto")).contains("  optional string n = 1;");
    String v31 =
        returning(
                "{type: object, properties: {n: {type: [string, 'null']}, o: {type: [object,"
                    + " 'null'], properties: {z: {type: integer}}}}}",
                "")
            .replace("3.0.3", "3.1.0");
    assertThat(compiled(v31).get("t/things.proto"))
        .contains("  optional string n = 1;")
        .contains("  .t.things.GetResponse.O o = 2;");
  }

  @Test
  void aTypeListOfSeveralTypesIsAUnion() {
    String spec =
        returning("{type: object, properties: {v: {type: [string, integer, 'null']}}}", "")
            .replace("3.0.3", "3.1.0");
    assertThat(compiled(spec).get("t/things.proto"))
        .contains("    oneof value {\n      int64 int_value = 1;\n      string string_value = 2;");
  }

  @Test
  void additionalPropertiesTrueIsAStructAndASchemaIsAMap() {
    String spec =
        returning(
            """
            {type: object, properties: {
              any: {type: object, additionalProperties: true},
              counts: {type: object, additionalProperties: {type: integer}},
              lists: {type: object, additionalProperties: {type: array, items: {type: string}}},
              pets: {type: object, additionalProperties: {$ref: '#/components/schemas/Pet'}}}}
            """,
            "Pet: {type: object, properties: {name: {type: string}}}");
    assertThat(compiled(spec).get("t/things.proto"))
        .contains("  .google.protobuf.Struct any = 1;")
        .contains("  map<string, int64> counts = 2;")
        .contains("  map<string, .t.things.GetResponse.ListsValue> lists = 3;")
        .contains("  map<string, .t.common.Pet> pets = 4;");
    // 3.1 reads `true` as a boolean schema: still any JSON object.
    assertThat(compiled(spec.replace("3.0.3", "3.1.0")).get("t/things.proto"))
        .contains("  .google.protobuf.Struct any = 1;")
        .contains("  map<string, .t.common.Pet> pets = 4;");
  }

  @Test
  void recursiveSchemasReferToThemselvesOrFallBackWhenNoMessageIsInBetween() {
    String spec =
        returning(
            "{$ref: '#/components/schemas/Node'}",
            """
            Node:
              type: object
              properties:
                next: {$ref: '#/components/schemas/Node'}
                kids: {type: array, items: {$ref: '#/components/schemas/Node'}}
                nested: {$ref: '#/components/schemas/Nested'}
            Nested: {type: array, items: {$ref: '#/components/schemas/Nested'}}
            """);
    assertThat(compiled(spec).get("t/common.proto"))
        .contains("  .t.common.Node next = 1;\n  repeated .t.common.Node kids = 2;");
  }

  @Test
  void inlineEnumsInParametersAndPathLevelParametersReachTheRequest() {
    String spec =
        SpecFixtures.spec(
            "3.1.0",
            """
            /things/{id}:
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
                - {name: level, in: query, schema: {type: string, enum: [low, high]}}
              get:
                operationId: things.get
                tags: [things]
                parameters:
                  - {name: level, in: query, schema: {type: string, enum: [low, mid, high]}}
                responses: {'204': {description: none}}
            """,
            "");
    assertThat(compiled(spec).get("t/things.proto"))
        .contains("message GetRequest {\n  string id = 1;\n  optional .t.things.GetRequest.Level")
        .contains("    LEVEL_MID = 2 [")
        .contains("returns (.google.protobuf.Empty);");
  }

  @Test
  void theFirstSuccessResponseSpeaksAndDefaultIsAnError() {
    String spec =
        SpecFixtures.spec(
            "3.0.3",
            """
            /things:
              post:
                operationId: things.create
                tags: [things]
                responses:
                  '201': {description: made, content: {application/json: {schema: {$ref: '#/components/schemas/Thing'}}}}
                  '202': {description: later, content: {application/json: {schema: {type: object, properties: {task: {type: string}}}}}}
                  default: {description: error, content: {application/json: {schema: {$ref: '#/components/schemas/Problem'}}}}
            """,
            """
            Thing: {type: object, properties: {id: {type: string}}}
            Problem: {type: object, properties: {detail: {type: string}}}
            """);
    Protogen.Generated g =
        Protogen.generate(SpecFixtures.write(dir, spec), "t", NumberingLedger.empty(), false);
    assertThat(g.diagnostics().problems())
        .extracting(Diagnostics.Problem::pointer)
        .containsExactly("#/paths/~1things/post/responses/202");
    Map<String, String> files = compiled(spec);
    assertThat(files.get("t/things.proto"))
        .contains("returns (.t.common.Thing);")
        .doesNotContain("task");
    assertThat(files.get("t/common.proto")).contains("message Problem {");
  }

  @Test
  void namesThatClashAfterSanitisingReservedWordsAndLeadingDigitsStayDistinct() {
    String spec =
        SpecFixtures.spec(
            "3.0.3",
            """
            /a:
              get:
                operationId: get-thing
                tags: [foo-bar]
                responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/foo-bar'}}}}}
            /b:
              get:
                operationId: get_thing
                tags: [foo_bar]
                responses: {'200': {description: ok, content: {application/json: {schema: {$ref: '#/components/schemas/foo_bar'}}}}}
            /c:
              get:
                operationId: other
                tags: [common]
                responses: {'204': {description: none}}
            """,
            """
            foo-bar:
              type: object
              properties:
                foo-bar: {type: string}
                foo_bar: {type: integer}
                fooBar: {type: boolean}
                message: {type: string}
                syntax: {type: string}
                true: {type: boolean}
                1st: {type: string}
                _x: {type: string}
                x: {type: string}
                mode: {type: string, enum: [a-b, a_b, message, 1st]}
            foo_bar: {type: object, properties: {y: {type: string}}}
            """);
    Map<String, String> files = compiled(spec);
    // Tags foo-bar and foo_bar get a file each; a tag named common does not replace common.proto.
    assertThat(files).containsKeys("t/foo_bar.proto", "t/foo_bar_2.proto", "t/common_2.proto");
    assertThat(files.get("t/common.proto"))
        .contains("message FooBar {\n  optional string foo_bar = 1 [json_name = \"foo-bar\"];")
        .contains("  optional int64 foo_bar_2 = 2 [json_name = \"foo_bar\"];")
        .contains("  optional bool foo_bar_3 = 3 [json_name = \"fooBar\"];")
        .contains("  optional string message = 4;\n  optional string syntax = 5;")
        .contains("  optional string x_1st = 7 [json_name = \"1st\"];")
        .contains("  optional string x_x = 8 [json_name = \"_x\"];\n  optional string x = 9;")
        .contains("    MODE_A_B = 1 [")
        .contains("    MODE_A_B_2 = 2 [")
        .contains("message FooBar2 {");
  }

  @Test
  void aRefOutsideComponentsIsAnErrorNamingTheOverrideAndLenientCarriesIt() {
    String spec =
        returning(
            "{type: object, properties: {a: {type: object, properties: {b: {type: string}}}, c:"
                + " {$ref: '#/paths/~1things/get/responses/200/content/application~1json/schema"
                + "/properties/a'}}}",
            "");
    Path file = SpecFixtures.write(dir, spec);
    assertThatThrownBy(() -> Protogen.generate(file, "t", NumberingLedger.empty(), false))
        .isInstanceOf(Protogen.MappingException.class)
        .hasMessageContaining("points outside #/components/schemas/")
        .hasMessageContaining("x-protobuf-exclude: true");
    Protogen.Generated lenient = Protogen.generate(file, "t", NumberingLedger.empty(), true);
    SpecFixtures.compile(dir, "lenient", lenient);
    assertThat(lenient.diagnostics().problems())
        .extracting(Diagnostics.Problem::severity)
        .containsOnly(Diagnostics.Severity.LOSSY);
  }
}
