/**
 * Suggesters: the {@code suggest} section of a search (completion on Lucene's suggest module, term
 * and phrase on its {@code DirectSpellChecker}), run on the searchers of the search's indices.
 */
package dev.duet.engine.internal.suggest;
