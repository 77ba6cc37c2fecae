package dev.duet.protogen.model;

import java.util.ArrayList;
import java.util.List;

/** A service: the RPCs of one operation tag. */
public record ServiceDef(String name, List<RpcDef> rpcs) {
  public ServiceDef(String name) {
    this(name, new ArrayList<>());
  }

  /**
   * One RPC per operation group; {@code doc} lists the REST routes it stands for and the errors.
   */
  public record RpcDef(String name, String requestType, String responseType, List<String> doc) {}
}
