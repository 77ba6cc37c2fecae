package dev.duet.engine.internal.document;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.internal.field.FieldTypes;
import dev.duet.engine.internal.field.IndexContext;
import dev.duet.engine.internal.knn.VectorValues;
import dev.duet.engine.internal.source.JacksonErrors;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.internal.source.SourceValues;
import dev.duet.engine.mapping.DateFormats;
import dev.duet.engine.mapping.DynamicTemplate;
import dev.duet.engine.mapping.FieldMapping;
import dev.duet.engine.mapping.FieldNames;
import dev.duet.engine.mapping.Mapping;
import dev.duet.engine.mapping.VectorField;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.IndexableField;

/**
 * Turns a document's JSON source into Lucene fields in one streaming pass, applying the mapping and
 * OpenSearch's dynamic mapping rules (strings → text with a keyword sub-field or date, integers →
 * long, decimals → float, booleans → boolean, objects → object).
 */
public final class DocumentParser {
  static final FieldMapping DYNAMIC_TEXT =
      new FieldMapping(
          "text",
          Map.of(),
          Map.of(),
          Map.of(
              "keyword",
              new FieldMapping("keyword", Map.of("ignore_above", 256), Map.of(), Map.of())));
  private static final FieldMapping DYNAMIC_OBJECT = FieldMapping.of("object");

  private DocumentParser() {}

