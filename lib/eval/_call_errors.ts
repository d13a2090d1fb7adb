// Failures of a provider call classified as CallErrors (rate limit, server, connection, timeout,
// malformed…) with redacted messages and the server's requested wait, for every provider: HTTP
// errors come as the SDK's APICallError, errors inside a stream as the provider's stream-error
// objects (Anthropic's `overloaded_error` event), dropped connections as fetch errors.
import { APICallError } from "npm:@ai-sdk/provider@4.0.38";
import { CallError } from "./model_caller.ts";
import type { CallErrorKind } from "./types.ts";

/** Seconds or an HTTP date in Retry-After (or milliseconds in retry-after-ms), as milliseconds. */
export function retryAfterMs(
  headers: Record<string, string | undefined> | undefined,
  now = Date.now(),
): number | undefined {
  if (!headers) return undefined;
  const ms = Number.parseFloat(headers["retry-after-ms"] ?? "");
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers["retry-after"]?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/**
 * The wait a Google API error body asks for: `error.details[]` holding a RetryInfo with
 * `retryDelay: "37s"` (Gemini sends it instead of a Retry-After header).
 */
export function retryDelayInBody(body: string | undefined): number | undefined {
  if (!body || !body.includes("retryDelay")) return undefined;
  try {
    const details = JSON.parse(body)?.error?.details;
    if (!Array.isArray(details)) return undefined;
    for (const d of details) {
      const m = typeof d?.retryDelay === "string" ? /^(\d+(?:\.\d+)?)s$/.exec(d.retryDelay) : null;
      if (m) return Number(m[1]) * 1000;
    }
  } catch {
    // not JSON: no wait given
  }
  return undefined;
}

// Fetch's words for a cut connection, and the OpenAI-compatible provider's for a stream that stopped
// without its last chunk.
const CONNECTION =
  /error reading a body|stream ended without a finish reason|connection (closed|reset|refused)|cannot connect|socket|ECONNRESET|ECONNREFUSED|EPIPE|broken pipe|unexpected eof|tcp connect error/i;

function causes(error: unknown): unknown[] {
  const out: unknown[] = [];
  for (let e = error; e !== undefined && e !== null && out.length < 8;) {
    out.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return out;
}

function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  const said = (error as { message?: unknown } | null)?.message;
  return typeof said === "string" ? said : String(error);
}

/**
 * What the server said in an error reply, redacted before it is cut (a key cut in two would no
 * longer be found).
 */
function serverSays(body: string | undefined, redact: (text: string) => string): string {
  if (!body) return "";
  try {
    const parsed = JSON.parse(body);
    const said = parsed?.error?.message ?? parsed?.message ?? parsed?.error;
    if (typeof said === "string") return redact(said).slice(0, 300);
  } catch {
    // not JSON: show the start of it
  }
  return redact(body).slice(0, 300);
}

function statusKind(status: number): CallErrorKind {
  if (status === 429) return "rate-limit";
  if (status >= 500 || status === 408) return "server";
  if (status === 404) return "not-found";
  if (status === 401 || status === 403) return "auth";
  return "client";
}

/**
 * An error object a provider put in a stream (`{ message, type, statusCode }`: Anthropic's
 * `overloaded_error` event, an OpenAI-compatible server's `{"error": …}` chunk). The server failed
 * after accepting the request, so without a status it counts as a server error (retried).
 */
function streamError(error: unknown): { status?: number; message: string } | undefined {
  if (error === null || typeof error !== "object" || error instanceof Error) return undefined;
  const e = error as { statusCode?: unknown; message?: unknown; type?: unknown };
  if (typeof e.message !== "string" && typeof e.statusCode !== "number") return undefined;
  const type = typeof e.type === "string" ? `${e.type}: ` : "";
  return {
    ...(typeof e.statusCode === "number" ? { status: e.statusCode } : {}),
    message: `${type}${messageOf(error)}`,
  };
}

/** Classify any failure of a provider call as a CallError with a redacted message. */
export function callError(
  error: unknown,
  signal: AbortSignal,
  redact: (text: string) => string,
): CallError {
  if (error instanceof CallError) {
    return new CallError(error.kind, redact(error.message), {
      status: error.status,
      retryAfterMs: error.retryAfterMs,
    });
  }
  if (signal.aborted) {
    const reason = signal.reason;
    const timedOut = reason instanceof DOMException && reason.name === "TimeoutError";
    return new CallError(
      "timeout",
      timedOut ? "no answer before the per-call timeout" : redact(`stopped: ${messageOf(reason)}`),
    );
  }
  const inStream = streamError(error);
  if (inStream) {
    return new CallError(
      inStream.status === undefined ? "server" : statusKind(inStream.status),
      redact(`the server reported an error in the stream: ${inStream.message}`).slice(0, 500),
      inStream.status === undefined ? {} : { status: inStream.status },
    );
  }
  const chain = causes(error);
  const api = chain.find((e) => APICallError.isInstance(e)) as APICallError | undefined;
  const dropped = chain.some((e) => CONNECTION.test(messageOf(e)));
  if (api?.statusCode !== undefined && api.statusCode >= 400) {
    const said = serverSays(api.responseBody, redact);
    return new CallError(
      statusKind(api.statusCode),
      redact(`the server answered ${api.statusCode}${said ? `: ${said}` : ""}`),
      {
        status: api.statusCode,
        retryAfterMs: retryAfterMs(api.responseHeaders) ?? retryDelayInBody(api.responseBody),
      },
    );
  }
  if (dropped) {
    return new CallError("connection", redact(`the connection dropped: ${messageOf(error)}`));
  }
  const detail = chain.map(messageOf).filter((m, i, all) => all.indexOf(m) === i).join(": ");
  return new CallError(
    "malformed",
    redact(`the reply could not be read: ${detail}`).slice(0, 500),
    api?.statusCode !== undefined ? { status: api.statusCode } : {},
  );
}
