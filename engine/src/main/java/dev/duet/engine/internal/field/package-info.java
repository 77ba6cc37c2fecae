/**
 * Field types: one class per type ({@code keyword}, {@code long}, {@code date}, ...) that owns what
 * the type means — mapping parameters, indexing, term/terms/range queries, doc values for sorting
 * and aggregations, and how values show in a hit. The rest of the engine asks the type.
 *
 * <p>Starting points: {@link dev.duet.engine.internal.field.FieldType} (the contract), {@link
 * dev.duet.engine.internal.field.FieldTypes} (the registry), and a simple type such as {@code
 * BooleanType}. A new type is a class here, a line in {@code FieldTypes}, and its tests.
 */
package dev.duet.engine.internal.field;
