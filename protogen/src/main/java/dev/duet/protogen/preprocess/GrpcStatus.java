package dev.duet.protogen.preprocess;

/** OpenSearch transport-grpc's REST status → gRPC status mapping, for the RPC comments. */
final class GrpcStatus {
  private GrpcStatus() {}

  static String forHttp(String code) {
    return switch (code) {
      case "400" -> "INVALID_ARGUMENT";
      case "401" -> "UNAUTHENTICATED";
      case "403" -> "PERMISSION_DENIED";
      case "404" -> "NOT_FOUND";
      case "409" -> "ABORTED";
      case "413" -> "OUT_OF_RANGE";
      case "429" -> "RESOURCE_EXHAUSTED";
      case "503" -> "UNAVAILABLE";
      case "default" -> "UNKNOWN";
      default -> code.startsWith("5") ? "INTERNAL" : "UNKNOWN";
    };
  }
}
