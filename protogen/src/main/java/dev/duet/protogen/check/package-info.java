/**
 * The compatibility check: loads two versions of a protobuf API (a folder of .proto files compiled
 * by protoc, a descriptor set, or a published jar by Maven coordinates) and reports what would
 * break an existing client under buf's WIRE and WIRE_JSON rules. Starting points: {@link
 * dev.duet.protogen.check.CompatibilityChecker}, {@link dev.duet.protogen.check.DescriptorSources}.
 */
package dev.duet.protogen.check;
