package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.Endpoint;
import com.linecorp.armeria.client.EventLoopScheduler;
import com.linecorp.armeria.client.endpoint.EndpointGroup;
import com.linecorp.armeria.common.SessionProtocol;
import com.linecorp.armeria.common.util.ReleasableHolder;
import io.netty.channel.EventLoop;
import io.netty.channel.EventLoopGroup;
import io.netty.util.concurrent.EventExecutor;

/**
 * Runs an upstream call on the event loop that called it — the one serving the caller's request,
 * since the server and the upstream clients share one worker group — so a proxied call never
 * changes threads: the request is read, checked, written upstream, and the answer read and written
 * back by one thread, with no hand-off (a wake-up of another thread, two on every call) in between.
 * Each event loop keeps its own connections to a node. A call made from any other thread (health
 * checks, tests) gets the group's next loop.
 */
final class CallersEventLoop implements EventLoopScheduler {
  private final EventLoopGroup group;

  CallersEventLoop(EventLoopGroup group) {
    this.group = group;
  }

  @Override
  public ReleasableHolder<EventLoop> acquire(
      SessionProtocol protocol, EndpointGroup endpointGroup, Endpoint endpoint) {
    EventLoop loop = current();
    return new Held(loop != null ? loop : (EventLoop) group.next());
  }

  private EventLoop current() {
    for (EventExecutor e : group) {
      if (e.inEventLoop() && e instanceof EventLoop loop) {
        return loop;
      }
    }
    return null;
  }

  /** Nothing to release: the scheduler keeps no per-loop counts. */
  private record Held(EventLoop get) implements ReleasableHolder<EventLoop> {
    @Override
    public void release() {}
  }
}
