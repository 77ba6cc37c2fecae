package dev.duet.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.platform.launcher.Launcher;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * The extension as a user meets it: each fixture below is a test class run through the JUnit
 * Platform from here, so that what happens after its tests (nodes closed, data deleted) can be
 * checked too. The fixtures record the nodes they saw; the clients are the real ones.
 */
class DuetExtensionTest {
  /** What the fixtures saw, one entry per node use: its REST URL, ports and data folder. */
  record Seen(URI restUrl, int httpPort, int grpcPort, Path dataDir) {
    static Seen of(EmbeddedDuet duet) {
      return new Seen(duet.restUrl(), duet.httpPort(), duet.grpcPort(), duet.dataDir());
    }
  }

  static final List<Seen> seen = new ArrayList<>();

  @Test
  void perClassSharesOneNodeAcrossTestsThenClosesItAndDeletesItsData() {
    TestExecutionSummary summary = run(PerClass.class);

    assertPassed(summary, 2);
    // beforeAll, first, second: the same node (second found first's index on it).
    assertThat(seen).hasSize(3).allMatch(s -> s.equals(seen.get(0)));
    assertClosedAndDeleted(seen.get(0));
  }

  @Test
  void perTestStartsANewNodeForEachTestAndClosesEach() {
    TestExecutionSummary summary = run(PerTest.class);

    assertPassed(summary, 2);
    // Each test saw its node twice (in @BeforeEach and in the test), a different one per test.
    assertThat(seen).hasSize(4);
    assertThat(seen.get(0)).isEqualTo(seen.get(1));
    assertThat(seen.get(2)).isEqualTo(seen.get(3));
    assertThat(seen.get(2).dataDir()).isNotEqualTo(seen.get(0).dataDir());
    assertThat(seen.get(2).restUrl()).isNotEqualTo(seen.get(0).restUrl());
    assertClosedAndDeleted(seen.get(0));
    assertClosedAndDeleted(seen.get(2));
  }

  @Test
  void wipeBetweenTestsEmptiesTheSharedNode() {
    TestExecutionSummary summary = run(Wiped.class);

    assertPassed(summary, 2);
    assertThat(seen).hasSize(2).allMatch(s -> s.equals(seen.get(0)));
    assertClosedAndDeleted(seen.get(0));
  }

  @Test
  void twoExtensionsRunSideBySideOnTheirOwnPortsAndData() {
    TestExecutionSummary summary = run(SideBySide.class);

    assertPassed(summary, 1);
    assertThat(seen).hasSize(2);
    Seen a = seen.get(0);
    Seen b = seen.get(1);
    assertThat(List.of(b.httpPort(), b.grpcPort())).doesNotContain(a.httpPort(), a.grpcPort());
    assertThat(b.dataDir()).isNotEqualTo(a.dataDir());
    assertClosedAndDeleted(a);
    assertClosedAndDeleted(b);
  }

  @Test
  void nestedClassesShareTheirOuterClassNode() {
    TestExecutionSummary summary = run(WithNested.class);

    assertPassed(summary, 2);
    assertThat(seen).hasSize(2).allMatch(s -> s.equals(seen.get(0)));
    assertClosedAndDeleted(seen.get(0));
  }

  @Test
  void annotationSettingsReachTheNode() {
    assertPassed(run(WithSettings.class), 1);
  }

  @Test
  void aPerTestNodeCannotBeInjectedIntoBeforeAll() {
    TestExecutionSummary summary = run(PerTestInBeforeAll.class);

    assertThat(summary.getTotalFailureCount()).isEqualTo(1);
    assertThat(summary.getFailures().get(0).getException())
        .hasMessageContaining("a per-test embedded Duet node exists only during a test");
  }

  private static TestExecutionSummary run(Class<?> fixture) {
    seen.clear();
    Launcher launcher = LauncherFactory.create();
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    launcher.execute(
        LauncherDiscoveryRequestBuilder.request().selectors(selectClass(fixture)).build(),
        listener);
    return listener.getSummary();
  }

  private static void assertPassed(TestExecutionSummary summary, int tests) {
    List<Throwable> failures =
        summary.getFailures().stream().map(TestExecutionSummary.Failure::getException).toList();
    assertThat(failures).isEmpty();
    assertThat(summary.getTestsSucceededCount()).isEqualTo(tests);
  }

