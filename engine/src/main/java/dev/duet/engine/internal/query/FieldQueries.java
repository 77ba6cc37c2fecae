package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.FieldIndexer;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.Normalizers;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.field.QueryContext;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.Query.Range;
import dev.duet.engine.search.TimeZones;
import java.time.ZoneId;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;

/**
 * Term, terms and range queries on one index's mapped fields: each built by the field's type
 * ({@link FieldType}), for which this is the {@link QueryContext} (normalizers, date math on the
 * request's clock, the {@code query_shard_exception} naming the index).
 */
public final class FieldQueries implements QueryContext {
  private final MappingLookup lookup;
  private final String index;
  private final String uuid;

  FieldQueries(MappingLookup lookup, String index, String uuid) {
    this.lookup = lookup;
    this.index = index;
    this.uuid = uuid;
  }

  Query term(String name, Object value) {
    if (name.equals(MetaFields.ID)) {
      // OpenSearch matches ids as a term set: every hit scores its boost, no BM25.
      return new ConstantScoreQuery(new TermQuery(new Term(MetaFields.ID, String.valueOf(value))));
    }
    if (name.equals(FieldIndexer.IGNORED)) {
      return new TermQuery(new Term(FieldIndexer.IGNORED, String.valueOf(value)));
    }
    FieldMapping field = lookup.leaf(name);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + name + "]");
    }
    FieldType type = FieldTypes.of(field);
    type.checkSearchable(name, field, this);
    return type.termQuery(name, field, value, this);
  }

  /**
   * A set query for integer and double fields ({@code terms}), or null when the type has none and
   * the caller should combine exact queries.
   */
  Query numericSet(String name, FieldMapping field, List<Object> values) {
    return FieldTypes.of(field).termsQuery(name, field, values, this);
  }

  Query range(Range r) {
    FieldMapping field = lookup.leaf(r.field());
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + r.field() + "]");
    }
    String name = r.field();
    Object lower = r.gt() != null ? r.gt() : r.gte();
    Object upper = r.lt() != null ? r.lt() : r.lte();
    boolean includeLower = r.gt() == null;
    boolean includeUpper = r.lt() == null;
    FieldType type = FieldTypes.of(field);
    type.checkSearchable(name, field, this);
    QueryContext context = r.timeZone() == null ? this : new Zoned(TimeZones.of(r.timeZone()));
    return type.rangeQuery(
        name, field, lower, upper, includeLower, includeUpper, r.format(), r.relation(), context);
  }

  /** This index's context, reading dates in a range's {@code time_zone}. */
  private final class Zoned implements QueryContext {
    private final ZoneId zone;

    Zoned(ZoneId zone) {
      this.zone = zone;
    }

    @Override
    public String normalize(String field, String value) {
      return FieldQueries.this.normalize(field, value);
    }

    @Override
    public long parseDateMath(String text, DateFormats formats, boolean roundUp) {
      return DateMath.parse(text, formats, roundUp, zone);
    }

    @Override
    public DuetException failure(String reason, DuetException cause) {
      return FieldQueries.this.failure(reason, cause);
    }
  }

  @Override
  public String normalize(String field, String value) {
    return Normalizers.apply(lookup.normalizer(field), field, value);
  }

  @Override
  public long parseDateMath(String text, DateFormats formats, boolean roundUp) {
    return DateMath.parse(text, formats, roundUp);
  }

  static boolean indexed(FieldMapping field) {
    return FieldType.indexed(field);
  }

  void requireIndexed(String name, FieldMapping field) {
    if (!indexed(field)) {
      throw failure(
          "failed to create query: Cannot search on field [" + name + "] since it is not indexed.",
          DuetException.illegalArgument(
              "Cannot search on field [" + name + "] since it is not indexed."));
    }
  }

  /**
   * OpenSearch's {@code query_shard_exception} for this index, with the cause when there is one.
   */
  @Override
  public DuetException failure(String reason, DuetException cause) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index);
    meta.put("index_uuid", uuid);
    return new DuetException(400, "query_shard_exception", reason, meta, cause);
  }
}
