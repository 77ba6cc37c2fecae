package dev.duet.engine.internal.meta;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.internal.source.Wildcards;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The one place where index expressions become concrete indices, for searches, admin calls and
 * writes alike: comma lists, {@code _all}, wildcards over index and alias names, {@code -pattern}
 * exclusions after a wildcard, aliases (with their filters for searches, their write index for
 * writes) and OpenSearch's {@code ignore_unavailable} / {@code allow_no_indices} / {@code
 * expand_wildcards}.
 */
public final class IndexResolver {
  private static final String NO_WRITE_INDEX =
      "no write index is defined for alias [%s]. The write index may be explicitly disabled using"
          + " is_write_index=false or the alias points to multiple indices without one being"
          + " designated as a write index";

  /** The indices the resolver sees; a live view, read once per call. */
  public interface Catalog {
    /** The metadata of the index with this exact name, or null. */
    IndexMetadata index(String name);

    Collection<IndexMetadata> all();
  }

  /**
   * One index a search reaches. {@code filters} is empty when the index was named directly (or by
   * an alias without a filter), else the alias filters of which a document must match one.
   */
  public record Target(String index, List<Map<String, Object>> filters) {}

  private final Catalog catalog;

  public IndexResolver(Catalog catalog) {
    this.catalog = requireNonNull(catalog, "catalog");
  }

  /** The concrete index names an expression list names, in order of first mention. */
  public List<String> resolveNames(Collection<String> expressions, IndicesOptions options) {
    return resolveSearch(expressions, options).stream().map(Target::index).toList();
  }

  /** The indices, with alias filters, a search over the expressions reaches. */
  public List<Target> resolveSearch(Collection<String> expressions, IndicesOptions options) {
    return resolve(expressions, options, true);
  }

  /**
   * The concrete indices a delete names: wildcards match index names only, and a name that is an
   * alias is a 400, as OpenSearch will not delete through an alias (with {@code
   * ignore_unavailable}, it is passed over as a missing index would be).
   */
  public List<String> resolveForDelete(Collection<String> expressions, IndicesOptions options) {
    // Elsewhere no expression means every index; a delete must name what it deletes, so an empty
    // or blank name is a missing index, never _all (a remove_index of "" once deleted them all).
    for (String expression : expressions) {
      if (expression.isBlank()) {
        throw DuetException.indexNotFound(expression);
      }
    }
    if (split(expressions).isEmpty()) {
      throw DuetException.indexNotFound(String.join(",", expressions));
    }
    List<String> kept = new ArrayList<>();
    for (String part : split(expressions)) {
      if (isPlainName(part) && catalog.index(part) == null && isAlias(part)) {
        if (options.ignoreUnavailable()) {
          continue;
        }
        throw DuetException.illegalArgument(
            "The provided expression ["
                + part
                + "] matches an alias, specify the corresponding concrete indices instead.");
      }
      kept.add(part);
    }
    if (kept.isEmpty()) {
      return List.of();
    }
    return resolve(kept, options, false).stream().map(Target::index).toList();
  }

