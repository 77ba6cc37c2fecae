package dev.duet.engine.internal.shard;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.script.Scripts;
import dev.duet.engine.internal.script.UpdateScript;
import dev.duet.engine.internal.source.SourceMerge;
import dev.duet.engine.script.Script;
import java.util.HashMap;
import java.util.Map;
import org.opensearch.script.ScriptException;

/**
 * An update's script run on a document as OpenSearch's {@code UpdateHelper} runs it: {@code ctx}
 * holds {@code _index}, {@code _id}, {@code _version}, {@code _routing}, {@code _now}, {@code op}
 * and the {@code _source} the script changes; the {@code op} it leaves decides what the update
 * does. A script that fails to compile or run fails the update with OpenSearch's 400 {@code
 * illegal_argument_exception} "failed to execute script" over the {@code script_exception}.
 */
final class ScriptedUpdate {
  /** What the script left: {@code ctx.op} and the source as JSON. */
  record Outcome(String op, byte[] source) {}

  private ScriptedUpdate() {}

  static Outcome run(
      Script script,
      String op,
      Map<String, Object> source,
      LuceneIndex index,
      String id,
      String routing,
      long version) {
    Map<String, Object> ctx = new HashMap<>();
    ctx.put("_index", index.name());
    ctx.put("_id", id);
    ctx.put("_version", version);
    ctx.put("_routing", routing);
    ctx.put("_now", System.currentTimeMillis());
    ctx.put("op", op);
    ctx.put("_source", source);
    try {
      UpdateScript.Factory factory = Scripts.compile(script, Scripts.UPDATE);
      factory.newInstance(script.params(), ctx).execute();
    } catch (ScriptException e) {
      throw failed(Scripts.failure(e));
    } catch (DuetException e) {
      throw failed(e);
    }
    Object after = ctx.get("op");
    String newOp = after == null ? "none" : after.toString();
    if (newOp.equals("create") && !op.equals("create")) {
      newOp = "none";
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> changed =
        ctx.get("_source") instanceof Map<?, ?> m ? (Map<String, Object>) m : source;
    Scripts.checkWritable(changed, "update script");
    return new Outcome(newOp, SourceMerge.write(changed));
  }

  private static DuetException failed(DuetException cause) {
    if (cause.type().equals("illegal_argument_exception")
        && !(cause instanceof dev.duet.engine.script.ScriptFailure)) {
      return cause;
    }
    return new DuetException(
        400, "illegal_argument_exception", "failed to execute script", Map.of(), cause);
  }
}
