package dev.duet.gateway.proxy;

import java.util.Arrays;

/** Reading gRPC's length-prefixed framing, for tests that speak to the gateway in raw HTTP/2. */
final class GrpcFrames {
  private GrpcFrames() {}

  /** The message of a body holding one frame. */
  static byte[] message(byte[] frame) {
    return Arrays.copyOfRange(frame, 5, frame.length);
  }
}
