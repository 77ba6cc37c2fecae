package dev.duet.engine.internal.document;

import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.analysis.Analyzers;
import dev.duet.engine.internal.analysis.IndexAnalysis;
import dev.duet.engine.internal.field.FieldType;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.field.IndexContext;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.meta.MappingLimits;
import dev.duet.engine.internal.source.SourceFiltering;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.mapping.SourceMapping;
import dev.duet.engine.mapping.VectorField;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;

/**
 * A mapping flattened by full dotted path ({@code user.name}, {@code title.keyword}), built once
 * per mapping version so that parsing and querying look fields up in one hash probe.
 */
public final class MappingLookup implements IndexContext {
  static final String ROOT = "";

  private final Mapping mapping;
  private final Map<String, FieldMapping> leaves = new HashMap<>();
  private final Map<String, FieldMapping> objects = new HashMap<>();
  private final Map<String, Mapping.Dynamic> dynamics = new HashMap<>();
  private final Map<String, VectorField> vectors = new HashMap<>();
  // Analyzers of fields with their own position_increment_gap, built once per mapping version.
  private final Map<String, Analyzer> gaps = new java.util.concurrent.ConcurrentHashMap<>();
  // Paths of fields whose type takes whole objects (flat_object): paths under them resolve to them.
  private final java.util.Set<String> flatObjects = new java.util.HashSet<>();
  // Paths of nested objects, parents before their children.
  private final java.util.List<String> nested = new java.util.ArrayList<>();
  // Field aliases: each alias's full path to its target's (OpenSearch's FieldAliasMapper).
  private final Map<String, String> aliases = new HashMap<>();
  // One view for every caller, so that a reader can tell a changed mapping by identity.
  private final Map<String, String> aliasesView = java.util.Collections.unmodifiableMap(aliases);

  // index.mapping.ignore_malformed: the default of fields that do not set their own.
  private final boolean ignoreMalformed;
  private final IndexAnalysis analysis;
  private final MappingLimits limits;

  private MappingLookup(
      Mapping mapping, boolean ignoreMalformed, IndexAnalysis analysis, MappingLimits limits) {
    this.mapping = mapping;
    this.limits = limits;
    this.ignoreMalformed = ignoreMalformed;
    this.analysis = analysis;
    dynamics.put(ROOT, mapping.dynamic());
    addAll("", mapping.properties(), mapping.dynamic());
    for (Map.Entry<String, String> alias : aliases.entrySet()) {
      // The alias answers as its target, for every reader of the mapping; checkAliases refuses an
      // alias whose target is missing before such a mapping is kept.
      FieldMapping target = leaves.get(alias.getValue());
      if (target != null && !aliases.containsKey(alias.getValue())) {
        leaves.put(alias.getKey(), target);
      } else {
        leaves.remove(alias.getKey());
      }
    }
  }

  public static MappingLookup of(Mapping mapping) {
    return new MappingLookup(mapping, false, IndexAnalysis.NONE, MappingLimits.DEFAULTS);
  }

  /**
   * The lookup with the index settings that change how fields parse, and analyzer names resolved in
   * the analysis those settings define first.
   */
  public static MappingLookup of(Mapping mapping, IndexSettings settings) {
    return of(mapping, settings, IndexAnalysis.of(settings));
  }

  /** As {@link #of(Mapping, IndexSettings)}, reusing analysis already built from the settings. */
  public static MappingLookup of(Mapping mapping, IndexSettings settings, IndexAnalysis analysis) {
    return new MappingLookup(
        mapping,
        IndexSettingsRules.ignoreMalformed(settings),
        analysis,
        MappingLimits.of(settings));
  }

  /** The same lookup under other limits ({@link MappingLimits#REPLAY} while replaying). */
  public MappingLookup withLimits(MappingLimits other) {
    return new MappingLookup(mapping, ignoreMalformed, analysis, other);
  }

  /** The index's {@code index.mapping.*.limit} settings. */
  public MappingLimits limits() {
    return limits;
  }

  public IndexAnalysis analysis() {
    return analysis;
  }

  Mapping mapping() {
    return mapping;
  }

  /**
   * What {@code _source} keeps of a document's source by the mapping's {@code _source}: the bytes
   * themselves, the source filtered by its {@code includes}/{@code excludes}, or null when it is
   * disabled.
   */
  public byte[] keptSource(byte[] source) {
    SourceMapping kept = mapping.source();
    if (kept.keepsAll() || source == null) {
      return source;
    }
    if (!kept.enabled()) {
      return null;
    }
    return SourceFiltering.filter(source, true, kept.includes(), kept.excludes());
  }

