package dev.duet.engine.mapping;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The mapping of one index: how unmapped fields are treated ({@link Dynamic}) and the mapped
 * fields, by name, in the order they were added.
 *
 * <p>{@link #fromMap} and {@link #toMap} convert to and from the neutral map form of OpenSearch's
 * mapping JSON ({@code {"dynamic":..., "properties":{...}}}); the server's codecs and the engine's
 * metadata store both go through them, so the rules live here once.
 */
public record Mapping(
    Dynamic dynamic,
    Map<String, FieldMapping> properties,
    Map<String, Object> meta,
    java.util.List<DynamicTemplate> dynamicTemplates,
    SourceMapping source,
    boolean routingRequired) {
  public static final Mapping EMPTY = new Mapping(Dynamic.TRUE, Map.of());

  public Mapping {
    requireNonNull(dynamic, "dynamic");
    requireNonNull(source, "source");
    properties = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(properties));
    meta = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(meta));
    dynamicTemplates = java.util.List.copyOf(dynamicTemplates);
  }

  /** A mapping whose documents need no routing value ({@code _routing.required} false). */
  public Mapping(
      Dynamic dynamic,
      Map<String, FieldMapping> properties,
      Map<String, Object> meta,
      java.util.List<DynamicTemplate> dynamicTemplates,
      SourceMapping source) {
    this(dynamic, properties, meta, dynamicTemplates, source, false);
  }

  /** A mapping that keeps the whole {@code _source}. */
  public Mapping(
      Dynamic dynamic,
      Map<String, FieldMapping> properties,
      Map<String, Object> meta,
      java.util.List<DynamicTemplate> dynamicTemplates) {
    this(dynamic, properties, meta, dynamicTemplates, SourceMapping.DEFAULT);
  }

  /** This mapping with other fields, its other parts kept. */
  public Mapping withProperties(Map<String, FieldMapping> other) {
    return new Mapping(dynamic, other, meta, dynamicTemplates, source, routingRequired);
  }

  /** A mapping without {@code dynamic_templates}. */
  public Mapping(Dynamic dynamic, Map<String, FieldMapping> properties, Map<String, Object> meta) {
    this(dynamic, properties, meta, java.util.List.of());
  }

  /** A mapping without {@code _meta}. */
  public Mapping(Dynamic dynamic, Map<String, FieldMapping> properties) {
    this(dynamic, properties, Map.of());
  }

  /**
   * Parses OpenSearch's mapping object ({@code {"properties":{...}}}) from its neutral map form;
   * throws a 400 {@code mapper_parsing_exception} naming the field on anything it cannot accept.
   */
  public static Mapping fromMap(Map<String, Object> mappings) {
    return MappingParser.parse(mappings);
  }

  /**
   * This mapping with a {@code PUT /{index}/_mapping} body merged in, by OpenSearch's rules: new
   * fields are added; changing a field's type or a parameter OpenSearch fixes at creation is a 400
   * {@code illegal_argument_exception} with OpenSearch's reason; {@code dynamic} and {@code _meta}
   * change only when the body gives them.
   */
  public Mapping merge(Map<String, Object> update) {
    return MappingMerger.merge(this, update);
  }

  /**
   * As {@link #fromMap(Map)}, for an index whose settings define the named analyzers and
   * normalizers ({@code index.analysis.analyzer.*}, {@code index.analysis.normalizer.*}).
   */
  public static Mapping fromMap(
      Map<String, Object> mappings,
      java.util.Set<String> customAnalyzers,
      java.util.Set<String> normalizers) {
    return MappingParser.parse(mappings, customAnalyzers, normalizers);
  }

  /** The neutral map form, as {@code GET /{index}/_mapping} shows it under {@code mappings}. */
  public Map<String, Object> toMap() {
    return MappingParser.render(this);
  }

  /** What happens to fields a document has and the mapping lacks. */
  public enum Dynamic {
    TRUE,
    FALSE,
    STRICT,
    /** Strict, except for fields a dynamic template maps. */
    STRICT_ALLOW_TEMPLATES;

    public String value() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }
}
