package dev.duet.engine.internal.sort;

import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.SortedDocValues;

/**
 * Doc values computed per document for a sort comparator (a picked mode, a substituted missing
 * term): a comparator only positions them with {@code advanceExact}, so they keep the current
 * document in {@code doc} and refuse to iterate.
 */
public final class PositionedDocValues {
  private PositionedDocValues() {}

  /** Keyword values; subclasses set {@code doc} in {@code advanceExact}. */
  abstract static class Sorted extends SortedDocValues {
    protected int doc = -1;
    private final long cost;

    Sorted(long cost) {
      this.cost = cost;
    }

    @Override
    public final int docID() {
      return doc;
    }

    @Override
    public final int nextDoc() {
      throw new UnsupportedOperationException("positioned with advanceExact only");
    }

    @Override
    public final int advance(int target) {
      throw new UnsupportedOperationException("positioned with advanceExact only");
    }

    @Override
    public final long cost() {
      return cost;
    }
  }

  /** Numeric values; subclasses set {@code doc} in {@code advanceExact}. */
  abstract static class Numeric extends NumericDocValues {
    protected int doc = -1;
    private final long cost;

    Numeric(long cost) {
      this.cost = cost;
    }

    @Override
    public final int docID() {
      return doc;
    }

    @Override
    public final int nextDoc() {
      throw new UnsupportedOperationException("positioned with advanceExact only");
    }

    @Override
    public final int advance(int target) {
      throw new UnsupportedOperationException("positioned with advanceExact only");
    }

    @Override
    public final long cost() {
      return cost;
    }
  }
}
