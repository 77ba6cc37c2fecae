package dev.duet.engine.internal.query;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.document.FieldIndexer;
import dev.duet.engine.internal.document.MappingLookup;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.field.GeoPointType;
import dev.duet.engine.internal.field.GeoPoints;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.search.DistanceFeature;
import dev.duet.engine.search.Exists;
import dev.duet.engine.search.Fuzzy;
import dev.duet.engine.search.GeoBoundingBox;
import dev.duet.engine.search.GeoDistance;
import dev.duet.engine.search.Ids;
import dev.duet.engine.search.Prefix;
import dev.duet.engine.search.Regexp;
import dev.duet.engine.search.TermsSet;
import dev.duet.engine.search.Wildcard;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.AutomatonQuery;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.ConstantScoreQuery;
import org.apache.lucene.search.FuzzyQuery;
import org.apache.lucene.search.MatchAllDocsQuery;
import org.apache.lucene.search.MatchNoDocsQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.RegexpQuery;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermRangeQuery;
import org.apache.lucene.search.WildcardQuery;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.automaton.Automata;
import org.apache.lucene.util.automaton.Automaton;
import org.apache.lucene.util.automaton.Operations;
import org.apache.lucene.util.automaton.RegExp;
import org.apache.lucene.util.automaton.TooComplexToDeterminizeException;

/**
 * The term-level queries beyond term, terms and range, with OpenSearch's field-type rules:
 * multi-term queries (prefix, wildcard, regexp, fuzzy) only on keyword and text fields, and
 * constant scores where OpenSearch rewrites to them.
 */
public final class TermLevelQueries {
  private final MappingLookup lookup;
  private final FieldQueries fields;
  private final int maxRegexLength;

  TermLevelQueries(MappingLookup lookup, FieldQueries fields, int maxRegexLength) {
    this.lookup = lookup;
    this.fields = fields;
    this.maxRegexLength = maxRegexLength;
  }

