/**
 * Stage one: load an OpenAPI 3 spec with swagger-parser and map it onto the protobuf model — one
 * request message per operation group, responses and the error model, unions, maps, enums and
 * sanitized names. Starting points: {@link dev.duet.protogen.preprocess.Preprocessor}, {@link
 * dev.duet.protogen.preprocess.SchemaMapper}.
 */
package dev.duet.protogen.preprocess;
