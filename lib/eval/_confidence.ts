// confidence: how sure the model was of its answer, from the log probabilities of the tokens it
// generated — the mean token probability, (1/n) Σ exp(logprob_i) over the n tokens of the answer,
// a number from 0 to 1. Only answers that carry logprobs are scored: they must be asked for
// (`logprobs: true`), and only OpenAI-compatible servers return them (Anthropic's API has none, and
// Gemini's provider cannot ask for them).
import type { MetricOutcome } from "./metric.ts";
import type { TokenLogprob } from "./types.ts";

/** The mean token probability of an answer, or not scored without logprobs. */
export function confidenceMetric(logprobs: readonly TokenLogprob[] | undefined): MetricOutcome {
  const tokens = (logprobs ?? []).filter((t) => Number.isFinite(t.logprob));
  if (tokens.length === 0) {
    return {
      value: null,
      reason:
        "no logprobs with the answer (ask with logprobs=true; Anthropic and Gemini give none)",
    };
  }
  let sum = 0;
  let lowest = tokens[0];
  for (const t of tokens) {
    sum += Math.exp(t.logprob);
    if (t.logprob < lowest.logprob) lowest = t;
  }
  const mean = sum / tokens.length;
  return {
    value: mean,
    reason: `mean token probability ${mean.toFixed(3)} over ${tokens.length} token${
      tokens.length === 1 ? "" : "s"
    } (lowest ${Math.exp(lowest.logprob).toFixed(3)} at ${JSON.stringify(lowest.token)})`,
  };
}