  Query distanceFeature(DistanceFeature d) {
    FieldMapping field = lookup.leaf(d.field());
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + d.field() + "]");
    }
    return FieldTypes.of(field)
        .distanceFeatureQuery(d.field(), field, d.origin(), d.pivot(), d.boost(), fields);
  }

  Query geoDistance(GeoDistance g) {
    FieldMapping field = geoField(g.field(), g.ignoreUnmapped(), "geo_distance");
    if (field == null) {
      return new MatchNoDocsQuery("unmapped geo field [" + g.field() + "]");
    }
    GeoPoints.Point center = geoPoint(g.point(), "geo_distance");
    return new ConstantScoreQuery(
        GeoPointType.distanceQuery(
            g.field(), field, center.lat(), center.lon(), GeoDistance.meters(g.distance())));
  }

  Query geoBoundingBox(GeoBoundingBox g) {
    FieldMapping field = geoField(g.field(), g.ignoreUnmapped(), "geo_bounding_box");
    if (field == null) {
      return new MatchNoDocsQuery("unmapped geo field [" + g.field() + "]");
    }
    GeoPoints.Point topLeft = geoPoint(g.topLeft(), "geo_bounding_box");
    GeoPoints.Point bottomRight = geoPoint(g.bottomRight(), "geo_bounding_box");
    if (topLeft.lat() < bottomRight.lat()) {
      String reason = "top is below bottom corner: " + topLeft.lat() + " vs. " + bottomRight.lat();
      throw fields.failure(
          "failed to create query: " + reason, DuetException.illegalArgument(reason));
    }
    return new ConstantScoreQuery(
        GeoPointType.boxQuery(
            g.field(), field, bottomRight.lat(), topLeft.lat(), topLeft.lon(), bottomRight.lon()));
  }

  private GeoPoints.Point geoPoint(Object value, String query) {
    try {
      return GeoPoints.parse(value, true);
    } catch (DuetException e) {
      throw fields.failure("failed to create query: " + e.reason(), e);
    }
  }

  /** The geo_point field a geo query names; null when unmapped and the query allows it. */
  private FieldMapping geoField(String name, boolean ignoreUnmapped, String query) {
    FieldMapping field = lookup.leaf(name);
    if (field == null) {
      if (ignoreUnmapped) {
        return null;
      }
      throw fields.failure("failed to find geo field [" + name + "]", null);
    }
    if (!(FieldTypes.of(field) instanceof GeoPointType)) {
      throw fields.failure(
          "type ["
              + field.type()
              + "] for field ["
              + name
              + "] is not supported for ["
              + query
              + "] queries. Must be one of [geo_point] or [geo_shape]",
          null);
    }
    return field;
  }

  Query exists(Exists e) {
    String name = e.field();
    switch (name) {
      case MetaFields.ID, "_index" -> {
        return MatchAllDocsQuery.INSTANCE;
      }
      case MetaFields.SEQ_NO, MetaFields.VERSION -> {
        return new ConstantScoreQuery(new org.apache.lucene.search.FieldExistsQuery(name));
      }
      case MetaFields.PRIMARY_TERM -> {
        return new MatchNoDocsQuery("OpenSearch finds no _primary_term");
      }
      case "_routing" -> {
        // the documents indexed with a routing: any term of the field
        return new ConstantScoreQuery(new TermRangeQuery(name, null, null, true, true));
      }
      case MetaFields.SOURCE -> throw fields.failure("The _source field is not searchable", null);
      case FieldType.FIELD_NAMES -> {
        String reason = "Cannot run exists query on _field_names";
        throw fields.failure(
            "failed to create query: " + reason,
            dev.duet.engine.error.DuetException.illegalArgument(reason));
      }
      default -> {}
    }
    if (name.equals(MetaFields.ROUTING)) {
      return new ConstantScoreQuery(new org.apache.lucene.search.FieldExistsQuery(name));
    }
    if (name.equals(FieldIndexer.IGNORED)) {
      // The documents that skipped a malformed value: any term of _ignored.
      return new ConstantScoreQuery(new TermRangeQuery(name, null, null, true, true));
    }
    List<String> matched = new ArrayList<>();
    for (String path : lookup.leafPaths()) {
      if (path.equals(name)
          || path.startsWith(name + ".") && lookup.object(name) != null
          || name.indexOf('*') >= 0 && Wildcards.matches(name, path)) {
        matched.add(path);
      }
    }
    if (matched.isEmpty() && name.indexOf('*') < 0 && lookup.leaf(name) != null) {
      matched.add(name); // a path that resolves inside a field (flat_object)
    }
    if (matched.isEmpty()) {
      return new MatchNoDocsQuery("no mapped field [" + name + "]");
    }
    if (matched.size() == 1) {
      return new ConstantScoreQuery(existsQuery(matched.get(0)));
    }
    BooleanQuery.Builder b = new BooleanQuery.Builder();
    for (String path : matched) {
      b.add(existsQuery(path), Occur.SHOULD);
    }
    return new ConstantScoreQuery(b.build());
  }

  private Query existsQuery(String path) {
    FieldMapping field = lookup.leaf(path);
    // An alias's documents are its target's, which _field_names names by the target's path.
    return FieldTypes.of(field).existsQuery(lookup.resolve(path), field);
  }

  Query prefix(Prefix p) {
    return prefix(p.field(), p.value(), p.caseInsensitive());
  }

  Query prefix(String name, String value, boolean caseInsensitive) {
    FieldMapping field = stringField(name, "prefix", false);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + name + "]");
    }
    Query own =
        FieldTypes.of(field)
            .patternQuery(name, field, FieldType.Pattern.PREFIX, value, caseInsensitive, 0, fields);
    if (own != null) {
      return own;
    }
    if (caseInsensitive) {
      Automaton a =
          Operations.concatenate(List.of(caseInsensitiveString(value), Automata.makeAnyString()));
      try {
        return new ConstantScoreQuery(
            new AutomatonQuery(new Term(name, value + "*"), deterministic(a)));
      } catch (TooComplexToDeterminizeException e) {
        throw tooComplex(e);
      }
    }
    return new ConstantScoreQuery(new PrefixQuery(new Term(name, value)));
  }

  Query wildcard(Wildcard w) {
    FieldMapping field = stringField(w.field(), "wildcard", false);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + w.field() + "]");
    }
    Query own =
        FieldTypes.of(field)
            .patternQuery(
                w.field(),
                field,
                FieldType.Pattern.WILDCARD,
                Wildcards.collapseRuns(w.value()),
                w.caseInsensitive(),
                0,
                fields);
    if (own != null) {
      return own;
    }
    // Runs of * and ? are rewritten to their shortest equal form: Lucene's automaton for n
    // consecutive * has n^2 transitions (10,000 of them fill any heap).
    Term term = new Term(w.field(), Wildcards.collapseRuns(w.value()));
    try {
      if (w.caseInsensitive()) {
        return new ConstantScoreQuery(
            new AutomatonQuery(term, deterministic(caseInsensitiveWildcard(term.text()))));
      }
      return new ConstantScoreQuery(new WildcardQuery(term));
    } catch (TooComplexToDeterminizeException e) {
      throw tooComplex(e);
    }
  }

  /**
   * {@code term} with {@code case_insensitive}: the value as a case-insensitive pattern of itself,
   * so that each string type (doc-values-only keywords too) answers it as it answers {@code
   * wildcard}; other types refuse it, as OpenSearch's do.
   */
  Query caseInsensitiveTerm(String name, Object value) {
    FieldMapping field = lookup.leaf(name);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + name + "]");
    }
    if (FieldTypes.of(field).textSearch() == FieldType.TextSearch.NONE) {
      throw fields.failure(
          "["
              + name
              + "] field which is of type ["
              + field.type()
              + "], does not support case insensitive term queries",
          null);
    }
    String text = String.valueOf(value);
    StringBuilder escaped = new StringBuilder(text.length() + 4);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c == '*' || c == '?' || c == '\\') {
        escaped.append('\\');
      }
      escaped.append(c);
    }
    return wildcard(new Wildcard(name, escaped.toString(), true, 1f));
  }

  Query regexp(Regexp r) {
    FieldMapping field = stringField(r.field(), "regexp", false);
    if (field == null) {
      return new MatchNoDocsQuery("unmapped field [" + r.field() + "]");
    }
    int flags = regexpFlags(r.flags());
    int match = r.caseInsensitive() ? RegExp.ASCII_CASE_INSENSITIVE : 0;
    try {
      RegexLimits.checkLength(r.value(), maxRegexLength, "the Regexp Query request");
    } catch (DuetException e) {
      throw fields.failure("failed to create query: " + e.reason(), e);
    }
    Query own =
        FieldTypes.of(field)
            .patternQuery(
                r.field(),
                field,
                FieldType.Pattern.REGEXP,
                r.value(),
                r.caseInsensitive(),
                flags,
                fields);
    if (own != null) {
      return own;
    }
    try {
      return new ConstantScoreQuery(
          checkedRegexp(
              new Term(r.field(), r.value()),
              flags,
              match,
              r.maxDeterminizedStates(),
              "the Regexp Query request"));
    } catch (IllegalArgumentException e) {
      throw fields.failure(
          "failed to create query: " + e.getMessage(),
          DuetException.illegalArgument(e.getMessage()));
    }
  }

  /**
   * A regexp query within {@code index.max_regex_length} and the regex bounds of {@link
   * RegexLimits}; {@code usedIn} names the request part in the length limit's message.
   */
  Query checkedRegexp(Term term, int flags, int match, int determinizeWorkLimit, String usedIn) {
    try {
      RegexLimits.checkLength(term.text(), maxRegexLength, usedIn);
      RegexLimits.parse(term.text(), flags, match, determinizeWorkLimit);
      return new RegexpQuery(term, flags, match, determinizeWorkLimit);
    } catch (DuetException e) {
      throw fields.failure("failed to create query: " + e.reason(), e);
    } catch (TooComplexToDeterminizeException e) {
      throw tooComplex(e);
    }
  }

  /** OpenSearch's failure when Lucene gives up determinizing a query's automaton. */
  DuetException tooComplex(TooComplexToDeterminizeException e) {
    return fields.failure(
        "failed to create query: " + e.getMessage(), RegexLimits.tooComplex(e.getMessage()));
  }

  Query fuzzy(Fuzzy f) {
    return fuzzy(
        f.field(),
        String.valueOf(f.value()),
        f.fuzziness() == null ? "AUTO" : f.fuzziness(),
        f.prefixLength(),
        f.maxExpansions(),
        f.transpositions());
  }

  Query fuzzy(
      String name,
      String value,
      String fuzziness,
      int prefixLength,
      int maxExpansions,
      boolean transpositions) {
    if (stringField(name, "fuzzy", true) == null) {
      return new MatchNoDocsQuery("unmapped field [" + name + "]");
    }
    int edits = Fuzziness.edits(fuzziness, value);
    if (longerThanAnyTerm(value, edits)) {
      return new MatchNoDocsQuery("fuzzy term longer than any indexed term");
    }
    return new FuzzyQuery(
        new Term(name, value), edits, prefixLength, maxExpansions, transpositions);
  }

  /**
   * Whether no indexed term is within {@code edits} of {@code value} for its length alone
   * (OpenSearch finds none either), where Lucene would spend seconds building the automaton that
   * finds so.
   */
  static boolean longerThanAnyTerm(String value, int edits) {
    return value.codePointCount(0, value.length()) > IndexWriter.MAX_TERM_LENGTH + edits;
  }

  Query ids(Ids ids) {
    if (ids.values().isEmpty()) {
      return new MatchNoDocsQuery("no ids");
    }
    List<BytesRef> terms = new ArrayList<>(ids.values().size());
    for (String id : ids.values()) {
      terms.add(new BytesRef(id));
    }
    return new ConstantScoreQuery(new TermInSetQuery(MetaFields.ID, terms));
  }

  Query termsSet(TermsSet t) {
    if (t.minimumShouldMatchField() == null) {
      String reason = "No minimum should match has been specified";
      throw fields.failure(
          "failed to create query: " + reason,
          new DuetException(400, "illegal_state_exception", reason));
    }
    FieldMapping field = lookup.leaf(t.field());
    if (field == null || t.terms().isEmpty()) {
      return new MatchNoDocsQuery("unmapped field [" + t.field() + "]");
    }
    List<Query> clauses = new ArrayList<>(t.terms().size());
    for (Object term : t.terms()) {
      clauses.add(fields.term(t.field(), term));
    }
    FieldMapping msm = lookup.leaf(t.minimumShouldMatchField());
    if (msm == null) {
      return new MatchNoDocsQuery("unmapped field [" + t.minimumShouldMatchField() + "]");
    }
    return new org.apache.lucene.sandbox.search.CoveringQuery(
        clauses, new SortedNumericMinimum(t.minimumShouldMatchField()));
  }

  /** The keyword or text field a multi-term query runs on, or null when unmapped. */
  private FieldMapping stringField(String name, String query, boolean withCause) {
    FieldMapping field = lookup.leaf(name);
    if (field == null) {
      return null;
    }
    if (FieldTypes.of(field).textSearch() == FieldType.TextSearch.NONE) {
      String reason =
          "Can only use "
              + query
              + " queries on keyword and text fields - not on ["
              + name
              + "] which is of type ["
              + field.type()
              + "]";
      throw withCause
          ? fields.failure(
              "failed to create query: " + reason, DuetException.illegalArgument(reason))
          : fields.failure(reason, null);
    }
    return field;
  }

  private static Automaton deterministic(Automaton a) {
    return Operations.determinize(a, Operations.DEFAULT_DETERMINIZE_WORK_LIMIT);
  }

  private static Automaton caseInsensitiveString(String value) {
    List<Automaton> chars = new ArrayList<>();
    value.codePoints().forEach(cp -> chars.add(caseInsensitiveChar(cp)));
    return chars.isEmpty() ? Automata.makeEmptyString() : Operations.concatenate(chars);
  }

  private static Automaton caseInsensitiveChar(int cp) {
    int lower = Character.toLowerCase(cp);
    int upper = Character.toUpperCase(cp);
    return lower == upper
        ? Automata.makeChar(cp)
        : Operations.union(List.of(Automata.makeChar(lower), Automata.makeChar(upper)));
  }

  /** Lucene's wildcard syntax as an automaton matching ASCII letters in either case. */
  private static Automaton caseInsensitiveWildcard(String wildcard) {
    List<Automaton> parts = new ArrayList<>();
    for (int i = 0; i < wildcard.length(); ) {
      int c = wildcard.codePointAt(i);
      i += Character.charCount(c);
      if (c == '*') {
        parts.add(Automata.makeAnyString());
      } else if (c == '?') {
        parts.add(Automata.makeAnyChar());
      } else {
        if (c == '\\' && i < wildcard.length()) {
          c = wildcard.codePointAt(i);
          i += Character.charCount(c);
        }
        parts.add(caseInsensitiveChar(c));
      }
    }
    return parts.isEmpty() ? Automata.makeEmptyString() : Operations.concatenate(parts);
  }

  /** OpenSearch's {@code flags}: names joined by {@code |}; ALL when none are given. */
  static int regexpFlags(String flags) {
    if (flags == null || flags.isEmpty()) {
      return RegExp.ALL;
    }
    int result = 0;
    for (String flag : flags.split("\\|")) {
      String f = flag.trim().toUpperCase(Locale.ROOT);
      if (f.isEmpty()) {
        continue;
      }
      result |=
          switch (f) {
            case "INTERSECTION" -> RegExp.INTERSECTION;
            case "COMPLEMENT" -> RegExp.DEPRECATED_COMPLEMENT;
            case "EMPTY" -> RegExp.EMPTY;
            case "ANYSTRING" -> RegExp.ANYSTRING;
            case "INTERVAL" -> RegExp.INTERVAL;
            case "NONE" -> RegExp.NONE;
            case "ALL" -> RegExp.ALL;
            default ->
                throw DuetException.illegalArgument("Unknown regexp flag [" + flag.trim() + "]");
          };
    }
    return result;
  }
}
