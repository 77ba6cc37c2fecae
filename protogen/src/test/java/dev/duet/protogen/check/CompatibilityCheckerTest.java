package dev.duet.protogen.check;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import dev.duet.protogen.check.Rule.RuleSet;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One case per rule (each must be caught) and the changes that must pass. */
class CompatibilityCheckerTest {
  private static final String BASE =
      """
      syntax = "proto3";
      package t;
      service Things {
        rpc Get(GetRequest) returns (Thing);
        rpc Watch(GetRequest) returns (stream Thing);
      }
      message GetRequest { string id = 1; }
      message Thing {
        string id = 1;
        int32 count = 2;
        repeated string tags = 3;
        oneof kind { string text = 4; int64 number = 5; }
        Status status = 6;
        bytes blob = 7;
        reserved 9;
        map<string, int64> counters = 8;
      }
      message Other { string id = 1; }
      enum Status { STATUS_UNSPECIFIED = 0; STATUS_OK = 1; STATUS_GONE = 2; reserved 5; }
      """;

  @TempDir Path dir;

  private List<Break> check(String oldText, String newText, RuleSet rules) throws IOException {
    return CompatibilityChecker.check(compile("old", oldText), compile("new", newText), rules);
  }

  private List<Rule> rulesBroken(String newText) throws IOException {
    return check(BASE, newText, RuleSet.WIRE_JSON).stream().map(Break::rule).distinct().toList();
  }

  private FileDescriptorSet compile(String name, String text) throws IOException {
    Path root = dir.resolve(name);
    Files.createDirectories(root.resolve("t"));
    Files.writeString(root.resolve("t/api.proto"), text);
    return Protoc.locate().compile(root);
  }

  @Test
  void theBaseIsCompatibleWithItself() throws IOException {
    assertThat(check(BASE, BASE, RuleSet.WIRE_JSON)).isEmpty();
  }

  @Test
  void addingFieldsRpcsMessagesAndEnumValuesPasses() throws IOException {
    String added =
        BASE.replace("rpc Watch(", "rpc Count(GetRequest) returns (Other);\n  rpc Watch(")
            .replace(
                "map<string, int64> counters = 8;",
                "map<string, int64> counters = 8;\n  string note = 10;")
            .replace("STATUS_GONE = 2;", "STATUS_GONE = 2; STATUS_NEW = 3;")
            .replace("message Other {", "message Extra { int32 n = 1; }\nmessage Other {");
    assertThat(check(BASE, added, RuleSet.WIRE_JSON)).isEmpty();
  }

  @Test
  void removingAFieldWithItsNumberAndNameReservedPasses() throws IOException {
    String reserved = BASE.replace("bytes blob = 7;", "reserved 7;\n  reserved \"blob\";");
    assertThat(check(BASE, reserved, RuleSet.WIRE_JSON)).isEmpty();
  }

  @Test
  void fieldDeletedWithoutReserve() throws IOException {
    assertThat(rulesBroken(BASE.replace("bytes blob = 7;", "")))
        .containsExactly(
            Rule.FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED, Rule.FIELD_NO_DELETE_UNLESS_NAME_RESERVED);
    // WIRE alone does not care about the name.
    assertThat(check(BASE, BASE.replace("bytes blob = 7;", ""), RuleSet.WIRE))
        .extracting(Break::rule)
        .containsExactly(Rule.FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED);
  }

  @Test
  void reservedNumberReused() throws IOException {
    assertThat(rulesBroken(BASE.replace("reserved 9;", "string extra = 9;")))
        .containsExactly(Rule.RESERVED_NUMBER_REUSED);
  }

  @Test
  void wireIncompatibleTypeChange() throws IOException {
    List<Break> breaks =
        check(BASE, BASE.replace("int32 count = 2;", "string count = 2;"), RuleSet.WIRE);
    assertThat(breaks).extracting(Break::rule).containsExactly(Rule.FIELD_WIRE_COMPATIBLE_TYPE);
    assertThat(breaks.get(0).subject()).isEqualTo("t.Thing.count");
    assertThat(breaks.get(0).message()).isEqualTo("type changed from int32 to string");
  }

  @Test
  void messageTypeChange() throws IOException {
    assertThat(
            rulesBroken(
                BASE.replace("string id = 1;\n  int32 count", "Other id = 1;\n  int32 count")))
        .containsExactly(Rule.FIELD_WIRE_COMPATIBLE_TYPE);
  }