  /** Parses {@code source}; 400 {@code mapper_parsing_exception} (or strict) on bad input. */
  public static ParsedDocument parse(String id, byte[] source, MappingLookup lookup) {
    Context ctx = new Context(id, lookup, source);
    try (JsonParser p = JsonMaps.JSON.createParser(source)) {
      JsonToken first = p.nextToken();
      if (first != JsonToken.START_OBJECT) {
        throw new DuetException(
            400,
            "mapper_parsing_exception",
            "failed to parse",
            Map.of(),
            new DuetException(
                400,
                "not_x_content_exception",
                "Compressor detection can only be called on some xcontent bytes or compressed"
                    + " xcontent bytes"));
      }
      parseObject(p, ctx, MappingLookup.ROOT);
      p.nextToken(); // anything after the document must still be well-formed, as in OpenSearch
    } catch (JsonProcessingException e) {
      throw new DuetException(
          400, "mapper_parsing_exception", "failed to parse", Map.of(), JacksonErrors.toDuet(e));
    } catch (StackOverflowError e) {
      // Only a document's nesting recurses this deep; the parse has touched no shared state.
      throw new DuetException(
          400,
          "mapper_parsing_exception",
          "failed to parse",
          Map.of(),
          new DuetException(
              400, "parse_exception", "The document is nested too deeply to be parsed"));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new ParsedDocument(
        ctx.fields, ctx.added == null ? Map.of() : ctx.added, ctx.nested.documents());
  }

  private static void parseObject(JsonParser p, Context ctx, String objectPath) throws IOException {
    if (++ctx.depth > ctx.lookup.limits().depth()) {
      throw ctx.lookup.limits().documentTooDeep();
    }
    while (p.nextToken() == JsonToken.FIELD_NAME) {
      String name = p.currentName();
      if (ctx.lookup.limits().checksNames()) {
        checkName(name);
      }
      parseField(p, ctx, objectPath, name, p.nextToken());
    }
    ctx.depth--;
  }

  /** OpenSearch's refusals of a document's field name, and a name no UTF-8 can hold. */
  private static void checkName(String name) {
    if (name.isEmpty()) {
      throw failedToParse("field name cannot be an empty string");
    }
    if (name.chars().allMatch(c -> c == '.')) {
      throw failedToParse("field name cannot contain only the character [.]");
    }
    if (FieldNames.loneSurrogate(name) >= 0) {
      throw failedToParse(FieldNames.loneSurrogateReason(name));
    }
  }

  private static DuetException failedToParse(String reason) {
    return new DuetException(
        400,
        "mapper_parsing_exception",
        "failed to parse",
        Map.of(),
        DuetException.illegalArgument(reason));
  }

  private static void parseField(
      JsonParser p, Context ctx, String objectPath, String name, JsonToken t) throws IOException {
    if (name.indexOf('.') >= 0) {
      // "a.b": 1 in a document means a: {b: 1}; walk (or create) the objects on the way.
      String[] parts = name.split("\\.");
      String parent = objectPath;
      for (int i = 0; i < parts.length - 1; i++) {
        if (parts[i].isEmpty()) {
          throw failedToParse(
              "object field starting or ending with a [.] makes object resolution ambiguous: ["
                  + name
                  + "]");
        }
        String path = join(parent, parts[i]);
        FieldMapping leaf = ctx.leaf(path);
        if (leaf != null) {
          throw mapperParsing(
              "Could not dynamically add mapping for field ["
                  + join(objectPath, name)
                  + "]. Existing mapping for ["
                  + path
                  + "] must be of type object but found ["
                  + leaf.type()
                  + "].");
        }
        if (!ctx.isObject(path)) {
          Mapping.Dynamic dynamic = ctx.lookup.dynamic(parent);
          if (dynamic == Mapping.Dynamic.STRICT) {
            throw strict(parts[i], parent);
          }
          if (dynamic == Mapping.Dynamic.FALSE) {
            p.skipChildren();
            return;
          }
          ctx.add(path, DYNAMIC_OBJECT);
        }
        parent = path;
      }
      objectPath = parent;
      name = parts[parts.length - 1];
    }
    String path = join(objectPath, name);
    VectorField vector = ctx.lookup.vector(path);
    if (vector != null && t != JsonToken.VALUE_NULL) {
      if (t == JsonToken.START_OBJECT) {
        throw VectorValues.objectFailure(path, ctx.id, JsonMaps.read(p, t), vector);
      }
      ctx.fields.add(VectorValues.parse(p, t, path, vector, ctx.id));
      return;
    }
    if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
      FieldMapping leaf = ctx.leaf(path);
      if (leaf != null && FieldTypes.of(leaf).structuredValues()) {
        // geo_point, the range types: an object or array is one value (or the type's own list).
        FieldIndexer.index(p, t, path, leaf, ctx.id, ctx.fields, ctx.indexing);
        return;
      }
    }
    switch (t) {
      case START_OBJECT -> parseObjectField(p, ctx, objectPath, name, path);
      case START_ARRAY -> {
        requireMappedIfStrict(ctx, objectPath, name, path);
        JsonToken element;
        while ((element = p.nextToken()) != JsonToken.END_ARRAY) {
          parseField(p, ctx, objectPath, name, element);
        }
      }
      case VALUE_NULL -> {
        requireMappedIfStrict(ctx, objectPath, name, path);
        FieldMapping leaf = ctx.leaf(path);
        if (leaf != null) {
          FieldIndexer.indexNullValue(path, leaf, ctx.id, ctx.fields);
        }
      }
      default -> {
        FieldMapping leaf = ctx.leaf(path);
        if (leaf == null) {
          if (ctx.isObject(path)) {
            throw mapperParsing(
                "object mapping for ["
                    + path
                    + "] tried to parse field ["
                    + name
                    + "] as object, but found a concrete value");
          }
          Mapping.Dynamic dynamic = ctx.lookup.dynamic(objectPath);
          if (dynamic == Mapping.Dynamic.STRICT) {
            throw strict(name, objectPath);
          }
          if (dynamic == Mapping.Dynamic.FALSE) {
            return;
          }
          leaf =
              dynamic == Mapping.Dynamic.STRICT_ALLOW_TEMPLATES
                  ? templated(ctx, path, mappingType(p, t), name, objectPath)
                  : infer(p, t, ctx, path);
          ctx.add(path, leaf);
        }
        FieldIndexer.index(p, t, path, leaf, ctx.id, ctx.fields, ctx.indexing);
        if (leaf.params().containsKey("copy_to")) {
          copyTo(p, t, ctx, leaf);
        }
      }
    }
  }

