/**
 * Stage two: writes the numbered model as proto3 text, deterministically — types, services and RPCs
 * sorted by name, fields by number — so the same input gives byte-identical files. Starting point:
 * {@link dev.duet.protogen.convert.ProtoRenderer}.
 */
package dev.duet.protogen.convert;
