package dev.duet.engine.internal.agg;

import dev.duet.engine.error.DuetException;
import dev.duet.engine.search.Aggregation;
import dev.duet.engine.search.AggregationResult;
import java.io.IOException;
import java.util.Arrays;
import org.apache.lucene.index.SortedNumericDocValues;

/**
 * {@code weighted_avg}: per bucket the compensated sums of value × weight and of the weights, as
 * OpenSearch keeps them. Every value of a document counts with the document's one weight.
 */
final class WeightedAvgAggregator extends Aggregator {
  private final Aggregation.WeightedAvg spec;
  private final Double valueMissing;
  private final Double weightMissing;
  private double[] sums = new double[0];
  private double[] sumCompensations = new double[0];
  private double[] weights = new double[0];
  private double[] weightCompensations = new double[0];
  private ValueFormat format = ValueFormat.RAW;

  WeightedAvgAggregator(Aggregation.WeightedAvg spec) {
    super(spec.name());
    this.spec = spec;
    this.valueMissing =
        spec.valueMissing() == null ? null : MetricAggregator.toDouble(spec.valueMissing());
    this.weightMissing =
        spec.weightMissing() == null ? null : MetricAggregator.toDouble(spec.weightMissing());
  }

  @Override
  LeafCollector leaf(Segment segment) throws IOException {
    FieldSource valueSource = numericSource(segment, spec.valueField());
    FieldSource weightSource = numericSource(segment, spec.weightField());
    if (valueSource != FieldSource.UNMAPPED) {
      format =
          ValueFormat.of(
              valueSource, segment.target.fields().apply(spec.valueField()), spec.format(), null);
    } else if (spec.format() != null) {
      format = ValueFormat.of(FieldSource.DOUBLE, null, spec.format(), null);
    }
    SortedNumericDocValues values = valueSource.numeric(segment, spec.valueField());
    SortedNumericDocValues weightValues = weightSource.numeric(segment, spec.weightField());
    return (doc, bucket) -> {
      double weight;
      if (weightValues.advanceExact(doc)) {
        if (weightValues.docValueCount() > 1) {
          throw DuetException.illegalArgument(
              "Encountered more than one weight for a single document. Use a script to combine"
                  + " multiple weights-per-doc into a single value.");
        }
        weight = weightSource.toDouble(weightValues.nextValue());
      } else if (weightMissing != null) {
        weight = weightMissing;
      } else {
        return;
      }
      if (values.advanceExact(doc)) {
        grow(bucket);
        for (int i = values.docValueCount(); i > 0; i--) {
          add((int) bucket, valueSource.toDouble(values.nextValue()), weight);
        }
      } else if (valueMissing != null) {
        grow(bucket);
        add((int) bucket, valueMissing, weight);
      }
    };
  }

  /** The field's source, which must be numeric, in OpenSearch's words. */
  private static FieldSource numericSource(Segment segment, String field) {
    FieldSource source = FieldSource.resolve(segment.target, field);
    if (source == FieldSource.KEYWORD) {
      throw DuetException.illegalArgument(
          "Expected numeric type on field ["
              + field
              + "], but got ["
              + segment.target.fields().apply(field).type()
              + "]");
    }
    return source;
  }

  private void grow(long bucket) {
    if (bucket < sums.length) {
      return;
    }
    int size = (int) Math.max(bucket + 1, sums.length * 2L);
    reserve((size - sums.length) * 4L * Double.BYTES);
    sums = Arrays.copyOf(sums, size);
    sumCompensations = Arrays.copyOf(sumCompensations, size);
    weights = Arrays.copyOf(weights, size);
    weightCompensations = Arrays.copyOf(weightCompensations, size);
  }

  private void add(int bucket, double value, double weight) {
    // Kahan summation, as OpenSearch's CompensatedSum.
    double corrected = value * weight - sumCompensations[bucket];
    double next = sums[bucket] + corrected;
    sumCompensations[bucket] = (next - sums[bucket]) - corrected;
    sums[bucket] = next;
    corrected = weight - weightCompensations[bucket];
    next = weights[bucket] + corrected;
    weightCompensations[bucket] = (next - weights[bucket]) - corrected;
    weights[bucket] = next;
  }

  @Override
  AggregationResult build(long bucket) {
    boolean has = bucket >= 0 && bucket < sums.length;
    double value = has ? sums[(int) bucket] / weights[(int) bucket] : Double.NaN;
    String asString = Double.isNaN(value) ? null : format.format(value);
    return new AggregationResult.SingleValue(name, value, asString, null);
  }
}
