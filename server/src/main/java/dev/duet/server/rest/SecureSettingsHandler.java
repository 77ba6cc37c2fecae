package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.server.rest.codec.AliasesRequestDecoder;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;
import java.util.Map;

/**
 * {@code POST /_nodes[/{node_id}]/reload_secure_settings}. Duet keeps no secure settings, so it
 * answers as an OpenSearch node whose keystore is empty and has no password: nothing to reload with
 * the empty password, OpenSearch's {@code security_exception} for any other.
 */
final class SecureSettingsHandler implements RestHandler {
  private final NodeIdentity node;

  SecureSettingsHandler(NodeIdentity node) {
    this.node = node;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    String password = "";
    if (request.hasContent()) {
      Map<String, Object> body =
          AliasesRequestDecoder.readObject(
              request.contentArray(), request.contentOffset(), request.contentLength());
      for (Map.Entry<String, Object> e : body.entrySet()) {
        if (!e.getKey().equals("secure_settings_password")) {
          throw DuetException.badRequest(
              "x_content_parse_exception",
              "[1:2] [reload_secure_settings] unknown field [" + e.getKey() + "]");
        }
        password = e.getValue() == null ? "" : String.valueOf(e.getValue());
      }
    }
    String nodes = request.pathParam("node_id");
    boolean selected = nodes == null || NodeSelection.selects(nodes, node);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeObjectFieldStart("_nodes");
    g.writeNumberField("total", selected ? 1 : 0);
    g.writeNumberField("successful", selected ? 1 : 0);
    g.writeNumberField("failed", 0);
    g.writeEndObject();
    g.writeStringField("cluster_name", node.clusterName());
    g.writeObjectFieldStart("nodes");
    if (selected) {
      g.writeObjectFieldStart(node.nodeId());
      g.writeStringField("name", node.nodeName());
      if (!password.isEmpty()) {
        g.writeObjectFieldStart("reload_exception");
        g.writeStringField("type", "security_exception");
        g.writeStringField("reason", "Provided keystore password was incorrect");
        g.writeEndObject();
      }
      g.writeEndObject();
    }
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }
}
