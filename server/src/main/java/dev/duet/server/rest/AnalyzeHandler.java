package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.exc.StreamReadException;
import dev.duet.engine.analysis.AnalyzeRequest;
import dev.duet.engine.analysis.AnalyzeResponse;
import dev.duet.engine.error.DuetException;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code GET|POST /_analyze} and {@code /{index}/_analyze}: the tokens an analyzer, a field, a
 * normalizer or an ad-hoc chain of components makes of the text. The body is small and cold, so it
 * is read as a tree.
 */
final class AnalyzeHandler implements RestHandler {
  private final Actions actions;

  AnalyzeHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    Map<?, ?> body = Map.of();
    if (request.hasContent()) {
      try (JsonParser p =
          Json.parser(request.contentArray(), request.contentOffset(), request.contentLength())) {
        p.nextToken();
        if (Json.readValue(p) instanceof Map<?, ?> m) {
          body = m;
        }
      } catch (StreamReadException e) {
        throw Json.parseError(e);
      }
    }
    List<String> text = new ArrayList<>();
    Object t = body.get("text");
    if (t instanceof List<?> list) {
      list.forEach(v -> text.add(String.valueOf(v)));
    } else if (t != null) {
      text.add(String.valueOf(t));
    } else if (request.param("text") != null) {
      text.add(request.param("text"));
    }
    AnalyzeRequest analyze =
        new AnalyzeRequest(
            request.pathParam("index"),
            text,
            string(body.get("analyzer"), request.param("analyzer")),
            string(body.get("field"), request.param("field")),
            string(body.get("normalizer"), request.param("normalizer")),
            body.get("tokenizer") != null ? body.get("tokenizer") : request.param("tokenizer"),
            list(body.get("filter")),
            list(body.get("char_filter")),
            explain(body.get("explain"), request.param("explain")),
            strings(list(body.get("attributes"))));
    AnalyzeResponse response = actions.indices().analyze(analyze);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    if (response.detail() != null) {
      writeDetail(g, response.detail());
    } else {
      g.writeArrayFieldStart("tokens");
      for (AnalyzeResponse.Token token : response.tokens()) {
        writeToken(g, token, false);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** OpenSearch's {@code detail}, in its order of keys. */
  private static void writeDetail(JsonGenerator g, AnalyzeResponse.Detail detail)
      throws IOException {
    g.writeObjectFieldStart("detail");
    g.writeBooleanField("custom_analyzer", detail.customAnalyzer());
    if (!detail.customAnalyzer()) {
      g.writeFieldName("analyzer");
      writeStage(g, detail.analyzer());
    } else {
      g.writeArrayFieldStart("charfilters");
      for (AnalyzeResponse.CharFilterText charFilter : detail.charFilters()) {
        g.writeStartObject();
        g.writeStringField("name", charFilter.name());
        g.writeArrayFieldStart("filtered_text");
        for (String text : charFilter.filteredText()) {
          g.writeString(text);
        }
        g.writeEndArray();
        g.writeEndObject();
      }
      g.writeEndArray();
      g.writeFieldName("tokenizer");
      writeStage(g, detail.tokenizer());
      g.writeArrayFieldStart("tokenfilters");
      for (AnalyzeResponse.Stage filter : detail.tokenFilters()) {
        writeStage(g, filter);
      }
      g.writeEndArray();
    }
    g.writeEndObject();
  }

  private static void writeStage(JsonGenerator g, AnalyzeResponse.Stage stage) throws IOException {
    g.writeStartObject();
    g.writeStringField("name", stage.name());
    g.writeArrayFieldStart("tokens");
    for (AnalyzeResponse.Token token : stage.tokens()) {
      writeToken(g, token, true);
    }
    g.writeEndArray();
    g.writeEndObject();
  }

  /**
   * A token; in a detail its extra attributes follow (positionLength among them), else its
   * positionLength when it spans more than one position.
   */
  private static void writeToken(JsonGenerator g, AnalyzeResponse.Token token, boolean detail)
      throws IOException {
    g.writeStartObject();
    g.writeStringField("token", token.token());
    g.writeNumberField("start_offset", token.startOffset());
    g.writeNumberField("end_offset", token.endOffset());
    g.writeStringField("type", token.type());
    g.writeNumberField("position", token.position());
    if (detail) {
      for (Map.Entry<String, Object> attribute : token.attributes().entrySet()) {
        g.writeFieldName(attribute.getKey());
        Json.writeValue(g, attribute.getValue());
      }
    } else if (token.positionLength() > 1) {
      g.writeNumberField("positionLength", token.positionLength());
    }
    g.writeEndObject();
  }

  private static boolean explain(Object body, String param) {
    Object value = body != null ? body : param;
    if (value == null) {
      return false;
    }
    if (value instanceof Boolean b) {
      return b;
    }
    return switch (value.toString()) {
      case "true" -> true;
      case "false" -> false;
      default ->
          throw DuetException.illegalArgument(
              "Failed to parse value [" + value + "] as only [true] or [false] are allowed.");
    };
  }

  private static List<String> strings(List<Object> values) {
    List<String> out = new ArrayList<>();
    values.forEach(v -> out.add(String.valueOf(v)));
    return out;
  }

  private static String string(Object body, String param) {
    if (body == null) {
      return param;
    }
    if (body instanceof Map<?, ?> || body instanceof List<?>) {
      throw DuetException.illegalArgument("expected a string but found [" + body + "]");
    }
    return String.valueOf(body);
  }

  private static List<Object> list(Object value) {
    if (value == null) {
      return List.of();
    }
    return value instanceof List<?> l ? new ArrayList<>(l) : List.of(value);
  }
}
