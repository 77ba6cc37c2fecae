package dev.duet.server.grpc;

import dev.duet.engine.search.ConstantScore;
import dev.duet.engine.search.FunctionScore;
import dev.duet.engine.search.Query;
import dev.duet.engine.search.ScoreFunction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.opensearch.protobufs.ConstantScoreQuery;
import org.opensearch.protobufs.DecayFunction;
import org.opensearch.protobufs.DecayPlacement;
import org.opensearch.protobufs.FieldValueFactorScoreFunction;
import org.opensearch.protobufs.FunctionScoreContainer;
import org.opensearch.protobufs.FunctionScoreQuery;
import org.opensearch.protobufs.RandomScoreFunction;

/** The compound cases of {@link QueryDecoder} beyond bool: constant_score and function_score. */
final class CompoundQueryDecoder {
  private CompoundQueryDecoder() {}

  static Query constantScore(ConstantScoreQuery q) {
    return new ConstantScore(
        q.hasFilter() ? QueryDecoder.decode(q.getFilter()) : null,
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  static Query functionScore(FunctionScoreQuery q) {
    List<ScoreFunction> functions = new ArrayList<>(q.getFunctionsCount());
    for (FunctionScoreContainer f : q.getFunctionsList()) {
      functions.add(function(f));
    }
    FunctionScore.ScoreMode scoreMode =
        switch (q.getScoreMode()) {
          case FUNCTION_SCORE_MODE_AVG -> FunctionScore.ScoreMode.AVG;
          case FUNCTION_SCORE_MODE_FIRST -> FunctionScore.ScoreMode.FIRST;
          case FUNCTION_SCORE_MODE_MAX -> FunctionScore.ScoreMode.MAX;
          case FUNCTION_SCORE_MODE_MIN -> FunctionScore.ScoreMode.MIN;
          case FUNCTION_SCORE_MODE_SUM -> FunctionScore.ScoreMode.SUM;
          default -> FunctionScore.ScoreMode.MULTIPLY;
        };
    FunctionScore.BoostMode boostMode =
        switch (q.getBoostMode()) {
          case FUNCTION_BOOST_MODE_AVG -> FunctionScore.BoostMode.AVG;
          case FUNCTION_BOOST_MODE_MAX -> FunctionScore.BoostMode.MAX;
          case FUNCTION_BOOST_MODE_MIN -> FunctionScore.BoostMode.MIN;
          case FUNCTION_BOOST_MODE_REPLACE -> FunctionScore.BoostMode.REPLACE;
          case FUNCTION_BOOST_MODE_SUM -> FunctionScore.BoostMode.SUM;
          default -> FunctionScore.BoostMode.MULTIPLY;
        };
    return new FunctionScore(
        q.hasQuery() ? QueryDecoder.decode(q.getQuery()) : new Query.MatchAll(1f),
        functions,
        scoreMode,
        boostMode,
        q.hasMaxBoost() ? q.getMaxBoost() : Float.MAX_VALUE,
        q.hasMinScore() ? q.getMinScore() : null,
        QueryDecoder.boost(q.hasBoost(), q.getBoost()));
  }

  private static ScoreFunction function(FunctionScoreContainer f) {
    Query filter = f.hasFilter() ? QueryDecoder.decode(f.getFilter()) : null;
    Float weight = f.hasWeight() ? f.getWeight() : null;
    if (f.hasFieldValueFactor()) {
      FieldValueFactorScoreFunction v = f.getFieldValueFactor();
      return new ScoreFunction.FieldValueFactor(
          filter,
          weight,
          v.getField(),
          v.hasFactor() ? v.getFactor() : 1f,
          v.hasMissing() ? v.getMissing() : null,
          modifier(v));
    }
    if (f.hasRandomScore()) {
      RandomScoreFunction r = f.getRandomScore();
      Long seed = null;
      if (r.hasSeed()) {
        seed =
            switch (r.getSeed().getRandomScoreFunctionSeedCase()) {
              case INT32 -> (long) r.getSeed().getInt32();
              case INT64 -> r.getSeed().getInt64();
              case STRING -> (long) r.getSeed().getString().hashCode();
              case RANDOMSCOREFUNCTIONSEED_NOT_SET -> null;
            };
      }
      return new ScoreFunction.RandomScore(
          filter, weight, seed, r.hasField() ? r.getField() : null);
    }
    if (f.hasGauss()) {
      return decay(filter, weight, ScoreFunction.Shape.GAUSS, f.getGauss());
    }
    if (f.hasExp()) {
      return decay(filter, weight, ScoreFunction.Shape.EXP, f.getExp());
    }
    if (f.hasLinear()) {
      return decay(filter, weight, ScoreFunction.Shape.LINEAR, f.getLinear());
    }
    if (f.hasScriptScore()) {
      QueryDecoder.unsupported("function_score", "script_score");
    }
    return new ScoreFunction.Weight(filter, weight == null ? 1f : weight);
  }

  private static ScoreFunction decay(
      Query filter, Float weight, ScoreFunction.Shape shape, DecayFunction d) {
    if (d.getPlacementCount() != 1) {
      // No single field to decay on: the model refuses it as a missing scale and origin.
      return new ScoreFunction.Decay(filter, weight, shape, null, null, null, null, 0.5, null);
    }
    Map.Entry<String, DecayPlacement> e = d.getPlacementMap().entrySet().iterator().next();
    DecayPlacement p = e.getValue();
    Object origin;
    Object scale;
    Object offset = null;
    double decay = 0.5;
    if (p.hasNumericDecayPlacement()) {
      var n = p.getNumericDecayPlacement();
      origin = n.getOrigin();
      scale = n.getScale();
      offset = n.hasOffset() ? n.getOffset() : null;
      decay = n.hasDecay() ? n.getDecay() : 0.5;
    } else if (p.hasDateDecayPlacement()) {
      var n = p.getDateDecayPlacement();
      origin = n.hasOrigin() ? n.getOrigin() : null;
      scale = n.getScale();
      offset = n.hasOffset() ? n.getOffset() : null;
      decay = n.hasDecay() ? n.getDecay() : 0.5;
    } else {
      QueryDecoder.unsupported("function_score", "geo decay");
      return null;
    }
    String mode =
        switch (d.getMultiValueMode()) {
          case MULTI_VALUE_MODE_AVG -> "avg";
          case MULTI_VALUE_MODE_MAX -> "max";
          case MULTI_VALUE_MODE_SUM -> "sum";
          default -> "min";
        };
    return new ScoreFunction.Decay(
        filter, weight, shape, e.getKey(), origin, scale, offset, decay, mode);
  }

  private static ScoreFunction.Modifier modifier(FieldValueFactorScoreFunction v) {
    return switch (v.getModifier()) {
      case FIELD_VALUE_FACTOR_MODIFIER_LN -> ScoreFunction.Modifier.LN;
      case FIELD_VALUE_FACTOR_MODIFIER_LN1P -> ScoreFunction.Modifier.LN1P;
      case FIELD_VALUE_FACTOR_MODIFIER_LN2P -> ScoreFunction.Modifier.LN2P;
      case FIELD_VALUE_FACTOR_MODIFIER_LOG -> ScoreFunction.Modifier.LOG;
      case FIELD_VALUE_FACTOR_MODIFIER_LOG1P -> ScoreFunction.Modifier.LOG1P;
      case FIELD_VALUE_FACTOR_MODIFIER_LOG2P -> ScoreFunction.Modifier.LOG2P;
      case FIELD_VALUE_FACTOR_MODIFIER_RECIPROCAL -> ScoreFunction.Modifier.RECIPROCAL;
      case FIELD_VALUE_FACTOR_MODIFIER_SQRT -> ScoreFunction.Modifier.SQRT;
      case FIELD_VALUE_FACTOR_MODIFIER_SQUARE -> ScoreFunction.Modifier.SQUARE;
      default -> ScoreFunction.Modifier.NONE;
    };
  }
}
