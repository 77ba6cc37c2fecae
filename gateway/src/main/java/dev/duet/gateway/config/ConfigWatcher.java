package dev.duet.gateway.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Re-reads the config file when its content changes and hands a valid new config to the listener;
 * an invalid file is logged and the config in force stays. Polling (not a WatchService) so that
 * editors that replace the file, and bind mounts, are seen too.
 */
public final class ConfigWatcher implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ConfigWatcher.class);

  private final Path file;
  private final Consumer<GatewayConfig> listener;
  private final ScheduledExecutorService timer;
  private volatile Object lastStamp;

  public ConfigWatcher(Path file, Duration interval, Consumer<GatewayConfig> listener) {
    this.file = file;
    this.listener = listener;
    this.lastStamp = stamp();
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            Thread.ofPlatform().name("gateway-config-watcher").daemon().factory());
    timer.scheduleWithFixedDelay(
        this::check, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
  }

  private void check() {
    Object stamp = stamp();
    if (Objects.equals(stamp, lastStamp)) {
      return;
    }
    lastStamp = stamp;
    try {
      GatewayConfig config = GatewayConfigFile.read(file);
      listener.accept(config);
      log.info("reloaded {}", file);
    } catch (IOException | RuntimeException e) {
      log.warn("not reloading {}: {}; the config in force stays", file, e.getMessage());
    }
  }

  /**
   * The file's content: a config file is small, and a content change is the only one that counts.
   */
  private Object stamp() {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      return null;
    }
  }

  @Override
  public void close() {
    timer.shutdownNow();
  }
}
