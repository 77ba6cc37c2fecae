package dev.duet.engine.internal.shard;

import dev.duet.engine.index.IndexSettings;
import dev.duet.engine.internal.document.MetaFields;
import dev.duet.engine.internal.document.NestedDocuments;
import dev.duet.engine.internal.document.ParsedDocument;
import dev.duet.engine.internal.meta.ShardRouting;
import java.io.IOException;
import java.util.List;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexableField;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.FieldExistsQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;

/**
 * How an index tells its documents apart. On one shard a document is its {@code _id}, as always. On
 * several, as in OpenSearch, a document is its shard and {@code _id}: the same {@code _id} written
 * with routings that land on two shards is two documents. Such a document also carries its routing
 * and {@code _id} in one term ({@link #ROUTED_UID}, on its nested documents too), which its
 * replacement or delete removes, so the other shard's copy stays; its live version map key is its
 * shard and {@code _id}. The term names the routing, not the shard number, so it stays true when an
 * index is split or shrunk (its files copied as they are).
 */
final class DocKeys {
  /** The term of a document of an index of several shards: its routing and {@code _id}. */
  static final String ROUTED_UID = "_routed_uid";

  private final IndexSettings settings;
  private final boolean sharded;
  private final boolean unkeyed;

  /**
   * The keys of an index with these settings; {@code unkeyed}: it may hold documents of several
   * shards without the {@link #ROUTED_UID} term (written by an older Duet, or split from an index
   * of one shard), which {@link #replaced} then also finds by {@code _id} and routing.
   */
  DocKeys(IndexSettings settings, boolean unkeyed) {
    this.settings = settings;
    this.sharded = settings.numberOfShards() > 1;
    this.unkeyed = sharded && unkeyed;
  }

  /**
   * Whether the committed index in {@code directory}, of several shards, holds documents without
   * the {@link #ROUTED_UID} term.
   */
  static boolean hasUnkeyed(IndexSettings settings, Directory directory) throws IOException {
    if (settings.numberOfShards() <= 1 || !DirectoryReader.indexExists(directory)) {
      return false;
    }
    try (DirectoryReader reader = DirectoryReader.open(directory)) {
      for (LeafReaderContext leaf : reader.leaves()) {
        Terms ids = leaf.reader().terms(MetaFields.ID);
        Terms uids = leaf.reader().terms(ROUTED_UID);
        if (ids != null && (uids == null || uids.getDocCount() < ids.getDocCount())) {
          return true;
        }
      }
    }
    return false;
  }

  /** Whether several documents may share an {@code _id} (one per shard). */
  boolean sharded() {
    return sharded;
  }

  /** The shard of a document with this id and routing (null: routed by its id). */
  int shardOf(String id, String routing) {
    return sharded ? ShardRouting.shardOf(settings, id, routing) : 0;
  }

  /** The live version map's key: the id itself on one shard, else the shard and the id. */
  String key(String id, String routing) {
    return sharded ? key(id, shardOf(id, routing)) : id;
  }

  static String key(String id, int shard) {
    return shard + "#" + id;
  }

  /**
   * The term that removes the document {@code id} stored with {@code routing} (null: none), its
   * nested documents with it, and no other shard's copy.
   */
  Term term(String id, String routing) {
    return sharded ? new Term(ROUTED_UID, uid(id, routing)) : new Term(MetaFields.ID, id);
  }

  /**
   * On several shards, what removes the document {@code id} stored with {@code routing}: its term,
   * and on an index with documents from before the term the root document with that id and routing
   * (which only this shard can hold).
   */
  Query replaced(String id, String routing) {
    Query keyed = new TermQuery(term(id, routing));
    if (!unkeyed) {
      return keyed;
    }
    BooleanQuery.Builder older =
        new BooleanQuery.Builder()
            .add(new TermQuery(new Term(MetaFields.ID, id)), BooleanClause.Occur.FILTER)
            .add(NestedDocuments.rootDocuments(), BooleanClause.Occur.FILTER);
    if (routing == null) {
      older.add(new FieldExistsQuery(MetaFields.ROUTING), BooleanClause.Occur.MUST_NOT);
    } else {
      older.add(new TermQuery(new Term(MetaFields.ROUTING, routing)), BooleanClause.Occur.FILTER);
    }
    return new BooleanQuery.Builder()
        .add(keyed, BooleanClause.Occur.SHOULD)
        .add(older.build(), BooleanClause.Occur.SHOULD)
        .build();
  }

  /** Adds the {@link #ROUTED_UID} term to a document and its nested documents (several shards). */
  void addTo(ParsedDocument parsed, String id, String routing) {
    if (!sharded) {
      return;
    }
    String uid = uid(id, routing);
    parsed.fields().add(new StringField(ROUTED_UID, uid, Field.Store.NO));
    for (List<IndexableField> nested : parsed.nested()) {
      nested.add(new StringField(ROUTED_UID, uid, Field.Store.NO));
    }
  }

  /**
   * Whether the segment's document {@code doc}, one of those carrying an {@code _id}, is the root
   * document of shard {@code shard}'s copy (nested documents carry their root's id, not its
   * routing).
   */
  boolean isRootIn(LeafReader reader, int doc, String id, int shard) throws IOException {
    NumericDocValues terms = reader.getNumericDocValues(MetaFields.PRIMARY_TERM);
    if (terms == null || !terms.advanceExact(doc)) {
      return false;
    }
    return shardOf(id, MetaFields.routing(reader, doc)) == shard;
  }

  /** A routing and an id, unambiguously: {@code -id} without routing, {@code +len:routing id}. */
  private static String uid(String id, String routing) {
    return routing == null ? "-" + id : "+" + routing.length() + ":" + routing + id;
  }
}
