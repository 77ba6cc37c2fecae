package dev.duet.engine.internal.ingest;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.opensearch.grok.MatcherWatchdog;

/**
 * The ingest processor types the node knows, by name, and the parsing of a pipeline's configuration
 * into processors. A new processor is a class and a line here.
 */
public final class Processors {
  private final Map<String, Processor.Factory> factories = new TreeMap<>();
  private final Function<String, Pipeline> pipelines;
  private final MatcherWatchdog grokWatchdog;

  /**
   * The built-in processors; {@code pipelines} finds stored pipelines for {@code pipeline}, {@code
   * grokWatchdog} interrupts grok matches that run too long.
   */
  public Processors(Function<String, Pipeline> pipelines, MatcherWatchdog grokWatchdog) {
    this.pipelines = pipelines;
    this.grokWatchdog = requireNonNull(grokWatchdog, "grokWatchdog");
    register("append", AppendProcessor::create);
    register("bytes", BytesProcessor::create);
    register("convert", ConvertProcessor::create);
    register("csv", CsvProcessor::create);
    register("date", DateProcessor::create);
    register("dissect", DissectProcessor::create);
    register("dot_expander", DotExpanderProcessor::create);
    register("drop", DropProcessor::create);
    register("fail", FailProcessor::create);
    register("foreach", ForEachProcessor::create);
    register("grok", GrokProcessor::create);
    register("gsub", GsubProcessor::create);
    register("html_strip", HtmlStripProcessor::create);
    register("join", JoinProcessor::create);
    register("json", JsonProcessor::create);
    register("kv", KeyValueProcessor::create);
    register("lowercase", LowercaseProcessor::create);
    register("pipeline", PipelineProcessor::create);
    register("remove", RemoveProcessor::create);
    register("rename", RenameProcessor::create);
    register("script", ScriptProcessor::create);
    register("set", SetProcessor::create);
    register("split", SplitProcessor::create);
    register("trim", TrimProcessor::create);
    register("uppercase", UppercaseProcessor::create);
    register("urldecode", UrlDecodeProcessor::create);
  }

  private void register(String type, Processor.Factory factory) {
    factories.put(type, factory);
  }

  /** The processor types, sorted. */
  public List<String> types() {
    return List.copyOf(factories.keySet());
  }

  /** The node's grok watchdog ({@code ingest.grok.watchdog.*}). */
  public MatcherWatchdog grokWatchdog() {
    return grokWatchdog;
  }

  /** A stored pipeline by id, or null. */
  public Pipeline pipeline(String id) {
    return pipelines.apply(id);
  }

  /** Parses a {@code processors} (or {@code on_failure}) list. */
  public List<ConfiguredProcessor> parseList(Object value, String property) {
    if (value == null) {
      return List.of();
    }
    if (!(value instanceof List<?> list)) {
      throw ProcessorConfig.parseException(
          "["
              + property
              + "] property isn't a list, but of type ["
              + value.getClass().getName()
              + "]",
          null,
          null,
          property);
    }
    List<ConfiguredProcessor> out = new ArrayList<>(list.size());
    for (Object entry : list) {
      if (!(entry instanceof Map<?, ?> map)) {
        throw ProcessorConfig.parseException(
            "[" + property + "] property isn't a list of maps", null, null, property);
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        out.add(parse(String.valueOf(e.getKey()), e.getValue()));
      }
    }
    return out;
  }

  /** Parses one processor of {@code type} from its configuration (a map). */
  @SuppressWarnings("unchecked")
  public ConfiguredProcessor parse(String type, Object configValue) {
    Processor.Factory factory = factories.get(type);
    if (factory == null) {
      throw ProcessorConfig.parseException(
          "No processor type exists with name [" + type + "]", type, null, null);
    }
    if (!(configValue instanceof Map<?, ?>)) {
      throw ProcessorConfig.parseException(
          "processor [" + type + "] config isn't a map", type, null, null);
    }
    Map<String, Object> raw = (Map<String, Object>) configValue;
    Object tagValue = raw.get("tag");
    String tag = tagValue == null ? null : tagValue.toString();
    ProcessorConfig config = new ProcessorConfig(type, tag, raw);
    config.optionalString("tag");
    config.optionalString("description");
    boolean ignoreFailure = config.bool("ignore_failure", false);
    Object onFailureValue = config.object("on_failure");
    List<ConfiguredProcessor> onFailure = parseList(onFailureValue, "on_failure");
    if (onFailureValue instanceof List<?> l && l.isEmpty()) {
      throw config.error("on_failure", "processors list cannot be empty");
    }
    String ifSource = config.optionalString("if");
    Condition condition = ifSource == null ? null : Condition.compile(ifSource, type, tag);
    Processor processor;
    try {
      processor = factory.create(config, this);
    } catch (DuetException e) {
      throw e;
    } catch (IllegalArgumentException | java.time.DateTimeException e) {
      // a processor's own settings were refused: the pipeline's 400, never a 500
      throw ProcessorConfig.parseException(e.getMessage(), type, tag, null);
    }
    config.checkAllRead();
    return new ConfiguredProcessor(processor, condition, ignoreFailure, onFailure);
  }
}
