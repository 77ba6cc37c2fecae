package dev.duet.server.grpc;

import static org.assertj.core.api.Assertions.assertThat;

import com.linecorp.armeria.server.annotation.Blocking;
import io.grpc.BindableService;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every gRPC method that may call the engine runs on Armeria's blocking executor: the transport no
 * longer sends every service there ({@link GrpcTransport}), so each service class says
 * {@code @Blocking}, or each of its methods does. The exceptions hand themselves over in one hop
 * ({@code RpcCalls.unaryOffLoop}), which {@code EngineThreadsTest} checks: {@code
 * SearchRpcs.search} (after answering request-cache hits on the event loop) and {@code
 * DocumentRpcs.bulk}.
 */
class BlockingServicesTest {

  @Test
  void everyServiceMethodBlocksOffTheEventLoopButThoseThatHopThemselves() throws Exception {
    List<String> onTheEventLoop = new ArrayList<>();
    List<Class<?>> services = services();
    for (Class<?> service : services) {
      if (service.isAnnotationPresent(Blocking.class)) {
        continue;
      }
      for (Method m : service.getDeclaredMethods()) {
        if (Modifier.isPublic(m.getModifiers()) && !m.isAnnotationPresent(Blocking.class)) {
          onTheEventLoop.add(service.getSimpleName() + "." + m.getName());
        }
      }
    }

    assertThat(services).hasSizeGreaterThanOrEqualTo(8);
    assertThat(onTheEventLoop).containsExactlyInAnyOrder("SearchRpcs.search", "DocumentRpcs.bulk");
  }

  /** The gRPC service classes of this package, found on the class path. */
  private static List<Class<?>> services() throws Exception {
    Path dir =
        Path.of(GrpcTransport.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .resolve(GrpcTransport.class.getPackageName().replace('.', '/'));
    List<Class<?>> services = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        if (!name.endsWith(".class") || name.contains("$")) {
          continue;
        }
        Class<?> c =
            Class.forName(GrpcTransport.class.getPackageName() + "." + name.replace(".class", ""));
        if (BindableService.class.isAssignableFrom(c) && !Modifier.isAbstract(c.getModifiers())) {
          services.add(c);
        }
      }
    }
    return services;
  }
}
