/**
 * The engine on Apache Lucene. Starting points: {@link dev.duet.engine.internal.LuceneEngine} (the
 * node's indices), {@code LuceneIndex} (one index: writer, searcher, version map, the single write
 * path), {@code DocumentParser} (source → Lucene fields, dynamic mapping), {@code QueryTranslator}
 * and {@code SearchPhase} (query model → Lucene → hits), {@code IndexResolver} (index expressions
 * and aliases → concrete indices, for reads and writes alike), {@code IndexAdmin} (mapping,
 * settings and alias changes). Durability lives in {@code translog/}.
 */
package dev.duet.engine.internal;
