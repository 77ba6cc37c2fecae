package dev.duet.compat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Differences from OpenSearch that are tracked gaps, each with its reason: {@code
 * known-differences.txt} lines of the form {@code 039-search-sort-id [rest] reason}. The suite
 * reports them without failing, and fails when one of them starts to match, so the list only
 * shrinks.
 */
final class KnownDifferences {
  static final String FILE = "compat/src/test/resources/known-differences.txt";

  private KnownDifferences() {}

  /** Case key ({@code id [protocol]}) to reason. */
  static Map<String, String> load() {
    Map<String, String> known = new LinkedHashMap<>();
    try (InputStream in = KnownDifferences.class.getResourceAsStream("/known-differences.txt")) {
      if (in == null) {
        return known;
      }
      BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.startsWith("#")) {
          continue;
        }
        int end = trimmed.indexOf(']');
        if (end < 0) {
          throw new IllegalStateException(FILE + ": expected 'id [protocol]  reason': " + line);
        }
        known.put(trimmed.substring(0, end + 1), trimmed.substring(end + 1).strip());
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return known;
  }
}
