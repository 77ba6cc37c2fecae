package dev.duet.server.fuzz;

import net.jqwik.api.AfterFailureMode;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.GenerationMode;
import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;

/**
 * Runs a fuzz property with its campaign's tries ({@code -Dfuzz.<name>.tries}) and the fixed seed
 * ({@code -Dfuzz.seed}), and fails it at the end with the campaign's grouped findings: a try never
 * fails on its own, so one bug does not stop the run before the others are found.
 */
final class FuzzHook implements AroundPropertyHook {
  /** What a fuzz test class tells the hook. */
  interface Target {
    String campaignName();

    int defaultTries();

    Campaign campaign();
  }

  @Override
  public PropertyExecutionResult aroundProperty(
      PropertyLifecycleContext context, PropertyExecutor property) {
    Target target = (Target) context.testInstance();
    context.attributes().setTries(Campaign.tries(target.campaignName(), target.defaultTries()));
    context.attributes().setSeed(Campaign.seed());
    context.attributes().setGeneration(GenerationMode.RANDOMIZED);
    // The grammar names its edge values itself; jqwik's combinations of them cost seconds to list.
    context.attributes().setEdgeCases(EdgeCasesMode.NONE);
    // The same requests on every run of a seed, whatever failed last time.
    context.attributes().setAfterFailure(AfterFailureMode.RANDOM_SEED);
    PropertyExecutionResult result = property.execute();
    String summary = target.campaign().finish();
    if (summary == null) {
      return result;
    }
    AssertionError failure = new AssertionError(summary);
    result.throwable().ifPresent(failure::addSuppressed);
    return result.mapToFailed(failure);
  }
}
