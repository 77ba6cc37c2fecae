/**
 * Mappings: {@link dev.duet.engine.mapping.Mapping} and {@link
 * dev.duet.engine.mapping.FieldMapping}, parsed from and rendered to OpenSearch's mapping JSON (as
 * neutral maps) by {@code MappingParser}; {@link dev.duet.engine.mapping.DateFormats} for date
 * formats and date detection.
 */
package dev.duet.engine.mapping;
