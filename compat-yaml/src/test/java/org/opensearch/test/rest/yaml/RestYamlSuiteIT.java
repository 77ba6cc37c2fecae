/*
 * Duet's run of OpenSearch's REST YAML suite. In OpenSearch's package because the runner's
 * context and client constructors are package-private.
 */
package org.opensearch.test.rest.yaml;

import com.carrotsearch.randomizedtesting.annotations.Listeners;
import com.carrotsearch.randomizedtesting.annotations.Name;
import com.carrotsearch.randomizedtesting.annotations.ParametersFactory;
import com.carrotsearch.randomizedtesting.annotations.ThreadLeakScope;
import com.carrotsearch.randomizedtesting.annotations.TimeoutSuite;
import dev.duet.compat.yaml.ResultListener;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.net.URI;
import org.apache.http.HttpHost;
import org.apache.http.util.EntityUtils;
import org.apache.http.HttpRequestInterceptor;
import org.apache.http.client.methods.HttpRequestWrapper;
import org.apache.lucene.tests.util.TimeUnits;
import org.opensearch.Version;
import org.opensearch.client.Request;
import org.opensearch.client.RequestOptions;
import org.opensearch.client.ResponseException;
import org.opensearch.client.RestClient;
import org.opensearch.client.RestClientBuilder;
import org.opensearch.common.settings.Settings;
import org.opensearch.client.WarningsHandler;
import org.opensearch.common.xcontent.json.JsonXContent;
import org.opensearch.core.xcontent.XContentBuilder;
import dev.duet.compat.yaml.OpenRanges;
import dev.duet.compat.yaml.VersionFront;
import java.nio.file.Path;
import java.net.InetAddress;
import org.junit.AfterClass;
import org.junit.BeforeClass;

/**
 * OpenSearch's own YAML runner ({@link OpenSearchClientYamlSuiteTestCase}, of the suite's release) pointed at a running
 * node ({@code tests.rest.cluster}), as OpenSearch's external-cluster runs do, with three changes
 * so that it measures a node that is not OpenSearch without failing for reasons outside the test:
 *
 * <ul>
 *   <li>The suite's open version ranges ({@code "3.0.0 - "}, {@code "all"}) end at 3.99.99, not at
 *       the runner's own 2.19.0 ({@link OpenRanges}), in skips and node selectors alike.
 *   <li>The server version the suite's version skips compare with is fixed ({@code
 *       yaml.server.version}, default 3.8.0): the admin client's {@link VersionFront} answers
 *       the framework's {@code _cat/nodes} and {@code _nodes/plugins} version look-ups (the node
 *       may lack them).
 *   <li>Requests are JSON, not a random content type, and the suite never installs the random
 *       two-shard {@code _template/global}: the same run every time, on any node.
 *   <li>The framework's cluster wipe between tests is replaced by the same steps that tolerate a
 *       missing API (snapshots, data streams, templates, cluster settings); the indices wipe must
 *       work.
 * </ul>
 *
 * Every test's outcome goes to {@link ResultListener}, which writes the results and the report.
 */
@TimeoutSuite(millis = 4 * TimeUnits.HOUR)
@ThreadLeakScope(ThreadLeakScope.Scope.NONE) // a client of a node: its HTTP threads are no leak
@Listeners(ResultListener.class)
public class RestYamlSuiteIT extends OpenSearchClientYamlSuiteTestCase {

  private static final Version SERVER_VERSION =
      Version.fromString(System.getProperty("yaml.server.version", "3.8.0"));
  private static final AtomicInteger CLIENTS_BUILT = new AtomicInteger();
  private static VersionFront front;

  public RestYamlSuiteIT(@Name("yaml") ClientYamlTestCandidate testCandidate) {
    super(testCandidate);
  }

  @ParametersFactory
  public static Iterable<Object[]> parameters() throws Exception {
    OpenRanges.close(
        Path.of(OpenSearchClientYamlSuiteTestCase.class.getResource("/rest-api-spec/test").toURI()));
    return createParameters();
  }

  @BeforeClass
  public static void alwaysDefaultNumberOfShards() throws Exception {
    Field field = OpenSearchClientYamlSuiteTestCase.class.getDeclaredField("useDefaultNumberOfShards");
    field.setAccessible(true);
    field.set(null, true);
  }

  @Override
  protected boolean randomizeContentType() {
    return false;
  }

