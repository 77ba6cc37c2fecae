/**
 * protogen: turns an OpenAPI 3 spec into protobuf services and refuses to break clients. Preprocess
 * ({@link dev.duet.protogen.preprocess}) maps the spec onto a proto model, postprocess ({@link
 * dev.duet.protogen.postprocess}) numbers it from the ledger, convert ({@link
 * dev.duet.protogen.convert}) writes proto3 text; {@link dev.duet.protogen.check} compares
 * versions. Starting points: {@link dev.duet.protogen.Protogen}, {@link
 * dev.duet.protogen.cli.ProtogenCli}.
 */
package dev.duet.protogen;
