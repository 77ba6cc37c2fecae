package dev.duet.gateway.proxy;

import java.util.Arrays;

/** gRPC's length-prefixed message framing, for tests that speak to the gateway in raw HTTP/2. */
final class GrpcFrames {
  private GrpcFrames() {}

  /** One uncompressed message as it goes on the wire: flag byte, 4-byte length, the message. */
  static byte[] frame(byte[] message) {
    byte[] frame = new byte[5 + message.length];
    frame[1] = (byte) (message.length >>> 24);
    frame[2] = (byte) (message.length >>> 16);
    frame[3] = (byte) (message.length >>> 8);
    frame[4] = (byte) message.length;
    System.arraycopy(message, 0, frame, 5, message.length);
    return frame;
  }

  /** The message of a body holding one frame. */
  static byte[] message(byte[] frame) {
    return Arrays.copyOfRange(frame, 5, frame.length);
  }
}
