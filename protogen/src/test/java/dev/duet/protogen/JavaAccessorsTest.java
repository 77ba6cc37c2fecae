package dev.duet.protogen;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import dev.duet.protogen.check.Protoc;
import dev.duet.protogen.postprocess.NumberingLedger;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * protoc accepts fields whose Java accessors collide ({@code total} and {@code total_bytes}) and
 * writes Java that javac refuses; protogen renames them, and the Java compiles.
 */
class JavaAccessorsTest {
  private static final String CLASHING =
      """
      type: object
      properties:
        total: {type: string}
        total_bytes: {type: integer, format: int64}
        labels: {type: object, additionalProperties: {type: string}}
        labels_map: {type: string}
        kind: {type: string, enum: [a, b]}
        kind_value: {type: integer}
        child: {type: object, properties: {name: {type: string}}}
        child_or_builder: {type: string}
        descriptor: {type: string}
        default_instance: {type: boolean}
      """;

  @TempDir Path dir;

  @Test
  void fieldsWhoseJavaAccessorsClashAreRenamedAndTheJavaCompiles() throws Exception {
    Protogen.Generated g =
        Protogen.generate(
            SpecFixtures.write(dir, SpecFixtures.withSchema(CLASHING)),
            "t",
            NumberingLedger.empty(),
            false);

    assertThat(javacErrors(g, "clash")).isEmpty();
    String common = g.files().get("t/common.proto");
    assertThat(common)
        .contains("string total_text = 1 [json_name = \"total\"];")
        .contains("int64 total_bytes = 2 ")
        .contains("map<string, string> labels_entries = 3 [json_name = \"labels\"];")
        .contains("string labels_map = 4 ")
        .contains("int64 kind_value = 6 ")
        .contains("Thing.Child child_message = 7 [json_name = \"child\"];")
        .contains("string descriptor_field = 9 [json_name = \"descriptor\"];")
        .contains("bool default_instance_field = 10 [json_name = \"default_instance\"];")
        .contains("// Named total_text, not total: the Java accessors of total and total_bytes");
  }

  @Test
  void aPublishedFieldKeepsItsNameAndTheNewcomerIsRenamed() throws Exception {
    NumberingLedger ledger = NumberingLedger.empty();
    Protogen.generate(
        SpecFixtures.write(dir, SpecFixtures.withSchema("properties: {total: {type: string}}")),
        "t",
        ledger,
        false);

    Protogen.Generated next =
        Protogen.generate(
            SpecFixtures.write(
                dir,
                SpecFixtures.withSchema(
                    "properties: {total: {type: string}, total_bytes: {type: integer}}")),
            "t",
            ledger,
            false);

    assertThat(javacErrors(next, "next")).isEmpty();
    assertThat(next.files().get("t/common.proto"))
        .contains("string total = 1")
        .contains("int64 total_bytes_field = 2 [json_name = \"total_bytes\"];");
  }

  /** Writes {@code g}, runs protoc's Java generator and javac over its output: javac's errors. */
  private String javacErrors(Protogen.Generated g, String name)
      throws IOException, URISyntaxException {
    Path protos = dir.resolve(name + "-proto");
    Path java = dir.resolve(name + "-java");
    Protogen.write(g.files(), protos);
    Protoc.locate().compile(protos, java);
    List<String> args = new ArrayList<>();
    args.add("-proc:none");
    args.add("-nowarn");
    args.add("-d");
    args.add(dir.resolve(name + "-classes").toString());
    args.add("-cp");
    args.add(
        Path.of(Message.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString());
    try (Stream<Path> sources = Files.walk(java)) {
      sources.filter(p -> p.toString().endsWith(".java")).forEach(p -> args.add(p.toString()));
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int rc = javac.run(null, OutputStream.nullOutputStream(), errors, args.toArray(String[]::new));
    return rc == 0 ? "" : errors.toString(StandardCharsets.UTF_8);
  }
}