  private static void assertClosedAndDeleted(Seen node) {
    assertThat(Clients.listening(node.httpPort())).as("REST port still open").isFalse();
    assertThat(Clients.listening(node.grpcPort())).as("gRPC port still open").isFalse();
    assertThat(node.dataDir()).doesNotExist();
  }

  // ---- Fixtures: run by the tests above, not by the build (surefire skips nested classes). ----

  @DuetTest
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class PerClass {
    @BeforeAll
    static void start(EmbeddedDuet duet) {
      seen.add(Seen.of(duet));
    }

    @Test
    @Order(1)
    void first(EmbeddedDuet duet) throws Exception {
      seen.add(Seen.of(duet));
      try (Clients clients = new Clients(duet)) {
        assertThat(clients.bulk("kept", "{\"n\":1}").getErrors()).isFalse();
      }
    }

    @Test
    @Order(2)
    void second(EmbeddedDuet duet) throws Exception {
      seen.add(Seen.of(duet));
      try (Clients clients = new Clients(duet)) {
        assertThat(clients.idsOverGrpc("kept")).containsExactly("d0");
      }
    }
  }

  @DuetTest(scope = NodeScope.PER_TEST)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class PerTest {
    @BeforeEach
    void before(EmbeddedDuet duet) {
      seen.add(Seen.of(duet));
    }

    @Test
    @Order(1)
    void first(EmbeddedDuet duet) throws Exception {
      seen.add(Seen.of(duet));
      try (Clients clients = new Clients(duet)) {
        assertThat(clients.bulk("gone", "{\"n\":1}").getErrors()).isFalse();
      }
    }

    @Test
    @Order(2)
    void second(EmbeddedDuet duet) throws Exception {
      seen.add(Seen.of(duet));
      try (Clients clients = new Clients(duet)) {
        assertThat(clients.rest.indices().exists(e -> e.index("gone")).value()).isFalse();
      }
    }
  }

  @DuetTest(wipeBetweenTests = true)
  @TestMethodOrder(MethodOrderer.OrderAnnotation.class)
  static class Wiped {
    @Test
    @Order(1)
    void first(EmbeddedDuet duet) throws Exception {
      seen.add(Seen.of(duet));
      try (Clients clients = new Clients(duet)) {
        clients.bulk("wiped", "{\"n\":1}");
        clients.rest.indices().putAlias(a -> a.index("wiped").name("wiped-alias"));
      }
    }

    @Test
    @Order(2)
    void second(EmbeddedDuet duet) throws Exception {
      seen.add(Seen.of(duet));
      try (Clients clients = new Clients(duet)) {
        assertThat(clients.rest.indices().exists(e -> e.index("wiped")).value()).isFalse();
        assertThat(clients.rest.indices().existsAlias(e -> e.name("wiped-alias")).value())
            .isFalse();
        assertThat(clients.rest.cat().indices().valueBody()).isEmpty();
      }
    }
  }

  static class SideBySide {
    @RegisterExtension static final DuetExtension first = DuetExtension.perClass();
    @RegisterExtension static final DuetExtension second = DuetExtension.perClass();

    @Test
    void each() throws Exception {
      seen.add(Seen.of(first.node()));
      seen.add(Seen.of(second.node()));
      try (Clients a = new Clients(first.node());
          Clients b = new Clients(second.node())) {
        a.bulk("only-first", "{\"n\":1}");
        assertThat(a.rest.indices().exists(e -> e.index("only-first")).value()).isTrue();
        assertThat(b.rest.indices().exists(e -> e.index("only-first")).value()).isFalse();
      }
    }
  }

  @DuetTest
  static class WithNested {
    @Test
    void outer(EmbeddedDuet duet) {
      seen.add(Seen.of(duet));
    }

    @Nested
    class Inner {
      @Test
      void inner(EmbeddedDuet duet) {
        seen.add(Seen.of(duet));
      }
    }
  }

  @DuetTest(settings = {"cluster.name=from-annotation", "node.name = annotated"})
  static class WithSettings {
    @Test
    void named(EmbeddedDuet duet) throws Exception {
      try (Clients clients = new Clients(duet)) {
        var info = clients.rest.info();
        assertThat(info.clusterName()).isEqualTo("from-annotation");
        assertThat(info.name()).isEqualTo("annotated");
      }
    }
  }

  @DuetTest(scope = NodeScope.PER_TEST)
  static class PerTestInBeforeAll {
    @BeforeAll
    static void tooEarly(EmbeddedDuet duet) {}

    @Test
    void never() {}
  }
}
