package dev.duet.protogen.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Finds an artifact in the local Maven repository, fetching it through Maven (the wrapper of the
 * checkout, else {@code mvn}) when it is not there yet.
 */
public final class MavenArtifacts {
  private MavenArtifacts() {}

  /** Whether {@code s} looks like {@code group:artifact:version[:type[:classifier]]}. */
  public static boolean isCoordinates(String s) {
    String[] parts = s.split(":");
    return parts.length >= 3 && parts.length <= 5 && !s.contains("/") && !s.contains("\\");
  }

  /** The artifact file for {@code group:artifact:version[:type[:classifier]]}. */
  public static Path resolve(String coordinates) {
    String[] p = coordinates.split(":");
    String type = p.length > 3 ? p[3] : "jar";
    String classifier = p.length > 4 ? p[4] : null;
    Path file =
        localRepository()
            .resolve(p[0].replace('.', '/'))
            .resolve(p[1])
            .resolve(p[2])
            .resolve(p[1] + "-" + p[2] + (classifier == null ? "" : "-" + classifier) + "." + type);
    if (!Files.exists(file)) {
      fetch(
          p[0]
              + ":"
              + p[1]
              + ":"
              + p[2]
              + ":"
              + type
              + (classifier == null ? "" : ":" + classifier));
    }
    if (!Files.exists(file)) {
      throw new CheckException(coordinates + ": not found (looked for " + file + ")");
    }
    return file;
  }

  static Path localRepository() {
    String configured = System.getProperty("maven.repo.local");
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    return Path.of(System.getProperty("user.home"), ".m2", "repository");
  }

  private static void fetch(String artifact) {
    List<String> cmd = new ArrayList<>();
    Path wrapper = findWrapper();
    cmd.add(wrapper != null ? wrapper.toString() : "mvn");
    cmd.addAll(
        List.of(
            "-q",
            "-B",
            "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:get",
            "-Dartifact=" + artifact,
            "-Dtransitive=false",
            "-Dmaven.repo.local=" + localRepository()));
    try {
      Process process =
          new ProcessBuilder(cmd)
              .directory(wrapper != null ? wrapper.getParent().toFile() : null)
              .redirectErrorStream(true)
              .start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!process.waitFor(10, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        throw new CheckException("fetching " + artifact + " through Maven timed out");
      }
      if (process.exitValue() != 0) {
        throw new CheckException("Maven could not fetch " + artifact + ": " + reason(output));
      }
    } catch (IOException e) {
      throw new CheckException("cannot run Maven to fetch " + artifact + ": " + e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CheckException("interrupted fetching " + artifact, e);
    }
  }

  /** Maven's own words for a failed resolution, without its stack of help lines. */
  private static String reason(String output) {
    for (String line : output.split("\n")) {
      int at = line.indexOf("Couldn't download artifact: ");
      if (at >= 0) {
        return line.substring(at + "Couldn't download artifact: ".length())
            .replace(" -> [Help 1]", "");
      }
    }
    return "see `mvn dependency:get -Dartifact=...` for details";
  }

  /** The checkout's mvnw: from {@code duet.root}, else the working directory and its parents. */
  private static Path findWrapper() {
    String root = System.getProperty("duet.root");
    Path dir = root != null ? Path.of(root) : Path.of("").toAbsolutePath();
    for (Path d = dir; d != null; d = d.getParent()) {
      Path candidate = d.resolve("mvnw");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    return null;
  }
}
