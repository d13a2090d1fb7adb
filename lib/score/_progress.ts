// Progress of a score run: rows scored so far, in a notebook output or on a terminal's stderr.
import { Progress } from "../render/progress.ts";

/** How long a run goes on before progress appears by itself. */
export const PROGRESS_DELAY_MS = 1000;

/** What the score loop calls: one tick per input row, and finish at the end. */
export interface RowProgress {
  tick(): void;
  finish(): Promise<void>;
}

const SILENT: RowProgress = { tick() {}, finish: () => Promise.resolve() };

/**
 * The progress of a score run. `false`: none. `true`: from the first row, wherever it can be
 * shown (a notebook, else a terminal's stderr, else nowhere). A {@linkcode Progress}: that one.
 * Left out: as `true`, but only once the run has lasted {@linkcode PROGRESS_DELAY_MS}, so small
 * files stay quiet.
 */
export function rowProgress(
  option: boolean | Progress | undefined,
  label: string,
  make: (label: string, startedAt: number) => Progress = (label, startedAt) =>
    new Progress({ label, startedAt }),
  delayMs: number = PROGRESS_DELAY_MS,
): RowProgress {
  if (option === false) return SILENT;
  let progress: Progress | undefined = option instanceof Progress ? option : undefined;
  const started = performance.now();
  if (option === true) progress = make(label, started);
  let rows = 0;
  return {
    tick() {
      rows++;
      if (!progress) {
        if (performance.now() - started < delayMs) return;
        progress = make(label, started);
        progress.set(rows - 1);
      }
      progress.tick();
    },
    async finish() {
      await progress?.finish(`${rows} ${rows === 1 ? "row" : "rows"}, done`);
    },
  };
}