  private List<Target> resolve(
      Collection<String> expressions, IndicesOptions options, boolean withAliases) {
    if (expressions.size() == 1) {
      // The common case, one concrete index name, without splitting or sorting anything.
      String only = expressions.iterator().next();
      if (isPlainName(only) && catalog.index(only) != null) {
        return List.of(new Target(only, List.of()));
      }
    }
    List<String> parts = split(expressions);
    Map<String, List<Map<String, Object>>> out = new LinkedHashMap<>();
    Map<String, List<IndexMetadata>> aliases = null;
    List<IndexMetadata> sorted = null;
    if (parts.isEmpty() || (parts.size() == 1 && parts.get(0).equals("_all"))) {
      for (IndexMetadata index : sortedIndices()) {
        if (expands(options, "*", index)) {
          out.put(index.name(), null);
        }
      }
      return finish(out, options, "_all");
    }
    boolean sawWildcard = false;
    for (String part : parts) {
      if (part.startsWith("_") && !part.equals("_all")) {
        // Reserved for APIs: a path OpenSearch has no API for, read as an index expression.
        throw IndexNames.invalid(part, "must not start with '_'.");
      }
      if (part.startsWith("-") && sawWildcard) {
        String pattern = part.substring(1);
        out.keySet().removeIf(name -> Wildcards.matches(pattern, name));
        continue;
      }
      if (part.equals("_all") || part.indexOf('*') >= 0) {
        sawWildcard = true;
        if (!options.expandOpen() && !options.expandClosed()) {
          continue;
        }
        String pattern = part.equals("_all") ? "*" : part;
        if (sorted == null) {
          sorted = sortedIndices();
          aliases = aliasIndex(sorted);
        }
        boolean matched = false;
        for (IndexMetadata index : sorted) {
          if (Wildcards.matches(pattern, index.name())) {
            // Matched whatever its state, as OpenSearch counts a wildcard's matches.
            matched |= !index.hidden() || expands(options, pattern, index);
            if (expands(options, pattern, index)) {
              addUnfiltered(out, index.name());
            }
          }
        }
        for (Map.Entry<String, List<IndexMetadata>> alias : aliases.entrySet()) {
          if (withAliases
              && Wildcards.matches(pattern, alias.getKey())
              && expandsAlias(options, pattern, alias.getKey(), alias.getValue())) {
            matched = true;
            addThroughAlias(out, alias.getKey(), alias.getValue());
          }
        }
        if (!matched && !options.allowNoIndices()) {
          // Each wildcard must match something, not only the whole expression.
          throw DuetException.indexNotFound(part);
        }
        continue;
      }
      if (catalog.index(part) != null) {
        addUnfiltered(out, part);
        continue;
      }
      if (aliases == null) {
        sorted = sortedIndices();
        aliases = aliasIndex(sorted);
      }
      List<IndexMetadata> members = aliases.get(part);
      if (members != null) {
        addThroughAlias(out, part, members);
      } else if (!options.ignoreUnavailable()) {
        throw DuetException.indexNotFound(part);
      }
    }
    return finish(out, options, parts.size() == 1 ? parts.get(0) : String.join(",", parts));
  }

  /**
   * The index a write to {@code nameOrAlias} goes to: the index itself, or the alias's write index
   * (its only index unless that one says {@code is_write_index: false}); null when neither exists,
   * so that the caller creates the index. 400 when an alias has no write index.
   */
  public String resolveWrite(String nameOrAlias) {
    if (catalog.index(nameOrAlias) != null) {
      return nameOrAlias;
    }
    List<IndexMetadata> members = aliasMembers(nameOrAlias);
    if (members.isEmpty()) {
      return null;
    }
    String writeIndex = null;
    for (IndexMetadata index : members) {
      if (Boolean.TRUE.equals(index.aliases().get(nameOrAlias).isWriteIndex())) {
        writeIndex = index.name();
      }
    }
    if (writeIndex == null
        && members.size() == 1
        && !Boolean.FALSE.equals(members.get(0).aliases().get(nameOrAlias).isWriteIndex())) {
      writeIndex = members.get(0).name();
    }
    if (writeIndex == null) {
      throw DuetException.illegalArgument(NO_WRITE_INDEX.replace("%s", nameOrAlias));
    }
    return writeIndex;
  }

  /**
   * The index a single-document read (get, exists) of {@code nameOrAlias} goes to; null when
   * neither an index nor an alias has the name. 400 when the alias has several indices.
   */
  public String resolveRead(String nameOrAlias) {
    if (catalog.index(nameOrAlias) != null) {
      return nameOrAlias;
    }
    List<IndexMetadata> members = aliasMembers(nameOrAlias);
    if (members.isEmpty()) {
      return null;
    }
    if (members.size() > 1) {
      throw DuetException.illegalArgument(
          "alias ["
              + nameOrAlias
              + "] has more than one index associated with it "
              + members.stream().map(IndexMetadata::name).toList()
              + ", can't execute a single index op");
    }
    return members.get(0).name();
  }

  /** Whether some index has an alias of this name. */
  public boolean isAlias(String name) {
    for (IndexMetadata index : catalog.all()) {
      if (index.aliases().containsKey(name)) {
        return true;
      }
    }
    return false;
  }

