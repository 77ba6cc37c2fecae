package dev.duet.gateway.upstream;

/** A REST call in flight to a node, as its caller steers it. */
public interface RestCall {
  /** Stops reading the node's answer: the caller cannot take more for now. */
  void pause();

  /** Reads the node's answer again. */
  void resume();

  /** The caller went away: the node's connection is closed, and nothing more is handed over. */
  void cancel();
}
