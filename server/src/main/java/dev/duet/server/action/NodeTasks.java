package dev.duet.server.action;

import static java.util.Objects.requireNonNull;

import dev.duet.engine.document.ByQueryTask;
import dev.duet.engine.error.DuetException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's tasks, as OpenSearch's task manager keeps them: each running operation that asks for
 * one (an operation run with {@code wait_for_completion=false}, a tasks listing itself) has an id
 * {@code <node>:<n>}, an action name, a description, a start time and its caller's {@code
 * X-Opaque-Id}; a background operation's answer (or error) is kept once it ends, for {@code GET
 * _tasks/<id>}: in memory (the last {@value #KEPT_RESULTS}) and, as OpenSearch keeps it, as a
 * document of the {@code .tasks} index ({@link TaskResultsIndex}), which outlives both.
 */
public final class NodeTasks implements AutoCloseable {
  /** How many finished tasks' results are kept (oldest dropped first). */
  static final int KEPT_RESULTS = 1_000;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final Logger log = LoggerFactory.getLogger(NodeTasks.class);

  private final String nodeId;
  private final AtomicLong ids = new AtomicLong();
  private final Map<Long, Task> running = new ConcurrentHashMap<>();
  private final Map<Long, Finished> finished =
      java.util.Collections.synchronizedMap(
          new LinkedHashMap<>() {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, Finished> eldest) {
              return size() > KEPT_RESULTS;
            }
          });
  private final ExecutorService background =
      Executors.newCachedThreadPool(
          Thread.ofPlatform().name("duet-task-", 0).daemon(true).factory());

  private final TaskResultsIndex results;
  private volatile ResultDocuments documents;

  /** Tasks whose results are kept in memory only. */
  public NodeTasks(String nodeId) {
    this(nodeId, null);
  }

  /**
   * Tasks whose results are also stored in {@code results} once {@link #storeResults} says how
   * their documents are written.
   */
  public NodeTasks(String nodeId, TaskResultsIndex results) {
    this.nodeId = requireNonNull(nodeId, "nodeId");
    this.results = results;
  }

  /**
   * How a finished task's {@code .tasks} document is written: {@code {"completed":true,"task":
   * {...},"response"|"error":{...}}}, the answer of {@code GET _tasks/<id>} (a wire shape, so the
   * REST layer writes it).
   */
  @FunctionalInterface
  public interface ResultDocuments {
    byte[] of(Finished finished);
  }

  /** From now on, finished background tasks' results are stored in the {@code .tasks} index. */
  public void storeResults(ResultDocuments documents) {
    this.documents = requireNonNull(documents, "documents");
  }

  /** A task as listed: what it runs, since when, and its caller's headers. */
  public static final class Task {
    private final String node;
    private final long id;
    private final String type;
    private final String action;
    private final String description;
    private final long startMillis = System.currentTimeMillis();
    private final long startNanos = System.nanoTime();
    private final boolean cancellable;
    private final AtomicBoolean cancelled = new AtomicBoolean();
    private final String parentTaskId;
    private final Map<String, String> headers;
    private final CompletableFuture<Void> done = new CompletableFuture<>();
    private volatile long threadId = -1;
    private volatile ByQueryTask progress;
    private volatile long cancellationMillis = -1;
    private volatile long threadCpuAtStart;
    private volatile long cpuNanos;

    private Task(
        String node,
        long id,
        String type,
        String action,
        String description,
        boolean cancellable,
        String parentTaskId,
        Map<String, String> headers) {
      this.node = node;
      this.id = id;
      this.type = type;
      this.action = action;
      this.description = description;
      this.cancellable = cancellable;
      this.parentTaskId = parentTaskId;
      this.headers = Map.copyOf(headers);
    }

    public String node() {
      return node;
    }

    public long id() {
      return id;
    }

    /** {@code <node>:<id>}. */
    public String taskId() {
      return node + ":" + id;
    }

    /** {@code transport} for a task a request started, {@code direct} for its node-level child. */
    public String type() {
      return type;
    }

    public String action() {
      return action;
    }

    public String description() {
      return description;
    }

    public long startMillis() {
      return startMillis;
    }

    /** Nanoseconds since the task started (until it ended, for a finished one). */
    public long runningNanos() {
      return done.isDone() ? endNanos - startNanos : System.nanoTime() - startNanos;
    }

    private volatile long endNanos;

    public boolean cancellable() {
      return cancellable;
    }

    public boolean cancelled() {
      return cancelled.get();
    }

    /** A by-query or reindex run's live counters and throttle, or null for any other task. */
    public ByQueryTask progress() {
      return progress;
    }

    /** When it was cancelled (epoch millis), or -1. */
    public long cancellationMillis() {
      return cancellationMillis;
    }

    private boolean markCancelled() {
      if (!cancelled.compareAndSet(false, true)) {
        return false;
      }
      cancellationMillis = System.currentTimeMillis();
      ByQueryTask watched = progress;
      if (watched != null) {
        watched.cancel();
      }
      return true;
    }

    /** The parent's {@code <node>:<id>}, or null. */
    public String parentTaskId() {
      return parentTaskId;
    }

    public Map<String, String> headers() {
      return headers;
    }

    /** CPU time the task's thread has spent on it so far (0 when it has no thread of its own). */
    public long cpuNanos() {
      long thread = threadId;
      if (thread < 0) {
        return cpuNanos;
      }
      long now = THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(thread) : -1;
      return now < 0 ? cpuNanos : now - threadCpuAtStart;
    }

    /** Whether a thread of its own runs it now. */
    public boolean onThread() {
      return threadId >= 0;
    }

    private void runOn(Thread thread) {
      threadCpuAtStart =
          THREADS.isThreadCpuTimeSupported() ? THREADS.getThreadCpuTime(thread.threadId()) : 0;
      threadId = thread.threadId();
    }

    private void end() {
      cpuNanos = cpuNanos();
      threadId = -1;
      endNanos = System.nanoTime();
      done.complete(null);
    }
  }

  /** A finished background task: the task, and its answer as JSON or its error. */
  public record Finished(Task task, byte[] responseJson, DuetException error) {}

  /**
   * What {@code GET _tasks/<id>} finds: a running task, a finished one with its result, or (task
   * and finished null) the document a finished task left in the {@code .tasks} index.
   */
  public record Lookup(Task task, Finished finished, byte[] stored) {
    public Lookup(Task task, Finished finished) {
      this(task, finished, null);
    }

    public boolean completed() {
      return finished != null || stored != null;
    }
  }

  public String nodeId() {
    return nodeId;
  }

  /** Registers a task that the caller runs itself; {@link #end} it when done. */
  public Task start(
      String action,
      String description,
      boolean cancellable,
      String parentTaskId,
      Map<String, String> headers) {
    return start("transport", action, description, cancellable, parentTaskId, headers);
  }

  /** Registers a task of the given type ({@code transport}, {@code direct}). */
  public Task start(
      String type,
      String action,
      String description,
      boolean cancellable,
      String parentTaskId,
      Map<String, String> headers) {
    long id = ids.incrementAndGet();
    Task task = new Task(nodeId, id, type, action, description, cancellable, parentTaskId, headers);
    running.put(id, task);
    return task;
  }

  /** Unregisters a task the caller ran. */
  public void end(Task task) {
    task.end();
    running.remove(task.id());
  }

  /**
   * Runs {@code work} on a task thread of its own and answers its task at once: {@code
   * wait_for_completion=false}. Its JSON answer (or its error) is kept for {@code GET _tasks}.
   */
  public Task runInBackground(
      String action, String description, Map<String, String> headers, Supplier<byte[]> work) {
    return runInBackground(action, description, headers, null, work);
  }

  /**
   * As above, for a by-query or reindex run: its task is cancellable (cancelling it cancels {@code
   * progress}) and lists {@code progress} as its status.
   */
  public Task runInBackground(
      String action,
      String description,
      Map<String, String> headers,
      ByQueryTask progress,
      Supplier<byte[]> work) {
    Task task = start(action, description, progress != null, null, headers);
    task.progress = progress;
    background.execute(
        () -> {
          task.runOn(Thread.currentThread());
          Finished result;
          try {
            result = new Finished(task, work.get(), null);
          } catch (DuetException e) {
            result = new Finished(task, null, e);
          } catch (RuntimeException e) {
            result =
                new Finished(
                    task,
                    null,
                    new DuetException(
                        500, "exception", e.getClass().getSimpleName() + ": " + e.getMessage()));
          }
          store(result);
          finished.put(task.id(), result);
          end(task);
        });
    return task;
  }

  /** The running tasks, by id, that match the filters (null or empty: any). */
  public List<Task> list(List<String> actions, String parentTaskId) {
    List<Task> out = new ArrayList<>();
    for (Task task : running.values()) {
      if (matchesAny(actions, task.action())
          && (parentTaskId == null || parentTaskId.equals(task.parentTaskId()))) {
        out.add(task);
      }
    }
    out.sort(Comparator.comparingLong(Task::id));
    return out;
  }

  /**
   * {@code GET _tasks/<id>}: the running task, or the finished one with its result; waits up to
   * {@code waitMillis} (when positive) for a running one to end. OpenSearch's 404 for an id no task
   * has, 400 for one that is not {@code <node>:<n>}.
   */
  public Lookup get(String taskId, long waitMillis) {
    long id = parse(taskId);
    String node = taskId.substring(0, taskId.lastIndexOf(':'));
    Task task = node.equals(nodeId) ? running.get(id) : null;
    if (task != null && waitMillis > 0) {
      try {
        task.done.get(waitMillis, TimeUnit.MILLISECONDS);
      } catch (TimeoutException e) {
        throw new DuetException(
            408,
            "timeout_exception",
            "Timed out waiting for completion of [" + describe(task) + "]");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new DuetException(500, "exception", "interrupted waiting for task [" + taskId + "]");
      } catch (java.util.concurrent.ExecutionException e) {
        // end() never completes exceptionally
      }
    }
    Finished result = node.equals(nodeId) ? finished.get(id) : null;
    if (result != null) {
      return new Lookup(result.task(), result);
    }
    if (task != null) {
      return new Lookup(task, null);
    }
    byte[] stored = results == null ? null : results.find(taskId);
    if (stored != null) {
      return new Lookup(null, null, stored);
    }
    DuetException notStored =
        new DuetException(
            404,
            "resource_not_found_exception",
            "task [" + taskId + "] isn't running and hasn't stored its results");
    if (!node.equals(nodeId)) {
      throw new DuetException(
          404,
          "resource_not_found_exception",
          "task ["
              + taskId
              + "] belongs to the node ["
              + node
              + "] which isn't part of the cluster and there is no record of the task",
          Map.of(),
          notStored);
    }
    throw notStored;
  }

  /**
   * {@code POST _tasks/_cancel}: cancels the running cancellable tasks the id or the action
   * patterns name; the tasks cancelled.
   */
  public List<Task> cancel(String taskId, List<String> actions) {
    List<Task> out = new ArrayList<>();
    if (taskId != null) {
      long id = parse(taskId);
      Task task = running.get(id);
      if (task == null || !task.taskId().equals(taskId)) {
        throw new DuetException(
            404, "resource_not_found_exception", "task [" + taskId + "] is not found");
      }
      if (!task.cancellable()) {
        throw DuetException.illegalArgument("task [" + taskId + "] doesn't support cancellation");
      }
      task.markCancelled();
      out.add(task);
      return out;
    }
    for (Task task : list(actions, null)) {
      if (task.cancellable() && task.markCancelled()) {
        out.add(task);
      }
    }
    return out;
  }

  /**
   * {@code _rethrottle}: the running by-query or reindex task with this id, its throttle changed;
   * OpenSearch's 404 {@code task [id] is missing} for one that is not running (or is another kind).
   */
  public Task rethrottle(String taskId, String actionPrefix, float requestsPerSecond) {
    long id = parse(taskId);
    Task task = running.get(id);
    if (task == null
        || !task.taskId().equals(taskId)
        || task.progress == null
        || !task.action().startsWith(actionPrefix)) {
      throw new DuetException(
          404, "resource_not_found_exception", "task [" + taskId + "] is missing");
    }
    task.progress.rethrottle(requestsPerSecond);
    return task;
  }

  /** Stores a result in {@code .tasks}; one that cannot be stored stays in memory only. */
  private void store(Finished result) {
    ResultDocuments writer = documents;
    if (results == null || writer == null) {
      return;
    }
    try {
      results.store(result.task().taskId(), writer.of(result));
    } catch (RuntimeException e) {
      log.warn("cannot store the result of task [{}] in [.tasks]", result.task().taskId(), e);
    }
  }

  @Override
  public void close() {
    background.shutdownNow();
  }

  private static String describe(Task task) {
    return "id: "
        + task.id()
        + ", type: "
        + task.type()
        + ", action: "
        + task.action()
        + ", description: "
        + task.description();
  }

  private static long parse(String taskId) {
    int colon = taskId.lastIndexOf(':');
    if (colon <= 0) {
      throw DuetException.illegalArgument("malformed task id " + taskId);
    }
    try {
      return Long.parseLong(taskId.substring(colon + 1));
    } catch (NumberFormatException e) {
      throw DuetException.illegalArgument("malformed task id " + taskId);
    }
  }

  private static boolean matchesAny(List<String> patterns, String action) {
    if (patterns == null || patterns.isEmpty()) {
      return true;
    }
    for (String pattern : patterns) {
      if (dev.duet.engine.mapping.Patterns.matches(pattern, action)) {
        return true;
      }
    }
    return false;
  }
}