  /** The leaf field at a full path, multi-fields included; null if unmapped or an object. */
  public FieldMapping leaf(String path) {
    FieldMapping leaf = leaves.get(path);
    if (leaf != null || flatObjects.isEmpty()) {
      return leaf;
    }
    // A path under a flat_object: the flat object, naming itself as the root.
    for (int dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) {
      String root = path.substring(0, dot);
      if (flatObjects.contains(root)) {
        return new FieldMapping(
            leaves.get(root).type(),
            Map.of(dev.duet.engine.internal.field.FlatObjectType.SUBFIELD_OF, root),
            Map.of(),
            Map.of());
      }
    }
    return null;
  }

  /**
   * The field aliases, each alias's full path to its target's full path: what the searchers read
   * under an alias's name.
   */
  public Map<String, String> aliases() {
    return aliasesView;
  }

  /** Whether the path is a field alias (which a document may not write to). */
  public boolean isAlias(String path) {
    return aliases.containsKey(path);
  }

  /** The full path of the field a path names: an alias's target, else the path itself. */
  public String resolve(String path) {
    return aliases.getOrDefault(path, path);
  }

  /**
   * Refuses, as OpenSearch does, an alias whose {@code path} names itself, another alias, an object
   * or nothing mapped, or a field in another nested scope.
   */
  public void checkAliases() {
    for (Map.Entry<String, String> alias : aliases.entrySet()) {
      String name = alias.getKey();
      String path = alias.getValue();
      String prefix = "Invalid [path] value [" + path + "] for field alias [" + name + "]: ";
      if (path.equals(name)) {
        throw mapperParsing(prefix + "an alias cannot refer to itself.");
      }
      if (aliases.containsKey(path)) {
        throw mapperParsing(prefix + "an alias cannot refer to another alias.");
      }
      if (!leaves.containsKey(path) || objects.containsKey(path)) {
        throw mapperParsing(prefix + "an alias must refer to an existing field in the mappings.");
      }
      String aliasScope = nestedParent(name);
      String targetScope = nestedParent(path);
      if (!java.util.Objects.equals(aliasScope, targetScope)) {
        throw dev.duet.engine.error.DuetException.illegalArgument(
            prefix
                + "an alias must have the same nested scope as its target. "
                + (aliasScope == null
                    ? "The alias is not nested"
                    : "The alias's nested scope is [" + aliasScope + "]")
                + ", but "
                + (targetScope == null
                    ? "the target is not nested."
                    : "the target's nested scope is [" + targetScope + "]."));
      }
    }
  }

  private static dev.duet.engine.error.DuetException mapperParsing(String reason) {
    return new dev.duet.engine.error.DuetException(400, "mapper_parsing_exception", reason);
  }

  /** The {@code knn_vector} field at a full path, typed; null if the path is not one. */
  public VectorField vector(String path) {
    return vectors.get(path);
  }

  public FieldMapping object(String path) {
    return objects.get(path);
  }

  /** Whether any field is {@code nested}: then a document may be a block of Lucene documents. */
  public boolean hasNested() {
    return !nested.isEmpty();
  }

  /** Whether the object at {@code path} is {@code nested}. */
  public boolean isNested(String path) {
    FieldMapping object = objects.get(path);
    return object != null && object.isNested();
  }

  /**
   * The nearest nested object that {@code path} (a field or object) lies in, itself excluded; null
   * when it lies in the root document only.
   */
  public String nestedParent(String path) {
    for (int dot = path.lastIndexOf('.'); dot > 0; dot = path.lastIndexOf('.', dot - 1)) {
      String prefix = path.substring(0, dot);
      if (isNested(prefix)) {
        return prefix;
      }
    }
    return null;
  }

  /** The effective {@code dynamic} of an object ({@link #ROOT} for the document). */
  Mapping.Dynamic dynamic(String objectPath) {
    String path = objectPath;
    while (true) {
      Mapping.Dynamic dynamic = dynamics.get(path);
      if (dynamic != null) {
        return dynamic;
      }
      int dot = path.lastIndexOf('.');
      // Objects added by dynamic mapping in this document inherit from their nearest mapped parent.
      path = dot < 0 ? ROOT : path.substring(0, dot);
    }
  }

  /** Every leaf path, multi-fields included, for field patterns ({@code title*}, {@code *}). */
  public java.util.Set<String> leafPaths() {
    return java.util.Collections.unmodifiableSet(leaves.keySet());
  }

  /** An analyzer by name, as a query's {@code analyzer} option names it; null when unknown. */
  public Analyzer analyzerNamed(String name) {
    return analysis.analyzer(name);
  }

  @Override
  public Analyzer indexAnalyzer(String field) {
    FieldMapping leaf = leaves.get(field);
    if (leaf == null) {
      return Analyzers.STANDARD;
    }
    Analyzer analyzer = named(leaf.params().get("analyzer"));
    if (leaf.params().get("position_increment_gap") instanceof Number gap && gap.intValue() >= 0) {
      // The field's own gap between its values, over its analyzer's.
      return gaps.computeIfAbsent(field, f -> withGap(analyzer, gap.intValue()));
    }
    return analyzer;
  }