  private static void parseObjectField(
      JsonParser p, Context ctx, String objectPath, String name, String path) throws IOException {
    FieldMapping leaf = ctx.leaf(path);
    if (leaf != null && FieldTypes.of(leaf).acceptsObjects()) {
      FieldIndexer.index(p, JsonToken.START_OBJECT, path, leaf, ctx.id, ctx.fields, ctx.indexing);
      return;
    }
    if (leaf != null) {
      throw FieldIndexer.objectValueFailure(p, path, leaf, ctx.id);
    }
    if (ctx.isObject(path)) {
      FieldMapping object = ctx.lookup.object(path);
      if (object != null && Boolean.FALSE.equals(object.params().get("enabled"))) {
        p.skipChildren();
        return;
      }
      if (object != null && object.isNested()) {
        if (++ctx.nestedObjects > ctx.lookup.limits().nestedObjects()) {
          throw ctx.lookup.limits().tooManyNestedObjects();
        }
        // Each nested object becomes its own Lucene document, indexed in the block before ours.
        ctx.fields = ctx.nested.begin(path, ctx.fields);
        parseObject(p, ctx, path);
        ctx.fields =
            ctx.nested.end(
                ctx.id,
                Boolean.TRUE.equals(object.params().get("include_in_parent")),
                Boolean.TRUE.equals(object.params().get("include_in_root")));
        return;
      }
      parseObject(p, ctx, path);
      return;
    }
    Mapping.Dynamic dynamic = ctx.lookup.dynamic(objectPath);
    if (dynamic == Mapping.Dynamic.STRICT) {
      throw strict(name, objectPath);
    }
    if (dynamic == Mapping.Dynamic.FALSE) {
      p.skipChildren();
      return;
    }
    ctx.add(path, DYNAMIC_OBJECT);
    if (dynamic == Mapping.Dynamic.STRICT_ALLOW_TEMPLATES) {
      // The template's own sub-fields are mapped with the object; others must match templates.
      FieldMapping object = templated(ctx, path, "object", name, objectPath);
      for (Map.Entry<String, FieldMapping> sub : object.properties().entrySet()) {
        ctx.add(path + "." + sub.getKey(), sub.getValue());
      }
    }
    parseObject(p, ctx, path);
  }

  /**
   * Under {@code strict_allow_templates}: the mapping of the first dynamic template that matches,
   * else OpenSearch's refusal.
   */
  private static FieldMapping templated(
      Context ctx, String path, String mappingType, String name, String objectPath) {
    for (DynamicTemplate template : ctx.lookup.mapping().dynamicTemplates()) {
      if (template.matches(path, mappingType)) {
        return template.fieldFor(path, mappingType);
      }
    }
    throw new DuetException(
        400,
        "strict_dynamic_mapping_exception",
        "mapping set to strict_allow_templates, dynamic introduction of ["
            + name
            + "] within ["
            + (objectPath.isEmpty() ? "_doc" : objectPath)
            + "] is not allowed");
  }

  /** The {@code match_mapping_type} of a concrete value, as dynamic templates name it. */
  private static String mappingType(JsonParser p, JsonToken t) throws IOException {
    return switch (t) {
      case VALUE_STRING -> DateFormats.detect(p.getText()) != null ? "date" : "string";
      case VALUE_NUMBER_INT -> "long";
      case VALUE_NUMBER_FLOAT -> "double";
      default -> "boolean";
    };
  }

  /** Under strict mapping even a null or an empty array may not name an unmapped field. */
  private static void requireMappedIfStrict(
      Context ctx, String objectPath, String name, String path) {
    if (ctx.leaf(path) == null
        && !ctx.isObject(path)
        && ctx.lookup.dynamic(objectPath) == Mapping.Dynamic.STRICT) {
      throw strict(name, objectPath);
    }
  }

  /** {@code copy_to}: the same value indexed again into each target field, as in OpenSearch. */
  private static void copyTo(JsonParser p, JsonToken t, Context ctx, FieldMapping leaf)
      throws IOException {
    Object targets = leaf.params().get("copy_to");
    for (Object target : targets instanceof List<?> list ? list : List.of(targets)) {
      String path = String.valueOf(target);
      FieldMapping field = ctx.leaf(path);
      if (field == null) {
        int dot = path.lastIndexOf('.');
        String parent = dot < 0 ? MappingLookup.ROOT : path.substring(0, dot);
        Mapping.Dynamic dynamic = ctx.lookup.dynamic(parent);
        if (dynamic == Mapping.Dynamic.STRICT) {
          throw strict(path.substring(dot + 1), parent);
        }
        if (dynamic == Mapping.Dynamic.FALSE || ctx.isObject(path)) {
          continue;
        }
        field = infer(p, t, ctx, path);
        ctx.add(path, field);
      }
      FieldIndexer.index(p, t, path, field, ctx.id, ctx.fields, ctx.indexing);
    }
  }

