package dev.duet.engine.internal.ingest;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code csv}: one CSV line's cells into {@code target_fields}, with quotes as RFC 4180 has them.
 */
public final class CsvProcessor extends BaseProcessor {
  private final String field;
  private final List<String> targets;
  private final char separator;
  private final char quote;
  private final boolean trim;
  private final boolean ignoreMissing;
  private final Object emptyValue;

  private CsvProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    String sep = config.string("separator", ",");
    if (sep.length() != 1) {
      throw config.error("separator", "only single character separators are supported: " + sep);
    }
    String q = config.string("quote", "\"");
    if (q.length() != 1) {
      throw config.error("quote", "only single character quotes are supported: " + q);
    }
    this.separator = sep.charAt(0);
    this.quote = q.charAt(0);
    this.targets = config.strings("target_fields");
    if (targets.isEmpty()) {
      throw config.error("target_fields", "target fields list can't be empty");
    }
    this.trim = config.bool("trim", false);
    this.ignoreMissing = config.bool("ignore_missing", false);
    this.emptyValue = config.object("empty_value");
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new CsvProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    String line = doc.get(field, String.class, ignoreMissing);
    if (line == null) {
      if (ignoreMissing) {
        return doc;
      }
      throw new IllegalArgumentException("field [" + field + "] is null, cannot process it.");
    }
    List<String> cells = cells(line);
    for (int i = 0; i < targets.size() && i < cells.size(); i++) {
      String cell = trim ? cells.get(i).trim() : cells.get(i);
      if (cell.isEmpty()) {
        if (emptyValue != null) {
          doc.set(targets.get(i), emptyValue);
        }
      } else {
        doc.set(targets.get(i), cell);
      }
    }
    return doc;
  }

  private List<String> cells(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    boolean wasQuoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == quote) {
          if (i + 1 < line.length() && line.charAt(i + 1) == quote) {
            cell.append(quote);
            i++;
          } else {
            quoted = false;
          }
        } else {
          cell.append(c);
        }
      } else if (c == quote && (cell.isEmpty() || cell.toString().isBlank()) && !wasQuoted) {
        quoted = true;
        wasQuoted = true;
        cell.setLength(0);
      } else if (c == separator) {
        out.add(cell.toString());
        cell.setLength(0);
        wasQuoted = false;
      } else {
        if (wasQuoted && !Character.isWhitespace(c)) {
          throw new IllegalArgumentException("mismatched quotes");
        }
        cell.append(c);
      }
    }
    if (quoted) {
      throw new IllegalArgumentException("Unmatched quote");
    }
    out.add(cell.toString());
    return out;
  }
}
