package dev.duet.bench.load;

/** The server's answer for one item: its HTTP status and, when it failed, the reason. */
record ItemResult(int status, String reason) {
  static final ItemResult OK = new ItemResult(200, null);

  boolean ok() {
    return status >= 200 && status < 300;
  }

  /** OpenSearch's "try again later": the item is sent again after a pause. */
  boolean retryable() {
    return status == 429;
  }
}
