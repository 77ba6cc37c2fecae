package dev.duet.embedded;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs a test class against an embedded Duet node on free ports, with its data in a temporary
 * folder: declare an {@link EmbeddedDuet} parameter on a test, lifecycle method or constructor to
 * get it. For several nodes in one class, or options beyond these, register {@link DuetExtension}
 * on static fields instead.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ExtendWith(DuetExtension.class)
public @interface DuetTest {
  /** One node for the class (the default) or a new one for each test. */
  NodeScope scope() default NodeScope.PER_CLASS;

  /**
   * Wipes the shared node after each test (indices and their aliases, scrolls, points in time,
   * cluster settings), so that every test starts on an empty node.
   */
  boolean wipeBetweenTests() default false;

  /**
   * Node settings by OpenSearch's keys, each {@code "key=value"} (e.g. {@code
   * "search.max_buckets=100"}).
   */
  String[] settings() default {};
}
