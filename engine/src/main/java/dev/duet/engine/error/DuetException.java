package dev.duet.engine.error;

import static java.util.Objects.requireNonNull;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure with an OpenSearch-shaped identity: a REST status, an error {@code type} such as {@code
 * index_not_found_exception}, a human {@code reason}, and the extra keys OpenSearch puts beside
 * them (for example {@code index}, {@code index_uuid}, {@code resource.id}).
 *
 * <p>Both transports render this one type: REST as {@code {"error":{...},"status":N}}, gRPC as the
 * status that DESIGN.md §3 maps {@link #status()} to, with the same reason.
 */
public class DuetException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  private final int status;
  private final String type;
  private final Map<String, String> metadata;

  public DuetException(int status, String type, String reason) {
    this(status, type, reason, Map.of(), null);
  }

  public DuetException(
      int status, String type, String reason, Map<String, String> metadata, Throwable cause) {
    super(requireNonNull(reason, "reason"), cause);
    this.status = status;
    this.type = requireNonNull(type, "type");
    this.metadata = new LinkedHashMap<>(requireNonNull(metadata, "metadata"));
  }

  /** The HTTP status OpenSearch answers with for this failure (400, 404, 409, ...). */
  public int status() {
    return status;
  }

  /** OpenSearch's error type, snake_case, e.g. {@code mapper_parsing_exception}. */
  public String type() {
    return type;
  }

  public String reason() {
    return getMessage();
  }

  /** Extra keys rendered beside type and reason, in insertion order. */
  public Map<String, String> metadata() {
    return metadata;
  }

  /** The cause, when it is itself a {@link DuetException} (rendered as {@code caused_by}). */
  public DuetException causedBy() {
    return getCause() instanceof DuetException cause ? cause : null;
  }

  // Factories for the failures every layer needs, so that each is written once.

  public static DuetException indexNotFound(String index) {
    return indexNotFound(index, "index_or_alias");
  }

  /**
   * The same 404 as {@link #indexNotFound(String)} with OpenSearch's {@code resource.type} for the
   * endpoint: single-document APIs (get, delete) resolve an {@code index_expression}, searches and
   * index admin an {@code index_or_alias}.
   */
  public static DuetException indexNotFound(String index, String resourceType) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index);
    meta.put("resource.id", index);
    meta.put("resource.type", resourceType);
    meta.put("index_uuid", "_na_");
    return new DuetException(
        404, "index_not_found_exception", "no such index [" + index + "]", meta, null);
  }

  /** OpenSearch's 400 for a read or write of a closed index. */
  public static DuetException indexClosed(String index, String uuid) {
    Map<String, String> meta = new LinkedHashMap<>();
    meta.put("index", index);
    meta.put("index_uuid", uuid);
    return new DuetException(400, "index_closed_exception", "closed", meta, null);
  }

  public static DuetException badRequest(String type, String reason) {
    return new DuetException(400, type, reason);
  }

  public static DuetException illegalArgument(String reason) {
    return new DuetException(400, "illegal_argument_exception", reason);
  }

  public static DuetException parsing(String reason) {
    return new DuetException(400, "parsing_exception", reason);
  }
}
