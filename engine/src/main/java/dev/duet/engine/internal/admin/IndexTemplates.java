package dev.duet.engine.internal.admin;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndexTemplate;
import dev.duet.engine.index.IndexTemplate.Kind;
import dev.duet.engine.internal.meta.IndexSettingsRules;
import dev.duet.engine.internal.source.JsonMaps;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.mapping.Mapping;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The node's templates, of the three kinds, by name: validated when put (OpenSearch's rules and
 * words), kept in {@code <data>/templates.json} (replaced atomically, as index metadata is), and
 * composed into what a new index starts with: the composable template of highest priority that
 * matches (its component templates first, then its own template), else every matching legacy
 * template by ascending {@code order}; the create request's own settings, mappings and aliases win.
 */
public final class IndexTemplates {
  static final String FILE = "templates.json";

  private final Path file;
  private final Map<Kind, TreeMap<String, IndexTemplate>> byKind = new EnumMap<>(Kind.class);

  /** The templates stored under {@code dataDir}, none when it has no file yet. */
  public IndexTemplates(Path dataDir) throws IOException {
    this.file = dataDir.resolve(FILE);
    for (Kind kind : Kind.values()) {
      byKind.put(kind, new TreeMap<>());
    }
    if (Files.exists(file)) {
      read();
    }
  }

  /** Stores a template; 400 in OpenSearch's words when it may not be. */
  public synchronized void put(IndexTemplate template, boolean create) {
    validate(template, true);
    if (template.settings() != null) {
      template =
          new IndexTemplate(
              template.kind(),
              template.name(),
              template.indexPatterns(),
              template.order(),
              template.priority(),
              template.version(),
              template.meta(),
              template.composedOf(),
              IndexSettingsRules.validate(template.settings()),
              template.mappings(),
              template.aliases());
    }
    TreeMap<String, IndexTemplate> templates = byKind.get(template.kind());
    if (create && templates.containsKey(template.name())) {
      throw DuetException.illegalArgument(
          switch (template.kind()) {
            case LEGACY -> "index_template [" + template.name() + "] already exists";
            case COMPOSABLE -> "index template [" + template.name() + "] already exists";
            case COMPONENT -> "component template [" + template.name() + "] already exists";
          });
    }
    IndexTemplate previous = templates.put(template.name(), template);
    try {
      write();
    } catch (RuntimeException e) {
      if (previous == null) {
        templates.remove(template.name());
      } else {
        templates.put(template.name(), previous);
      }
      throw e;
    }
  }

  /**
   * The templates of a kind whose names match the expression (a comma list of names and wildcards;
   * all when null, empty or {@code *}); 404 for a name without wildcard that none has.
   */
  public synchronized List<IndexTemplate> get(Kind kind, String names) {
    TreeMap<String, IndexTemplate> templates = byKind.get(kind);
    if (names == null || names.isEmpty() || names.equals("*") || names.equals("_all")) {
      return List.copyOf(templates.values());
    }
    Map<String, IndexTemplate> out = new LinkedHashMap<>();
    for (String part : names.split(",")) {
      String name = part.trim();
      boolean found = false;
      for (IndexTemplate t : templates.values()) {
        if (Wildcards.matches(name, t.name())) {
          out.put(t.name(), t);
          found = true;
        }
      }
      if (!found && name.indexOf('*') < 0) {
        throw missing(kind, name);
      }
    }
    return List.copyOf(out.values());
  }

  /** Deletes the templates a name (or wildcard, or comma list) names; 404 when none. */
  public synchronized void delete(Kind kind, String names) {
    TreeMap<String, IndexTemplate> templates = byKind.get(kind);
    List<String> doomed = new ArrayList<>();
    for (String part : names.split(",")) {
      String name = part.trim();
      boolean found = false;
      for (String existing : templates.keySet()) {
        if (Wildcards.matches(name, existing)) {
          doomed.add(existing);
          found = true;
        }
      }
      if (!found) {
        // Every kind, wildcard or not, answers a delete that finds nothing this way.
        throw missing(Kind.LEGACY, name);
      }
    }
    if (kind == Kind.COMPONENT) {
      List<String> users = new ArrayList<>();
      for (IndexTemplate t : byKind.get(Kind.COMPOSABLE).values()) {
        if (t.composedOf().stream().anyMatch(doomed::contains)) {
          users.add(t.name());
        }
      }
      if (!users.isEmpty()) {
        throw DuetException.illegalArgument(
            "component templates "
                + doomed
                + " cannot be removed as they are still in use by index templates "
                + users);
      }
    }
    if (doomed.isEmpty()) {
      return;
    }
    doomed.forEach(templates::remove);
    write();
  }