  /** A new field's mapping: the first matching dynamic template's, else OpenSearch's default. */
  private static FieldMapping infer(JsonParser p, JsonToken t, Context ctx, String path)
      throws IOException {
    FieldMapping inferred = infer(p, t);
    List<DynamicTemplate> templates = ctx.lookup.mapping().dynamicTemplates();
    if (templates.isEmpty()) {
      return inferred;
    }
    String mappingType =
        switch (t) {
          case VALUE_STRING -> inferred.type().equals("date") ? "date" : "string";
          case VALUE_NUMBER_INT -> "long";
          case VALUE_NUMBER_FLOAT -> "double";
          default -> "boolean";
        };
    for (DynamicTemplate template : templates) {
      if (template.matches(path, mappingType)) {
        return template.fieldFor(path, mappingType);
      }
    }
    return inferred;
  }

  private static FieldMapping infer(JsonParser p, JsonToken t) throws IOException {
    return switch (t) {
      case VALUE_STRING -> {
        FieldMapping date = DateFormats.detect(p.getText());
        yield date != null ? date : DYNAMIC_TEXT;
      }
      case VALUE_NUMBER_INT -> FieldMapping.of("long");
      case VALUE_NUMBER_FLOAT -> FieldMapping.of("float");
      case VALUE_TRUE, VALUE_FALSE -> FieldMapping.of("boolean");
      default -> throw mapperParsing("failed to parse");
    };
  }

  private static String join(String objectPath, String name) {
    return objectPath.isEmpty() ? name : objectPath + "." + name;
  }

  private static DuetException strict(String name, String objectPath) {
    return new DuetException(
        400,
        "strict_dynamic_mapping_exception",
        "mapping set to strict, dynamic introduction of ["
            + name
            + "] within ["
            + (objectPath.isEmpty() ? "_doc" : objectPath)
            + "] is not allowed");
  }

  static DuetException mapperParsing(String reason) {
    return new DuetException(400, "mapper_parsing_exception", reason);
  }

  /** Per-document state: the Lucene fields so far and the fields dynamic mapping added. */
  private static final class Context {
    final String id;
    final MappingLookup lookup;
    final NestedDocuments.Builder nested = new NestedDocuments.Builder();
    // The fields of the document being parsed: the root's, or a nested object's while in one.
    List<IndexableField> fields = new ArrayList<>();
    Map<String, FieldMapping> added;
    int depth; // of the object being parsed: the root is 1
    long nestedObjects;

    final IndexContext indexing;

    Context(String id, MappingLookup lookup, byte[] source) {
      this.id = id;
      this.lookup = lookup;
      this.indexing =
          new IndexContext() {
            private SourceValues values;

            @Override
            public String normalize(String path, String value) {
              return lookup.normalize(path, value);
            }

            @Override
            public org.apache.lucene.analysis.Analyzer indexAnalyzer(String path) {
              return lookup.indexAnalyzer(path);
            }

            @Override
            public List<Object> documentValues(String path) {
              if (values == null) {
                values = SourceValues.of(source);
              }
              return values.structuredAt(path);
            }
          };
    }

    FieldMapping leaf(String path) {
      if (lookup.isAlias(path)) {
        // An alias's path names its target for reads only; OpenSearch refuses a value there.
        throw failedToParse("Cannot write to a field alias [" + path + "].");
      }
      FieldMapping leaf = lookup.leaf(path);
      if (leaf == null && added != null) {
        FieldMapping dynamic = added.get(path);
        if (dynamic != null && !dynamic.isObject()) {
          return dynamic;
        }
      }
      return leaf;
    }

    boolean isObject(String path) {
      if (lookup.object(path) != null) {
        return true;
      }
      FieldMapping dynamic = added == null ? null : added.get(path);
      return dynamic != null && dynamic.isObject();
    }

    void add(String path, FieldMapping field) {
      if (added == null) {
        added = new LinkedHashMap<>();
      }
      added.put(path, field);
    }
  }
}
