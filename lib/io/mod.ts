export { parseJson } from "./nonfinite_json.ts";
export * from "./types.ts";
