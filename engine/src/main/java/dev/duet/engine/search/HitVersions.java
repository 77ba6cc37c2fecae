package dev.duet.engine.search;

/**
 * A hit's {@code _version} (null unless the search asked with {@code version}) and its {@code
 * _seq_no} and {@code _primary_term} (null unless it asked with {@code seq_no_primary_term}).
 */
public record HitVersions(Long version, Long seqNo, Long primaryTerm) {}
