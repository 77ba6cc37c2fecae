package dev.duet.server.rest;

import com.fasterxml.jackson.core.JsonGenerator;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.IndexTemplate;
import dev.duet.engine.index.IndexTemplate.Kind;
import dev.duet.engine.mapping.Patterns;
import dev.duet.server.action.Actions;
import dev.duet.server.rest.CatTable.Column;
import dev.duet.server.rest.codec.JsonOutput;
import dev.duet.server.rest.codec.TemplateCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Templates over REST: legacy {@code _template}, composable {@code _index_template}, {@code
 * _component_template} (put, get, exists, delete), the simulate APIs and {@code _cat/templates},
 * with OpenSearch's answers.
 */
final class TemplateHandlers {
  private static final List<Column> CAT =
      List.of(
          new Column("name", CatTable.Kind.TEXT, false, List.of("n"), "template name"),
          new Column(
              "index_patterns", CatTable.Kind.TEXT, false, List.of("t"), "template index patterns"),
          new Column(
              "order",
              CatTable.Kind.NUMBER,
              false,
              List.of("o", "p"),
              "template application order/priority number"),
          new Column("version", CatTable.Kind.TEXT, false, List.of("v"), "version"),
          new Column(
              "composed_of",
              CatTable.Kind.TEXT,
              false,
              List.of("c"),
              "component templates comprising index template"));

  private final Actions actions;

  TemplateHandlers(Actions actions) {
    this.actions = actions;
  }

  /** {@code PUT|POST /_template/{name}}. */
  RestResponse putLegacy(RestRequest request) throws IOException {
    return put(request, Kind.LEGACY);
  }

  /** {@code PUT|POST /_index_template/{name}}. */
  RestResponse putComposable(RestRequest request) throws IOException {
    return put(request, Kind.COMPOSABLE);
  }

  /** {@code PUT|POST /_component_template/{name}}. */
  RestResponse putComponent(RestRequest request) throws IOException {
    return put(request, Kind.COMPONENT);
  }

