package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.script.Scripts;
import dev.duet.engine.internal.script.UpdateScript;
import dev.duet.engine.script.Script;
import dev.duet.engine.script.ScriptFailure;
import java.util.LinkedHashMap;
import java.util.Map;
import org.opensearch.script.ScriptException;

/**
 * {@code script}: runs a Painless script over the document, which it reads and changes as {@code
 * ctx} (its source and metadata: {@code ctx.total = ctx.a * params.f}), as OpenSearch's script
 * processor does. The script compiles when the pipeline is stored, so a broken one is refused then.
 * Stored scripts ({@code id}) are not kept by Duet yet and are refused.
 */
public final class ScriptProcessor extends BaseProcessor {
  private final Script script;
  private final UpdateScript.Factory factory;

  private ScriptProcessor(ProcessorConfig config) {
    super(config);
    String source = config.optionalString("source");
    String inline = config.optionalString("inline");
    String id = config.optionalString("id");
    String lang = config.optionalString("lang");
    Object params = config.object("params");
    config.object("options");
    if (source == null) {
      source = inline;
    }
    if (source != null && id != null) {
      throw config.error("source", "Only one of [id] or [source] may be configured");
    }
    if (source == null && id == null) {
      throw ProcessorConfig.parseException(
          "must specify either [source] for an inline script or [id] for a stored script",
          config.type(),
          config.tag(),
          null);
    }
    if (params != null && !(params instanceof Map<?, ?>)) {
      throw config.error(
          "params", "property isn't a map, but of type [" + params.getClass().getName() + "]");
    }
    if (id != null) {
      throw new DuetException(
          404,
          "resource_not_found_exception",
          "unable to find script [" + id + "] in cluster state");
    }
    this.script = new Script(source, null, lang, paramsOf(params));
    try {
      this.factory = Scripts.compile(script, Scripts.INGEST);
    } catch (ScriptFailure e) {
      Map<String, String> meta = new LinkedHashMap<>();
      meta.put("processor_type", config.type());
      if (config.tag() != null) {
        meta.put("processor_tag", config.tag());
      }
      throw e.withMetadata(meta);
    }
  }

  public static Processor create(ProcessorConfig config, Processors registry) {
    return new ScriptProcessor(config);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> paramsOf(Object params) {
    return params == null ? Map.of() : new LinkedHashMap<>((Map<String, Object>) params);
  }

  @Override
  public IngestDocument execute(IngestDocument doc) {
    try {
      factory.newInstance(script.params(), doc.sourceAndMetadata()).execute();
    } catch (ScriptException e) {
      throw Scripts.failure(e);
    }
    Scripts.checkWritable(doc.sourceAndMetadata(), "ingest script");
    return doc;
  }
}
