/**
 * Text analysis as a model: the {@code _analyze} request and its tokens. Start at {@link
 * dev.duet.engine.analysis.AnalyzeRequest}; the analyzers themselves (built-in, and custom ones
 * from {@code index.analysis.*} settings) are built in the engine's internals.
 */
package dev.duet.engine.analysis;
