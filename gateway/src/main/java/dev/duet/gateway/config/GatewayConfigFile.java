package dev.duet.gateway.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.duet.gateway.config.GatewayConfig.Action;
import dev.duet.gateway.config.GatewayConfig.ClientAuth;
import dev.duet.gateway.config.GatewayConfig.Cluster;
import dev.duet.gateway.config.GatewayConfig.Jwt;
import dev.duet.gateway.config.GatewayConfig.Limits;
import dev.duet.gateway.config.GatewayConfig.Listen;
import dev.duet.gateway.config.GatewayConfig.Mode;
import dev.duet.gateway.config.GatewayConfig.Node;
import dev.duet.gateway.config.GatewayConfig.RateLimit;
import dev.duet.gateway.config.GatewayConfig.Route;
import dev.duet.gateway.config.GatewayConfig.Tenant;
import dev.duet.gateway.config.GatewayConfig.Tls;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.security.auth.x500.X500Principal;

/**
 * Reads {@code gateway.yaml}. Unknown keys are errors (a misspelt limit must not silently mean "no
 * limit"); sizes take OpenSearch's units ({@code 10mb}), durations {@code ms}, {@code s}, {@code
 * m}.
 */
public final class GatewayConfigFile {
  private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());
  private static final Pattern SIZE = Pattern.compile("(\\d+)\\s*(b|kb|mb|gb)?");
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m)");

  private GatewayConfigFile() {}

  public static GatewayConfig read(Path file) throws IOException {
    return parse(Files.readString(file), file.toAbsolutePath().getParent());
  }

  /** Parses YAML text; relative file paths in it (a JWKS file) resolve against {@code baseDir}. */
  public static GatewayConfig parse(String yaml, Path baseDir) throws IOException {
    JsonNode root = YAML.readTree(yaml);
    if (root == null || !root.isObject()) {
      throw new IllegalArgumentException("gateway config: expected a YAML mapping at the top");
    }
    only(
        root,
        "",
        "listen",
        "limits",
        "jwt",
        "clusters",
        "tenants",
        "routes",
        "slow_log_threshold",
        "access_log");
    return new GatewayConfig(
        listen(root.path("listen"), baseDir),
        limits(root.path("limits")),
        jwt(root.path("jwt"), baseDir),
        list(root, "clusters", GatewayConfigFile::cluster),
        list(root, "tenants", GatewayConfigFile::tenant),
        list(root, "routes", GatewayConfigFile::route),
        root.has("slow_log_threshold") ? duration(root.get("slow_log_threshold").asText()) : null,
        accessLog(root.path("access_log"), baseDir));
  }

  /**
   * {@code stdout} (the default), {@code stderr}, {@code off}, or a file, relative to the config.
   */
  private static String accessLog(JsonNode n, Path baseDir) {
    if (n.isBoolean() && !n.booleanValue()) {
      return "off"; // YAML reads a bare off as false
    }
    String to = n.asText("stdout");
    if (to.isBlank() || n.isBoolean()) {
      throw new IllegalArgumentException(
          "access_log: empty (expected stdout, stderr, off or a file)");
    }
    return switch (to) {
      case "stdout", "stderr", "off" -> to;
      default -> {
        Path file = baseDir == null ? Path.of(to) : baseDir.resolve(to);
        yield file.toAbsolutePath().toString();
      }
    };
  }

  private static Listen listen(JsonNode n, Path baseDir) {
    only(n, "listen", "host", "rest_port", "grpc_port", "admin_port", "tls");
    return new Listen(
        n.path("host").asText("127.0.0.1"),
        port(n, "rest_port", 9280),
        port(n, "grpc_port", 9480),
        port(n, "admin_port", 9290),
        tls(n.path("tls"), baseDir));
  }

  private static Tls tls(JsonNode n, Path baseDir) {
    if (n.isMissingNode() || n.isNull()) {
      return null;
    }
    only(
        n,
        "listen.tls",
        "keystore",
        "keystore_password",
        "truststore",
        "truststore_password",
        "client_auth");
    String auth = text(n, "client_auth");
    return new Tls(
        resolve(baseDir, text(n, "keystore")),
        text(n, "keystore_password"),
        resolve(baseDir, text(n, "truststore")),
        text(n, "truststore_password"),
        auth == null ? null : ClientAuth.valueOf(auth.toUpperCase(Locale.ROOT)));
  }

  private static String resolve(Path baseDir, String file) {
    return file == null || baseDir == null ? file : baseDir.resolve(file).toString();
  }

  private static Limits limits(JsonNode n) {
    only(n, "limits", "max_body_bytes", "max_bulk_items", "max_search_size", "max_search_from");
    Limits d = Limits.DEFAULTS;
    return new Limits(
        n.has("max_body_bytes")
            ? size(n.get("max_body_bytes"), "limits.max_body_bytes")
            : d.maxBodyBytes(),
        positiveInt(n, "max_bulk_items", d.maxBulkItems()),
        positiveInt(n, "max_search_size", d.maxSearchSize()),
        positiveInt(n, "max_search_from", d.maxSearchFrom()));
  }

  private static Jwt jwt(JsonNode n, Path baseDir) {
    if (n.isMissingNode() || n.isNull()) {
      return null;
    }
    only(n, "jwt", "issuer", "audience", "hs256_secret", "jwks_file", "tenant_claim");
    String jwks = resolve(baseDir, text(n, "jwks_file"));
    return new Jwt(
        text(n, "issuer"),
        text(n, "audience"),
        text(n, "hs256_secret"),
        jwks,
        text(n, "tenant_claim"));
  }

  private static Cluster cluster(JsonNode n) {
    only(n, "clusters[]", "name", "mode", "health_check_interval", "nodes");
    String mode = text(n, "mode");
    return new Cluster(
        text(n, "name"),
        mode == null ? null : Mode.valueOf(mode.toUpperCase(Locale.ROOT)),
        n.has("health_check_interval") ? duration(n.get("health_check_interval").asText()) : null,
        list(
            n,
            "nodes",
            node -> {
              only(node, "nodes[]", "rest", "grpc");
              return new Node(text(node, "rest"), text(node, "grpc"));
            }));
  }

  private static Tenant tenant(JsonNode n) {
    only(
        n,
        "tenants[]",
        "name",
        "api_keys",
        "client_cert_subjects",
        "indices",
        "actions",
        "rate_limit");
    Set<Action> actions = EnumSet.noneOf(Action.class);
    for (String a : strings(n, "actions")) {
      actions.add(Action.valueOf(a.toUpperCase(Locale.ROOT)));
    }
    List<String> keys = new ArrayList<>();
    for (String k : strings(n, "api_keys")) {
      String hex = k.startsWith("sha256:") ? k.substring("sha256:".length()) : k;
      if (!hex.matches("[0-9a-fA-F]{64}")) {
        throw new IllegalArgumentException(
            "tenant ["
                + text(n, "name")
                + "]: api_keys hold SHA-256 hashes (64 hex digits), got ["
                + k
                + "]");
      }
      keys.add(hex.toLowerCase(Locale.ROOT));
    }
    List<String> subjects = new ArrayList<>();
    for (String subject : strings(n, "client_cert_subjects")) {
      subjects.add(new X500Principal(subject).getName(X500Principal.RFC2253));
    }
    return new Tenant(
        text(n, "name"),
        keys,
        subjects,
        strings(n, "indices"),
        actions,
        rateLimit(n.path("rate_limit")));
  }

  private static RateLimit rateLimit(JsonNode n) {
    if (n.isMissingNode()) {
      return RateLimit.UNLIMITED;
    }
    only(
        n,
        "rate_limit",
        "requests_per_second",
        "burst_requests",
        "bytes_per_second",
        "burst_bytes",
        "max_concurrent");
    double rps = n.path("requests_per_second").asDouble(0);
    long bps = n.has("bytes_per_second") ? size(n.get("bytes_per_second"), "bytes_per_second") : 0;
    return new RateLimit(
        rps,
        n.path("burst_requests").asLong((long) Math.ceil(rps)),
        bps,
        n.has("burst_bytes") ? size(n.get("burst_bytes"), "burst_bytes") : bps,
        n.path("max_concurrent").asInt(0));
  }

  private static Route route(JsonNode n) {
    only(n, "routes[]", "tenant", "indices", "cluster");
    return new Route(text(n, "tenant"), strings(n, "indices"), text(n, "cluster"));
  }

  // --- helpers ---

  private interface NodeReader<T> {
    T read(JsonNode node);
  }

  private static <T> List<T> list(JsonNode parent, String field, NodeReader<T> reader) {
    JsonNode n = parent.path(field);
    if (n.isMissingNode() || n.isNull()) {
      return List.of();
    }
    if (!n.isArray()) {
      throw new IllegalArgumentException(field + ": expected a list");
    }
    List<T> out = new ArrayList<>();
    for (JsonNode item : n) {
      out.add(reader.read(item));
    }
    return out;
  }

  private static List<String> strings(JsonNode parent, String field) {
    return list(parent, field, JsonNode::asText);
  }

  private static String text(JsonNode n, String field) {
    JsonNode v = n.get(field);
    return v == null || v.isNull() ? null : v.asText();
  }

  private static int port(JsonNode n, String field, int defaultPort) {
    int port = n.path(field).asInt(defaultPort);
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("listen." + field + ": " + port + " (expected: 0-65535)");
    }
    return port;
  }

  private static int positiveInt(JsonNode n, String field, int defaultValue) {
    int v = n.path(field).asInt(defaultValue);
    if (v <= 0) {
      throw new IllegalArgumentException("limits." + field + ": " + v + " (expected: > 0)");
    }
    return v;
  }

  /** {@code 10mb}, {@code 512kb}, {@code 1024} (bytes). */
  static long size(JsonNode v, String field) {
    Matcher m = SIZE.matcher(v.asText().trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new IllegalArgumentException(field + ": [" + v.asText() + "] (expected: e.g. 10mb)");
    }
    long n = Long.parseLong(m.group(1));
    String unit = m.group(2) == null ? "b" : m.group(2);
    return switch (unit) {
      case "kb" -> n * 1024;
      case "mb" -> n * 1024 * 1024;
      case "gb" -> n * 1024 * 1024 * 1024;
      default -> n;
    };
  }

  static Duration duration(String text) {
    Matcher m = DURATION.matcher(text.trim());
    if (!m.matches()) {
      throw new IllegalArgumentException("duration: [" + text + "] (expected: e.g. 500ms, 2s, 1m)");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      default -> Duration.ofMinutes(n);
    };
  }

  private static void only(JsonNode n, String where, String... allowed) {
    if (n.isMissingNode() || n.isNull()) {
      return;
    }
    if (!n.isObject()) {
      throw new IllegalArgumentException(where + ": expected a mapping");
    }
    Set<String> names = Set.of(allowed);
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String name = it.next();
      if (!names.contains(name)) {
        throw new IllegalArgumentException(
            "gateway config: unknown key ["
                + name
                + "]"
                + (where.isEmpty() ? "" : " in " + where)
                + " (expected one of "
                + String.join(", ", allowed)
                + ")");
      }
    }
  }
}
