package dev.duet.protogen.preprocess;

import static dev.duet.protogen.preprocess.Diagnostics.segment;

import dev.duet.protogen.model.FieldDef;
import dev.duet.protogen.model.MessageDef;
import dev.duet.protogen.model.ProtoFile;
import dev.duet.protogen.model.ServiceDef;
import dev.duet.protogen.model.ServiceDef.RpcDef;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Stage one: maps every operation group (operations sharing {@code x-operation-group}, else an
 * operationId) to one RPC of its tag's service, with one request message folding path, query and
 * body parameters, a response message, and the error statuses in the RPC's comment.
 */
public final class Preprocessor {
  private static final List<PathItem.HttpMethod> METHOD_ORDER =
      List.of(
          PathItem.HttpMethod.GET,
          PathItem.HttpMethod.PUT,
          PathItem.HttpMethod.POST,
          PathItem.HttpMethod.DELETE,
          PathItem.HttpMethod.OPTIONS,
          PathItem.HttpMethod.HEAD,
          PathItem.HttpMethod.PATCH,
          PathItem.HttpMethod.TRACE);

  private final OpenAPI api;
  private final String packagePrefix;
  private final Diagnostics diagnostics = new Diagnostics();
  private final ProtoFile common;
  private final SchemaMapper schemas;
  private final Map<String, ProtoFile> tagFiles = new TreeMap<>();
  // Proto package names taken: the shared files', then each tag's (tags that sanitise alike, such
  // as foo-bar and foo_bar, get foo_bar and foo_bar_2 rather than one overwriting the other).
  private final java.util.Set<String> tagPackages =
      new java.util.HashSet<>(List.of("common", "options"));

  /**
   * The outcome: proto files (not yet numbered), the file declaring the JSON options they use
   * ({@link dev.duet.protogen.convert.ProtoRenderer#renderOptions}), and what could not be mapped.
   */
  public record Result(List<ProtoFile> files, ProtoFile options, Diagnostics diagnostics) {}

  public Preprocessor(OpenAPI api, String packagePrefix, boolean lenient) {
    this.api = api;
    this.packagePrefix = packagePrefix;
    this.common =
        new ProtoFile(packagePrefix.replace('.', '/') + "/common.proto", packagePrefix + ".common");
    this.schemas = new SchemaMapper(api, common, diagnostics, lenient);
  }

  public Result run() {
    for (Map.Entry<String, List<Op>> group : groups().entrySet()) {
      rpc(group.getKey(), group.getValue());
    }
    List<ProtoFile> files = new ArrayList<>();
    if (!common.messages().isEmpty() || !common.enums().isEmpty()) {
      files.add(common);
    }
    files.addAll(tagFiles.values());
    ProtoFile options =
        new ProtoFile(
            packagePrefix.replace('.', '/') + "/options.proto", packagePrefix + ".options");
    Imports.resolve(files, options);
    Object javaPackage =
        api.getInfo() == null || api.getInfo().getExtensions() == null
            ? null
            : api.getInfo().getExtensions().get("x-protobuf-java-package");
    if (javaPackage != null) {
      // Each proto package gets its own Java package under the prefix the spec names.
      for (ProtoFile f : files) {
        String last = f.protoPackage().substring(f.protoPackage().lastIndexOf('.') + 1);
        f.javaPackage(javaPackage + "." + last);
      }
      options.javaPackage(javaPackage + ".options");
    }
    return new Result(files, options, diagnostics);
  }

  private record Op(
      String path, PathItem.HttpMethod method, Operation operation, String ptr, PathItem item) {}

