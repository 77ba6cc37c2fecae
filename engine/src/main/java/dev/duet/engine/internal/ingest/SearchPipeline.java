package dev.duet.engine.internal.ingest;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.error.RequestRefused;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.search.AliasFilterDecoder;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.SearchHit;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A stored search pipeline as it runs on a search, with the processors OpenSearch 3.8's core has:
 * request {@code filter_query} (the query becomes a bool's must, the filter its filter) and {@code
 * oversample} (asks {@code sample_factor} times the hits, remembering the size asked); response
 * {@code rename_field}, {@code collapse}, {@code sort}, {@code split} (on each hit's {@code
 * _source}) and {@code truncate_hits} (back to {@code target_size} or the size oversample
 * remembered). Configurations were checked when stored ({@link SearchPipelineParser}).
 */
public final class SearchPipeline {
  private final List<Map<String, Object>> requestProcessors;
  private final List<Map<String, Object>> responseProcessors;
  private final AliasFilterDecoder queries;

  SearchPipeline(Map<String, Object> config, AliasFilterDecoder queries) {
    this.requestProcessors = processors(config.get("request_processors"));
    this.responseProcessors = processors(config.get("response_processors"));
    this.queries = queries;
  }

  /** One search through this pipeline: its request processors have run on {@code request}. */
  public Run start(SearchRequest request) {
    Run run = new Run();
    SearchRequest out = request;
    for (Map<String, Object> p : requestProcessors) {
      Map.Entry<String, Object> e = p.entrySet().iterator().next();
      Map<?, ?> conf = e.getValue() instanceof Map<?, ?> m ? m : Map.of();
      out =
          switch (e.getKey()) {
            case "filter_query" -> filterQuery(out, conf);
            case "oversample" -> oversample(out, conf, run);
            default -> out; // stored only once checked: nothing else reaches here
          };
    }
    run.request = out;
    return run;
  }

  /** A search's pass through the pipeline: the request it runs, then its response's processing. */
  public final class Run {
    private SearchRequest request;
    private Integer originalSize;

    private Run() {}

    /** The request after the request processors. */
    public SearchRequest request() {
      return request;
    }

    /** {@code response} after the response processors. */
    public SearchResponse response(SearchResponse response) {
      SearchResponse out = response;
      for (Map<String, Object> p : responseProcessors) {
        Map.Entry<String, Object> e = p.entrySet().iterator().next();
        Map<?, ?> conf = e.getValue() instanceof Map<?, ?> m ? m : Map.of();
        if (conf.get("ignore_failure") instanceof Boolean ignore && ignore) {
          try {
            out = respond(e.getKey(), conf, out);
          } catch (DuetException ignored) {
            // ignore_failure: the processor's failure leaves the response as it was
          }
        } else {
          out = respond(e.getKey(), conf, out);
        }
      }
      return out;
    }

    private SearchResponse respond(String type, Map<?, ?> conf, SearchResponse response) {
      return switch (type) {
        case "truncate_hits" -> truncate(conf, response);
        case "collapse" -> collapse(conf, response);
        case "rename_field", "sort", "split" -> eachSource(type, conf, response);
        default -> response;
      };
    }

    private SearchResponse truncate(Map<?, ?> conf, SearchResponse response) {
      int target;
      if (conf.get("target_size") != null) {
        target = ((Number) numeric(conf.get("target_size"))).intValue();
      } else if (originalSize != null) {
        target = originalSize;
      } else {
        // OpenSearch answers this with a 500; a pipeline that cannot run is the request's fault.
        throw new RequestRefused(
            "illegal_state_exception",
            "Must specify target_size unless an earlier processor set original_size");
      }
      if (target < 0 || response.hits().size() <= target) {
        return response;
      }
      return response.withHits(response.hits().subList(0, target));
    }
  }

  private SearchRequest filterQuery(SearchRequest request, Map<?, ?> conf) {
    @SuppressWarnings("unchecked")
    Query filter = queries.decode((Map<String, Object>) conf.get("query"));
    Query bool =
        new Query.Bool(List.of(request.query()), List.of(), List.of(), List.of(filter), null, 1f);
    return request.withQuery(bool);
  }

  private static SearchRequest oversample(SearchRequest request, Map<?, ?> conf, Run run) {
    double factor = ((Number) numeric(conf.get("sample_factor"))).doubleValue();
    run.originalSize = request.size();
    return request.withSize((int) Math.ceil(request.size() * factor));
  }

  private static Object numeric(Object value) {
    return value instanceof Number n ? n : Double.parseDouble(String.valueOf(value));
  }