  private static Analyzer withGap(Analyzer analyzer, int gap) {
    return new org.apache.lucene.analysis.AnalyzerWrapper(analyzer.getReuseStrategy()) {
      @Override
      protected Analyzer getWrappedAnalyzer(String fieldName) {
        return analyzer;
      }

      @Override
      public int getPositionIncrementGap(String fieldName) {
        return gap;
      }
    };
  }

  public Analyzer searchAnalyzer(String field) {
    FieldMapping leaf = leaves.get(field);
    if (leaf == null) {
      return Analyzers.STANDARD;
    }
    Object search = leaf.params().get("search_analyzer");
    return named(search != null ? search : leaf.params().get("analyzer"));
  }

  /** A keyword field's normalizer, or null when it has none. */
  public Analyzer normalizer(String field) {
    FieldMapping leaf = leaves.get(field);
    Object name = leaf == null ? null : leaf.params().get("normalizer");
    return name == null ? null : analysis.normalizer(name.toString());
  }

  @Override
  public String normalize(String path, String value) {
    return Normalizers.apply(normalizer(path), path, value);
  }

  private Analyzer named(Object name) {
    if (name == null) {
      return Analyzers.STANDARD;
    }
    Analyzer analyzer = analysis.analyzer(name.toString());
    return analyzer == null ? Analyzers.STANDARD : analyzer;
  }

  /**
   * The mapping with fields that dynamic mapping discovered added at their dotted paths (objects
   * created on the way); a path that is already mapped keeps its existing mapping.
   */
  public static Mapping withDynamicFields(Mapping base, Map<String, FieldMapping> discovered) {
    Map<String, FieldMapping> properties = base.properties();
    for (Map.Entry<String, FieldMapping> e : discovered.entrySet()) {
      properties = insert(properties, e.getKey().split("\\."), 0, e.getValue());
    }
    return base.withProperties(properties);
  }

  private static Map<String, FieldMapping> insert(
      Map<String, FieldMapping> props, String[] path, int i, FieldMapping field) {
    Map<String, FieldMapping> out = new LinkedHashMap<>(props);
    String name = path[i];
    FieldMapping existing = out.get(name);
    if (i == path.length - 1) {
      if (existing == null) {
        out.put(name, field);
      }
      return out;
    }
    if (existing == null) {
      existing = FieldMapping.of("object");
    }
    if (!existing.isObject()) {
      return out;
    }
    out.put(
        name,
        new FieldMapping(
            existing.type(),
            existing.params(),
            insert(existing.properties(), path, i + 1, field),
            Map.of()));
    return out;
  }

  private FieldMapping withIndexDefaults(FieldMapping field) {
    FieldType type = FieldTypes.of(field.type());
    boolean malformable = type != null && type.parameters().contains("ignore_malformed");
    if (!ignoreMalformed || !malformable || field.params().containsKey("ignore_malformed")) {
      return field;
    }
    Map<String, Object> params = new LinkedHashMap<>(field.params());
    params.put("ignore_malformed", true);
    return new FieldMapping(field.type(), params, field.properties(), field.fields());
  }

  private void addAll(String prefix, Map<String, FieldMapping> props, Mapping.Dynamic inherited) {
    for (Map.Entry<String, FieldMapping> e : props.entrySet()) {
      String path = prefix + e.getKey();
      FieldMapping field = e.getValue();
      if (field.isObject()) {
        objects.put(path, field);
        if (field.isNested()) {
          nested.add(path);
        }
        Object own = field.params().get("dynamic");
        Mapping.Dynamic dynamic =
            own == null
                ? inherited
                : Mapping.Dynamic.valueOf(own.toString().toUpperCase(Locale.ROOT));
        dynamics.put(path, dynamic);
        addAll(path + ".", field.properties(), dynamic);
      } else if (field.type().equals(dev.duet.engine.internal.field.AliasType.NAME)) {
        aliases.put(
            path,
            String.valueOf(field.params().get(dev.duet.engine.internal.field.AliasType.PATH)));
      } else {
        leaves.put(path, withIndexDefaults(field));
        FieldType type = FieldTypes.of(field.type());
        if (type != null && type.acceptsObjects()) {
          flatObjects.add(path);
        }
        if (field.type().equals("knn_vector")) {
          vectors.put(path, VectorField.of(field));
        }
        for (Map.Entry<String, FieldMapping> sub : field.fields().entrySet()) {
          leaves.put(path + "." + sub.getKey(), sub.getValue());
        }
      }
    }
  }
}
