/**
 * A JSON document as Lucene fields: parsing, dynamic mapping, nested blocks, the meta fields every
 * document carries. Starting points: {@link dev.duet.engine.internal.document.DocumentParser},
 * {@code FieldIndexer} (one value of a mapped field as Lucene fields), {@code MappingLookup} (the
 * index's fields by path), {@code NestedDocuments}, {@code MetaFields}.
 */
package dev.duet.engine.internal.document;
