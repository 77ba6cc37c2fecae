/**
 * The protobuf model the pipeline works on: files, messages, fields, enums and services, before
 * they are numbered (postprocess) and written as text (convert). Starting points: {@link
 * dev.duet.protogen.model.ProtoFile}, {@link dev.duet.protogen.model.MessageDef}.
 */
package dev.duet.protogen.model;
