package dev.duet.compat.yaml;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Closes the suite's open version ranges at 3.99.99 in the unpacked test files. The 2.19 runner
 * ends an open range ({@code "3.0.0 - "}, {@code "all"}) at its own version, 2.19.0, so against a
 * 3.8.0 server a skip from 3.0.0 on would not skip and a {@code node_selector} from 3.0.0 on would
 * reject every node; 3.99.99 is the highest version the runner reads as OpenSearch's (a 4.x or
 * above it reads as an Elasticsearch one, below OpenSearch 1.0).
 */
public final class OpenRanges {

  static final String END = "3.99.99";
  private static final Pattern VERSION_LINE =
      Pattern.compile("^(\\s*(?:-\\s*)?version:\\s*)\"([^\"]*)\"(.*)$");

  private OpenRanges() {}

  /** Rewrites every {@code .yml} under {@code root} whose version ranges are open. */
  public static void close(Path root) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(p -> p.toString().endsWith(".yml")).toList();
    }
    for (Path file : files) {
      String text = Files.readString(file, StandardCharsets.UTF_8);
      String closed = closeText(text);
      if (!closed.equals(text)) {
        Files.writeString(file, closed, StandardCharsets.UTF_8);
      }
    }
  }

  static String closeText(String text) {
    String[] lines = text.split("\n", -1);
    List<String> out = new ArrayList<>(lines.length);
    for (String line : lines) {
      Matcher m = VERSION_LINE.matcher(line);
      if (m.matches()) {
        out.add(m.group(1) + "\"" + closeRanges(m.group(2)) + "\"" + m.group(3));
      } else {
        out.add(line);
      }
    }
    return String.join("\n", out);
  }

  static String closeRanges(String ranges) {
    if (ranges.trim().equals("all")) {
      return " - " + END;
    }
    String[] parts = ranges.split(",", -1);
    for (int i = 0; i < parts.length; i++) {
      String part = parts[i];
      if (part.contains("-") && part.trim().endsWith("-")) {
        parts[i] = part.stripTrailing() + " " + END;
      }
    }
    return String.join(",", parts);
  }
}
