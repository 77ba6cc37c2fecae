package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.server.rest.codec.JsonOutput;
import java.io.IOException;

/**
 * {@code GET /} and {@code HEAD /}: the node's identity in OpenSearch's shape (distribution {@code
 * opensearch}, a 3.x number, so that official clients accept Duet) plus Duet's own version.
 */
final class RootHandler implements RestHandler {
  private final NodeIdentity node;

  RootHandler(NodeIdentity node) {
    this.node = node;
  }

  @Override
  public RestResponse handle(RestRequest request) throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeStringField("name", node.nodeName());
    g.writeStringField("cluster_name", node.clusterName());
    g.writeStringField("cluster_uuid", node.clusterUuid());
    g.writeObjectFieldStart("version");
    g.writeStringField("distribution", "opensearch");
    g.writeStringField("number", DuetVersion.OPENSEARCH);
    g.writeStringField("build_type", "tar");
    g.writeStringField("build_hash", "unknown");
    g.writeStringField("build_date", "unknown");
    g.writeBooleanField("build_snapshot", false);
    g.writeStringField("lucene_version", org.apache.lucene.util.Version.LATEST.toString());
    g.writeStringField(
        "minimum_wire_compatibility_version", DuetVersion.MINIMUM_WIRE_COMPATIBILITY);
    g.writeStringField(
        "minimum_index_compatibility_version", DuetVersion.MINIMUM_INDEX_COMPATIBILITY);
    g.writeEndObject();
    g.writeStringField("tagline", "The OpenSearch Project: https://opensearch.org/");
    g.writeObjectFieldStart("duet");
    g.writeStringField("version", DuetVersion.DUET);
    g.writeEndObject();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }
}