  /**
   * What an index of this name is created with by the templates alone: the composable template that
   * wins (or {@code candidate}, when given, competing as if stored), else the legacy ones.
   */
  public synchronized IndexTemplate.Resolved resolve(String index, IndexTemplate candidate) {
    IndexTemplate winner = candidate != null && matches(candidate, index) ? candidate : null;
    for (IndexTemplate t : byKind.get(Kind.COMPOSABLE).values()) {
      if (candidate != null && t.name().equals(candidate.name())) {
        continue;
      }
      if (matches(t, index)
          && (winner == null || t.effectivePriority() > winner.effectivePriority())) {
        winner = t;
      }
    }
    List<IndexTemplate> overlapping = new ArrayList<>();
    List<IndexTemplate> legacy = new ArrayList<>();
    for (IndexTemplate t : byKind.get(Kind.LEGACY).values()) {
      if (matches(t, index)) {
        legacy.add(t);
      }
    }
    for (IndexTemplate t : byKind.get(Kind.COMPOSABLE).values()) {
      if (matches(t, index)
          && t != winner
          && (candidate == null || !t.name().equals(candidate.name()))) {
        overlapping.add(t);
      }
    }
    if (winner != null) {
      overlapping.addAll(0, legacy);
      return compose(composition(winner), overlapping);
    }
    legacy.sort(Comparator.comparingLong(IndexTemplate::order));
    return compose(legacy, overlapping);
  }

  /**
   * What a composable template itself makes ({@code _index_template/_simulate}): its composition,
   * and the other templates whose patterns overlap its own.
   */
  public synchronized IndexTemplate.Resolved simulate(IndexTemplate template) {
    validate(template, false);
    List<IndexTemplate> overlapping = new ArrayList<>();
    for (Kind kind : List.of(Kind.LEGACY, Kind.COMPOSABLE)) {
      for (IndexTemplate t : byKind.get(kind).values()) {
        if (!t.name().equals(template.name()) && overlaps(t, template)) {
          overlapping.add(t);
        }
      }
    }
    return compose(composition(template), overlapping);
  }

  /** The settings a create request ends with: the templates', then its own on top. */
  public static IndexSettings merge(IndexSettings base, IndexSettings top) {
    if (base == null) {
      return top;
    }
    Map<String, String> values = new LinkedHashMap<>(base.values());
    values.putAll(top.values());
    Map<String, List<String>> lists = new LinkedHashMap<>(base.lists());
    lists.putAll(top.lists());
    return new IndexSettings(values, lists);
  }

