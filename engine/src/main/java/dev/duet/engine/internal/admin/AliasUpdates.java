package dev.duet.engine.internal.admin;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasAction;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.meta.IndexMetadata;
import dev.duet.engine.internal.meta.IndexResolver;
import dev.duet.engine.internal.source.Wildcards;
import dev.duet.engine.search.AliasFilterDecoder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Plans the actions of one {@code POST /_aliases} (or alias PUT/DELETE) against the current indices
 * with OpenSearch's checks, before anything is written: every action is validated first, so a
 * refused request changes nothing.
 */
public final class AliasUpdates {
  /** Missing concrete names are 404s and wildcards must match something, as in OpenSearch. */
  private static final IndicesOptions STRICT = IndicesOptions.STRICT;

  /** The alias set of every index whose aliases change, and the indices to delete. */
  public record Plan(Map<String, Map<String, AliasMetadata>> aliases, List<String> deletions) {}

  private AliasUpdates() {}

  public static Plan plan(
      List<AliasAction> actions,
      IndexResolver resolver,
      IndexResolver.Catalog catalog,
      AliasFilterDecoder filters) {
    if (actions.isEmpty()) {
      throw DuetException.illegalArgument("No action specified");
    }
    Map<String, Map<String, AliasMetadata>> working = new TreeMap<>();
    for (IndexMetadata index : catalog.all()) {
      working.put(index.name(), new TreeMap<>(index.aliases()));
    }
    Map<String, Map<String, AliasMetadata>> before = new TreeMap<>();
    working.forEach((k, v) -> before.put(k, Map.copyOf(v)));
    List<String> deletions = new ArrayList<>();
    // As OpenSearch: the indices to delete go first, so that an alias may take the name of an
    // index the same request deletes, and no alias is changed on an index about to go.
    for (AliasAction action : actions) {
      if (action instanceof AliasAction.RemoveIndex removeIndex) {
        // As a delete: concrete names or wildcards, never an alias, never "all" by omission.
        for (String index : resolver.resolveForDelete(removeIndex.indices(), STRICT)) {
          if (working.remove(index) != null) {
            deletions.add(index);
          }
        }
      }
    }
    for (AliasAction action : actions) {
      switch (action) {
        case AliasAction.Add add -> {
          List<String> indices = resolver.resolveNames(add.indices(), STRICT);
          for (String alias : add.aliases()) {
            AliasMetadata meta = validate(alias, add.template(), catalog, filters, deletions);
            for (String index : indices) {
              aliasesOf(working, index).put(alias, meta);
            }
          }
        }
        case AliasAction.Remove remove -> {
          List<String> indices = resolver.resolveNames(remove.indices(), STRICT);
          boolean removed = false;
          for (String index : indices) {
            for (String alias : remove.aliases()) {
              String pattern = alias.equals("_all") ? "*" : alias;
              removed |=
                  aliasesOf(working, index).keySet().removeIf(a -> Wildcards.matches(pattern, a));
            }
          }
          if (!removed && !Boolean.FALSE.equals(remove.mustExist())) {
            throw aliasesMissing(remove.aliases());
          }
        }
        case AliasAction.RemoveIndex removeIndex -> {}
      }
    }
    checkWriteIndices(working);
    checkHidden(working);
    Map<String, Map<String, AliasMetadata>> changed = new LinkedHashMap<>();
    working.forEach(
        (index, aliases) -> {
          if (!aliases.equals(before.get(index))) {
            changed.put(index, aliases);
          }
        });
    return new Plan(changed, deletions);
  }

  /**
   * The alias as it will be stored, after OpenSearch's checks of its name and filter; also used for
   * the aliases of {@code PUT /{index}}.
   */
  public static AliasMetadata validate(
      String alias,
      AliasMetadata template,
      IndexResolver.Catalog catalog,
      AliasFilterDecoder filters) {
    return validate(alias, template, catalog, filters, List.of());
  }

