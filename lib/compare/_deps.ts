// What the comparison takes from the graders and from the score job's public API, in one place.
export { graderFor, nrefsLabel } from "../graders/mod.ts";
export { gradeRow } from "../score/score.ts";
export { resolveScoreConfig, type ScoreConfig, type ScoreSettings } from "../score/score_config.ts";