  /**
   * The framework's client; the admin one (built second) goes through {@link VersionFront}, which
   * answers the two requests the framework reads the node's version from ({@code _nodes/plugins},
   * {@code _cat/nodes?h=version,master}) with the fixed version. (The framework's {@code @Before}
   * hooks that send them cannot be overridden: its test rules forbid it.)
   */
  @Override
  protected RestClient buildClient(Settings settings, HttpHost[] hosts) throws IOException {
    if (CLIENTS_BUILT.getAndIncrement() % 2 == 1) {
      if (front != null) {
        front.close();
      }
      front = new VersionFront(hosts[0].getHostName(), hosts[0].getPort(), SERVER_VERSION.toString());
      hosts = new HttpHost[] {new HttpHost(InetAddress.getLoopbackAddress().getHostAddress(), front.port(), "http")};
      RestClientBuilder builder = RestClient.builder(hosts);
      configureClient(builder, settings);
      builder.setStrictDeprecationMode(true);
      // The framework's admin requests name some paths without the leading slash ("_nodes/plugins"):
      // OpenSearch takes them, the front's HTTP server does not.
      builder.setHttpClientConfigCallback(
          http ->
              http.addInterceptorFirst(
                  (HttpRequestInterceptor)
                      (request, context) -> {
                        if (request instanceof HttpRequestWrapper wrapper
                            && wrapper.getURI() != null
                            && !wrapper.getURI().toString().startsWith("/")) {
                          wrapper.setURI(URI.create("/" + wrapper.getURI()));
                        }
                      }));
      return builder.build();
    }
    return super.buildClient(settings, hosts);
  }

  @Override
  protected boolean preserveClusterUponCompletion() {
    return true; // wiped by wipe() below instead
  }

  @Override
  protected boolean preserveSnapshotsUponCompletion() {
    return false;
  }

  /**
   * The framework's wipe (its {@code wipeCluster}), step by step, each step that calls an API the
   * node may lack forgiven; then all indices, which must go.
   */
  @org.junit.After
  public void wipe() throws Exception {
    quietly("health", () -> adminClient().performRequest(healthNoInitializingShards()));
    quietly("snapshots", this::wipeSnapshots);
    quietly("data streams", () -> wipeDataStreams());
    wipeIndices();
    quietly("templates", () -> adminClient().performRequest(new Request("DELETE", "/_template/*")));
    quietly(
        "index templates",
        () -> adminClient().performRequest(new Request("DELETE", "/_index_template/*")));
    quietly(
        "component templates",
        () -> adminClient().performRequest(new Request("DELETE", "/_component_template/*")));
    quietly("settings", this::wipeSettings);
  }

  @AfterClass
  public static void writeReport() throws IOException {
    ResultListener.finish();
  }

  @AfterClass
  public static void closeFront() {
    if (front != null) {
      front.close();
      front = null;
    }
  }

  private static Request healthNoInitializingShards() {
    Request request = new Request("GET", "/_cluster/health");
    request.addParameter("wait_for_no_initializing_shards", "true");
    request.addParameter("timeout", "70s");
    request.addParameter("level", "shards");
    return request;
  }

  /** The framework's {@code wipeAllIndices}, without its node-version look-up. */
  private static void wipeIndices() throws IOException {
    Request request = new Request("DELETE", "/*");
    request.addParameter("expand_wildcards", "open,closed,hidden");
    RequestOptions.Builder options = RequestOptions.DEFAULT.toBuilder();
    options.setWarningsHandler(WarningsHandler.PERMISSIVE); // system indices
    request.setOptions(options);
    try {
      adminClient().performRequest(request);
    } catch (ResponseException e) {
      if (e.getResponse().getStatusLine().getStatusCode() != 404) { // 404: no indices
        throw e;
      }
    }
  }

  /** The framework's {@code wipeClusterSettings}. */
  private void wipeSettings() throws IOException {
    Map<?, ?> current =
        entityAsMap(adminClient().performRequest(new Request("GET", "/_cluster/settings")));
    boolean mustClear = false;
    XContentBuilder clear = JsonXContent.contentBuilder().startObject();
    for (Map.Entry<?, ?> entry : current.entrySet()) {
      if (!(entry.getValue() instanceof Map<?, ?> settings) || settings.isEmpty()) {
        continue;
      }
      mustClear = true;
      clear.startObject(entry.getKey().toString());
      for (Object key : settings.keySet()) {
        clear.field(key + ".*").nullValue();
      }
      clear.endObject();
    }
    clear.endObject();
    if (mustClear) {
      Request request = new Request("PUT", "/_cluster/settings");
      request.setJsonEntity(clear.toString());
      RequestOptions.Builder options = RequestOptions.DEFAULT.toBuilder();
      options.setWarningsHandler(WarningsHandler.PERMISSIVE);
      request.setOptions(options);
      adminClient().performRequest(request);
    }
  }

  private interface Step {
    void run() throws Exception;
  }

  /** Wipe steps not sent again: the node answered that it has no such API. */
  private static final Set<String> MISSING = ConcurrentHashMap.newKeySet();

  private static void quietly(String name, Step step) {
    if (MISSING.contains(name)) {
      return;
    }
    try {
      step.run();
    } catch (ResponseException e) {
      String body = "";
      try {
        body = EntityUtils.toString(e.getResponse().getEntity());
      } catch (IOException | RuntimeException ignored) {
        // no body
      }
      if (body.contains("no handler found for uri")) {
        MISSING.add(name); // an API the node lacks: once is enough
      }
    } catch (Exception | AssertionError e) {
      // nothing to wipe
    }
  }
}
