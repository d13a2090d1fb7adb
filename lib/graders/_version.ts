// The package version, read once from deno.json, for metric signatures.
import denoJson from "../../deno.json" with { type: "json" };

/** The verdict version that signatures name (`version:verdict-<version>`). */
export const VERDICT_VERSION: string = denoJson.version;