  private List<IndexMetadata> aliasMembers(String alias) {
    List<IndexMetadata> members = new ArrayList<>(1);
    for (IndexMetadata index : catalog.all()) {
      if (index.aliases().containsKey(alias)) {
        members.add(index);
      }
    }
    members.sort((a, b) -> a.name().compareTo(b.name()));
    return members;
  }

  /**
   * Whether a wildcard reaches the index: its state (open, closed) must be one {@code
   * expand_wildcards} names, and a hidden index needs {@code hidden}, or a pattern that starts with
   * a dot for a name that does, as in OpenSearch.
   */
  private static boolean expands(IndicesOptions options, String pattern, IndexMetadata index) {
    if (index.closed() ? !options.expandClosed() : !options.expandOpen()) {
      return false;
    }
    return !index.hidden()
        || options.expandHidden()
        || (pattern.startsWith(".") && index.name().startsWith("."));
  }

  // A hidden alias (hidden on each of its indices: AliasUpdates keeps them agreeing) is reached by
  // a wildcard only when hidden ones are asked for, or a dot-pattern names a dot-alias.
  private static boolean expandsAlias(
      IndicesOptions options, String pattern, String alias, List<IndexMetadata> members) {
    if (!members.get(0).aliases().get(alias).hidden() || options.expandHidden()) {
      return true;
    }
    return pattern.startsWith(".") && alias.startsWith(".");
  }

  private List<Target> finish(
      Map<String, List<Map<String, Object>>> resolved, IndicesOptions options, String expression) {
    if (resolved.isEmpty() && !options.allowNoIndices()) {
      throw DuetException.indexNotFound(expression);
    }
    List<Target> targets = new ArrayList<>(resolved.size());
    resolved.forEach(
        (name, filters) -> targets.add(new Target(name, filters == null ? List.of() : filters)));
    return targets;
  }

  // null in the map means "unfiltered", which wins over any alias filter.
  private static void addUnfiltered(Map<String, List<Map<String, Object>>> out, String index) {
    out.put(index, null);
  }

  private static void addThroughAlias(
      Map<String, List<Map<String, Object>>> out, String alias, List<IndexMetadata> members) {
    for (IndexMetadata index : members) {
      Map<String, Object> filter = index.aliases().get(alias).filter();
      if (filter == null) {
        out.put(index.name(), null);
        continue;
      }
      if (out.containsKey(index.name()) && out.get(index.name()) == null) {
        continue; // already reached without a filter
      }
      out.computeIfAbsent(index.name(), k -> new ArrayList<>()).add(filter);
    }
  }

  private List<IndexMetadata> sortedIndices() {
    List<IndexMetadata> all = new ArrayList<>(catalog.all());
    all.sort((a, b) -> a.name().compareTo(b.name()));
    return all;
  }

  private static Map<String, List<IndexMetadata>> aliasIndex(List<IndexMetadata> sorted) {
    Map<String, List<IndexMetadata>> aliases = new TreeMap<>();
    for (IndexMetadata index : sorted) {
      for (AliasMetadata alias : index.aliases().values()) {
        aliases.computeIfAbsent(alias.name(), k -> new ArrayList<>()).add(index);
      }
    }
    return aliases;
  }

  private static boolean isPlainName(String expression) {
    return expression.indexOf(',') < 0
        && expression.indexOf('*') < 0
        && !expression.startsWith("-")
        && !expression.equals("_all");
  }

  /**
   * The parts of the expressions. No expression at all means every index, but an expression that
   * was given and names nothing ({@code ","}) is a missing index, and a blank part is a name that
   * no index has, as in OpenSearch: neither may widen a by-query or a delete to every index.
   */
  private static List<String> split(Collection<String> expressions) {
    List<String> parts = new ArrayList<>();
    for (String expression : expressions) {
      int before = parts.size();
      for (String part : expression.split(",")) {
        String trimmed = part.trim();
        if (!trimmed.isEmpty()) {
          parts.add(trimmed);
        } else if (!part.isEmpty()) {
          parts.add(part);
        }
      }
      if (parts.size() == before && !expression.isEmpty()) {
        throw DuetException.indexNotFound(expression);
      }
    }
    return parts;
  }
}
