/**
 * Pure text functions: Python string semantics, the 13a and ROUGE tokenizers, the Porter
 * stemmer, SQuAD normalization and the seven formatting steps.
 *
 * @module
 */
export * from "./python_strings.ts";
export * from "./tokenize_13a.ts";
export * from "./squad_normalize.ts";
export * from "./porter_stemmer.ts";
export * from "./rouge_tokenize.ts";
export * from "./formatting_steps.ts";
export * from "./tokenize_intl.ts";
export * from "./tokenize_zh.ts";
export * from "./bleu_tokenizers.ts";
export * from "./tokenize_tercom.ts";
export * from "./punkt_sentences.ts";
