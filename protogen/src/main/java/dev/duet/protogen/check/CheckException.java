package dev.duet.protogen.check;

/** A check that cannot run (input missing, protoc failed, artifact not found): exit 2. */
public final class CheckException extends RuntimeException {
  public CheckException(String message) {
    super(message);
  }

  public CheckException(String message, Throwable cause) {
    super(message, cause);
  }
}
