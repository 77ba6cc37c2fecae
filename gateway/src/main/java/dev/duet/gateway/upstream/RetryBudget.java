package dev.duet.gateway.upstream;

import com.linecorp.armeria.client.UnprocessedRequestException;
import com.linecorp.armeria.client.retry.Backoff;
import com.linecorp.armeria.client.retry.RetryDecision;
import com.linecorp.armeria.client.retry.RetryRule;
import com.linecorp.armeria.common.util.Exceptions;
import java.util.concurrent.CompletableFuture;

/**
 * When a call may go to another node, and how often. Only calls the upstream never received
 * (connection refused or reset before the request was written: Armeria's {@link
 * UnprocessedRequestException}) are retried — safe for writes too, since nothing was applied — and
 * on another node at once. Every call earns a fifth of a retry, up to ten saved, so retries stay a
 * small share of the traffic and a failing cluster is not sent a multiple of its load.
 */
final class RetryBudget {
  private static final double EARNED_PER_CALL = 0.2;
  private static final double MAX_SAVED = 10;

  private double tokens = MAX_SAVED;

  synchronized void deposit() {
    tokens = Math.min(MAX_SAVED, tokens + EARNED_PER_CALL);
  }

  synchronized boolean tryWithdraw() {
    if (tokens < 1) {
      return false;
    }
    tokens -= 1;
    return true;
  }

  /** Whether a call that failed with {@code cause} goes again, taking a retry from the budget. */
  boolean retries(Throwable cause) {
    return cause != null
        && Exceptions.peel(cause) instanceof UnprocessedRequestException
        && tryWithdraw();
  }

  /** The same decision, for Armeria's RetryingClient. */
  RetryRule rule() {
    return (ctx, cause) ->
        CompletableFuture.completedFuture(
            retries(cause) ? RetryDecision.retry(Backoff.withoutDelay()) : RetryDecision.noRetry());
  }
}
