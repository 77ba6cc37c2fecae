package dev.duet.engine.internal.bulk;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.script.Scripts;
import dev.duet.engine.internal.script.UpdateScript;
import dev.duet.engine.internal.source.SourceMerge;
import dev.duet.engine.script.Script;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.opensearch.script.ScriptException;

/**
 * An update-by-query's script run on one match, as OpenSearch's by-scroll {@code ScriptApplier}
 * runs it: {@code ctx} holds {@code _index}, {@code _id}, {@code _version}, {@code _routing},
 * {@code op} ({@code index}) and the {@code _source} the script changes. The {@code op} it leaves
 * decides what happens: {@code noop} skips the document, {@code delete} deletes it, {@code index}
 * writes the changed source. The metadata may not be changed. {@code _version} is -1, as in
 * OpenSearch, whose by-query scroll does not read versions.
 */
final class ScriptedMatch {
  /** What the script left: {@code noop}, {@code delete} or {@code index}, and the source. */
  record Outcome(String op, byte[] source) {}

  private static final List<String> METADATA = List.of("_index", "_id", "_version", "_routing");

  private ScriptedMatch() {}

  static Outcome run(
      Script script, String index, String id, String routing, long version, byte[] source) {
    Map<String, Object> ctx = new HashMap<>();
    ctx.put("_index", index);
    ctx.put("_id", id);
    ctx.put("_version", version);
    ctx.put("_routing", routing);
    ctx.put("op", "index");
    Map<String, Object> parsed = SourceMerge.parse(source);
    ctx.put("_source", parsed);
    Map<String, Object> before = Map.copyOf(withoutNulls(ctx));
    try {
      UpdateScript.Factory factory = Scripts.compile(script, Scripts.UPDATE);
      factory.newInstance(script.params(), ctx).execute();
    } catch (ScriptException e) {
      throw Scripts.failure(e);
    }
    Object op = ctx.remove("op");
    if (op == null) {
      throw DuetException.illegalArgument("Script cleared operation type");
    }
    for (String key : METADATA) {
      if (!Objects.equals(before.get(key), ctx.get(key))) {
        throw DuetException.illegalArgument("Modifying [" + key + "] not allowed");
      }
    }
    String newOp = op.toString();
    return switch (newOp) {
      case "noop" -> new Outcome("noop", null);
      case "delete" -> new Outcome("delete", null);
      case "index" -> {
        @SuppressWarnings("unchecked")
        Map<String, Object> changed =
            ctx.get("_source") instanceof Map<?, ?> m ? (Map<String, Object>) m : parsed;
        Scripts.checkWritable(changed, "update by query script");
        yield new Outcome("index", SourceMerge.write(changed));
      }
      default ->
          throw DuetException.illegalArgument(
              "Operation type [" + newOp + "] not allowed, only [noop, index, delete] are allowed");
    };
  }

  private static Map<String, Object> withoutNulls(Map<String, Object> ctx) {
    Map<String, Object> out = new HashMap<>();
    ctx.forEach(
        (k, v) -> {
          if (v != null && !k.equals("_source")) {
            out.put(k, v);
          }
        });
    return out;
  }
}
