// Public API of lib/harness: re-exports only.
export * from "./types.ts";
export * from "./adapter.ts";
export * from "./registry.ts";
export * from "./notes.ts";
export * from "./zip.ts";
export * from "./detect.ts";
export * from "./inspect_grade.ts";
export * from "./promptfoo.ts";
export * from "./promptfoo_csv.ts";
export * from "./inspect.ts";
export * from "./lm_eval.ts";
export * from "./lm_eval_results.ts";
export * from "./openai_evals.ts";
export * from "./deepeval.ts";
export * from "./ragas.ts";
export * from "./read_harness_file.ts";
export * from "./audit_harness_file.ts";
