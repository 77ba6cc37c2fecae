package dev.duet.engine.internal.document;

/** The Lucene fields every document is stored with besides its mapped ones. */
public final class MetaFields {
  public static final String ID = "_id";
  public static final String SOURCE = "_source";
  public static final String SEQ_NO = "_seq_no";
  public static final String VERSION = "_version";
  public static final String PRIMARY_TERM = "_primary_term";

  private MetaFields() {}
}
