/**
 * The fetch phase: what each returned hit carries besides its id and score — source, {@code
 * fields}/{@code docvalue_fields}, highlights, explanation, nested inner hits. Starting points:
 * {@link dev.duet.engine.internal.fetch.FetchSubPhases} (runs the sub-phases a request asks for),
 * {@code HitHighlighter}, {@code HitFields}, {@code NestedInnerHits}.
 */
package dev.duet.engine.internal.fetch;
