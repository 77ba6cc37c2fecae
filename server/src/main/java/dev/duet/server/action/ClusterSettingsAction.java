package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.duet.engine.Engine;
import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.NodeLimits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@code GET/PUT _cluster/settings}: persistent and transient values of the {@link
 * DynamicSetting}s, applied to the engine live (transient over persistent over the node's own
 * config). Persistent values survive a restart in {@code cluster_settings.json} in the data
 * directory, replaced atomically; transient ones do not, as in OpenSearch.
 */
public final class ClusterSettingsAction {
  private static final String FILE = "cluster_settings.json";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Node settings OpenSearch knows but will not change at run time. */
  private static final Set<String> STATIC =
      Set.of(
          "node.name",
          "cluster.name",
          "path.data",
          "network.host",
          "http.host",
          "http.port",
          "http.max_content_length");

  private final Engine engine;
  private final NodeLimits base;
  private final SortedMap<String, String> persistent = new TreeMap<>();
  private final SortedMap<String, String> transientSettings = new TreeMap<>();
  private Path file;

  ClusterSettingsAction(Engine engine) {
    this.engine = requireNonNull(engine, "engine");
    this.base = engine.limits();
  }

  /** The settings now set, and the defaults of the others. */
  public record Snapshot(
      SortedMap<String, String> persistent,
      SortedMap<String, String> transientSettings,
      SortedMap<String, String> defaults) {}

  /** A new value per flat key; a null value resets the key (a {@code *} pattern resets many). */
  public record Update(Map<String, String> persistent, Map<String, String> transientSettings) {}

  /**
   * Keeps persistent settings in {@code dataDir} from now on, applying those already there (a
   * restart's).
   */
  public synchronized void persistIn(Path dataDir) {
    this.file = dataDir.resolve(FILE);
    if (!Files.exists(file)) {
      return;
    }
    try {
      var stored = JSON.readTree(file.toFile()).path("persistent");
      // A setting this version no longer knows is dropped rather than failing the start.
      stored
          .fields()
          .forEachRemaining(
              e -> {
                if (DynamicSetting.of(e.getKey()) != null || KeptSetting.of(e.getKey()) != null) {
                  persistent.put(e.getKey(), e.getValue().asText());
                }
              });
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
    engine.applyLimits(effective(persistent, transientSettings));
  }

  public synchronized Snapshot get() {
    SortedMap<String, String> defaults = new TreeMap<>();
    KeptSetting.defaults()
        .forEach(
            (k, v) -> {
              if (!persistent.containsKey(k) && !transientSettings.containsKey(k)) {
                defaults.put(k, v);
              }
            });
    for (DynamicSetting s : DynamicSetting.values()) {
      if (!persistent.containsKey(s.key()) && !transientSettings.containsKey(s.key())) {
        defaults.put(s.key(), s.valueOf(base));
      }
    }
    return new Snapshot(
        Collections.unmodifiableSortedMap(new TreeMap<>(persistent)),
        Collections.unmodifiableSortedMap(new TreeMap<>(transientSettings)),
        defaults);
  }

  /**
   * Validates every change first (nothing applies when one is refused), then applies them all.
   * Returns the values this update set, as OpenSearch echoes them.
   */
  public synchronized Update update(Update update) {
    if (update.persistent().isEmpty() && update.transientSettings().isEmpty()) {
      throw new DuetException(
          400,
          "action_request_validation_exception",
          "Validation Failed: 1: no settings to update;");
    }
    SortedMap<String, String> newTransient =
        changed("transient", transientSettings, update.transientSettings());
    SortedMap<String, String> newPersistent =
        changed("persistent", persistent, update.persistent());
    NodeLimits limits = effective(newPersistent, newTransient);
    if (file != null && !newPersistent.equals(persistent)) {
      write(newPersistent);
    }
    engine.applyLimits(limits);
    persistent.clear();
    persistent.putAll(newPersistent);
    transientSettings.clear();
    transientSettings.putAll(newTransient);
    return new Update(setValues(update.persistent()), setValues(update.transientSettings()));
  }

  private static SortedMap<String, String> changed(
      String scope, SortedMap<String, String> current, Map<String, String> changes) {
    SortedMap<String, String> next = new TreeMap<>(current);
    for (Map.Entry<String, String> e : changes.entrySet()) {
      String key = e.getKey();
      if (e.getValue() == null && key.contains("*")) {
        Pattern glob = Pattern.compile(Pattern.quote(key).replace("*", "\\E.*\\Q"));
        next.keySet().removeIf(k -> glob.matcher(k).matches());
        continue;
      }
      DynamicSetting setting = DynamicSetting.of(key);
      KeptSetting kept = KeptSetting.of(key);
      if (kept != null) {
        if (e.getValue() == null) {
          next.remove(key);
        } else {
          next.put(key, kept.validate(e.getValue()));
        }
        continue;
      }
      if (setting == null) {
        String why = STATIC.contains(key) ? "not dynamically updateable" : "not recognized";
        throw new DuetException(
            400, "settings_exception", scope + " setting [" + key + "], " + why);
      }
      if (e.getValue() == null) {
        next.remove(key);
      } else {
        next.put(key, e.getValue());
      }
    }
    return next;
  }

  /** The limits with persistent values over the node's, and transient ones over both. */
  private NodeLimits effective(Map<String, String> persistent, Map<String, String> transients) {
    NodeLimits limits = base;
    for (Map<String, String> layer : List.of(persistent, transients)) {
      for (Map.Entry<String, String> e : layer.entrySet()) {
        DynamicSetting setting = DynamicSetting.of(e.getKey());
        if (setting != null) {
          limits = setting.with(limits, e.getValue());
        }
      }
    }
    return limits;
  }

  private static Map<String, String> setValues(Map<String, String> changes) {
    Map<String, String> set = new TreeMap<>();
    changes.forEach(
        (k, v) -> {
          if (v != null) {
            set.put(k, v);
          }
        });
    return set;
  }

  private void write(Map<String, String> values) {
    ObjectNode root = JSON.createObjectNode();
    ObjectNode node = root.putObject("persistent");
    values.forEach(node::put);
    Path tmp = file.resolveSibling(FILE + ".tmp");
    try {
      // As IndexMetadata: temp file, fsync, rename, fsync of the folder, so that a crash leaves
      // the old settings or the new ones.
      try (FileChannel ch =
          FileChannel.open(
              tmp,
              StandardOpenOption.CREATE,
              StandardOpenOption.WRITE,
              StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer buffer = ByteBuffer.wrap(JSON.writeValueAsBytes(root));
        while (buffer.hasRemaining()) {
          ch.write(buffer);
        }
        ch.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      try (FileChannel dir = FileChannel.open(file.getParent(), StandardOpenOption.READ)) {
        dir.force(true);
      } catch (IOException e) {
        // Some file systems cannot fsync a directory; the rename is still atomic.
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + file, e);
    }
  }
}
