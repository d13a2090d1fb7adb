/**
 * Progress for long runs: an output updated in place in a notebook, one rewritten line on a
 * terminal, nothing when output goes to a file or a pipe.
 *
 * @module
 */
import { jupyterApi } from "./_jupyter.ts";
import { escapeHtml } from "./escape.ts";

/** Where progress goes. `"auto"` picks the notebook, then a terminal on stderr, then nothing. */
export type ProgressMode = "auto" | "jupyter" | "terminal" | "silent";

/** Options for {@linkcode Progress}. */
export interface ProgressOptions {
  /** What is being counted, e.g. "scoring rows". */
  label?: string;
  /** The number of steps, when known. */
  total?: number;
  /** Where progress goes (default `"auto"`). */
  mode?: ProgressMode;
  /** Fewest milliseconds between two shown updates (default 200); the last one is always shown. */
  intervalMs?: number;
  /** Sends a Jupyter message (default: `Deno.jupyter.broadcast`). */
  broadcast?: (type: string, content: Record<string, unknown>) => unknown;
  /** Writes terminal text (default: to stderr). */
  write?: (text: string) => unknown;
  /**
   * When the work began, as a `performance.now()` time (default: now); the elapsed time shown
   * counts from it, also when the reporter is made once the work is under way.
   */
  startedAt?: number;
}

const encoder = new TextEncoder();

function stderrIsTerminal(): boolean {
  try {
    return Deno.stderr.isTerminal();
  } catch {
    return false;
  }
}

/**
 * A progress reporter. It never throws because of its output: when the notebook or the terminal
 * refuses a message, the run goes on and later updates are still tried.
 *
 * @example Progress as notebook messages, captured
 * ```ts
 * import { Progress } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const sent: [string, Record<string, unknown>][] = [];
 * const progress = new Progress({
 *   label: "scoring", total: 4, mode: "jupyter", intervalMs: 0,
 *   broadcast: (type, content) => sent.push([type, content]),
 * });
 * progress.tick(3);
 * await progress.finish();
 * assert.deepEqual(sent.map(([type]) => type), ["display_data", "update_display_data"]);
 * const last = sent[1][1].data as Record<string, string>;
 * assert.ok(last["text/plain"].startsWith("scoring: 4/4 (100%)"));
 * ```
 */
export class Progress {
  /** Where updates go, once "auto" is resolved. */
  readonly mode: "jupyter" | "terminal" | "silent";
  /** Steps done so far. */
  done = 0;
  readonly #label: string;
  readonly #total: number | undefined;
  readonly #interval: number;
  readonly #broadcast?: (type: string, content: Record<string, unknown>) => unknown;
  readonly #write: (text: string) => unknown;
  readonly #displayId = `verdict-progress-${crypto.randomUUID()}`;
  readonly #started: number;
  #shown = false;
  #last = -Infinity;
  #lineWidth = 0;
  #finished = false;
  #queue: Promise<void> = Promise.resolve();

  /** Start a reporter; nothing is shown until the first `tick` or `set`. */
  constructor(options: ProgressOptions = {}) {
    this.#label = options.label ?? "progress";
    this.#started = options.startedAt ?? performance.now();
    if (options.total !== undefined && !(Number.isFinite(options.total) && options.total >= 0)) {
      throw new RangeError(`Cannot track progress to a total of ${options.total}`);
    }
    this.#total = options.total;
    this.#interval = options.intervalMs ?? 200;
    const api = options.broadcast ? undefined : jupyterApi();
    this.#broadcast = options.broadcast ?? (api ? (t, c) => api.broadcast(t, c) : undefined);
    this.#write = options.write ?? ((text) => Deno.stderr.writeSync(encoder.encode(text)));
    const mode = options.mode ?? "auto";
    this.mode = mode !== "auto"
      ? mode
      : this.#broadcast
      ? "jupyter"
      : options.write || stderrIsTerminal()
      ? "terminal"
      : "silent";
    if (this.mode === "jupyter" && !this.#broadcast) this.mode = "silent";
  }

  /** The current line, e.g. `scoring: 30/120 (25%) 1.2 s`. */
  text(note?: string): string {
    const seconds = ((performance.now() - this.#started) / 1000).toFixed(1);
    // Without a total the count stands alone, set off from the seconds ("80 · 0.5 s").
    const count = this.#total === undefined
      ? `${this.done} ·`
      : `${this.done}/${this.#total} (${
        this.#total === 0 ? 100 : Math.floor((100 * this.done) / this.#total)
      }%)`;
    return `${this.#label}: ${count} ${seconds} s${note ? ` · ${note}` : ""}`;
  }

  /** Count `steps` more done (default 1). */
  tick(steps = 1, note?: string): void {
    this.set(this.done + steps, note);
  }

  /** Set the number of steps done. */
  set(done: number, note?: string): void {
    this.done = done;
    const now = performance.now();
    if (now - this.#last >= this.#interval || done === this.#total) {
      this.#last = now;
      this.#show(note);
    }
  }

  /** Show the final state (the total, when known) and end the line; resolves once it is sent. */
  async finish(note?: string): Promise<void> {
    if (this.#finished) return this.#queue;
    if (this.#total !== undefined) this.done = this.#total;
    this.#show(note, true);
    this.#finished = true;
    if (this.mode === "terminal") this.#safeWrite("\n");
    await this.#queue;
  }

  #show(note?: string, ending = false): void {
    if (this.#finished || this.mode === "silent") return;
    const text = this.text(note);
    if (this.mode === "terminal") {
      const pad = " ".repeat(Math.max(0, this.#lineWidth - text.length));
      this.#lineWidth = text.length;
      this.#safeWrite(`\r${text}${pad}`);
      return;
    }
    // Without a total the bar moves to and fro while running and fills once finished.
    const bar = this.#total === undefined
      ? (ending ? `<progress value="1" max="1"></progress>` : "<progress></progress>")
      : `<progress value="${this.done}" max="${this.#total}"></progress>`;
    const content = {
      data: {
        "text/plain": text,
        "text/html": `<div class="verdict-progress">${bar} <span>${escapeHtml(text)}</span></div>`,
      },
      metadata: {},
      transient: { display_id: this.#displayId },
    };
    const type = this.#shown ? "update_display_data" : "display_data";
    this.#shown = true;
    const send = this.#broadcast!;
    this.#queue = this.#queue.then(async () => {
      try {
        await send(type, content);
      } catch {
        // A refused progress message must not stop the run.
      }
    });
  }

  #safeWrite(text: string): void {
    try {
      this.#write(text);
    } catch {
      // The terminal went away; progress is not worth failing for.
    }
  }
}
