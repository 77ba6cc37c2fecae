package dev.duet.server.rest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.duet.engine.Engines;
import dev.duet.server.action.Actions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Holds the server to api/openapi/duet.yaml, the spec protogen generates the gRPC services from:
 * every routed method and path is in the spec, and every spec operation is routed.
 */
class OpenApiSpecTest {
  private static final Set<String> METHODS =
      Set.of("get", "put", "post", "delete", "head", "patch", "options");

  @TempDir Path dataDir;

  @Test
  void theSpecListsExactlyTheRoutesTheServerServes() throws Exception {
    Set<String> routed = new TreeSet<>();
    try (var engine = Engines.open(dataDir)) {
      RestRouter router =
          RestRoutes.build(new Actions(engine), new NodeIdentity("node", "cluster", "uuid"));
      for (RestRouter.Route r : router.routes()) {
        routed.add(r.method() + " " + r.pattern());
      }
    }
    Set<String> specified = new TreeSet<>();
    Set<String> pending = new TreeSet<>();
    specOperations(specFile(), specified, pending);

    Set<String> missingFromSpec = new TreeSet<>(routed);
    missingFromSpec.removeAll(specified);
    missingFromSpec.removeAll(pending);
    Set<String> notRouted = new TreeSet<>(specified);
    notRouted.removeAll(routed);
    Set<String> routedButPending = new TreeSet<>(pending);
    routedButPending.retainAll(routed);
    assertThat(missingFromSpec)
        .as("routed by RestRoutes but missing from api/openapi/duet.yaml (add them to the spec)")
        .isEmpty();
    assertThat(notRouted)
        .as("in api/openapi/duet.yaml but not routed by RestRoutes (route them or drop them)")
        .isEmpty();
    assertThat(routedButPending)
        .as(
            "routed now: remove `x-duet-pending: true` from these operations in api/openapi/duet.yaml")
        .isEmpty();
  }

  /** Collects "METHOD /path" of every operation, pending ones (x-duet-pending) apart. */
  private static void specOperations(Path spec, Set<String> out, Set<String> pending)
      throws Exception {
    JsonNode paths = new ObjectMapper(new YAMLFactory()).readTree(spec.toFile()).path("paths");
    for (Iterator<Map.Entry<String, JsonNode>> it = paths.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> path = it.next();
      for (Iterator<String> m = path.getValue().fieldNames(); m.hasNext(); ) {
        String method = m.next();
        if (METHODS.contains(method)) {
          String route = method.toUpperCase(Locale.ROOT) + " " + path.getKey();
          boolean isPending = path.getValue().path(method).path("x-duet-pending").asBoolean(false);
          (isPending ? pending : out).add(route);
        }
      }
    }
  }

  private static Path specFile() {
    // Surefire runs in server/; the spec lives beside it in api/.
    Path candidate = Path.of("..", "api", "openapi", "duet.yaml");
    assertThat(Files.exists(candidate)).as("spec at %s", candidate.toAbsolutePath()).isTrue();
    return candidate;
  }
}
