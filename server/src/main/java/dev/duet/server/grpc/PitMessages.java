package dev.duet.server.grpc;

import dev.duet.engine.index.IndicesOptions;
import dev.duet.engine.search.PointInTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.opensearch.protobufs.CreatePITResponse;
import org.opensearch.protobufs.CreatePitRequest;
import org.opensearch.protobufs.DeletePITResponse;
import org.opensearch.protobufs.DeletedPit;
import org.opensearch.protobufs.ShardStatistics;

/** {@code CreatePit} and {@code DeletePit} messages ⇄ the point-in-time model, field by field. */
final class PitMessages {
  private PitMessages() {}

  /** {@code ignore_unavailable}, {@code allow_no_indices}, {@code expand_wildcards}, as on REST. */
  static IndicesOptions indicesOptions(CreatePitRequest request) {
    List<String> values = new ArrayList<>();
    for (var value : request.getExpandWildcardsList()) {
      String name = value.name();
      if (!name.endsWith("UNSPECIFIED") && !name.equals("UNRECOGNIZED")) {
        values.add(name.replace("EXPAND_WILDCARD_", "").toLowerCase(Locale.ROOT));
      }
    }
    return IndicesOptions.of(
        IndicesOptions.DEFAULTS,
        request.hasIgnoreUnavailable() ? request.getIgnoreUnavailable() : null,
        request.hasAllowNoIndices() ? request.getAllowNoIndices() : null,
        values.isEmpty() ? null : String.join(",", values));
  }

  static CreatePITResponse created(PointInTime pit) {
    return CreatePITResponse.newBuilder()
        .setPitId(pit.id())
        .setCreationTime(pit.creationTime())
        .setXShards(
            ShardStatistics.newBuilder()
                .setTotal(pit.totalShards())
                .setSuccessful(pit.totalShards())
                .setSkipped(0)
                .setFailed(0))
        .build();
  }

  static DeletePITResponse deleted(List<String> ids) {
    DeletePITResponse.Builder out = DeletePITResponse.newBuilder();
    for (String id : ids) {
      out.addPits(DeletedPit.newBuilder().setPitId(id).setSuccessful(true));
    }
    return out.build();
  }
}
