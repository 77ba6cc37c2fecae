package dev.duet.embedded;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolutionException;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * A JUnit 5 extension that runs an {@link EmbeddedDuet} for a test class or for each test, and
 * injects it into {@link EmbeddedDuet} parameters. Used by {@link DuetTest}, or registered on a
 * static field for options or several nodes side by side:
 *
 * <pre>{@code
 * @RegisterExtension
 * static final DuetExtension duet = DuetExtension.perClass().wipingBetweenTests();
 *
 * @Test
 * void finds(EmbeddedDuet node) { ... node.restUrl() ... }   // or duet.node()
 * }</pre>
 *
 * <p>On a static field the node starts before the class's tests; a per-class node on an instance
 * field lives as long as that extension instance, which JUnit makes once per test.
 */
public final class DuetExtension
    implements BeforeAllCallback,
        AfterAllCallback,
        BeforeEachCallback,
        AfterEachCallback,
        ParameterResolver {
  private static final String NODE = "node";

  /** Null when the settings come from a {@link DuetTest} annotation. */
  private final Setup fixed;

  private volatile EmbeddedDuet current;

  /** The extension {@link DuetTest} registers: its settings come from the annotation. */
  public DuetExtension() {
    this(null);
  }

  private DuetExtension(Setup fixed) {
    this.fixed = fixed;
  }

  /** One node shared by all tests of the class. */
  public static DuetExtension perClass() {
    return new DuetExtension(
        new Setup(NodeScope.PER_CLASS, false, EmbeddedDuet.Options.defaults()));
  }

  /** A new node for each test. */
  public static DuetExtension perTest() {
    return new DuetExtension(new Setup(NodeScope.PER_TEST, false, EmbeddedDuet.Options.defaults()));
  }

  /** This extension, wiping its node after each test (see {@link EmbeddedDuet#wipe()}). */
  public DuetExtension wipingBetweenTests() {
    Setup setup = programmatic();
    return new DuetExtension(new Setup(setup.scope, true, setup.options));
  }

  /** This extension, starting its nodes with {@code options}. */
  public DuetExtension withOptions(EmbeddedDuet.Options options) {
    requireNonNull(options, "options");
    Setup setup = programmatic();
    return new DuetExtension(new Setup(setup.scope, setup.wipe, options.copy()));
  }

  /** The node of the class or test now running. */
  public EmbeddedDuet node() {
    EmbeddedDuet node = current;
    if (node == null) {
      throw new IllegalStateException(
          "no embedded Duet node is running: the extension starts one for a class (register it on"
              + " a static field) or for each test");
    }
    return node;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    if (setup(context).scope == NodeScope.PER_CLASS) {
      classNode(context);
    }
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    if (setup(context).scope == NodeScope.PER_CLASS) {
      classNode(context);
    } else {
      testNode(context);
    }
  }

  @Override
  public void afterEach(ExtensionContext context) {
    Setup setup = setup(context);
    if (setup.scope == NodeScope.PER_TEST) {
      close(context.getStore(namespace()).remove(NODE, EmbeddedDuet.class));
      return;
    }
    if (setup.wipe) {
      classNode(context).wipe();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) {
    // Only the context that started the node holds it: a @Nested class leaves its outer's alone.
    close(context.getStore(namespace()).remove(NODE, EmbeddedDuet.class));
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == EmbeddedDuet.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    if (setup(context).scope == NodeScope.PER_CLASS) {
      return classNode(context);
    }
    if (context.getTestMethod().isEmpty()) {
      throw new ParameterResolutionException(
          "a per-test embedded Duet node exists only during a test: declare it on a test or"
              + " @BeforeEach/@AfterEach method, not on "
              + parameter.getDeclaringExecutable());
    }
    return testNode(context);
  }

  private EmbeddedDuet classNode(ExtensionContext context) {
    ExtensionContext classContext = context;
    while (classContext.getTestMethod().isPresent() && classContext.getParent().isPresent()) {
      classContext = classContext.getParent().get();
    }
    return started(classContext, setup(context));
  }

  private EmbeddedDuet testNode(ExtensionContext context) {
    return started(context, setup(context));
  }

  /** The node in {@code context}'s store (or a parent's), started there on first use. */
  private EmbeddedDuet started(ExtensionContext context, Setup setup) {
    EmbeddedDuet node =
        context
            .getStore(namespace())
            .getOrComputeIfAbsent(
                NODE, key -> EmbeddedDuet.start(setup.options), EmbeddedDuet.class);
    current = node;
    return node;
  }

  private void close(EmbeddedDuet node) {
    if (node == null) {
      return;
    }
    if (current == node) {
      current = null;
    }
    node.close();
  }

  /** This instance's own nodes: two extensions in one class never share one. */
  private Namespace namespace() {
    return Namespace.create(DuetExtension.class, this);
  }

  private Setup programmatic() {
    if (fixed == null) {
      throw new IllegalStateException("configure @DuetTest through its attributes");
    }
    return fixed;
  }

  private Setup setup(ExtensionContext context) {
    if (fixed != null) {
      return fixed;
    }
    return annotation(context)
        .map(Setup::of)
        .orElseGet(() -> new Setup(NodeScope.PER_CLASS, false, EmbeddedDuet.Options.defaults()));
  }

  /** The {@link DuetTest} on the test class, or on a class enclosing a {@code @Nested} one. */
  private static Optional<DuetTest> annotation(ExtensionContext context) {
    for (Class<?> c = context.getTestClass().orElse(null); c != null; c = c.getEnclosingClass()) {
      DuetTest found = c.getAnnotation(DuetTest.class);
      if (found != null) {
        return Optional.of(found);
      }
    }
    return Optional.empty();
  }

  private record Setup(NodeScope scope, boolean wipe, EmbeddedDuet.Options options) {
    static Setup of(DuetTest annotation) {
      EmbeddedDuet.Options options = EmbeddedDuet.Options.defaults();
      for (String setting : annotation.settings()) {
        int eq = setting.indexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException(
              "@DuetTest settings: [" + setting + "] (expected: key=value)");
        }
        options.setting(setting.substring(0, eq).trim(), setting.substring(eq + 1).trim());
      }
      return new Setup(annotation.scope(), annotation.wipeBetweenTests(), options);
    }
  }
}
