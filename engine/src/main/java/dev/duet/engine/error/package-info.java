/** {@link dev.duet.engine.error.DuetException}: failures with an OpenSearch identity. */
package dev.duet.engine.error;
