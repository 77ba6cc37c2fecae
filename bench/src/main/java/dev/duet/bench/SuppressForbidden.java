package dev.duet.bench;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Marks the few places (the command line) that may use APIs the build otherwise forbids. */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD})
public @interface SuppressForbidden {
  /** Why the forbidden API is right here. */
  String reason();
}
