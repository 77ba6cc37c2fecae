package dev.duet.engine.internal.ingest;

import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/** {@code gsub}: replaces the matches of {@code pattern} with {@code replacement}. */
public final class GsubProcessor extends StringFieldProcessor {
  private final Pattern pattern;
  private final String replacement;

  private GsubProcessor(ProcessorConfig config, Pattern pattern, String replacement) {
    super(config);
    this.pattern = pattern;
    this.replacement = replacement;
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    String regex = config.string("pattern");
    Pattern pattern;
    try {
      pattern = Pattern.compile(regex);
    } catch (PatternSyntaxException e) {
      throw config.error("pattern", "Invalid regex pattern. " + e.getMessage());
    }
    String replacement = config.string("replacement");
    return new GsubProcessor(config, pattern, replacement);
  }

  @Override
  Object process(String value) {
    return pattern.matcher(value).replaceAll(replacement);
  }
}
