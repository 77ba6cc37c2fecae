package dev.duet.protogen;

import dev.duet.protogen.convert.ProtoRenderer;
import dev.duet.protogen.model.ProtoFile;
import dev.duet.protogen.postprocess.JavaAccessors;
import dev.duet.protogen.postprocess.NumberingLedger;
import dev.duet.protogen.preprocess.Diagnostics;
import dev.duet.protogen.preprocess.Preprocessor;
import dev.duet.protogen.preprocess.SpecLoader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/** The pipeline: preprocess (spec → model), postprocess numbering (ledger), convert (text). */
public final class Protogen {
  private Protogen() {}

  /** Generated files (relative path → proto text) and what could not be mapped. */
  public record Generated(Map<String, String> files, Diagnostics diagnostics) {}

  /**
   * Generates protos for {@code spec}; {@code ledger} is updated in place. Unmappable spots are
   * errors unless {@code lenient}, which carries them as google.protobuf.Value and reports them.
   *
   * @throws MappingException listing every error by JSON pointer
   */
  public static Generated generate(
      Path spec, String protoPackage, NumberingLedger ledger, boolean lenient) {
    Preprocessor.Result result =
        new Preprocessor(SpecLoader.load(spec), protoPackage, lenient).run();
    if (!result.diagnostics().errors().isEmpty()) {
      throw new MappingException(result.diagnostics().errors());
    }
    List<ProtoFile> files = result.files();
    JavaAccessors.settle(files, ledger);
    ledger.apply(files);
    ProtoRenderer renderer =
        new ProtoRenderer(spec.getFileName().toString(), result.options().protoPackage());
    Map<String, String> out = new TreeMap<>();
    for (ProtoFile f : files) {
      out.put(f.path(), renderer.render(f));
      if (f.imports().contains(result.options().path())) {
        out.put(result.options().path(), renderer.renderOptions(result.options()));
      }
    }
    return new Generated(out, result.diagnostics());
  }

  /**
   * Writes {@code files} under {@code dir}, removing .proto files there that are not among them.
   */
  public static void write(Map<String, String> files, Path dir) {
    try {
      Files.createDirectories(dir);
      try (Stream<Path> existing = Files.walk(dir)) {
        for (Path p : existing.filter(p -> p.toString().endsWith(".proto")).toList()) {
          if (!files.containsKey(dir.relativize(p).toString().replace('\\', '/'))) {
            Files.delete(p);
          }
        }
      }
      for (Map.Entry<String, String> f : files.entrySet()) {
        Path target = dir.resolve(f.getKey());
        Files.createDirectories(target.getParent());
        Files.writeString(target, f.getValue(), StandardCharsets.UTF_8);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Reads every .proto file under {@code dir}, by relative path. */
  public static Map<String, String> read(Path dir) {
    Map<String, String> out = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".proto")).toList()) {
        out.put(
            dir.relativize(p).toString().replace('\\', '/'),
            Files.readString(p, StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** The spec has spots that need a human decision; each problem names its JSON pointer. */
  public static final class MappingException extends RuntimeException {
    private final List<Diagnostics.Problem> problems;

    public MappingException(List<Diagnostics.Problem> problems) {
      super(
          problems.size()
              + " spot(s) in the spec cannot be mapped:\n  "
              + String.join("\n  ", problems.stream().map(Object::toString).toList()));
      this.problems = List.copyOf(problems);
    }

    public List<Diagnostics.Problem> problems() {
      return problems;
    }
  }
}
