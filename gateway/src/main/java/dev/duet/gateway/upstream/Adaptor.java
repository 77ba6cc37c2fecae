package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.RequestOptions;
import com.linecorp.armeria.common.HttpResponse;
import dev.duet.gateway.error.RequestRefused;
import java.util.ServiceLoader;

/**
 * How a cluster in {@code mode: adaptor} (REST only) answers gRPC: some methods translated to
 * OpenSearch REST and their answers back to protobuf. The translation needs Duet's request model
 * and protobuf codec, which the gateway does not carry: module {@code adaptor/} implements this
 * interface and registers it for {@link ServiceLoader}, and a cluster in adaptor mode needs it on
 * the class path ({@code ./duet gateway} puts it there).
 */
public interface Adaptor {
  /** Whether {@code service/method} is translated. */
  boolean translates(String service, String method);

  /** The refusal for a method that is not translated, for cluster {@code cluster}. */
  RequestRefused notTranslated(String cluster, String service, String method);

  /**
   * Sends one translated unary call of {@code method} carrying {@code message} (the request
   * message, unframed) to {@code cluster}, with the call's {@code traceparent} header; the answer
   * is a whole gRPC response. Transport failures complete the response exceptionally, for the
   * caller to map as it maps a passthrough call's.
   */
  HttpResponse call(
      UpstreamCluster cluster,
      String method,
      byte[] message,
      String traceparent,
      RequestOptions options);

  /** The adaptor on the class path, for cluster {@code cluster} in adaptor mode. */
  static Adaptor installed(String cluster) {
    return ServiceLoader.load(Adaptor.class)
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "upstream cluster ["
                        + cluster
                        + "] has mode adaptor, which needs the adaptor module (duet-adaptor) on"
                        + " the class path"));
  }
}
