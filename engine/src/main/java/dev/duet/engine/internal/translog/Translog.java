package dev.duet.engine.internal.translog;

import java.io.Closeable;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.store.AlreadyClosedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The translog of one index: numbered generation files in one folder, the newest open for appends.
 *
 * <p>Positions are counted in bytes over the translog's whole life, so {@link #add} can hand back a
 * location and {@link #sync} can tell whether an earlier fsync already covered it. Syncs are group
 * commits: while one thread fsyncs, others keep appending, and whoever syncs next covers them all.
 * A roll fsyncs the generation it closes, so every location in an older generation is durable.
 *
 * <p>Lock order: {@code syncLock} before {@code appendLock}; the fsync itself runs under {@code
 * syncLock} only.
 */
public final class Translog implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(Translog.class);
  private static final Pattern GENERATION_FILE = Pattern.compile("translog-(\\d+)\\.tlog");

  private final Path dir;
  private final FsyncObserver fsyncs;
  private final Object syncLock = new Object();
  private final Object appendLock = new Object();
  private TranslogWriter current; // guarded by appendLock
  private long written; // guarded by appendLock
  private long olderGenerationsLength; // guarded by appendLock
  private long currentOperations; // guarded by appendLock
  private long olderOperations; // guarded by appendLock
  private volatile long synced;
  private volatile boolean closed;
  // Set when a write or fsync failed: the file may end in a partial record, so nothing more may be
  // appended after it, and nothing more may be reported durable.
  private volatile IOException tragedy;

  private Translog(
      Path dir, TranslogWriter current, long olderGenerationsLength, FsyncObserver fsyncs) {
    this.dir = dir;
    this.fsyncs = fsyncs;
    this.current = current;
    this.olderGenerationsLength = olderGenerationsLength;
  }

  /**
   * Opens the translog in {@code dir} (created if missing), handing every recoverable operation to
   * {@code replay} in log order, and starts a new generation for appends.
   *
   * <p>A torn or corrupt tail (no intact record after it: what a crash mid-write leaves) ends
   * recovery: its generation is truncated to the valid prefix and any later, empty generation is
   * set aside as {@code *.discarded}. Damage that intact records follow is no crash: cutting there
   * would silently drop acknowledged writes, so nothing is replayed or changed and {@link
   * TranslogCorruptedException} is thrown; {@link #removeCorruptedData} is the operator's way on.
   */
  public static Translog open(Path dir, OperationVisitor replay) throws IOException {
    return open(dir, replay, new FsyncObserver());
  }

  /** {@link #open(Path, OperationVisitor)}, reporting each fsync's duration to {@code fsyncs}. */
  public static Translog open(Path dir, OperationVisitor replay, FsyncObserver fsyncs)
      throws IOException {
    Files.createDirectories(dir);
    List<Long> generations = generations(dir);
    Damage damage = findDamage(dir, generations);
    if (damage != null && !damage.atTail()) {
      throw new TranslogCorruptedException(damage.file(), damage.problem());
    }
    boolean broken = false;
    long older = 0;
    for (long generation : generations) {
      Path file = file(dir, generation);
      if (broken) {
        Path aside = dir.resolve(file.getFileName() + ".discarded");
        Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
        LOG.warn("translog [{}] follows a corrupt generation; moved aside to [{}]", file, aside);
        continue;
      }
      TranslogReader.Result result = TranslogReader.read(file, generation, replay);
      if (!result.intact()) {
        broken = true;
        LOG.warn(
            "translog [{}]: {}; recovered {} operations, truncating {} trailing bytes",
            file,
            result.problem(),
            result.operations(),
            result.fileLength() - result.validLength());
        truncate(file, result.validLength());
      }
      older += result.validLength();
    }
    long next = generations.isEmpty() ? 1 : generations.getLast() + 1;
    TranslogWriter writer = TranslogWriter.create(file(dir, next), next);
    fsyncDir(dir);
    return new Translog(dir, writer, older, fsyncs);
  }

  /** Where a translog is first damaged, and whether anything intact comes after it. */
  record Damage(Path file, long generation, long validLength, String problem, boolean atTail) {}

  /** What {@link #removeCorruptedData} did: the damage, how much was kept, where the copy is. */
  public record Repair(Path file, String problem, long keptOperations, long cutBytes, Path copy) {}

  /** The first damage in the generations, or null when every one reads to its end. */
  private static Damage findDamage(Path dir, List<Long> generations) throws IOException {
    Damage first = null;
    for (long generation : generations) {
      Path file = file(dir, generation);
      if (first != null) {
        // After damage, a later generation that holds anything intact makes it a hole, not a tail.
        if (TranslogReader.anyIntactRecordFrom(file, TranslogWriter.HEADER_LENGTH)) {
          return new Damage(
              first.file(), first.generation(), first.validLength(), first.problem(), false);
        }
        continue;
      }
      TranslogReader.Result result = TranslogReader.read(file, generation, op -> {});
      if (result.intact()) {
        continue;
      }
      boolean tail = !TranslogReader.anyIntactRecordFrom(file, result.validLength() + 1);
      first = new Damage(file, generation, result.validLength(), result.problem(), tail);
      if (!tail) {
        return first;
      }
    }
    return first;
  }

  /**
   * The operator's repair of a translog damaged before its tail, for an index that is not open
   * (modelled on {@code opensearch-shard remove-corrupted-data}): a copy of the damaged generation
   * is kept as {@code *.corrupted}, the generation is cut back to the records before the damage,
   * and later generations are set aside as {@code *.discarded}. Everything after the damage is lost
   * to the index; returns null when there is no damage.
   */
  public static Repair removeCorruptedData(Path dir) throws IOException {
    List<Long> generations = generations(dir);
    Damage damage = findDamage(dir, generations);
    if (damage == null) {
      return null;
    }
    Path copy = dir.resolve(damage.file().getFileName() + ".corrupted");
    for (int n = 1; Files.exists(copy); n++) {
      copy = dir.resolve(damage.file().getFileName() + ".corrupted." + n);
    }
    Files.copy(damage.file(), copy);
    long kept = 0;
    for (long generation : generations) {
      if (generation <= damage.generation()) {
        kept += TranslogReader.read(file(dir, generation), generation, op -> {}).operations();
      }
    }
    long cut = Files.size(damage.file()) - damage.validLength();
    for (long generation : generations) {
      if (generation > damage.generation()) {
        Path file = file(dir, generation);
        cut += Files.size(file);
        Files.move(
            file,
            dir.resolve(file.getFileName() + ".discarded"),
            StandardCopyOption.REPLACE_EXISTING);
      }
    }
    // A generation whose header is damaged keeps nothing: empty, it reads as a crash mid-roll.
    truncate(damage.file(), damage.validLength());
    fsyncDir(dir);
    return new Repair(damage.file(), damage.problem(), kept, cut, copy);
  }

  /** Appends one operation (not yet durable); returns the location to {@link #sync} to. */
  public long add(TranslogOperation op) throws IOException {
    byte[] idBytes = op.id().getBytes(StandardCharsets.UTF_8);
    synchronized (appendLock) {
      ensureOpen();
      int length;
      try {
        length = current.add(op, idBytes);
      } catch (IOException e) {
        throw failed(e);
      }
      written += length;
      currentOperations++;
      return written;
    }
  }

  /** The location just past the last appended operation. */
  public long lastLocation() {
    synchronized (appendLock) {
      return written;
    }
  }

  /**
   * Returns once everything up to {@code location} is on disk. After a clean {@link #close} it
   * returns at once, as close syncs; after a failed write or fsync it throws.
   */
  public void sync(long location) throws IOException {
    if (synced >= location) {
      return;
    }
    synchronized (syncLock) {
      if (synced >= location) {
        return;
      }
      ensureOpen();
      long target;
      TranslogWriter writer;
      synchronized (appendLock) {
        try {
          current.flushBuffer();
        } catch (IOException e) {
          throw failed(e);
        }
        target = written;
        writer = current;
      }
      try {
        force(writer);
      } catch (IOException e) {
        synchronized (appendLock) {
          throw failed(e);
        }
      }
      synced = target;
    }
  }

  /** Syncs everything appended so far. */
  public void sync() throws IOException {
    sync(lastLocation());
  }

  /**
   * Closes the current generation durably and starts the next; returns the new generation's number.
   * Every operation appended before this call is in an older generation.
   */
  public long rollGeneration() throws IOException {
    synchronized (syncLock) {
      synchronized (appendLock) {
        ensureOpen();
        try {
          current.flushBuffer();
          force(current);
        } catch (IOException e) {
          throw failed(e);
        }
        synced = written;
        long next = current.generation() + 1;
        TranslogWriter rolled = TranslogWriter.create(file(dir, next), next);
        olderGenerationsLength += current.length();
        olderOperations += currentOperations;
        currentOperations = 0;
        current.close();
        current = rolled;
        fsyncDir(dir);
        return next;
      }
    }
  }

  /** Deletes the generations older than {@code generation}: a commit covers them. */
  public void trimBelow(long generation) throws IOException {
    long remaining = 0;
    synchronized (appendLock) {
      for (long g : generations(dir)) {
        Path file = file(dir, g);
        if (g < generation) {
          Files.deleteIfExists(file);
        } else if (g != current.generation()) {
          remaining += Files.size(file);
        }
      }
      olderGenerationsLength = remaining;
      if (remaining == 0) {
        olderOperations = 0;
      }
    }
    fsyncDir(dir);
  }

  /** Bytes in all generation files: what a restart would read, until the next flush trims it. */
  public long sizeInBytes() {
    synchronized (appendLock) {
      return olderGenerationsLength + current.length();
    }
  }

  /**
   * The translog's figures for {@code _stats}: operations and bytes a restart would replay (all of
   * them uncommitted, as a flush trims what it commits), and how long ago its oldest generation was
   * last written ({@code earliest_last_modified_age}, milliseconds).
   */
  public record Stats(long operations, long sizeInBytes, long earliestLastModifiedAgeMillis) {}

  public Stats stats() {
    long operations;
    long size;
    synchronized (appendLock) {
      operations = olderOperations + currentOperations;
      size = olderGenerationsLength + current.length();
    }
    long oldest = Long.MAX_VALUE;
    try {
      for (long g : generations(dir)) {
        try {
          oldest = Math.min(oldest, Files.getLastModifiedTime(file(dir, g)).toMillis());
        } catch (java.nio.file.NoSuchFileException e) {
          // trimmed while we listed
        }
      }
    } catch (IOException e) {
      // unreadable folder: no age
    }
    long age = oldest == Long.MAX_VALUE ? 0 : Math.max(0, System.currentTimeMillis() - oldest);
    return new Stats(operations, size, age);
  }

  public long currentGeneration() {
    synchronized (appendLock) {
      return current.generation();
    }
  }

  /** Syncs and closes the current generation; the files stay for the next {@link #open}. */
  @Override
  public void close() throws IOException {
    synchronized (syncLock) {
      synchronized (appendLock) {
        if (closed) {
          return; // a failure closed it already, and was logged
        }
        closed = true;
        try {
          current.flushBuffer();
          force(current);
          synced = written;
        } finally {
          current.close();
        }
      }
    }
  }

  private void force(TranslogWriter writer) throws IOException {
    long start = System.nanoTime();
    writer.force();
    fsyncs.fsynced(System.nanoTime() - start);
  }

  private void ensureOpen() throws IOException {
    if (tragedy != null) {
      throw new IOException("translog failed earlier: " + dir, tragedy);
    }
    if (closed) {
      throw new AlreadyClosedException("translog is closed: " + dir);
    }
  }

  /** Records a failed write or fsync and closes the generation; callers hold appendLock. */
  private IOException failed(IOException e) {
    tragedy = e;
    closed = true;
    try {
      current.close();
    } catch (IOException suppressed) {
      e.addSuppressed(suppressed);
    }
    LOG.error("translog [{}] failed; the index takes no more writes until reopened", dir, e);
    return e;
  }

  static Path file(Path dir, long generation) {
    return dir.resolve("translog-" + generation + ".tlog");
  }

  private static List<Long> generations(Path dir) throws IOException {
    List<Long> out = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        Matcher m = GENERATION_FILE.matcher(file.getFileName().toString());
        if (m.matches()) {
          out.add(Long.parseLong(m.group(1)));
        }
      }
    }
    out.sort(null);
    return out;
  }

  private static void truncate(Path file, long length) throws IOException {
    try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
      ch.truncate(length);
      ch.force(true);
    }
  }

  private static void fsyncDir(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // Some file systems cannot fsync a directory; the files themselves are synced.
    }
  }

  /** Receives each recovered operation, in log order. */
  @FunctionalInterface
  public interface OperationVisitor {
    void visit(TranslogOperation op) throws IOException;
  }
}