  private static AliasMetadata validate(
      String alias,
      AliasMetadata template,
      IndexResolver.Catalog catalog,
      AliasFilterDecoder filters,
      List<String> deleted) {
    validateName(alias);
    IndexMetadata sameName = catalog.index(alias);
    if (sameName != null && !deleted.contains(alias)) {
      Map<String, String> meta = new LinkedHashMap<>();
      meta.put("index", alias);
      meta.put("index_uuid", sameName.uuid());
      throw new DuetException(
          400,
          "invalid_alias_name_exception",
          "Invalid alias name [" + alias + "], an index exists with the same name as the alias",
          meta,
          null);
    }
    if (template.filter() != null) {
      try {
        filters.decode(template.filter());
      } catch (DuetException e) {
        throw new DuetException(
            400,
            "illegal_argument_exception",
            "failed to parse filter for alias [" + alias + "]",
            Map.of(),
            e);
      }
    }
    return new AliasMetadata(
        alias,
        template.filter(),
        template.indexRouting(),
        template.searchRouting(),
        template.isWriteIndex(),
        template.isHidden());
  }

  private static void validateName(String alias) {
    String why = null;
    if (alias.isEmpty()) {
      why = "must not be empty";
    } else if (alias.charAt(0) == '_' || alias.charAt(0) == '-' || alias.charAt(0) == '+') {
      why = "must not start with '_', '-', or '+'";
    } else if (alias.contains("#")) {
      why = "must not contain '#'";
    } else if (alias.contains(":")) {
      why = "must not contain ':'";
    } else {
      for (char c : " \"*\\<|,>/?".toCharArray()) {
        if (alias.indexOf(c) >= 0) {
          why = "must not contain the following characters [ , \", *, \\, <, |, ,, >, /, ?]";
          break;
        }
      }
    }
    if (why != null) {
      throw new DuetException(
          400, "invalid_alias_name_exception", "Invalid alias name [" + alias + "]: " + why);
    }
  }

  private static void checkWriteIndices(Map<String, Map<String, AliasMetadata>> working) {
    Map<String, TreeSet<String>> writeIndices = new TreeMap<>();
    working.forEach(
        (index, aliases) ->
            aliases.forEach(
                (alias, meta) -> {
                  if (Boolean.TRUE.equals(meta.isWriteIndex())) {
                    writeIndices.computeIfAbsent(alias, k -> new TreeSet<>()).add(index);
                  }
                }));
    writeIndices.forEach(
        (alias, indices) -> {
          if (indices.size() > 1) {
            // OpenSearch answers this with a 500; it is the client's mistake, so Duet says 400.
            throw new DuetException(
                400,
                "illegal_state_exception",
                "alias ["
                    + alias
                    + "] has more than one write index ["
                    + String.join(",", indices)
                    + "]");
          }
        });
  }

  /** An alias is hidden on all its indices or on none, as OpenSearch requires. */
  private static void checkHidden(Map<String, Map<String, AliasMetadata>> working) {
    Map<String, TreeSet<String>> hidden = new TreeMap<>();
    Map<String, TreeSet<String>> visible = new TreeMap<>();
    working.forEach(
        (index, aliases) ->
            aliases.forEach(
                (alias, meta) ->
                    (meta.hidden() ? hidden : visible)
                        .computeIfAbsent(alias, k -> new TreeSet<>())
                        .add(index)));
    hidden.forEach(
        (alias, indices) -> {
          TreeSet<String> others = visible.get(alias);
          if (others != null) {
            // OpenSearch answers this with a 500; it is the client's mistake, so Duet says 400.
            throw new DuetException(
                400,
                "illegal_state_exception",
                "alias ["
                    + alias
                    + "] has is_hidden set to true on indices ["
                    + String.join(",", indices)
                    + "] but does not have is_hidden set to true on indices ["
                    + String.join(",", others)
                    + "]; alias must have the same is_hidden setting on all indices");
          }
        });
  }

  static DuetException aliasesMissing(List<String> aliases) {
    String names = String.join(",", aliases);
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("resource.id", names);
    meta.put("resource.type", "aliases");
    return new DuetException(
        404, "aliases_not_found_exception", "aliases [" + names + "] missing", meta, null);
  }

  /**
   * The aliases an index will have; an index an earlier action of the same request removes is a
   * 404, as OpenSearch answers it (the actions apply in order).
   */
  private static Map<String, AliasMetadata> aliasesOf(
      Map<String, Map<String, AliasMetadata>> working, String index) {
    Map<String, AliasMetadata> aliases = working.get(index);
    if (aliases == null) {
      throw DuetException.indexNotFound(index);
    }
    return aliases;
  }
}
