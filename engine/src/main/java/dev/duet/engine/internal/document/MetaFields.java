package dev.duet.engine.internal.document;

/** The Lucene fields every document is stored with besides its mapped ones. */
public final class MetaFields {
  public static final String ID = "_id";
  public static final String SOURCE = "_source";
  public static final String SEQ_NO = "_seq_no";
  public static final String VERSION = "_version";
  public static final String PRIMARY_TERM = "_primary_term";

  /**
   * A document's routing value, when written with one: indexed (term and exists queries) and kept
   * as sorted doc values, which gets and hits read it from.
   */
  public static final String ROUTING = "_routing";

  /** The Lucene fields of a routing value. */
  public static void addRouting(
      java.util.List<org.apache.lucene.index.IndexableField> doc, String routing) {
    if (routing == null) {
      return;
    }
    doc.add(
        new org.apache.lucene.document.StringField(
            ROUTING, routing, org.apache.lucene.document.Field.Store.NO));
    doc.add(
        new org.apache.lucene.document.SortedDocValuesField(
            ROUTING, new org.apache.lucene.util.BytesRef(routing)));
  }

  /** The routing value of a segment's document, or null when it was written without one. */
  public static String routing(org.apache.lucene.index.LeafReader reader, int doc)
      throws java.io.IOException {
    org.apache.lucene.index.SortedDocValues values = reader.getSortedDocValues(ROUTING);
    if (values == null || !values.advanceExact(doc)) {
      return null;
    }
    return values.lookupOrd(values.ordValue()).utf8ToString();
  }

  private MetaFields() {}
}