  private Map<String, List<Op>> groups() {
    Map<String, List<Op>> groups = new LinkedHashMap<>();
    for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
      Map<PathItem.HttpMethod, Operation> ops = path.getValue().readOperationsMap();
      for (PathItem.HttpMethod method : METHOD_ORDER) {
        Operation op = ops.get(method);
        if (op == null) {
          continue;
        }
        String ptr =
            "#/paths/" + segment(path.getKey()) + "/" + method.name().toLowerCase(Locale.ROOT);
        if (op.getExtensions() != null
            && Boolean.TRUE.equals(op.getExtensions().get("x-protobuf-exclude"))) {
          continue;
        }
        String group = groupName(path.getKey(), method, op);
        groups
            .computeIfAbsent(group, g -> new ArrayList<>())
            .add(new Op(path.getKey(), method, op, ptr, path.getValue()));
      }
    }
    return groups;
  }

  private static String groupName(String path, PathItem.HttpMethod method, Operation op) {
    Object group = op.getExtensions() == null ? null : op.getExtensions().get("x-operation-group");
    if (group != null) {
      return group.toString();
    }
    if (op.getOperationId() != null) {
      return op.getOperationId();
    }
    return method.name().toLowerCase(Locale.ROOT) + path;
  }

  private void rpc(String group, List<Op> ops) {
    Operation first = ops.get(0).operation();
    String tag =
        first.getTags() == null || first.getTags().isEmpty() ? "default" : first.getTags().get(0);
    ProtoFile file = tagFile(tag);
    ServiceDef service = file.services().get(0);
    String tagPrefix = tag.toLowerCase(Locale.ROOT) + ".";
    String base =
        Names.type(
            group.toLowerCase(Locale.ROOT).startsWith(tagPrefix)
                ? group.substring(tagPrefix.length())
                : group);
    String rpcName = base;
    for (int i = 2; rpcNameTaken(file, rpcName); i++) {
      rpcName = Names.type(group) + (i > 2 ? i : "");
    }
    MessageDef request =
        new MessageDef(
            rpcName + "Request",
            file.protoPackage() + "." + rpcName + "Request",
            first.getSummary());
    file.messages().add(request);
    addParameters(request, ops);
    addBody(request, ops);
    String response = response(file, rpcName, ops);
    service.rpcs().add(new RpcDef(rpcName, "." + request.fullName(), response, rpcDoc(ops)));
  }

  private boolean rpcNameTaken(ProtoFile file, String name) {
    return file.services().get(0).rpcs().stream().anyMatch(r -> r.name().equals(name))
        || file.messages().stream()
            .anyMatch(m -> m.name().equals(name + "Request") || m.name().equals(name + "Response"));
  }

  private ProtoFile tagFile(String tag) {
    return tagFiles.computeIfAbsent(
        tag,
        t -> {
          String pkg = Names.field(t);
          for (int i = 2; !tagPackages.add(pkg); i++) {
            pkg = Names.field(t) + "_" + i;
          }
          ProtoFile f =
              new ProtoFile(
                  packagePrefix.replace('.', '/') + "/" + pkg + ".proto",
                  packagePrefix + "." + pkg);
          f.services().add(new ServiceDef(Names.type(t) + "Service"));
          return f;
        });
  }

  private void addParameters(MessageDef request, List<Op> ops) {
    Map<String, Parameter> params = new LinkedHashMap<>();
    Map<String, String> pointers = new LinkedHashMap<>();
    Map<String, Integer> presentIn = new LinkedHashMap<>();
    for (Op op : ops) {
      // The path's parameters that the operation does not override (by name and location),
      // then the operation's own: the order swagger-parser gives 3.0 specs when it merges them.
      List<Parameter> list = new ArrayList<>();
      List<String> ptrs = new ArrayList<>();
      java.util.Set<String> own = new java.util.HashSet<>();
      List<Parameter> opParams =
          op.operation().getParameters() == null ? List.of() : op.operation().getParameters();
      for (Parameter p : opParams) {
        Parameter r = resolve(p);
        if (r != null) {
          own.add(r.getIn() + ":" + r.getName());
        }
      }
      List<Parameter> pathParams =
          op.item().getParameters() == null ? List.of() : op.item().getParameters();
      String pathPtr = op.ptr().substring(0, op.ptr().lastIndexOf('/'));
      for (int i = 0; i < pathParams.size(); i++) {
        Parameter r = resolve(pathParams.get(i));
        if (r == null || !own.contains(r.getIn() + ":" + r.getName())) {
          list.add(pathParams.get(i));
          ptrs.add(pathPtr + "/parameters/" + i);
        }
      }
      for (int i = 0; i < opParams.size(); i++) {
        list.add(opParams.get(i));
        ptrs.add(op.ptr() + "/parameters/" + i);
      }
      for (int i = 0; i < list.size(); i++) {
        Parameter p = resolve(list.get(i));
        String ptr = ptrs.get(i);
        if (p == null || p.getName() == null) {
          diagnostics.error(ptr, "parameter $ref names no parameter");
          continue;
        }
        if (!"path".equals(p.getIn()) && !"query".equals(p.getIn())) {
          diagnostics.lossy(
              ptr, p.getIn() + " parameter '" + p.getName() + "' is not carried over gRPC");
          continue;
        }
        params.putIfAbsent(p.getName(), p);
        pointers.putIfAbsent(p.getName(), ptr);
        presentIn.merge(p.getName(), 1, Integer::sum);
      }
    }
    for (Map.Entry<String, Parameter> e : params.entrySet()) {
      Parameter p = e.getValue();
      Schema<?> schema = p.getSchema();
      if (schema != null && Boolean.TRUE.equals(SchemaMapper.ext(schema, "x-protobuf-exclude"))) {
        continue;
      }
      TypeRef t = schemas.map(schema, pointers.get(e.getKey()) + "/schema", request, p.getName());
      if (t == null) {
        continue;
      }
      // A path parameter in every route is always there; elsewhere the client may leave it out.
      boolean alwaysThere = "path".equals(p.getIn()) && presentIn.get(e.getKey()) == ops.size();
      Object override = p.getExtensions() == null ? null : p.getExtensions().get("x-protobuf-name");
      String name =
          SchemaMapper.unique(
              request, override != null ? override.toString() : Names.field(p.getName()));
      request
          .fields()
          .add(
              new FieldDef(
                  name,
                  p.getName(),
                  t.type(),
                  t.repeated(),
                  t.map() ? "string" : null,
                  schemas.needsPresence(t) && !alwaysThere,
                  null,
                  p.getDescription()));
    }
  }

  private void addBody(MessageDef request, List<Op> ops) {
    for (Op op : ops) {
      RequestBody body = resolve(op.operation().getRequestBody());
      if (body == null || body.getContent() == null || body.getContent().isEmpty()) {
        continue;
      }
      Map.Entry<String, MediaType> media = pickContent(body.getContent());
      String ptr = op.ptr() + "/requestBody/content/" + segment(media.getKey());
      Schema<?> schema = media.getValue().getSchema();
      TypeRef t = schemas.map(schema, ptr + "/schema", request, "body");
      if (t == null) {
        return;
      }
      Object override = schema == null ? null : SchemaMapper.ext(schema, "x-protobuf-name");
      String name = SchemaMapper.unique(request, override != null ? override.toString() : "body");
      request
          .fields()
          .add(
              new FieldDef(
                      name,
                      null,
                      t.type(),
                      t.repeated(),
                      t.map() ? "string" : null,
                      false,
                      null,
                      body.getDescription())
                  .rawJson(t.rawJson()));
      return;
    }
  }

  private String response(ProtoFile file, String rpcName, List<Op> ops) {
    // The first variant with a success response speaks for the group.
    Op op =
        ops.stream()
            .filter(o -> responses(o).keySet().stream().anyMatch(code -> code.startsWith("2")))
            .findFirst()
            .orElse(ops.get(0));
    // The error model: every error body schema is mapped, so it is part of the contract.
    for (Op each : ops) {
      for (Map.Entry<String, ApiResponse> r : new TreeMap<>(responses(each)).entrySet()) {
        if (!r.getKey().startsWith("2")) {
          Map.Entry<String, MediaType> media = content(r.getValue());
          if (media != null && media.getValue().getSchema() != null) {
            schemas.map(
                media.getValue().getSchema(),
                each.ptr() + "/responses/" + r.getKey(),
                null,
                rpcName + "Error");
          }
        }
      }
    }
    String mapped = null;
    for (Map.Entry<String, ApiResponse> r : new TreeMap<>(responses(op)).entrySet()) {
      if (r.getKey().startsWith("2") && mapped == null) {
        mapped = r.getKey();
      } else if (r.getKey().startsWith("2") && differs(responses(op).get(mapped), r.getValue())) {
        diagnostics.lossy(
            op.ptr() + "/responses/" + r.getKey(),
            "only the first success response ("
                + mapped
                + ") is the RPC's response; this one's body is not carried");
      }
    }
    for (Map.Entry<String, ApiResponse> r : new TreeMap<>(responses(op)).entrySet()) {
      if (!r.getKey().startsWith("2")) {
        continue;
      }
      Map.Entry<String, MediaType> media = content(r.getValue());
      if (media == null || media.getValue().getSchema() == null) {
        return TypeRef.EMPTY;
      }
      Schema<?> schema = media.getValue().getSchema();
      String ptr =
          op.ptr() + "/responses/" + r.getKey() + "/content/" + segment(media.getKey()) + "/schema";
      MessageDef response =
          new MessageDef(
              rpcName + "Response",
              file.protoPackage() + "." + rpcName + "Response",
              r.getValue().getDescription());
      // An inline object (or an inline allOf merging to one) is the response message itself.
      Schema<?> inline = schemas.inlineObject(schema, ptr);
      if (inline != null) {
        schemas.addFields(response, inline, ptr);
        file.messages().add(response);
        return "." + response.fullName();
      }
      TypeRef t = schemas.map(schema, ptr, response, rpcName + "Result");
      // A named message answers directly; a type nested in the response needs the response.
      if (t != null
          && t.plain()
          && t.type().startsWith(".")
          && !schemas.needsPresence(t)
          && !t.type().startsWith(".google.")
          && !t.type().startsWith("." + response.fullName() + ".")) {
        return t.type();
      }
      if (t != null) {
        if (t.map() || t.repeated()) {
          // The message stands for the JSON object or array itself, not an object holding it.
          response.shape(t.map() ? MessageDef.JsonShape.MAP : MessageDef.JsonShape.LIST);
        }
        response
            .fields()
            .add(
                new FieldDef(
                    "result",
                    null,
                    t.type(),
                    t.repeated(),
                    t.map() ? "string" : null,
                    false,
                    null,
                    null));
      }
      file.messages().add(response);
      return "." + response.fullName();
    }
    return TypeRef.EMPTY;
  }

  /** Whether {@code other} has a body schema unlike {@code first}'s (a different JSON shape). */
  private boolean differs(ApiResponse first, ApiResponse other) {
    Map.Entry<String, MediaType> a = content(first);
    Map.Entry<String, MediaType> b = content(other);
    if (b == null || b.getValue().getSchema() == null) {
      return false;
    }
    return a == null || !b.getValue().getSchema().equals(a.getValue().getSchema());
  }

  private List<String> rpcDoc(List<Op> ops) {
    List<String> doc = new ArrayList<>();
    Operation first = ops.get(0).operation();
    if (first.getSummary() != null) {
      doc.add(first.getSummary().strip());
    }
    for (Op op : ops) {
      doc.add("REST: " + op.method() + " " + op.path());
    }
    TreeMap<String, String> errors = new TreeMap<>();
    for (Op op : ops) {
      for (String code : responses(op).keySet()) {
        if (!code.startsWith("2")) {
          errors.put(code, GrpcStatus.forHttp(code));
        }
      }
    }
    if (!errors.isEmpty()) {
      List<String> parts = new ArrayList<>();
      errors.forEach((code, status) -> parts.add(code + " " + status));
      doc.add("Errors (HTTP status → gRPC status): " + String.join(", ", parts));
    }
    return doc;
  }

  private Map<String, ApiResponse> responses(Op op) {
    Map<String, ApiResponse> out = new LinkedHashMap<>();
    if (op.operation().getResponses() != null) {
      op.operation().getResponses().forEach((code, r) -> out.put(code, resolve(r)));
    }
    return out;
  }

  private Map.Entry<String, MediaType> content(ApiResponse r) {
    if (r == null || r.getContent() == null || r.getContent().isEmpty()) {
      return null;
    }
    return pickContent(r.getContent());
  }

  /** JSON when offered, else the first media type by name. */
  private static Map.Entry<String, MediaType> pickContent(Content content) {
    for (Map.Entry<String, MediaType> e : content.entrySet()) {
      if (e.getKey().equals("application/json")) {
        return e;
      }
    }
    return new TreeMap<>(content).firstEntry();
  }

  private Parameter resolve(Parameter p) {
    String ref = p.get$ref();
    if (ref == null) {
      return p;
    }
    if (api.getComponents() == null || api.getComponents().getParameters() == null) {
      return null;
    }
    return api.getComponents().getParameters().get(ref.substring(ref.lastIndexOf('/') + 1));
  }

  private RequestBody resolve(RequestBody b) {
    if (b == null || b.get$ref() == null) {
      return b;
    }
    String ref = b.get$ref();
    if (api.getComponents() == null || api.getComponents().getRequestBodies() == null) {
      return null;
    }
    return api.getComponents().getRequestBodies().get(ref.substring(ref.lastIndexOf('/') + 1));
  }

  private ApiResponse resolve(ApiResponse r) {
    if (r == null || r.get$ref() == null) {
      return r;
    }
    String ref = r.get$ref();
    if (api.getComponents() == null || api.getComponents().getResponses() == null) {
      return null;
    }
    return api.getComponents().getResponses().get(ref.substring(ref.lastIndexOf('/') + 1));
  }
}
