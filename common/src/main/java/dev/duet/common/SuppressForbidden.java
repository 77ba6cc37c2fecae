package dev.duet.common;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks code allowed to use an API that forbidden-apis bans elsewhere, such as the command line
 * entry points printing to {@code System.out}; {@link #reason()} says why.
 */
@Retention(RetentionPolicy.CLASS)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.CONSTRUCTOR})
public @interface SuppressForbidden {
  String reason();
}
