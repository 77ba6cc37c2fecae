/**
 * Scripts: Painless compiled by OpenSearch's own compiler ({@code lang-painless}) into subclasses
 * of Duet's script classes, and what they see of a document. Starting points: {@code Scripts}
 * (compile, cache, errors), {@code UpdateScript} ({@code ctx} scripts), {@code DocScript} and
 * {@code DocLookup} ({@code doc['f'].value} in search scripts).
 */
package dev.duet.engine.internal.script;
