package dev.duet.engine.index;

/**
 * What {@code _forcemerge} asks of each index: merge down to {@code maxNumSegments} (a value of 0
 * or less only runs the merges the merge policy wants), or with {@code onlyExpungeDeletes} merge
 * away the segments' deleted documents; then, with {@code flush}, commit.
 */
public record ForceMerge(int maxNumSegments, boolean onlyExpungeDeletes, boolean flush) {
  /** OpenSearch's default for {@code max_num_segments}: no target, merge as the policy wants. */
  public static final int POLICY = -1;
}
