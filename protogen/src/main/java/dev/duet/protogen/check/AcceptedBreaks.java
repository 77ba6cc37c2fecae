package dev.duet.protogen.check;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Breaks a human has accepted, one per line: {@code RULE subject reason...}; the reason is
 * required. {@code #} starts a comment line.
 */
public final class AcceptedBreaks {
  private final Map<String, String> reasons;

  private AcceptedBreaks(Map<String, String> reasons) {
    this.reasons = reasons;
  }

  public static AcceptedBreaks none() {
    return new AcceptedBreaks(Map.of());
  }

  public static AcceptedBreaks read(Path file) {
    Map<String, String> reasons = new LinkedHashMap<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new CheckException("accepted breaks " + file + ": " + e.getMessage(), e);
    }
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] parts = line.split("\\s+", 3);
      if (parts.length < 3 || parts[2].isBlank()) {
        throw new CheckException(
            file + ":" + (i + 1) + ": expected `RULE subject reason`, the reason is required");
      }
      try {
        Rule.valueOf(parts[0]);
      } catch (IllegalArgumentException e) {
        throw new CheckException(file + ":" + (i + 1) + ": unknown rule " + parts[0], e);
      }
      reasons.put(parts[0] + " " + parts[1], parts[2]);
    }
    return new AcceptedBreaks(reasons);
  }

  /** Why {@code b} is accepted, or null. */
  public String reason(Break b) {
    return reasons.get(b.rule() + " " + b.subject());
  }

  /** Entries that matched none of {@code breaks}: stale, worth deleting. */
  public List<String> unused(List<Break> breaks) {
    List<String> out = new ArrayList<>(reasons.keySet());
    for (Break b : breaks) {
      out.remove(b.rule() + " " + b.subject());
    }
    return out;
  }
}
