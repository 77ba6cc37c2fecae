package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.document.GetResult;
import dev.duet.engine.document.MultiGetRequest;
import dev.duet.engine.document.MultiGetResponse;
import dev.duet.engine.document.VersionCheck;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SourceFilter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Gets by id — one ({@code GET _doc}) or many ({@code _mget}) — with {@code _source} filtering,
 * {@code realtime}, {@code refresh} and a {@code version} check. Shared by every transport.
 */
public final class GetAction {
  private final Engine engine;

  public GetAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
  }

  /** {@code _termvectors}: one document's term vectors (an alias's one index resolved). */
  public dev.duet.engine.document.TermVectorsResult termVectors(
      dev.duet.engine.document.TermVectorsRequest request) {
    return engine.termVectors(request);
  }

  public GetResult execute(String index, String id) {
    return engine.get(index, id);
  }

  /** The document with its source filtered; {@code filter} null means the whole source. */
  public GetResult execute(String index, String id, SourceFilter filter) {
    return filter(engine.get(index, id), filter);
  }

  /**
   * A get with OpenSearch's options: realtime, or from the searcher (refreshed first when {@code
   * refresh}); a found document whose version is not {@code version} (unless {@link
   * VersionCheck#MATCH_ANY}) is a 409.
   */
  public GetResult execute(
      String index,
      String id,
      SourceFilter filter,
      boolean realtime,
      boolean refresh,
      long version) {
    return execute(index, id, null, filter, realtime, refresh, version);
  }

  /** As {@link #execute(String, String, SourceFilter, boolean, boolean, long)}, with routing. */
  public GetResult execute(
      String index,
      String id,
      String routing,
      SourceFilter filter,
      boolean realtime,
      boolean refresh,
      long version) {
    if (refresh && !realtime) {
      // A realtime get already sees every acknowledged write; OpenSearch then refreshes only its
      // internal reader, which search does not use, so only a non-realtime get refreshes.
      engine.refresh(index);
    }
    GetResult result = engine.get(index, id, routing, realtime);
    if (version != VersionCheck.MATCH_ANY && result.found() && result.version() != version) {
      Map<String, String> meta = new LinkedHashMap<>();
      meta.put("index", result.index());
      meta.put("shard", "0");
      meta.put("index_uuid", engine.index(result.index()).uuid());
      throw new DuetException(
          409,
          "version_conflict_engine_exception",
          "["
              + id
              + "]: version conflict, current version ["
              + result.version()
              + "] is different than the one provided ["
              + version
              + "]",
          meta,
          null);
    }
    return filter(result, filter);
  }

  /**
   * {@code GET /{index}/_source/{id}}: the document's source alone, filtered; 400 when the filter
   * turns the source off, 404 {@code resource_not_found_exception} for a missing document, as
   * OpenSearch's get-source action answers.
   */
  public byte[] source(
      String index,
      String id,
      String routing,
      SourceFilter filter,
      boolean realtime,
      boolean refresh) {
    if (filter != null && !filter.fetch()) {
      throw DuetException.badRequest(
          "action_request_validation_exception",
          "Validation Failed: 1: fetching source can not be disabled;");
    }
    GetResult result =
        execute(index, id, routing, filter, realtime, refresh, VersionCheck.MATCH_ANY);
    if (!result.found() || result.source() == null) {
      // A found document without a source: its mapping keeps none (_source enabled: false).
      String what = result.found() ? "Source not found [" : "Document not found [";
      throw new DuetException(
          404, "resource_not_found_exception", what + result.index() + "]/[" + id + "]");
    }
    return result.source();
  }

  /** Each get answered alone: a missing index fails only the documents that name it. */
  public MultiGetResponse execute(MultiGetRequest request) {
    List<MultiGetResponse.Item> out = new ArrayList<>(request.items().size());
    for (MultiGetRequest.Item item : request.items()) {
      try {
        GetResult whole =
            execute(
                item.index(),
                item.id(),
                item.routing(),
                null,
                request.realtime(),
                request.refresh(),
                VersionCheck.MATCH_ANY);
        Map<String, List<Object>> fields = Map.of();
        if (item.storedFields() != null && whole.found() && whole.source() != null) {
          fields = storedFields(whole.index(), whole.source(), item.storedFields());
        }
        GetResult result = filter(whole, item.source());
        out.add(new MultiGetResponse.Item(item.index(), item.id(), result, null, fields));
      } catch (DuetException e) {
        DuetException failure =
            e.type().equals("index_not_found_exception")
                ? DuetException.indexNotFound(item.index(), "index_expression")
                : e;
        out.add(new MultiGetResponse.Item(item.index(), item.id(), null, failure));
      }
    }
    return new MultiGetResponse(out);
  }

  private static GetResult filter(GetResult result, SourceFilter filter) {
    if (filter == null || filter.isIdentity() || result.source() == null) {
      return result;
    }
    return result.withSource(filter.apply(result.source()));
  }

  /**
   * The values of the named {@code store: true} fields of a document of {@code index}, read from
   * its {@code source}: what {@code GET ?stored_fields} shows.
   */
  public Map<String, List<Object>> storedFields(String index, byte[] source, List<String> names) {
    return engine.storedFields(index, source, names);
  }
}
