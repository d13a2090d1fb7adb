// One call with a per-attempt timeout and retries: exponential backoff with full jitter on
// rate limits, server errors, dropped connections and timeouts; a server's Retry-After is
// honoured (and pauses every worker of the run, so a rate limit is not hammered by the others).
import { CallError, type CallReply, type CallRequest, type ModelCaller } from "./model_caller.ts";

/** How calls are retried and timed out. */
export interface RetryPolicy {
  /** Retries after the first attempt (default 3). */
  retries: number;
  /** First backoff ceiling in milliseconds (default 500); it doubles per retry. */
  baseDelayMs: number;
  /** Largest backoff ceiling (default 20 s). */
  maxDelayMs: number;
  /** The longest Retry-After honoured (default 60 s); a longer one ends the call as failed. */
  maxRetryAfterMs: number;
  /** Per-attempt timeout in milliseconds (default 60 s). */
  timeoutMs: number;
}

/** The default policy. */
export const DEFAULT_RETRY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 500,
  maxDelayMs: 20_000,
  maxRetryAfterMs: 60_000,
  timeoutMs: 60_000,
};

/** A pause shared by the workers of a run: after a Retry-After, nobody starts an attempt early. */
export class PauseGate {
  #until = 0;
  /** Pause every worker until `Date.now() + ms`. */
  pause(ms: number): void {
    this.#until = Math.max(this.#until, Date.now() + ms);
  }
  /** Wait for the pause to end (at once when there is none). */
  async wait(signal?: AbortSignal): Promise<void> {
    while (Date.now() < this.#until) await sleep(this.#until - Date.now(), signal);
  }
}

/** Resolve after `ms`, or reject when the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", stop);
      resolve();
    }, Math.max(0, ms));
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener("abort", stop, { once: true });
  });
}

/** The outcome of one call with its retries. */
export interface Attempted {
  /** The reply, when an attempt answered. */
  reply?: CallReply;
  /** The last failure, when none did. */
  error?: CallError;
  /** Attempts made. */
  attempts: number;
  /** Milliseconds of the attempt that answered (or of the last one). */
  latencyMs: number;
  /** Milliseconds from the first attempt to the end, waits included. */
  elapsedMs: number;
}

/** The wait before retry number `retry` (1-based): full jitter under a doubling ceiling. */
export function backoffMs(
  retry: number,
  policy: RetryPolicy,
  random: () => number,
  retryAfterMs?: number,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (retry - 1));
  if (retryAfterMs !== undefined) {
    // Never earlier than the server asked; a little jitter so workers do not return at once.
    return retryAfterMs + random() * Math.min(ceiling, 1000);
  }
  return random() * ceiling;
}

/** Ask `caller` once, retrying as the policy says. Never throws for a failed call. */
export async function callWithRetries(
  caller: ModelCaller,
  request: Omit<CallRequest, "signal">,
  policy: RetryPolicy,
  run: { gate: PauseGate; signal?: AbortSignal; random?: () => number },
): Promise<Attempted> {
  const random = run.random ?? Math.random;
  const started = performance.now();
  let attempts = 0;
  let latencyMs = 0;
  while (true) {
    await run.gate.wait(run.signal);
    attempts++;
    // A timer cleared when the attempt ends (AbortSignal.timeout would keep one per attempt
    // until it expires: tens of thousands pending in a fast run).
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException("Signal timed out.", "TimeoutError")),
      policy.timeoutMs,
    );
    const signal = run.signal ? AbortSignal.any([run.signal, timeout.signal]) : timeout.signal;
    const t0 = performance.now();
    let error: CallError;
    try {
      const reply = await caller.call({ ...request, signal });
      latencyMs = performance.now() - t0;
      return { reply, attempts, latencyMs, elapsedMs: performance.now() - started };
    } catch (e) {
      latencyMs = performance.now() - t0;
      if (run.signal?.aborted) throw run.signal.reason;
      error = e instanceof CallError
        ? e
        : new CallError(timeout.signal.aborted ? "timeout" : "malformed", String(e));
    } finally {
      clearTimeout(timer);
    }
    const done = (err: CallError) => ({
      error: err,
      attempts,
      latencyMs,
      elapsedMs: performance.now() - started,
    });
    if (!error.retryable || attempts > policy.retries) return done(error);
    if (error.retryAfterMs !== undefined && error.retryAfterMs > policy.maxRetryAfterMs) {
      const seconds = Math.round(error.retryAfterMs / 1000);
      return done(
        new CallError(
          error.kind,
          `${error.message} (the server asked to wait ${seconds} s, longer than the ${
            policy.maxRetryAfterMs / 1000
          } s verdict waits; run again later to resume)`,
          { status: error.status, retryAfterMs: error.retryAfterMs },
        ),
      );
    }
    const wait = backoffMs(attempts, policy, random, error.retryAfterMs);
    if (error.retryAfterMs !== undefined) run.gate.pause(error.retryAfterMs);
    await sleep(wait, run.signal);
  }
}
