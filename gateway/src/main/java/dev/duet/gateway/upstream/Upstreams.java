package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.ClientFactory;
import com.linecorp.armeria.client.ClientFactoryOptions;
import dev.duet.common.FlushHeadWithBody;
import dev.duet.gateway.config.GatewayConfig;
import dev.duet.gateway.config.GatewayConfig.Cluster;
import io.netty.channel.ChannelPipeline;
import java.time.Duration;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The upstream clusters by name, sharing one client factory (a connection pool per node and event
 * loop). Upstream calls run on the event loop of the request that made them ({@link
 * CallersEventLoop}).
 */
public final class Upstreams implements AutoCloseable {
  private final ClientFactory factory;
  private final Map<String, UpstreamCluster> clusters = new LinkedHashMap<>();

  public Upstreams(GatewayConfig config) {
    factory =
        ClientFactory.builder()
            .idleTimeout(Duration.ofSeconds(60))
            .connectTimeout(Duration.ofSeconds(2))
            .eventLoopSchedulerFactory(CallersEventLoop::new)
            // A REST request's head and body go to the node in one write (see FlushHeadWithBody).
            .option(
                ClientFactoryOptions.CHANNEL_PIPELINE_CUSTOMIZER,
                (Consumer<ChannelPipeline>) FlushHeadWithBody::onClient)
            .build();
    for (Cluster c : config.clusters()) {
      clusters.put(c.name(), new UpstreamCluster(c, factory));
    }
  }

  public UpstreamCluster get(String name) {
    UpstreamCluster c = clusters.get(name);
    if (c == null) {
      throw new IllegalStateException("no upstream cluster [" + name + "]");
    }
    return c;
  }

  public boolean has(String name) {
    return clusters.containsKey(name);
  }

  public Collection<UpstreamCluster> all() {
    return clusters.values();
  }

  @Override
  public void close() {
    clusters.values().forEach(UpstreamCluster::close);
    factory.close();
  }
}
