package dev.duet.protogen;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import dev.duet.protogen.check.Protoc;
import dev.duet.protogen.postprocess.NumberingLedger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Small OpenAPI specs written to disk for the pipeline to read. */
public final class SpecFixtures {
  private SpecFixtures() {}

  /** One GET operation (tag {@code things}) returning {@code schemaYaml} as component Thing. */
  public static String withSchema(String schemaYaml) {
    return """
        openapi: 3.0.3
        info: {title: t, version: '1'}
        paths:
          /things/{id}:
            get:
              operationId: things.get
              tags: [things]
              parameters:
                - {name: id, in: path, required: true, schema: {type: string}}
              responses:
                '200':
                  description: ok
                  content:
                    application/json:
                      schema: {$ref: '#/components/schemas/Thing'}
        components:
          schemas:
            Thing:
        """
        + indent(schemaYaml, "      ");
  }

  public static Path write(Path dir, String yaml) {
    try {
      Path spec = dir.resolve("spec.yaml");
      Files.writeString(spec, yaml, StandardCharsets.UTF_8);
      return spec;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Protogen.Generated generate(Path dir, String yaml) {
    return Protogen.generate(write(dir, yaml), "t", NumberingLedger.empty(), false);
  }

  /** Writes {@code generated} under {@code dir}/{@code name} and compiles it with protoc. */
  public static FileDescriptorSet compile(Path dir, String name, Protogen.Generated generated) {
    Path out = dir.resolve(name);
    Protogen.write(generated.files(), out);
    return Protoc.locate().compile(out);
  }

  /** A spec with {@code paths} and {@code schemas} (YAML blocks at their keys' indentation). */
  public static String spec(String version, String paths, String schemas) {
    return "openapi: "
        + version
        + "\ninfo: {title: t, version: '1'}\npaths:\n"
        + indent(paths, "  ")
        + (schemas.isBlank() ? "" : "components:\n  schemas:\n" + indent(schemas, "    "));
  }

  private static String indent(String text, String prefix) {
    StringBuilder out = new StringBuilder();
    for (String line : text.strip().split("\n")) {
      out.append(prefix).append(line).append('\n');
    }
    return out.toString();
  }
}