  /** {@code GET /_template[/{name}]}: a name no template has is a 404 with an empty body. */
  RestResponse getLegacy(RestRequest request) throws IOException {
    List<IndexTemplate> templates;
    try {
      templates = actions.templates().get(Kind.LEGACY, request.pathParam("name"));
    } catch (DuetException e) {
      if (e.status() != 404) {
        throw e;
      }
      return RestResponse.json(404, "{}".getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
    boolean flat = request.paramAsBoolean("flat_settings", false);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    for (IndexTemplate t : templates) {
      TemplateCodec.writeLegacy(g, t, flat);
    }
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_index_template[/{name}]}. */
  RestResponse getComposable(RestRequest request) throws IOException {
    List<IndexTemplate> templates =
        actions.templates().get(Kind.COMPOSABLE, request.pathParam("name"));
    boolean flat = request.paramAsBoolean("flat_settings", false);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("index_templates");
    for (IndexTemplate t : templates) {
      TemplateCodec.writeComposable(g, t, flat);
    }
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  /** {@code GET /_component_template[/{name}]}. */
  RestResponse getComponent(RestRequest request) throws IOException {
    List<IndexTemplate> templates =
        actions.templates().get(Kind.COMPONENT, request.pathParam("name"));
    boolean flat = request.paramAsBoolean("flat_settings", false);
    JsonOutput out = new JsonOutput(request.pretty());
    JsonGenerator g = out.generator();
    g.writeStartObject();
    g.writeArrayFieldStart("component_templates");
    for (IndexTemplate t : templates) {
      TemplateCodec.writeComponent(g, t, flat);
    }
    g.writeEndArray();
    g.writeEndObject();
    return RestResponse.json(200, out);
  }

  RestResponse existsLegacy(RestRequest request) {
    return exists(request, Kind.LEGACY);
  }

  RestResponse existsComposable(RestRequest request) {
    return exists(request, Kind.COMPOSABLE);
  }

  RestResponse existsComponent(RestRequest request) {
    return exists(request, Kind.COMPONENT);
  }

  RestResponse deleteLegacy(RestRequest request) throws IOException {
    actions.templates().delete(Kind.LEGACY, request.pathParam("name"));
    return IndexHandlers.acknowledged(request);
  }

  RestResponse deleteComposable(RestRequest request) throws IOException {
    actions.templates().delete(Kind.COMPOSABLE, request.pathParam("name"));
    return IndexHandlers.acknowledged(request);
  }

  RestResponse deleteComponent(RestRequest request) throws IOException {
    actions.templates().delete(Kind.COMPONENT, request.pathParam("name"));
    return IndexHandlers.acknowledged(request);
  }

  /**
   * {@code POST /_index_template/_simulate_index/{name}}: what an index of that name would be
   * created with; a body is a composable template that competes as if stored.
   */
  RestResponse simulateIndex(RestRequest request) throws IOException {
    IndexTemplate candidate =
        request.contentLength() == 0
            ? null
            : TemplateCodec.decode(
                Kind.COMPOSABLE,
                "simulate_index_template",
                request.contentArray(),
                request.contentOffset(),
                request.contentLength());
    return resolved(
        request, actions.templates().simulateIndex(request.pathParam("name"), candidate));
  }

  /**
   * {@code POST /_index_template/_simulate[/{name}]}: a stored composable template (by name) or the
   * one in the body, composed.
   */
  RestResponse simulateTemplate(RestRequest request) throws IOException {
    String name = request.pathParam("name");
    IndexTemplate template;
    if (name != null && request.contentLength() == 0) {
      template = actions.templates().get(Kind.COMPOSABLE, name).get(0);
    } else {
      request.requireContent();
      template =
          TemplateCodec.decode(
              Kind.COMPOSABLE,
              name == null ? "simulate_template" : name,
              request.contentArray(),
              request.contentOffset(),
              request.contentLength());
    }
    return resolved(request, actions.templates().simulateTemplate(template));
  }

  /** {@code GET /_cat/templates[/{name}]}: legacy and composable templates, one row each. */
  RestResponse cat(RestRequest request) throws IOException {
    List<String> names = IndexHandlers.split(request.pathParam("name"));
    List<Comparable<?>[]> rows = new ArrayList<>();
    for (Kind kind : List.of(Kind.LEGACY, Kind.COMPOSABLE)) {
      for (IndexTemplate t : actions.templates().get(kind, null)) {
        if (!names.isEmpty()
            && names.stream().noneMatch(n -> n.equals("_all") || Patterns.matches(n, t.name()))) {
          continue;
        }
        rows.add(
            new Comparable<?>[] {
              t.name(),
              "[" + String.join(", ", t.indexPatterns()) + "]",
              kind == Kind.LEGACY ? (Comparable<?>) t.order() : t.priority(),
              t.version() == null ? "" : t.version().toString(),
              kind == Kind.LEGACY ? "" : "[" + String.join(", ", t.composedOf()) + "]"
            });
      }
    }
    return CatTable.of(CAT, rows, request.param("h"), request.param("s"), false).respond(request);
  }

  private RestResponse put(RestRequest request, Kind kind) throws IOException {
    IndexTemplate template =
        TemplateCodec.decode(
            kind,
            request.pathParam("name"),
            request.contentArray(),
            request.contentOffset(),
            request.contentLength());
    actions.templates().put(template, request.paramAsBoolean("create", false));
    return IndexHandlers.acknowledged(request);
  }

  private RestResponse exists(RestRequest request, Kind kind) {
    try {
      actions.templates().get(kind, request.pathParam("name"));
      return RestResponse.empty(200);
    } catch (DuetException e) {
      return RestResponse.empty(e.status());
    }
  }

  private static RestResponse resolved(RestRequest request, IndexTemplate.Resolved resolved)
      throws IOException {
    JsonOutput out = new JsonOutput(request.pretty());
    TemplateCodec.writeResolved(out.generator(), resolved);
    return RestResponse.json(200, out);
  }
}
