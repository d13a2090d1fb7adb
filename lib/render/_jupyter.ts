/**
 * Private: reach Deno's Jupyter API only when running inside the kernel.
 *
 * `"jupyter" in Deno` is true in every process, but reading `Deno.jupyter` outside `deno jupyter`
 * throws; so the API is looked up on demand, never at import time.
 *
 * @module
 */

/** The kernel's API, or `undefined` when this process is not a Jupyter kernel. */
export function jupyterApi(): typeof Deno.jupyter | undefined {
  try {
    const api = Deno.jupyter;
    return typeof api?.broadcast === "function" ? api : undefined;
  } catch {
    return undefined;
  }
}