  /** {@code collapse}: the first hit of each value of {@code field} in the source is kept. */
  private static SearchResponse collapse(Map<?, ?> conf, SearchResponse response) {
    String field = String.valueOf(conf.get("field"));
    Set<Object> seen = new HashSet<>();
    List<SearchHit> kept = new ArrayList<>();
    for (SearchHit hit : response.hits()) {
      Map<String, Object> source = source(hit);
      Object value = source == null ? null : path(source, field);
      if (seen.add(value)) {
        kept.add(hit);
      }
    }
    return kept.size() == response.hits().size() ? response : response.withHits(kept);
  }

  private static SearchResponse eachSource(String type, Map<?, ?> conf, SearchResponse response) {
    List<SearchHit> out = new ArrayList<>(response.hits().size());
    for (SearchHit hit : response.hits()) {
      Map<String, Object> source = source(hit);
      if (source == null) {
        out.add(hit);
        continue;
      }
      switch (type) {
        case "rename_field" -> rename(hit, source, conf);
        case "sort" -> sort(source, conf);
        default -> split(source, conf);
      }
      out.add(
          new SearchHit(
              hit.index(),
              hit.id(),
              hit.score(),
              JsonMaps.writeCompact(source),
              hit.sortValues(),
              hit.ignored(),
              hit.details(),
              hit.routing()));
    }
    return response.withHits(out);
  }

  private static void rename(SearchHit hit, Map<String, Object> source, Map<?, ?> conf) {
    String field = String.valueOf(conf.get("field"));
    String target = String.valueOf(conf.get("target_field"));
    if (!source.containsKey(field)) {
      if (Boolean.TRUE.equals(conf.get("ignore_missing"))) {
        return;
      }
      throw new RequestRefused("Document with id " + hit.id() + " is missing field " + field);
    }
    source.put(target, source.remove(field));
  }

  @SuppressWarnings("unchecked")
  private static void sort(Map<String, Object> source, Map<?, ?> conf) {
    String field = String.valueOf(conf.get("field"));
    Object value = source.get(field);
    if (value == null) {
      if (Boolean.TRUE.equals(conf.get("ignore_missing"))) {
        return;
      }
      throw new RequestRefused("field [" + field + "] is null, cannot sort.");
    }
    if (!(value instanceof List<?> list)) {
      throw new RequestRefused(
          "field ["
              + field
              + "] of type ["
              + value.getClass().getName()
              + "] cannot be cast to [java.util.List]");
    }
    List<Object> sorted = new ArrayList<>(list);
    Comparator<Object> order = (a, b) -> ((Comparable<Object>) a).compareTo(b);
    boolean numbers = sorted.stream().allMatch(v -> v instanceof Number);
    if (numbers) {
      order = Comparator.comparingDouble(v -> ((Number) v).doubleValue());
    }
    sorted.sort("desc".equals(conf.get("order")) ? order.reversed() : order);
    Object target = conf.get("target_field");
    source.put(target == null ? field : String.valueOf(target), sorted);
  }

  private static void split(Map<String, Object> source, Map<?, ?> conf) {
    String field = String.valueOf(conf.get("field"));
    Object value = source.get(field);
    if (value == null) {
      if (Boolean.TRUE.equals(conf.get("ignore_missing"))) {
        return;
      }
      throw new RequestRefused("field [" + field + "] is null, cannot split.");
    }
    if (!(value instanceof String text)) {
      throw new RequestRefused(
          "field ["
              + field
              + "] of type ["
              + value.getClass().getName()
              + "] cannot be cast to [java.lang.String]");
    }
    boolean preserve = Boolean.TRUE.equals(conf.get("preserve_trailing"));
    String[] parts = text.split(String.valueOf(conf.get("separator")), preserve ? -1 : 0);
    Object target = conf.get("target_field");
    source.put(target == null ? field : String.valueOf(target), new ArrayList<>(List.of(parts)));
  }

  /** The value at a dotted path of the source, or null. */
  private static Object path(Map<String, Object> source, String field) {
    if (source.containsKey(field)) {
      return source.get(field);
    }
    Object at = source;
    for (String part : field.split("\\.")) {
      if (!(at instanceof Map<?, ?> m)) {
        return null;
      }
      at = m.get(part);
    }
    return at;
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> source(SearchHit hit) {
    if (hit.source() == null) {
      return null;
    }
    try {
      Object parsed = JsonMaps.read(hit.source());
      return parsed instanceof Map<?, ?> m ? new LinkedHashMap<>((Map<String, Object>) m) : null;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> processors(Object list) {
    if (!(list instanceof List<?> l)) {
      return List.of();
    }
    List<Map<String, Object>> out = new ArrayList<>(l.size());
    for (Object entry : l) {
      out.add((Map<String, Object>) entry);
    }
    return out;
  }
}