  @Test
  void wireCompatibleButJsonIncompatibleTypeChange() throws IOException {
    String widened = BASE.replace("int32 count = 2;", "int64 count = 2;");
    assertThat(check(BASE, widened, RuleSet.WIRE)).isEmpty();
    assertThat(rulesBroken(widened)).containsExactly(Rule.FIELD_WIRE_JSON_COMPATIBLE_TYPE);
  }

  @Test
  void labelChange() throws IOException {
    assertThat(rulesBroken(BASE.replace("repeated string tags = 3;", "string tags = 3;")))
        .containsExactly(Rule.FIELD_WIRE_COMPATIBLE_CARDINALITY);
  }

  @Test
  void oneofChange() throws IOException {
    String moved =
        BASE.replace(
            "oneof kind { string text = 4; int64 number = 5; }",
            "string text = 4;\n  oneof kind { int64 number = 5; }");
    assertThat(rulesBroken(moved)).containsExactly(Rule.FIELD_SAME_ONEOF);
  }

  @Test
  void fieldRenamed() throws IOException {
    assertThat(rulesBroken(BASE.replace("bytes blob = 7;", "bytes payload = 7;")))
        .containsExactly(Rule.FIELD_SAME_NAME, Rule.FIELD_SAME_JSON_NAME);
  }

  @Test
  void jsonNameChanged() throws IOException {
    String renamed = BASE.replace("bytes blob = 7;", "bytes blob = 7 [json_name = \"_blob\"];");
    assertThat(check(BASE, renamed, RuleSet.WIRE)).isEmpty();
    assertThat(rulesBroken(renamed)).containsExactly(Rule.FIELD_SAME_JSON_NAME);
  }

  @Test
  void enumValueDeleted() throws IOException {
    assertThat(rulesBroken(BASE.replace("STATUS_GONE = 2;", "")))
        .containsExactly(
            Rule.ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED,
            Rule.ENUM_VALUE_NO_DELETE_UNLESS_NAME_RESERVED);
  }

  @Test
  void enumValueRenumbered() throws IOException {
    List<Break> breaks =
        check(BASE, BASE.replace("STATUS_GONE = 2;", "STATUS_GONE = 3;"), RuleSet.WIRE);
    assertThat(breaks)
        .extracting(Break::rule)
        .containsExactly(Rule.ENUM_VALUE_NO_DELETE_UNLESS_NUMBER_RESERVED);
    assertThat(breaks.get(0).message()).isEqualTo("renumbered from 2 to 3");
  }

  @Test
  void enumValuesSwapped() throws IOException {
    String swapped =
        BASE.replace("STATUS_OK = 1; STATUS_GONE = 2;", "STATUS_OK = 2; STATUS_GONE = 1;");
    assertThat(rulesBroken(swapped)).containsExactly(Rule.ENUM_VALUE_SAME_NAME);
  }

  @Test
  void rpcRequestAndResponseTypeChanged() throws IOException {
    assertThat(
            rulesBroken(
                BASE.replace(
                    "rpc Get(GetRequest) returns (Thing);", "rpc Get(Other) returns (Thing);")))
        .containsExactly(Rule.RPC_SAME_REQUEST_TYPE);
    assertThat(
            rulesBroken(
                BASE.replace(
                    "rpc Get(GetRequest) returns (Thing);",
                    "rpc Get(GetRequest) returns (Other);")))
        .containsExactly(Rule.RPC_SAME_RESPONSE_TYPE);
  }

  @Test
  void rpcStreamingChangedOrRpcDeleted() throws IOException {
    assertThat(rulesBroken(BASE.replace("returns (stream Thing)", "returns (Thing)")))
        .containsExactly(Rule.RPC_SAME_SERVER_STREAMING);
    assertThat(rulesBroken(BASE.replace("rpc Get(GetRequest) returns (Thing);", "")))
        .containsExactly(Rule.RPC_NO_DELETE);
  }

  @Test
  void packageChanged() throws IOException {
    List<Break> breaks = check(BASE, BASE.replace("package t;", "package t2;"), RuleSet.WIRE);
    assertThat(breaks).extracting(Break::rule).contains(Rule.FILE_SAME_PACKAGE, Rule.RPC_NO_DELETE);
    assertThat(breaks.get(0).message()).isEqualTo("package changed from t to t2");
  }

  @Test
  void mapToRepeatedIsACardinalityChange() throws IOException {
    String changed =
        BASE.replace("map<string, int64> counters = 8;", "repeated Other counters = 8;");
    assertThat(rulesBroken(changed)).contains(Rule.FIELD_WIRE_COMPATIBLE_CARDINALITY);
  }
}
