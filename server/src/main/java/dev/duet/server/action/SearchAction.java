package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.Engine;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.RequestRefused;
import dev.duet.engine.error.ShardFailure;
import dev.duet.engine.search.ExplainResult;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * The one handler for searches, called by REST {@code _search} and gRPC {@code
 * SearchService/Search} after decoding into a {@link SearchRequest}.
 *
 * <p>Failures while executing the query on the index (a value that does not fit the field, sorting
 * on a text field, a result window too large) are shard failures in OpenSearch, reported as {@link
 * SearchPhaseFailure}; failures before that (missing index, bad index name) pass unchanged.
 */
public final class SearchAction {
  /** Failures OpenSearch raises while resolving the request, before any shard runs. */
  private static final Set<String> COORDINATION_FAILURES =
      Set.of(
          "index_not_found_exception",
          "index_closed_exception",
          "cluster_block_exception",
          "invalid_index_name_exception",
          "action_request_validation_exception");

  private final Engine engine;
  private final String nodeId;

  public SearchAction(Engine engine) {
    this(engine, "duet");
  }

  public SearchAction(Engine engine, String nodeId) {
    this.engine = requireNonNull(engine, "engine");
    this.nodeId = requireNonNull(nodeId, "nodeId");
  }

  public SearchResponse execute(SearchRequest request) {
    try {
      return onThisNode(request, engine.search(request));
    } catch (ShardFailure e) {
      throw new SearchPhaseFailure(e, nodeId);
    } catch (RequestRefused e) {
      throw e;
    } catch (DuetException e) {
      if (COORDINATION_FAILURES.contains(e.type()) || e.status() >= 500) {
        throw e;
      }
      if (isExpandFailure(e)) {
        // A collapse's group search failed: OpenSearch reports that search's shard failure
        // inside its expand-phase failure.
        DuetException group = e.causedBy();
        throw new DuetException(
            e.status(),
            e.type(),
            e.reason(),
            e.metadata(),
            new SearchPhaseFailure(group, failedIndex(group, request), nodeId));
      }
      throw new SearchPhaseFailure(e, failedIndex(e, request), nodeId);
    }
  }

  /**
   * The answer the request cache holds for {@code request}, or null: never searches or blocks, so a
   * transport may try it on its I/O thread before handing the request to {@link #execute}.
   */
  public SearchResponse cached(SearchRequest request) {
    SearchResponse response = engine.cachedSearch(request);
    return response == null ? null : onThisNode(request, response);
  }

  private SearchResponse onThisNode(SearchRequest request, SearchResponse response) {
    if (response.profile() != null) {
      response = response.withProfile(response.profile().onNode(nodeId));
    }
    return request.fetch().explain() ? explainedHere(response) : response;
  }

  /** Explained hits name the node that explained them ({@code _node}), as OpenSearch's do. */
  private SearchResponse explainedHere(SearchResponse response) {
    List<SearchHit> hits = new ArrayList<>(response.hits().size());
    for (SearchHit hit : response.hits()) {
      hits.add(hit.withDetails(hit.details().onNode(nodeId)));
    }
    return response.withHits(hits);
  }

  private static boolean isExpandFailure(DuetException e) {
    return e.type().equals("search_phase_execution_exception")
        && "expand".equals(e.metadata().get("phase"))
        && e.causedBy() != null;
  }

  private static String failedIndex(DuetException e, SearchRequest request) {
    String index = e.metadata().get("index");
    if (index != null) {
      return index;
    }
    if (request.indices().size() == 1) {
      String only = request.indices().get(0);
      if (!only.contains("*") && !only.equals("_all")) {
        return only;
      }
    }
    return null;
  }

  /** {@code _explain}: why document {@code id} of {@code index} scores what it does for query. */
  public ExplainResult explain(String index, String id, Query query) {
    return engine.explain(index, id, query);
  }
}
