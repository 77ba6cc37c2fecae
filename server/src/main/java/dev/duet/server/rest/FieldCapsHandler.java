package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.FieldCapsRequest;
import dev.duet.engine.search.FieldCapsResponse;
import dev.duet.engine.search.FieldCapsResponse.Capability;
import dev.duet.engine.search.Query;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.QueryDecoder;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code GET|POST [/{index}]/_field_caps}: the {@code fields} parameter, {@code include_unmapped}
 * and the body's {@code index_filter} decoded into the engine's {@link FieldCapsRequest}; the
 * answer in OpenSearch's shape.
 */
final class FieldCapsHandler implements RestHandler {
  private final Actions actions;

  FieldCapsHandler(Actions actions) {
    this.actions = actions;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    FieldCapsRequest parsed =
        new FieldCapsRequest(
            request.pathParam("index"),
            RestIndicesOptions.of(request),
            IndexHandlers.split(request.param("fields")),
            request.paramAsBoolean("include_unmapped", false),
            indexFilter(request));
    FieldCapsResponse response = actions.indices().fieldCaps(parsed);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("indices");
    for (String index : response.indices()) {
      g.writeString(index);
    }
    g.writeEndArray();
    g.writeObjectFieldStart("fields");
    for (Map.Entry<String, Map<String, Capability>> field : response.fields().entrySet()) {
      g.writeObjectFieldStart(field.getKey());
      for (Capability c : field.getValue().values()) {
        write(g, c);
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  private static void write(JsonGenerator g, Capability c) throws IOException {
    g.writeObjectFieldStart(c.type());
    g.writeStringField("type", c.type());
    g.writeBooleanField("searchable", c.searchable());
    g.writeBooleanField("aggregatable", c.aggregatable());
    strings(g, "indices", c.indices());
    strings(g, "non_searchable_indices", c.nonSearchableIndices());
    strings(g, "non_aggregatable_indices", c.nonAggregatableIndices());
    if (!c.meta().isEmpty()) {
      g.writeObjectFieldStart("meta");
      for (Map.Entry<String, Set<String>> m : c.meta().entrySet()) {
        strings(g, m.getKey(), List.copyOf(m.getValue()));
      }
      g.writeEndObject();
    }
    g.writeEndObject();
  }

  private static void strings(JsonGenerator g, String name, List<String> values)
      throws IOException {
    if (values == null) {
      return;
    }
    g.writeArrayFieldStart(name);
    for (String v : values) {
      g.writeString(v);
    }
    g.writeEndArray();
  }

  private static Query indexFilter(RestRequest request) throws IOException {
    if (!request.hasContent()) {
      return null;
    }
    Query filter = null;
    try (JsonParser p =
        Json.parser(request.contentArray(), request.contentOffset(), request.contentLength())) {
      if (p.nextToken() != JsonToken.START_OBJECT) {
        throw DuetException.parsing("request body must be an object");
      }
      while (p.nextToken() == JsonToken.FIELD_NAME) {
        String name = p.currentName();
        p.nextToken();
        if (name.equals("index_filter")) {
          filter = QueryDecoder.parse(p);
        } else {
          throw DuetException.parsing("request does not support [" + name + "]");
        }
      }
    }
    return filter;
  }
}
