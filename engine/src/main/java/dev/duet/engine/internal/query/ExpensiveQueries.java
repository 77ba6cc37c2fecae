package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.Nested;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.Regexp;
import dev.duet.engine.search.Wildcard;

/**
 * {@code search.allow_expensive_queries: false}: the queries OpenSearch then refuses (prefix
 * without {@code index_prefixes}, wildcard, regexp, fuzzy, range on text and keyword fields,
 * joining queries), in its words.
 */
final class ExpensiveQueries {
  private static final String SETTING = "'search.allow_expensive_queries' is set to false.";

  private ExpensiveQueries() {}

  /** Refuses {@code query} (one level: its clauses are checked as they are translated). */
  static void check(Query query, MappingLookup lookup) {
    switch (query) {
      case Prefix p -> {
        FieldMapping field = lookup.leaf(p.field());
        if (field == null || field.params().get("index_prefixes") == null) {
          throw refused(
              "[prefix] queries cannot be executed when "
                  + SETTING
                  + " For optimised prefix queries on text fields please enable [index_prefixes].");
        }
      }
      case Wildcard w -> throw refused("[wildcard] queries cannot be executed when " + SETTING);
      case Regexp r -> throw refused("[regexp] queries cannot be executed when " + SETTING);
      case Fuzzy f -> throw refused("[fuzzy] queries cannot be executed when " + SETTING);
      case Nested n -> throw refused("[joining] queries cannot be executed when " + SETTING);
      case Query.Range r -> {
        FieldMapping field = lookup.leaf(r.field());
        if (field != null && FieldTypes.of(field).textSearch() != FieldType.TextSearch.NONE) {
          throw refused(
              "[range] queries on [text] or [keyword] fields cannot be executed when " + SETTING);
        }
      }
      default -> {}
    }
  }

  /** OpenSearch throws a bare exception here; Duet answers it as the request's mistake, a 400. */
  private static DuetException refused(String reason) {
    return new DuetException(400, "exception", reason);
  }
}
