package dev.duet.engine.document;

import dev.duet.engine.script.Script;
import dev.duet.engine.search.SourceFilter;
import java.util.ArrayList;
import java.util.List;

/**
 * What an update ({@code _update} or a bulk {@code update} item) does: merge {@code doc} (JSON
 * bytes) into the current source, or run {@code script} on it ({@code ctx._source}, {@code
 * ctx.op}), or index {@code upsert} (or {@code doc}, with {@code docAsUpsert}) when the document is
 * missing ({@code scriptedUpsert}: the script runs on the upsert first). {@code fetchSource} is
 * null unless the response should carry the resulting source ({@code get}); {@code retryOnConflict}
 * is how many times a concurrent change is retried before the conflict is reported.
 */
public record UpdateRequest(
    byte[] doc,
    byte[] upsert,
    boolean docAsUpsert,
    boolean detectNoop,
    int retryOnConflict,
    SourceFilter fetchSource,
    Script script,
    boolean scriptedUpsert) {

  public UpdateRequest(
      byte[] doc,
      byte[] upsert,
      boolean docAsUpsert,
      boolean detectNoop,
      int retryOnConflict,
      SourceFilter fetchSource) {
    this(doc, upsert, docAsUpsert, detectNoop, retryOnConflict, fetchSource, null, false);
  }

  /** The options this update has besides its {@code doc}, as OpenSearch defaults them. */
  public static UpdateRequest ofDoc(byte[] doc) {
    return new UpdateRequest(doc, null, false, true, 0, null);
  }

  public UpdateRequest withRetryOnConflict(int retries) {
    return new UpdateRequest(
        doc, upsert, docAsUpsert, detectNoop, retries, fetchSource, script, scriptedUpsert);
  }

  public UpdateRequest withFetchSource(SourceFilter filter) {
    return new UpdateRequest(
        doc, upsert, docAsUpsert, detectNoop, retryOnConflict, filter, script, scriptedUpsert);
  }

  /** The same update with {@code script} resolved (a stored script's source filled in). */
  public UpdateRequest withScript(Script resolved) {
    return new UpdateRequest(
        doc,
        upsert,
        docAsUpsert,
        detectNoop,
        retryOnConflict,
        fetchSource,
        resolved,
        scriptedUpsert);
  }

  /** OpenSearch's {@code UpdateRequest.validate} problems of the body, in its words. */
  public List<String> problems() {
    List<String> out = new ArrayList<>(1);
    if (script == null && doc == null) {
      out.add("script or doc is missing");
    }
    if (script != null && doc != null) {
      out.add("can't provide both script and doc");
    }
    if (doc == null && docAsUpsert) {
      out.add("doc must be specified if doc_as_upsert is enabled");
    }
    return out;
  }
}
