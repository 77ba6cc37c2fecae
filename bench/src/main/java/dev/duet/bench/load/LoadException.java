package dev.duet.bench.load;

/** A load that cannot go on: bad input, or a request the server refused outright. */
final class LoadException extends RuntimeException {
  LoadException(String message) {
    super(message);
  }

  LoadException(String message, Throwable cause) {
    super(message, cause);
  }
}
