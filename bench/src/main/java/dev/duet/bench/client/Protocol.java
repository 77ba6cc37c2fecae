package dev.duet.bench.client;

/** The two ways the bench talks to a node. */
public enum Protocol {
  REST("REST/JSON"),
  GRPC("gRPC/protobuf");

  private final String displayName;

  Protocol(String displayName) {
    this.displayName = displayName;
  }

  /** How the protocol is named in reports. */
  public String displayName() {
    return displayName;
  }
}