  /** Deep-merges mapping objects: {@code top}'s keys win, objects merge key by key. */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> mergeMappings(
      Map<String, Object> base, Map<String, Object> top) {
    return mergeExpanded(expandDots(base), expandDots(top));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> mergeExpanded(
      Map<String, Object> base, Map<String, Object> top) {
    Map<String, Object> out = new LinkedHashMap<>(base);
    top.forEach(
        (k, v) -> {
          Object old = out.get(k);
          if (old instanceof Map<?, ?> oldMap
              && v instanceof Map<?, ?> newMap
              && sameKind(oldMap.get("type"), newMap.get("type"))) {
            out.put(k, mergeExpanded((Map<String, Object>) oldMap, (Map<String, Object>) newMap));
          } else {
            out.put(k, v);
          }
        });
    return out;
  }

  /** Whether a field's later definition refines the earlier one, rather than replacing it. */
  private static boolean sameKind(Object before, Object after) {
    Object a = before == null ? "object" : before;
    Object b = after == null ? "object" : after;
    return a.equals(b);
  }

  /**
   * The mapping with dotted field names ({@code "a.b": {...}} under {@code properties}) written as
   * the objects they stand for, so that templates merge field by field, as OpenSearch merges them.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> expandDots(Map<String, Object> mapping) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : mapping.entrySet()) {
      if (!e.getKey().equals("properties") || !(e.getValue() instanceof Map<?, ?> props)) {
        out.put(e.getKey(), e.getValue());
        continue;
      }
      Map<String, Object> fields = new LinkedHashMap<>();
      for (Map.Entry<String, Object> field : ((Map<String, Object>) props).entrySet()) {
        String name = field.getKey();
        Map<String, Object> expanded =
            field.getValue() instanceof Map<?, ?> f
                ? expandDots((Map<String, Object>) f)
                : new LinkedHashMap<>();
        int dot = name.indexOf('.');
        if (dot > 0 && dot < name.length() - 1) {
          Map<String, Object> inner = new LinkedHashMap<>();
          inner.put("properties", Map.of(name.substring(dot + 1), expanded));
          expanded = expandDots(inner);
          name = name.substring(0, dot);
        }
        Object old = fields.get(name);
        fields.put(
            name,
            old instanceof Map<?, ?> oldMap
                ? mergeExpanded((Map<String, Object>) oldMap, expanded)
                : expanded);
      }
      out.put(e.getKey(), fields);
    }
    return out;
  }

  private List<IndexTemplate> composition(IndexTemplate composable) {
    List<IndexTemplate> parts = new ArrayList<>();
    for (String name : composable.composedOf()) {
      IndexTemplate component = byKind.get(Kind.COMPONENT).get(name);
      if (component != null) {
        parts.add(component);
      }
    }
    parts.add(composable);
    return parts;
  }

  private static IndexTemplate.Resolved compose(
      List<IndexTemplate> templates, List<IndexTemplate> overlapping) {
    IndexSettings settings = IndexSettings.DEFAULTS;
    Map<String, Object> mappings = new LinkedHashMap<>();
    Map<String, AliasMetadata> aliases = new TreeMap<>();
    for (IndexTemplate t : templates) {
      if (t.settings() != null) {
        settings = merge(settings, t.settings());
      }
      if (t.mappings() != null) {
        mappings = mergeMappings(mappings, t.mappings());
      }
      if (t.aliases() != null) {
        aliases.putAll(t.aliases());
      }
    }
    return new IndexTemplate.Resolved(settings, mappings, aliases, List.copyOf(overlapping));
  }

  private void validate(IndexTemplate template, boolean clashes) {
    if (template.kind() != Kind.COMPONENT && template.indexPatterns().isEmpty()) {
      throw new DuetException(
          400,
          "action_request_validation_exception",
          "Validation Failed: 1: index patterns are missing;");
    }
    if (template.priority() != null && template.priority() < 0) {
      throw new DuetException(
          400,
          "action_request_validation_exception",
          "Validation Failed: 1: index template priority must be >= 0;");
    }
    if (template.settings() != null) {
      IndexSettingsRules.validate(template.settings());
    }
    if (template.mappings() != null) {
      Mapping.fromMap(template.mappings(), null, null);
    }
    if (template.kind() != Kind.COMPOSABLE) {
      return;
    }
    List<String> missing = new ArrayList<>();
    for (String name : template.composedOf()) {
      if (!byKind.get(Kind.COMPONENT).containsKey(name)) {
        missing.add(name);
      }
    }
    if (!missing.isEmpty()) {
      throw new DuetException(
          400,
          "invalid_index_template_exception",
          "index_template ["
              + template.name()
              + "] invalid, cause [index template ["
              + template.name()
              + "] specifies component templates "
              + missing
              + " that do not exist]");
    }
    if (!clashes) {
      return;
    }
    Map<String, List<String>> clashing = new LinkedHashMap<>();
    for (IndexTemplate t : byKind.get(Kind.COMPOSABLE).values()) {
      if (!t.name().equals(template.name())
          && t.effectivePriority() == template.effectivePriority()
          && overlaps(t, template)) {
        clashing.put(t.name(), t.indexPatterns());
      }
    }
    if (!clashing.isEmpty()) {
      StringBuilder with = new StringBuilder();
      clashing.forEach(
          (name, patterns) ->
              with.append(with.isEmpty() ? "" : ",").append(name).append(" => ").append(patterns));
      throw DuetException.illegalArgument(
          "index template ["
              + template.name()
              + "] has index patterns "
              + template.indexPatterns()
              + " matching patterns from existing templates ["
              + String.join(",", clashing.keySet())
              + "] with patterns ("
              + with
              + ") that have the same priority ["
              + template.effectivePriority()
              + "], multiple index templates may not match during index creation, please use a"
              + " different priority");
    }
  }

  private static boolean matches(IndexTemplate template, String index) {
    for (String pattern : template.indexPatterns()) {
      if (Wildcards.matches(pattern, index)) {
        return true;
      }
    }
    return false;
  }

  /** Whether some index name could match a pattern of each. */
  private static boolean overlaps(IndexTemplate a, IndexTemplate b) {
    for (String p : a.indexPatterns()) {
      for (String q : b.indexPatterns()) {
        if (Wildcards.matches(p, q) || Wildcards.matches(q, p) || prefixesMeet(p, q)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean prefixesMeet(String p, String q) {
    int ps = p.indexOf('*');
    int qs = q.indexOf('*');
    if (ps < 0 || qs < 0) {
      return false;
    }
    String a = p.substring(0, ps);
    String b = q.substring(0, qs);
    return a.startsWith(b) || b.startsWith(a);
  }

  private static DuetException missing(Kind kind, String name) {
    return switch (kind) {
      case LEGACY ->
          new DuetException(
              404, "index_template_missing_exception", "index_template [" + name + "] missing");
      case COMPOSABLE ->
          new DuetException(
              404,
              "resource_not_found_exception",
              "index template matching [" + name + "] not found");
      case COMPONENT ->
          new DuetException(
              404,
              "resource_not_found_exception",
              "component template matching [" + name + "] not found");
    };
  }

  // On disk: {"legacy":{name:{...}}, "composable":{...}, "component":{...}}.

  private void write() {
    Map<String, Object> root = new LinkedHashMap<>();
    byKind.forEach(
        (kind, templates) -> {
          Map<String, Object> out = new LinkedHashMap<>();
          templates.forEach((name, t) -> out.put(name, toMap(t)));
          root.put(kind.name().toLowerCase(java.util.Locale.ROOT), out);
        });
    Path tmp = file.resolveSibling(FILE + ".tmp");
    try {
      byte[] bytes = JsonMaps.write(root);
      try (FileChannel ch =
          FileChannel.open(
              tmp,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          ch.write(buffer);
        }
        ch.force(true);
      }
      try {
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  private void read() throws IOException {
    Map<String, Object> root = (Map<String, Object>) JsonMaps.read(Files.readAllBytes(file));
    for (Kind kind : Kind.values()) {
      Object section = root.get(kind.name().toLowerCase(java.util.Locale.ROOT));
      if (section instanceof Map<?, ?> templates) {
        templates.forEach(
            (name, map) ->
                byKind
                    .get(kind)
                    .put((String) name, fromMap(kind, (String) name, (Map<String, Object>) map)));
      }
    }
  }

  private static Map<String, Object> toMap(IndexTemplate t) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("index_patterns", t.indexPatterns());
    out.put("order", t.order());
    if (t.priority() != null) {
      out.put("priority", t.priority());
    }
    if (t.version() != null) {
      out.put("version", t.version());
    }
    if (t.meta() != null) {
      out.put("_meta", t.meta());
    }
    out.put("composed_of", t.composedOf());
    if (t.settings() != null) {
      Map<String, Object> settings = new LinkedHashMap<>(t.settings().values());
      settings.putAll(t.settings().lists());
      out.put("settings", settings);
    }
    if (t.mappings() != null) {
      out.put("mappings", t.mappings());
    }
    if (t.aliases() != null) {
      Map<String, Object> aliases = new LinkedHashMap<>();
      t.aliases().forEach((name, alias) -> aliases.put(name, alias.toMap()));
      out.put("aliases", aliases);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static IndexTemplate fromMap(Kind kind, String name, Map<String, Object> map) {
    IndexSettings settings = null;
    if (map.get("settings") instanceof Map<?, ?> raw) {
      Map<String, String> values = new LinkedHashMap<>();
      Map<String, List<String>> lists = new LinkedHashMap<>();
      raw.forEach(
          (k, v) -> {
            if (v instanceof List<?> list) {
              List<String> elements = list.stream().map(String::valueOf).toList();
              lists.put((String) k, elements);
              values.put((String) k, String.join(",", elements));
            } else {
              values.put((String) k, String.valueOf(v));
            }
          });
      settings = new IndexSettings(values, lists);
    }
    Map<String, AliasMetadata> aliases = null;
    if (map.get("aliases") instanceof Map<?, ?> raw) {
      aliases = new TreeMap<>();
      for (Map.Entry<?, ?> e : raw.entrySet()) {
        aliases.put(
            (String) e.getKey(),
            AliasMetadata.fromMap((String) e.getKey(), (Map<String, Object>) e.getValue()));
      }
    }
    return new IndexTemplate(
        kind,
        name,
        (List<String>) map.get("index_patterns"),
        ((Number) map.getOrDefault("order", 0)).longValue(),
        map.get("priority") == null ? null : ((Number) map.get("priority")).longValue(),
        map.get("version") == null ? null : ((Number) map.get("version")).longValue(),
        (Map<String, Object>) map.get("_meta"),
        (List<String>) map.get("composed_of"),
        settings,
        (Map<String, Object>) map.get("mappings"),
        aliases);
  }
}
