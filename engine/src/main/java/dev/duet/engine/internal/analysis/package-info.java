/**
 * An index's analyzers, tokenizers and filters built from its settings, within OpenSearch's limits.
 * Starting points: {@link dev.duet.engine.internal.analysis.IndexAnalysis} (the index's analysis
 * chain), {@code AnalysisComponents} (built-in and custom components), {@code AnalysisLimits}.
 */
package dev.duet.engine.internal.analysis;
