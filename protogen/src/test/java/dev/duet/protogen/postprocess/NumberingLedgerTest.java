package dev.duet.protogen.postprocess;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.protogen.Protogen;
import dev.duet.protogen.SpecFixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NumberingLedgerTest {
  @TempDir Path dir;

  private String generate(NumberingLedger ledger, String schema) {
    Path spec = SpecFixtures.write(dir, SpecFixtures.withSchema(schema));
    return Protogen.generate(spec, "t", ledger, false).files().get("t/common.proto");
  }

  @Test
  void aFieldKeepsItsNumberAndARemovedOneIsReserved() {
    NumberingLedger ledger = NumberingLedger.empty();
    generate(
        ledger,
        "type: object\nproperties: {a: {type: string}, b: {type: string}, c: {type: string}}");
    Path file = dir.resolve("ledger.json");
    ledger.write(file);

    // b removed, d added before c: c keeps 3, d gets 4, b's number and name are reserved.
    String next =
        generate(
            NumberingLedger.read(file),
            "type: object\nproperties: {a: {type: string}, d: {type: string}, c: {type: string}}");
    assertThat(next)
        .contains(
            "message Thing {\n"
                + "  optional string a = 1;\n"
                + "  optional string c = 3;\n"
                + "  optional string d = 4;\n"
                + "  reserved 2;\n"
                + "  reserved \"b\";\n"
                + "}");
  }

  @Test
  void aNameThatComesBackGetsANewNumber() {
    NumberingLedger ledger = NumberingLedger.empty();
    generate(ledger, "type: object\nproperties: {a: {type: string}, b: {type: string}}");
    generate(ledger, "type: object\nproperties: {a: {type: string}}");
    String back =
        generate(ledger, "type: object\nproperties: {a: {type: string}, b: {type: integer}}");
    assertThat(back)
        .contains("  optional string a = 1;\n  optional int64 b = 3;\n  reserved 2;\n}")
        .doesNotContain("reserved \"b\"");
  }

  @Test
  void enumValuesAreNumberedTheSameWay() {
    NumberingLedger ledger = NumberingLedger.empty();
    generate(ledger, "type: string\nenum: [red, green]");
    String next = generate(ledger, "type: string\nenum: [blue, green]");
    assertThat(next)
        .contains(
            "enum Thing {\n"
                + "  THING_UNSPECIFIED = 0;\n"
                + "  THING_GREEN = 2 [(.t.options.json_value) = \"green\"];\n"
                + "  THING_BLUE = 3 [(.t.options.json_value) = \"blue\"];\n"
                + "  reserved 1;\n"
                + "  reserved \"THING_RED\";\n"
                + "}");
  }

  @Test
  void theLedgerFileIsStableText() {
    NumberingLedger ledger = NumberingLedger.empty();
    generate(ledger, "type: object\nproperties: {b: {type: string}, a: {type: string}}");
    String once = ledger.toJson();
    generate(ledger, "type: object\nproperties: {b: {type: string}, a: {type: string}}");
    assertThat(ledger.toJson()).isEqualTo(once);
    assertThat(once).contains("\"t.common.Thing\"").contains("\"b\" : 1");
  }
}
