/**
 * Scripts in the request model: {@link dev.duet.engine.script.Script} (inline or stored) and {@link
 * dev.duet.engine.script.ScriptFailure}, OpenSearch's {@code script_exception}.
 */
package dev.duet.engine.script;
