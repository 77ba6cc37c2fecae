package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.server.action.Actions;
import dev.duet.server.action.ClusterSettingsAction;
import dev.duet.server.rest.codec.IndexSettingsEncoder;
import dev.duet.server.rest.codec.Json;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code GET /_cluster/settings} ({@code flat_settings}, {@code include_defaults}) and {@code PUT
 * /_cluster/settings} ({@code persistent} and {@code transient}, nested or flat keys, {@code null}
 * resets), in OpenSearch's shapes; {@link ClusterSettingsAction} holds the rules. The defaults
 * include the node's own settings that OpenSearch lists there: its attributes ({@code
 * node.attr.*}).
 */
final class ClusterSettingsHandlers {
  private final Actions actions;
  private final NodeIdentity node;

  ClusterSettingsHandlers(Actions actions, NodeIdentity node) {
    this.actions = actions;
    this.node = node;
  }

  RestResponse get(RestRequest request) throws IOException {
    boolean flat = request.paramAsBoolean("flat_settings", false);
    boolean defaults = request.paramAsBoolean("include_defaults", false);
    ClusterSettingsAction.Snapshot now = actions.clusterSettings().get();
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeFieldName("persistent");
    IndexSettingsEncoder.write(g, now.persistent(), flat);
    g.writeFieldName("transient");
    IndexSettingsEncoder.write(g, now.transientSettings(), flat);
    if (defaults) {
      g.writeFieldName("defaults");
      java.util.SortedMap<String, String> all = new java.util.TreeMap<>(now.defaults());
      node.attributes().forEach((name, value) -> all.put("node.attr." + name, value));
      IndexSettingsEncoder.write(g, all, flat);
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  RestResponse put(RestRequest request) throws IOException {
    request.requireContent();
    boolean flat = request.paramAsBoolean("flat_settings", false);
    Map<String, String> persistent = new LinkedHashMap<>();
    Map<String, String> transients = new LinkedHashMap<>();
    try (JsonParser p =
        Json.parser(request.contentArray(), request.contentOffset(), request.contentLength())) {
      if (p.nextToken() == JsonToken.START_OBJECT) {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
          String section = p.currentName();
          p.nextToken();
          Object value = Json.readValue(p);
          // OpenSearch reads these two sections and passes over any other key.
          if (section.equals("persistent")) {
            flatten("", value, persistent);
          } else if (section.equals("transient")) {
            flatten("", value, transients);
          }
        }
      }
    }
    ClusterSettingsAction.Update set =
        actions.clusterSettings().update(new ClusterSettingsAction.Update(persistent, transients));
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeBooleanField("acknowledged", true);
    g.writeFieldName("persistent");
    IndexSettingsEncoder.write(g, set.persistent(), flat);
    g.writeFieldName("transient");
    IndexSettingsEncoder.write(g, set.transientSettings(), flat);
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** Settings objects may nest keys or dot them, or both; values are kept as text. */
  private static void flatten(String prefix, Object value, Map<String, String> out) {
    if (value instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        flatten(
            prefix + e.getKey() + (e.getValue() instanceof Map<?, ?> ? "." : ""),
            e.getValue(),
            out);
      }
      return;
    }
    String key = prefix;
    if (value == null) {
      out.put(key, null);
    } else if (value instanceof List<?> list) {
      out.put(key, list.toString());
    } else {
      out.put(key, value.toString());
    }
  }
}
