package dev.duet.bench.report;

import java.util.List;

/** A scenario's results, one entry per protocol. */
public record ScenarioResult(
    String name, String title, int clients, int docsPerRequest, List<ProtocolResult> protocols) {}
