package dev.duet.engine.internal.session;

import dev.duet.engine.search.PointInTime;
import dev.duet.engine.search.SearchRequest;
import dev.duet.engine.search.SearchResponse;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One open scroll or point in time of {@link SearchSessions}: its id and parts, the readers it
 * leases, and when it was last used.
 */
public final class OpenSession {
  final byte kind;
  final long context;
  final long secret;
  final String id;
  final ReaderLease lease;
  final long creationTime;
  final long createdKeepAliveMillis; // what the list of points in time shows, as OpenSearch's
  final SearchRequest request; // a scroll's search, repeated for every page
  final ScrollCursor cursor = new ScrollCursor();
  final AtomicBoolean closed = new AtomicBoolean();
  SearchResponse firstPage; // a scroll's, whose total and max score every page reports
  volatile long keepAliveMillis;
  volatile long lastAccess;

  OpenSession(
      byte kind,
      long context,
      long secret,
      String id,
      ReaderLease lease,
      long now,
      long keepAliveMillis,
      SearchRequest request) {
    this.kind = kind;
    this.context = context;
    this.secret = secret;
    this.id = id;
    this.lease = lease;
    this.creationTime = now;
    this.lastAccess = now;
    this.keepAliveMillis = keepAliveMillis;
    this.createdKeepAliveMillis = keepAliveMillis;
    this.request = request;
  }

  void touch(long now) {
    lastAccess = now;
  }

  boolean expired(long now) {
    return now - lastAccess > keepAliveMillis;
  }

  PointInTime describe() {
    return new PointInTime(id, creationTime, createdKeepAliveMillis, lease.totalShards());
  }
}
