package dev.duet.engine.internal.script;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.script.Script;
import dev.duet.engine.script.ScriptFailure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.opensearch.common.settings.Settings;
import org.opensearch.painless.PainlessScriptEngine;
import org.opensearch.painless.spi.Allowlist;
import org.opensearch.painless.spi.AllowlistLoader;
import org.opensearch.script.ScriptContext;
import org.opensearch.script.ScriptException;

/**
 * Painless as OpenSearch compiles it, from its own compiler ({@code lang-painless}): one {@code
 * PainlessScriptEngine} per JVM, built the first time a script is compiled (building its class
 * lookup from the allowlists takes seconds), with Duet's script contexts; compiled sources are kept
 * by context and source ({@code script.cache.max_size}, 100), and OpenSearch's errors come out as
 * {@link ScriptFailure}s.
 */
public final class Scripts {
  public static final ScriptContext<UpdateScript.Factory> UPDATE =
      new ScriptContext<>("update", UpdateScript.Factory.class);
  public static final ScriptContext<UpdateScript.Factory> INGEST =
      new ScriptContext<>("ingest", UpdateScript.Factory.class);
  public static final ScriptContext<ScoreScript.Factory> SCORE =
      new ScriptContext<>("score", ScoreScript.Factory.class);
  public static final ScriptContext<FilterScript.Factory> FILTER =
      new ScriptContext<>("filter", FilterScript.Factory.class);
  public static final ScriptContext<FieldScript.Factory> FIELD =
      new ScriptContext<>("field", FieldScript.Factory.class);

  private static final int CACHE_SIZE = 100;
  private static final Map<CacheKey, Object> CACHE =
      new LinkedHashMap<>(16, 0.75f, true) {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<CacheKey, Object> eldest) {
          return size() > CACHE_SIZE;
        }
      };

  private Scripts() {}

  /**
   * The factory of {@code script} (inline; a stored one is resolved by the caller) in {@code
   * context}; throws OpenSearch's {@code script_exception} when it does not compile and a 400 when
   * its language is not one Duet runs.
   */
  public static <F> F compile(Script script, ScriptContext<F> context) {
    String lang = script.lang() == null ? Script.PAINLESS : script.lang();
    if (!lang.equals(Script.PAINLESS)) {
      throw DuetException.illegalArgument("script_lang not supported [" + lang + "]");
    }
    if (script.source() == null) {
      throw DuetException.illegalArgument(
          "must specify either [source] for an inline script or [id] for a stored script");
    }
    CacheKey key = new CacheKey(context.name, script.source());
    synchronized (CACHE) {
      Object cached = CACHE.get(key);
      if (cached != null) {
        return context.factoryClazz.cast(cached);
      }
    }
    F factory;
    try {
      // OpenSearch names an inline script by its source, which a runtime error reports as "script"
      factory = Holder.ENGINE.compile(script.source(), script.source(), context, Map.of());
    } catch (ScriptException e) {
      throw failure(e);
    }
    synchronized (CACHE) {
      CACHE.put(key, factory);
    }
    return factory;
  }

  /** How deep a value a script leaves may nest: as deep as Duet writes JSON. */
  public static final int MAX_NESTING = 1000;

  /**
   * Refuses a value a script left ({@code ctx._source}, an ingest document) that contains itself,
   * as OpenSearch does ("Iterable object is self-referencing itself (ingest script)"), or that
   * nests deeper than {@link #MAX_NESTING}: neither can be written as JSON. {@code where} names the
   * script.
   */
  public static void checkWritable(Object value, String where) {
    checkWritable(value, where, Collections.newSetFromMap(new IdentityHashMap<>()), 0);
  }

  private static void checkWritable(Object value, String where, Set<Object> ancestors, int depth) {
    Iterable<?> children;
    if (value instanceof Map<?, ?> map) {
      children = map.values();
    } else if (value instanceof Iterable<?> iterable) {
      children = iterable;
    } else if (value instanceof Object[] array) {
      children = Arrays.asList(array);
    } else {
      return;
    }
    if (depth > MAX_NESTING) {
      throw DuetException.illegalArgument(
          "a value the " + where + " left nests deeper than [" + MAX_NESTING + "] levels");
    }
    if (!ancestors.add(value)) {
      throw DuetException.illegalArgument(
          "Iterable object is self-referencing itself (" + where + ")");
    }
    for (Object child : children) {
      checkWritable(child, where, ancestors, depth + 1);
    }
    ancestors.remove(value);
  }

  /** A script's failure while it runs (Painless wraps every throwable in one) as Duet's. */
  public static DuetException failure(ScriptException e) {
    ScriptException.Position pos = e.getPos();
    return new ScriptFailure(
        e.getMessage(),
        e.getScriptStack(),
        e.getScript(),
        e.getLang(),
        pos == null ? null : new int[] {pos.offset, pos.start, pos.end},
        cause(e.getCause()));
  }

  private static DuetException cause(Throwable t) {
    if (t == null) {
      return null;
    }
    if (t instanceof DuetException d) {
      return d;
    }
    if (t instanceof ScriptException s) {
      return failure(s);
    }
    return new ScriptFailure.JavaCause(
        snakeCase(t.getClass().getSimpleName()), t.getMessage(), cause(t.getCause()));
  }

  /**
   * {@code IllegalArgumentException} → {@code illegal_argument_exception}, as OpenSearch names Java
   * exceptions.
   */
  static String snakeCase(String simpleName) {
    StringBuilder out = new StringBuilder(simpleName.length() + 8);
    for (int i = 0; i < simpleName.length(); i++) {
      char c = simpleName.charAt(i);
      if (Character.isUpperCase(c)) {
        if (i > 0) {
          out.append('_');
        }
        out.append(Character.toLowerCase(c));
      } else {
        out.append(c);
      }
    }
    return out.toString().toLowerCase(Locale.ROOT);
  }

  private record CacheKey(String context, String source) {}

  /** The engine, built on first use. */
  private static final class Holder {
    static final PainlessScriptEngine ENGINE = build();

    private static PainlessScriptEngine build() {
      List<Allowlist> allowlists = new ArrayList<>();
      allowlists.add(
          AllowlistLoader.loadFromResourceFiles(
              Allowlist.class,
              "java.lang.txt",
              "java.math.txt",
              "java.text.txt",
              "java.time.txt",
              "java.time.chrono.txt",
              "java.time.format.txt",
              "java.time.temporal.txt",
              "java.time.zone.txt",
              "java.util.txt",
              "java.util.function.txt",
              "java.util.regex.txt",
              "java.util.stream.txt"));
      allowlists.add(AllowlistLoader.loadFromResourceFiles(Scripts.class, "duet.txt"));
      List<Allowlist> shared = List.copyOf(allowlists);
      Map<ScriptContext<?>, List<Allowlist>> contexts = new LinkedHashMap<>();
      for (ScriptContext<?> c : List.of(UPDATE, INGEST, SCORE, FILTER, FIELD)) {
        contexts.put(c, shared);
      }
      return new PainlessScriptEngine(Settings.EMPTY, contexts);
    }
  }
}
