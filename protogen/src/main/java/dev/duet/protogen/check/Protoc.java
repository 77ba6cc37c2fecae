package dev.duet.protogen.check;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Compiles .proto text to descriptors with protoc — the reference compiler, fetched from Maven
 * Central ({@code com.google.protobuf:protoc:VERSION:exe:linux-x86_64}), so that what passes here
 * is what every other protobuf toolchain accepts. Well-known types come from protobuf-java.
 */
public final class Protoc {
  /** The protoc release matching the protobuf-java runtime Duet uses. */
  public static final String VERSION = "3.25.8";

  private static final List<String> WELL_KNOWN =
      List.of(
          "any",
          "api",
          "descriptor",
          "duration",
          "empty",
          "field_mask",
          "source_context",
          "struct",
          "timestamp",
          "type",
          "wrappers");

  private final Path executable;

  private Protoc(Path executable) {
    this.executable = executable;
  }

  /** The protoc named by {@code duet.protoc} or {@code PROTOC}, else the one from Maven. */
  public static Protoc locate() {
    String configured = System.getProperty("duet.protoc", System.getenv("PROTOC"));
    Path exe =
        configured != null && !configured.isBlank()
            ? Path.of(configured)
            : MavenArtifacts.resolve(
                "com.google.protobuf:protoc:" + VERSION + ":exe:" + platformClassifier());
    if (!Files.isExecutable(exe) && !exe.toFile().setExecutable(true)) {
      throw new CheckException("protoc at " + exe + " is not executable");
    }
    return new Protoc(exe);
  }

  /** Compiles every .proto file under {@code root} (imports resolved from root). */
  public FileDescriptorSet compile(Path root) {
    return compile(root, null);
  }

  /**
   * Compiles every .proto file under {@code root} and, when {@code javaOut} is given, writes the
   * Java protoc generates for them there.
   */
  public FileDescriptorSet compile(Path root, Path javaOut) {
    try (Stream<Path> walk = Files.walk(root)) {
      List<String> files =
          walk.filter(p -> p.toString().endsWith(".proto"))
              .map(p -> root.relativize(p).toString().replace('\\', '/'))
              .filter(p -> !p.startsWith("google/protobuf/"))
              .sorted()
              .toList();
      if (files.isEmpty()) {
        throw new CheckException(root + ": no .proto files");
      }
      Path work = Files.createTempDirectory("protogen-protoc");
      Path include = wellKnownTypes(work.resolve("include"));
      Path out = work.resolve("descriptors.pb");
      List<String> cmd = new ArrayList<>();
      cmd.add(executable.toString());
      cmd.add("--proto_path=" + root.toAbsolutePath());
      cmd.add("--proto_path=" + include);
      cmd.add("--include_imports");
      cmd.add("--descriptor_set_out=" + out);
      if (javaOut != null) {
        Files.createDirectories(javaOut);
        cmd.add("--java_out=" + javaOut.toAbsolutePath());
      }
      cmd.addAll(files);
      Process process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(5, TimeUnit.MINUTES) || process.exitValue() != 0) {
        throw new CheckException("protoc failed on " + root + ":\n" + output.strip());
      }
      return FileDescriptorSet.parseFrom(Files.readAllBytes(out));
    } catch (IOException e) {
      throw new CheckException("protoc on " + root + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CheckException("interrupted running protoc", e);
    }
  }

  private static Path wellKnownTypes(Path include) throws IOException {
    Path dir = include.resolve("google/protobuf");
    Files.createDirectories(dir);
    for (String name : WELL_KNOWN) {
      String resource = "google/protobuf/" + name + ".proto";
      try (InputStream in = Protoc.class.getClassLoader().getResourceAsStream(resource)) {
        if (in != null) {
          Files.copy(in, dir.resolve(name + ".proto"));
        }
      }
    }
    return include;
  }

  private static String platformClassifier() {
    String os = System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT);
    String arch = System.getProperty("os.arch");
    String o = os.contains("mac") ? "osx" : os.contains("win") ? "windows" : "linux";
    String a = arch.equals("aarch64") || arch.equals("arm64") ? "aarch_64" : "x86_64";
    return o + "-" + a;
  }
}
