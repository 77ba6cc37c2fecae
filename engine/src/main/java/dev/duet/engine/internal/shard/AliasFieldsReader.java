package dev.duet.engine.internal.shard;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValuesSkipper;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.FilterDirectoryReader;
import org.apache.lucene.index.FilterLeafReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.NumericDocValues;
import org.apache.lucene.index.PointValues;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.SortedNumericDocValues;
import org.apache.lucene.index.SortedSetDocValues;
import org.apache.lucene.index.Terms;

/**
 * An index's reader that answers a field alias's name with its target's terms, points, norms and
 * doc values (OpenSearch resolves an alias to its target's field type, which names the target's
 * Lucene field): every query, sort, aggregation and {@code docvalue_fields} on an alias then reads
 * the target without knowing of aliases. The aliases are read from the live mapping at each call,
 * so a mapping update takes effect without a refresh; with none, every call passes through.
 */
final class AliasFieldsReader extends FilterDirectoryReader {
  private final Supplier<Map<String, String>> aliases;

  private AliasFieldsReader(DirectoryReader in, Supplier<Map<String, String>> aliases)
      throws IOException {
    super(
        in,
        new SubReaderWrapper() {
          @Override
          public LeafReader wrap(LeafReader reader) {
            return new AliasLeafReader(reader, aliases);
          }
        });
    this.aliases = aliases;
  }

  /** {@code reader} with the aliases {@code aliases} supplies (alias path to target path). */
  static DirectoryReader wrap(DirectoryReader reader, Supplier<Map<String, String>> aliases)
      throws IOException {
    return new AliasFieldsReader(reader, aliases);
  }

  @Override
  protected DirectoryReader doWrapDirectoryReader(DirectoryReader in) throws IOException {
    return new AliasFieldsReader(in, aliases);
  }

  @Override
  public CacheHelper getReaderCacheHelper() {
    return in.getReaderCacheHelper();
  }

  private static final class AliasLeafReader extends FilterLeafReader {
    private final Supplier<Map<String, String>> aliases;
    // The field infos with the aliases' entries, for the alias map they were built from.
    private volatile Map<String, String> infosFor;
    private volatile FieldInfos infos;

    AliasLeafReader(LeafReader in, Supplier<Map<String, String>> aliases) {
      super(in);
      this.aliases = aliases;
    }

    private String target(String field) {
      Map<String, String> current = aliases.get();
      return current.isEmpty() ? field : current.getOrDefault(field, field);
    }

    @Override
    public FieldInfos getFieldInfos() {
      Map<String, String> current = aliases.get();
      if (current.isEmpty()) {
        return in.getFieldInfos();
      }
      if (current != infosFor) {
        infos = withAliases(in.getFieldInfos(), current);
        infosFor = current;
      }
      return infos;
    }

    private static FieldInfos withAliases(FieldInfos base, Map<String, String> aliases) {
      List<FieldInfo> all = new ArrayList<>(base.size() + aliases.size());
      int next = 0;
      for (FieldInfo info : base) {
        all.add(info);
        next = Math.max(next, info.number + 1);
      }
      for (Map.Entry<String, String> alias : aliases.entrySet()) {
        FieldInfo target = base.fieldInfo(alias.getValue());
        if (target == null || base.fieldInfo(alias.getKey()) != null) {
          continue;
        }
        all.add(
            new FieldInfo(
                alias.getKey(),
                next++,
                target.hasTermVectors(),
                target.omitsNorms(),
                target.hasPayloads(),
                target.getIndexOptions(),
                target.getDocValuesType(),
                target.docValuesSkipIndexType(),
                -1,
                Map.of(),
                target.getPointDimensionCount(),
                target.getPointIndexDimensionCount(),
                target.getPointNumBytes(),
                target.getVectorDimension(),
                target.getVectorEncoding(),
                target.getVectorSimilarityFunction(),
                false,
                false));
      }
      return new FieldInfos(all.toArray(new FieldInfo[0]));
    }

    @Override
    public Terms terms(String field) throws IOException {
      return in.terms(target(field));
    }

    @Override
    public NumericDocValues getNumericDocValues(String field) throws IOException {
      return in.getNumericDocValues(target(field));
    }

    @Override
    public BinaryDocValues getBinaryDocValues(String field) throws IOException {
      return in.getBinaryDocValues(target(field));
    }

    @Override
    public SortedDocValues getSortedDocValues(String field) throws IOException {
      return in.getSortedDocValues(target(field));
    }

    @Override
    public SortedNumericDocValues getSortedNumericDocValues(String field) throws IOException {
      return in.getSortedNumericDocValues(target(field));
    }

    @Override
    public SortedSetDocValues getSortedSetDocValues(String field) throws IOException {
      return in.getSortedSetDocValues(target(field));
    }

    @Override
    public NumericDocValues getNormValues(String field) throws IOException {
      return in.getNormValues(target(field));
    }

    @Override
    public DocValuesSkipper getDocValuesSkipper(String field) throws IOException {
      return in.getDocValuesSkipper(target(field));
    }

    @Override
    public PointValues getPointValues(String field) throws IOException {
      return in.getPointValues(target(field));
    }

    @Override
    public CacheHelper getCoreCacheHelper() {
      return in.getCoreCacheHelper();
    }

    @Override
    public CacheHelper getReaderCacheHelper() {
      return in.getReaderCacheHelper();
    }
  }
}
