package dev.duet.engine.internal.meta;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.index.AliasMetadata;
import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.mapping.Mapping;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

public class IndexResolverTest {
  private static final Map<String, Object> ONLY_X = Map.of("term", Map.of("k", "x"));
  private static final Map<String, Object> ONLY_Y = Map.of("term", Map.of("k", "y"));

  private final Map<String, IndexMetadata> indices = new LinkedHashMap<>();
  private final IndexResolver resolver =
      new IndexResolver(
          new IndexResolver.Catalog() {
            @Override
            public IndexMetadata index(String name) {
              return indices.get(name);
            }

            @Override
            public Collection<IndexMetadata> all() {
              return indices.values();
            }
          });

  private void index(String name, AliasMetadata... aliases) {
    Map<String, AliasMetadata> byName = new LinkedHashMap<>();
    for (AliasMetadata alias : aliases) {
      byName.put(alias.name(), alias);
    }
    indices.put(
        name,
        new IndexMetadata(name, "uuid-" + name, 0, IndexSettings.DEFAULTS, Mapping.EMPTY, byName));
  }

  private static AliasMetadata alias(String name, Map<String, Object> filter, Boolean write) {
    return new AliasMetadata(name, filter, null, null, write);
  }

  private List<String> names(String expression, IndicesOptions options) {
    return resolver.resolveNames(List.of(expression), options);
  }

  private List<String> names(String expression) {
    return names(expression, IndicesOptions.DEFAULTS);
  }

  @Test
  void resolvesCommaListsWildcardsAllAndExclusions() {
    index("logs-b");
    index("logs-a");
    index("other");
    assertThat(names("other,logs-*")).containsExactly("other", "logs-a", "logs-b");
    assertThat(names("_all")).containsExactly("logs-a", "logs-b", "other");
    assertThat(names("*,-logs-a")).containsExactly("logs-b", "other");
    assertThat(resolver.resolveNames(List.of(), IndicesOptions.DEFAULTS)).hasSize(3);
    assertThat(names("nothing-*")).isEmpty();
  }

  @Test
  void anExclusionBeforeAnyWildcardIsAMissingName() {
    index("a");
    assertThatThrownBy(() -> names("a,-b"))
        .isInstanceOf(DuetException.class)
        .hasMessageContaining("no such index [-b]");
  }

  @Test
  void appliesIgnoreUnavailableAllowNoIndicesAndExpandWildcards() {
    index("a");
    assertThatThrownBy(() -> names("a,missing"))
        .isInstanceOfSatisfying(
            DuetException.class,
            e -> {
              assertThat(e.status()).isEqualTo(404);
              assertThat(e.metadata()).containsEntry("resource.id", "missing");
            });
    assertThat(names("a,missing", new IndicesOptions(true, true, true))).containsExactly("a");
    assertThatThrownBy(() -> names("missing-*", new IndicesOptions(false, false, true)))
        .hasMessageContaining("no such index [missing-*]");
    assertThatThrownBy(() -> names("missing", new IndicesOptions(true, false, true)))
        .isInstanceOf(DuetException.class);
    assertThat(names("a*", new IndicesOptions(false, true, false))).isEmpty();
    assertThatThrownBy(() -> IndicesOptions.of(IndicesOptions.DEFAULTS, null, null, "bogus"))
        .hasMessage("No valid expand wildcard value [bogus]");
  }

  @Test
  void aliasesResolveToTheirIndicesWithFilters() {
    index("a", alias("view", null, null));
    index("b", alias("view", ONLY_X, null), alias("other", ONLY_Y, null));
    List<IndexResolver.Target> targets =
        resolver.resolveSearch(List.of("view"), IndicesOptions.DEFAULTS);
    assertThat(targets)
        .containsExactly(
            new IndexResolver.Target("a", List.of()),
            new IndexResolver.Target("b", List.of(ONLY_X)));
    // Two filtered aliases of one index: a document must match either filter.
    assertThat(resolver.resolveSearch(List.of("view,other"), IndicesOptions.DEFAULTS))
        .contains(new IndexResolver.Target("b", List.of(ONLY_X, ONLY_Y)));
    // Named directly, the index is searched unfiltered whatever aliases also reach it.
    assertThat(resolver.resolveSearch(List.of("view,b"), IndicesOptions.DEFAULTS))
        .contains(new IndexResolver.Target("b", List.of()));
    // Alias names match wildcards too.
    assertThat(names("vi*")).containsExactly("a", "b");
  }

  @Test
  void writesGoToTheWriteIndex() {
    index("a", alias("one", null, null), alias("logs", null, null), alias("ro", null, false));
    index("b", alias("logs", null, true), alias("both", null, null));
    index("c", alias("both", null, null));
    assertThat(resolver.resolveWrite("a")).isEqualTo("a");
    assertThat(resolver.resolveWrite("one")).isEqualTo("a");
    assertThat(resolver.resolveWrite("logs")).isEqualTo("b");
    assertThat(resolver.resolveWrite("new-index")).isNull();
    assertThatThrownBy(() -> resolver.resolveWrite("both"))
        .hasMessageStartingWith("no write index is defined for alias [both].");
    assertThatThrownBy(() -> resolver.resolveWrite("ro"))
        .hasMessageStartingWith("no write index is defined for alias [ro].");
  }

  @Test
  void singleDocumentReadsNeedAnAliasOfOneIndex() {
    index("a", alias("one", null, null), alias("both", null, null));
    index("b", alias("both", null, null));
    assertThat(resolver.resolveRead("one")).isEqualTo("a");
    assertThat(resolver.resolveRead("nothing")).isNull();
    assertThatThrownBy(() -> resolver.resolveRead("both"))
        .hasMessage(
            "alias [both] has more than one index associated with it [a, b], can't execute a"
                + " single index op");
  }

  @Test
  void deletesRefuseAliasesAndIgnoreThemInWildcards() {
    index("a", alias("al", null, null));
    index("b");
    assertThatThrownBy(() -> resolver.resolveForDelete(List.of("al"), IndicesOptions.DEFAULTS))
        .hasMessage(
            "The provided expression [al] matches an alias, specify the corresponding concrete"
                + " indices instead.");
    assertThat(resolver.resolveForDelete(List.of("al*,b"), IndicesOptions.DEFAULTS))
        .containsExactly("b");
  }

  @Test
  void deletesWithIgnoreUnavailablePassAliasesOver() {
    index("a", alias("al", null, null));
    index("b");
    IndicesOptions ignore = new IndicesOptions(true, true, true);
    assertThat(resolver.resolveForDelete(List.of("al"), ignore)).isEmpty();
    assertThat(resolver.resolveForDelete(List.of("al,b"), ignore)).containsExactly("b");
  }
}
