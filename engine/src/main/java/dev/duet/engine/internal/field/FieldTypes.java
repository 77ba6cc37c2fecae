package dev.duet.engine.internal.field;

import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.MappedType;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Every field type the engine has, by name: the one place a type is registered. The mapping finds
 * it as the {@link MappedType.Catalog} service ({@code META-INF/services}).
 */
public final class FieldTypes implements MappedType.Catalog {
  private static final Map<String, FieldType> TYPES = new LinkedHashMap<>();

  static {
    register(new TextType());
    register(new MatchOnlyTextType());
    register(new WildcardType());
    register(new ConstantKeywordType());
    register(new FlatObjectType());
    register(new TokenCountType());
    register(new SearchAsYouTypeType());
    register(new KeywordType());
    register(new LongType());
    register(new IntegerType());
    register(new ShortType());
    register(new ByteType());
    register(new DoubleType());
    register(new FloatType());
    register(new HalfFloatType());
    register(new UnsignedLongType());
    register(new ScaledFloatType());
    register(new BooleanType());
    register(new DateType());
    register(new DateNanosType());
    register(new KnnVectorType());
    register(new GeoPointType());
    register(new RangeType(RangeType.Kind.INTEGER));
    register(new RangeType(RangeType.Kind.LONG));
    register(new RangeType(RangeType.Kind.FLOAT));
    register(new RangeType(RangeType.Kind.DOUBLE));
    register(new RangeType(RangeType.Kind.DATE));
    register(new RangeType(RangeType.Kind.IP));
    register(new IpType());
    register(new BinaryType());
    register(new CompletionType());
    register(new AliasType());
  }

  /** The service instance {@link java.util.ServiceLoader} makes; the types are static. */
  public FieldTypes() {}

  /** The type named {@code name}, or null when there is none. */
  public static FieldType of(String name) {
    return TYPES.get(name);
  }

  /** The type of a mapped leaf field; fails on an object or a type the engine does not have. */
  public static FieldType of(FieldMapping field) {
    FieldType type = TYPES.get(field.type());
    if (type == null) {
      throw new IllegalStateException("unmapped type " + field.type());
    }
    return type.forField(field);
  }

  /** The names of every type, in registration order. */
  public static Set<String> names() {
    return java.util.Collections.unmodifiableSet(TYPES.keySet());
  }

  @Override
  public MappedType type(String name) {
    return of(name);
  }

  private static void register(FieldType type) {
    if (TYPES.putIfAbsent(type.name(), type) != null) {
      throw new IllegalStateException("field type registered twice: " + type.name());
    }
  }
}
