package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.ErrorEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.SearchRequestDecoder;
import dev.duet.server.rest.codec.SearchResponseEncoder;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code GET|POST /_msearch} and {@code /{index}/_msearch}: NDJSON pairs of a header ({@code
 * index}) and a search body. Every body is parsed before any runs (a malformed one fails the whole
 * request, as in OpenSearch); each search then succeeds or fails alone, its reply carrying its
 * {@code status}.
 */
final class MultiSearchHandler implements RestHandler {
  private final Actions actions;

  MultiSearchHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    long start = System.nanoTime();
    request.requireContent();
    byte[] data = request.contentArray();
    int end = request.contentOffset() + request.contentLength();
    List<int[]> lines = new ArrayList<>();
    for (int at = request.contentOffset(); at < end; ) {
      int nl = at;
      while (nl < end && data[nl] != '\n') {
        nl++;
      }
      if (nl > at && !(nl - at == 1 && data[at] == '\r')) {
        lines.add(new int[] {at, nl - at});
      }
      at = nl + 1;
    }
    String pathIndex = request.pathParam("index");
    SearchResponseEncoder.Params params = SearchHandler.responseParams(request);
    SearchRequestDecoder.UrlParams url =
        new SearchRequestDecoder.UrlParams(
            null, null, null, null, null, null, null, params.totalHitsAsInt());
    List<SearchRequest> searches = new ArrayList<>();
    for (int i = 0; i < lines.size(); i += 2) {
      List<String> indices = indices(header(data, lines.get(i)), pathIndex);
      int[] body = i + 1 < lines.size() ? lines.get(i + 1) : new int[] {0, 0};
      searches.add(SearchRequestDecoder.decode(indices, data, body[0], body[1], url));
    }
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("responses");
    for (SearchRequest search : searches) {
      try {
        SearchResponse response = actions.search().execute(search);
        JsonOutput one = new JsonOutput(false);
        try (JsonGenerator og = one.generator()) {
          SearchResponseEncoder.encode(response, params, search.aggregations(), og);
        }
        String json = one.toString(StandardCharsets.UTF_8);
        g.writeRawValue(json.substring(0, json.lastIndexOf('}')) + ",\"status\":200}");
      } catch (DuetException e) {
        ErrorEncoder.encodeDocument(e, g);
      }
    }
    g.writeEndArray();
    g.writeEndObject();
    g.flush();
    return RestResponse.json(200, withTook(out, start));
  }

  /** OpenSearch puts {@code took} first; it is known only once every search ran. */
  private static byte[] withTook(JsonOutput body, long start) {
    long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
    byte[] head = ("{\"took\":" + took + ",").getBytes(StandardCharsets.UTF_8);
    byte[] rest = body.toByteArray();
    byte[] out = new byte[head.length + rest.length - 1];
    System.arraycopy(head, 0, out, 0, head.length);
    System.arraycopy(rest, 1, out, head.length, rest.length - 1);
    return out;
  }

  private static Map<?, ?> header(byte[] data, int[] line) throws IOException {
    try (JsonParser p = Json.parser(data, line[0], line[1])) {
      p.nextToken();
      return Json.readValue(p) instanceof Map<?, ?> m ? m : Map.of();
    } catch (StreamReadException e) {
      throw Json.parseError(e);
    }
  }

  private static List<String> indices(Map<?, ?> header, String pathIndex) {
    Object index = header.get("index");
    List<String> out = new ArrayList<>();
    if (index instanceof List<?> list) {
      list.forEach(i -> out.add(String.valueOf(i)));
    } else {
      String expression = index != null ? String.valueOf(index) : pathIndex;
      if (expression != null) {
        for (String s : expression.split(",")) {
          if (!s.isEmpty()) {
            out.add(s);
          }
        }
      }
    }
    return out;
  }
}
