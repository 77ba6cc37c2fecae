package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.opensearch.grok.Grok;
import org.opensearch.grok.MatcherWatchdog;

/**
 * {@code grok}: named captures from the first of {@code patterns} that matches, with OpenSearch's
 * own grok library (joni) and its pattern bank.
 */
public final class GrokProcessor extends BaseProcessor {
  private static final String PATTERN_MATCH_KEY = "_ingest._grok_match_index";

  private final String field;
  private final List<String> patterns;
  private final boolean traceMatch;
  private final boolean ignoreMissing;
  private final Grok grok;

  private GrokProcessor(ProcessorConfig config, MatcherWatchdog watchdog) {
    super(config);
    this.field = config.string("field");
    this.patterns = config.strings("patterns");
    if (patterns.isEmpty()) {
      throw config.error("patterns", "List of patterns must not be empty");
    }
    Map<String, Object> definitions = config.optionalMap("pattern_definitions");
    this.traceMatch = config.bool("trace_match", false);
    this.ignoreMissing = config.bool("ignore_missing", false);
    config.bool("capture_all_matches", false);
    Map<String, String> bank = new HashMap<>(Grok.BUILTIN_PATTERNS);
    if (definitions != null) {
      definitions.forEach((k, v) -> bank.put(k, String.valueOf(v)));
    }
    try {
      this.grok = new Grok(bank, combine(patterns, traceMatch), watchdog, msg -> {});
    } catch (Exception e) {
      throw config.error(
          "patterns", "Invalid regex pattern found in: " + patterns + ". " + e.getMessage());
    }
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new GrokProcessor(config, registry.grokWatchdog());
  }

  /** The grok pattern bank, as {@code _ingest/processor/grok} lists it. */
  public static Map<String, String> builtinPatterns() {
    return Grok.BUILTIN_PATTERNS;
  }

  private static String combine(List<String> patterns, boolean traceMatch) {
    if (patterns.size() == 1) {
      return patterns.get(0);
    }
    List<String> parts = new ArrayList<>(patterns.size());
    for (int i = 0; i < patterns.size(); i++) {
      parts.add(
          traceMatch
              ? "(?<_ingest._grok_match_index." + i + ">" + patterns.get(i) + ")"
              : "(?:" + patterns.get(i) + ")");
    }
    return String.join("|", parts);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    String value = doc.get(field, String.class, ignoreMissing);
    if (value == null && ignoreMissing) {
      return doc;
    }
    if (value == null) {
      throw new IllegalArgumentException("field [" + field + "] is null, cannot process it.");
    }
    Map<String, Object> matches;
    try {
      matches = grok.captures(value);
    } catch (RuntimeException e) {
      if (e.getClass() != RuntimeException.class) {
        throw e;
      }
      // the watchdog interrupted the match: OpenSearch's runtime_exception, naming the limit
      throw new DuetException(500, "runtime_exception", e.getMessage());
    }
    if (matches == null) {
      throw new IllegalArgumentException(
          "Provided Grok expressions do not match field value: [" + value + "]");
    }
    String matchIndex = null;
    for (Map.Entry<String, Object> e : matches.entrySet()) {
      if (e.getKey().startsWith(PATTERN_MATCH_KEY + ".")) {
        if (e.getValue() != null) {
          matchIndex = e.getKey().substring(PATTERN_MATCH_KEY.length() + 1);
        }
        continue;
      }
      if (e.getValue() != null) {
        doc.set(e.getKey(), e.getValue());
      }
    }
    if (traceMatch) {
      doc.set(PATTERN_MATCH_KEY, patterns.size() == 1 ? "0" : matchIndex);
    }
    return doc;
  }
}
