/**
 * The query model → Lucene queries, one builder per query family; a {@code nested} query's inner
 * hits come back as {@code NestedInnerHitSpec}s for the fetch phase. Starting points: {@link
 * dev.duet.engine.internal.query.QueryTranslator}, {@code FieldQueries} (a mapped field's term,
 * range and exists queries), {@code TermLevelQueries}, {@code FullTextQueries}.
 */
package dev.duet.engine.internal.query;
