package dev.duet.server.fuzz;

import java.util.Map;

/**
 * One fuzzed gRPC call, sent as raw HTTP/2: the method's path, the request's body (frames, maybe
 * damaged), extra headers, how it was built ({@code framing}/{@code mutation}), and the message as
 * protobuf text before the damage, to replay it.
 */
record GrpcCall(
    String method,
    byte[] body,
    Map<String, String> headers,
    String framing,
    String mutation,
    String message) {
  @Override
  public String toString() {
    return "gRPC "
        + method
        + " framing="
        + framing
        + " mutation="
        + mutation
        + (headers.isEmpty() ? "" : " headers=" + headers)
        + " body="
        + HttpCall.shown(body)
        + "\n    message: "
        + (message.length() > 1_200 ? message.substring(0, 1_200) + "…" : message)
            .replace("\n", " ");
  }
}
