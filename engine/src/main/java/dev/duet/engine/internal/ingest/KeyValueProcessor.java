package dev.duet.engine.internal.ingest;

import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** {@code kv}: {@code key=value} pairs of a string as fields. */
public final class KeyValueProcessor extends BaseProcessor {
  private final String field;
  private final Pattern fieldSplit;
  private final Pattern valueSplit;
  private final String targetField;
  private final Set<String> includeKeys;
  private final Set<String> excludeKeys;
  private final boolean ignoreMissing;
  private final String prefix;
  private final String trimKey;
  private final String trimValue;
  private final boolean stripBrackets;

  private KeyValueProcessor(ProcessorConfig config) {
    super(config);
    this.field = config.string("field");
    this.targetField = config.optionalString("target_field");
    this.fieldSplit = Pattern.compile(config.string("field_split"));
    this.valueSplit = Pattern.compile(config.string("value_split"));
    List<String> include = config.optionalStrings("include_keys", false);
    List<String> exclude = config.optionalStrings("exclude_keys", false);
    this.includeKeys = include == null ? null : Set.copyOf(include);
    this.excludeKeys = exclude == null ? null : Set.copyOf(exclude);
    this.ignoreMissing = config.bool("ignore_missing", false);
    this.prefix = config.string("prefix", "");
    this.trimKey = config.optionalString("trim_key");
    this.trimValue = config.optionalString("trim_value");
    this.stripBrackets = config.bool("strip_brackets", false);
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new KeyValueProcessor(config);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    String value = doc.get(field, String.class, ignoreMissing);
    if (value == null) {
      if (ignoreMissing) {
        return doc;
      }
      throw new IllegalArgumentException(
          "field [" + field + "] is null, cannot extract key-value pairs.");
    }
    for (String pair : fieldSplit.split(value)) {
      String[] kv = valueSplit.split(pair, 2);
      if (kv.length != 2) {
        throw new IllegalArgumentException(
            "field [" + field + "] does not contain value_split [" + valueSplit.pattern() + "]");
      }
      String key = trim(kv[0], trimKey);
      String val = trim(kv[1], trimValue);
      if (stripBrackets) {
        val = val.replaceAll("^[\\(\\[<\"']+|[\\)\\]>\"']+$", "");
      }
      if ((includeKeys != null && !includeKeys.contains(key))
          || (excludeKeys != null && excludeKeys.contains(key))) {
        continue;
      }
      String path = (targetField == null ? "" : targetField + ".") + prefix + key;
      if (doc.has(path)) {
        doc.append(path, val, true);
      } else {
        doc.set(path, val);
      }
    }
    return doc;
  }

  private static String trim(String s, String chars) {
    if (chars == null) {
      return s;
    }
    int start = 0;
    int end = s.length();
    while (start < end && chars.indexOf(s.charAt(start)) >= 0) {
      start++;
    }
    while (end > start && chars.indexOf(s.charAt(end - 1)) >= 0) {
      end--;
    }
    return s.substring(start, end);
  }
}
