package dev.duet.protogen.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.duet.protogen.SpecFixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProtogenCliTest {
  private static final String OLD =
      "syntax = \"proto3\";\npackage t;\nmessage A { string x = 1; int32 y = 2; }\n";

  @TempDir Path dir;
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cli = ProtogenCli.commandLine();
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    return cli.execute(args);
  }

  private Path protos(String name, String text) throws Exception {
    Path root = dir.resolve(name);
    Files.createDirectories(root.resolve("t"));
    Files.writeString(root.resolve("t/a.proto"), text);
    return root;
  }

  @Test
  void checkExitsZeroWhenCompatible() throws Exception {
    Path old = protos("old", OLD);
    Path neu = protos("new", OLD.replace("int32 y = 2;", "int32 y = 2; string z = 3;"));
    assertThat(run("check", "--old", old.toString(), "--new", neu.toString())).isEqualTo(0);
    assertThat(out.toString()).contains("added field t.A.z = 3").contains("0 breaking change(s)");
  }

  @Test
  void checkExitsOneOnABreakUnlessItIsAccepted() throws Exception {
    Path old = protos("old", OLD);
    Path neu = protos("new", OLD.replace(" int32 y = 2;", ""));
    assertThat(run("check", "--old", old.toString(), "--new", neu.toString())).isEqualTo(1);
    assertThat(out.toString())
        .contains("BREAK    FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED t.A.y: field 2 deleted")
        .contains("2 breaking change(s), 0 accepted; BREAKING");

    Path accepted = dir.resolve("accepted.txt");
    Files.writeString(
        accepted,
        "FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED t.A.y never released\n"
            + "FIELD_NO_DELETE_UNLESS_NAME_RESERVED t.A.y never released\n");
    out.getBuffer().setLength(0);
    assertThat(
            run(
                "check",
                "--old",
                old.toString(),
                "--new",
                neu.toString(),
                "--accepted",
                accepted.toString()))
        .isEqualTo(0);
    assertThat(out.toString()).contains("0 breaking change(s), 2 accepted; compatible");
  }

  @Test
  void checkExitsTwoOnBadInput() throws Exception {
    Path old = protos("old", OLD);
    Path broken = protos("new", "syntax = \"proto3\";\nmessage {\n");
    assertThat(run("check", "--old", old.toString(), "--new", dir.resolve("missing").toString()))
        .isEqualTo(2);
    assertThat(err.toString())
        .contains("not a folder, a descriptor set, a jar, or group:artifact:version");
    assertThat(run("check", "--old", old.toString(), "--new", broken.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("protoc failed");
  }

  @Test
  void checkReadsPublishedReleasesByMavenCoordinates() {
    int code =
        run(
            "check",
            "--old",
            "org.opensearch:protobufs:1.6.0",
            "--new",
            "org.opensearch:protobufs:1.7.0");
    assertThat(err.toString()).isEmpty();
    assertThat(code).isEqualTo(0);
    assertThat(out.toString())
        .contains("added message org.opensearch.protobufs.StoredLtrQuery")
        .contains("compatible");
  }

  @Test
  void checkFindsTheBreaksOfGoingBackAVersion() {
    int code =
        run(
            "check",
            "--old",
            "org.opensearch:protobufs:1.7.0",
            "--new",
            "org.opensearch:protobufs:1.6.0");
    assertThat(code).isEqualTo(1);
    assertThat(out.toString())
        .contains(
            "FIELD_NO_DELETE_UNLESS_NUMBER_RESERVED org.opensearch.protobufs.QueryContainer.sltr");
  }

  @Test
  void generateWritesProtosAndTheLedger() throws Exception {
    Path spec =
        SpecFixtures.write(
            dir, SpecFixtures.withSchema("type: object\nproperties: {a: {type: string}}"));
    Path outDir = dir.resolve("out");
    Path ledger = dir.resolve("ledger.json");
    assertThat(
            run(
                "generate",
                "--spec",
                spec.toString(),
                "--out",
                outDir.toString(),
                "--ledger",
                ledger.toString(),
                "--package",
                "t"))
        .isEqualTo(0);
    assertThat(outDir.resolve("t/common.proto")).exists();
    assertThat(outDir.resolve("t/things.proto")).exists();
    assertThat(Files.readString(ledger)).contains("\"t.common.Thing\"");
  }

  @Test
  void generateNamesThePointerOfWhatItCannotMapWithoutAStackTrace() throws Exception {
    Path spec =
        SpecFixtures.write(
            dir,
            SpecFixtures.withSchema(
                "type: object\nproperties:\n  v:\n    oneOf: [{type: object}, {type: object}]"));
    assertThat(run("generate", "--spec", spec.toString(), "--out", dir.resolve("out").toString()))
        .isEqualTo(2);
    assertThat(err.toString())
        .contains(
            "ERROR #/components/schemas/Thing/properties/v: ambiguous oneOf: branches 0 and 1 are both JSON objects")
        .doesNotContain("\tat ");
  }
}
