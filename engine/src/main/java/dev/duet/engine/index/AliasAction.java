package dev.duet.engine.index;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * One action of {@code POST /_aliases}. Index and alias names may be wildcard expressions, resolved
 * when the actions are applied; all actions of one request apply together or not at all.
 */
public sealed interface AliasAction {

  /** Adds (or replaces) {@code alias} on every index the expressions name. */
  record Add(List<String> indices, List<String> aliases, AliasMetadata template, boolean mustExist)
      implements AliasAction {
    public Add {
      indices = List.copyOf(indices);
      aliases = List.copyOf(aliases);
      requireNonNull(template, "template");
    }
  }

  /** Removes the aliases from the indices; 404 {@code aliases_not_found_exception} if none. */
  record Remove(List<String> indices, List<String> aliases, Boolean mustExist)
      implements AliasAction {
    public Remove {
      indices = List.copyOf(indices);
      aliases = List.copyOf(aliases);
    }
  }

  /** Deletes the indices themselves, atomically with the other actions. */
  record RemoveIndex(List<String> indices) implements AliasAction {
    public RemoveIndex {
      indices = List.copyOf(indices);
    }
  }
}
