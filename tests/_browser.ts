/**
 * Open an HTML file in headless Chromium and report what rendered: Plotly charts, tables, and
 * whether any injected script ran. Shared by the notebook tests and the HTML report tests.
 *
 * Test data carries payloads such as `<img src=x onerror="window.__verdict_xss=1">`; if any of
 * them ever runs, `window.__verdict_xss` becomes defined and `xss` is true.
 *
 * The browser is driven from a child `deno run --allow-all` of this same file: playwright-core
 * reads paths (such as `/proc/sys/fs/binfmt_misc/WSLInterop`) that Deno grants only with
 * `--allow-all`, which `deno task test` does not give. The child also keeps playwright's open
 * handles out of the test's resource sanitizer.
 *
 * @module
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

/** The Debian Chromium binary the tests drive. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

const ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Why browser checks cannot run here, or `undefined` when they can. */
export function browserMissing(): string | undefined {
  try {
    Deno.statSync(CHROMIUM_PATH);
    return undefined;
  } catch {
    return `${CHROMIUM_PATH} is not installed (apt-get install chromium)`;
  }
}

/** Options for {@linkcode checkHtmlInBrowser}. */
export interface BrowserCheckOptions {
  /** Charts the page should draw; the check waits (up to `timeoutMs`) until that many have. */
  expectPlots?: number;
  /** Where to save a full-page PNG screenshot. */
  screenshot: string;
  /** How long to wait for charts, in ms (default 20 000). */
  timeoutMs?: number;
  /** A page-side JavaScript expression (source text) evaluated after the charts drew. */
  probe?: string;
}

/** What the browser saw. */
export interface BrowserCheck {
  /** Plotly charts that drew: a `.js-plotly-plot` holding a `.main-svg` with at least one trace. */
  plots: number;
  /** Chart containers verdict wrote (`.verdict-chart`), drawn or not. */
  chartSlots: number;
  /** `<table>` elements. */
  tables: number;
  /** True when an injected script ran (`window.__verdict_xss` got defined). */
  xss: boolean;
  /** Console errors and uncaught page errors, except reports of the failed loads below. */
  consoleErrors: string[];
  /** Network URLs the page tried to load; all are refused, so pages must work offline. */
  blockedRequests: string[];
  /** Local resources that failed to load (e.g. a template's missing script, or `src=x`). */
  failedRequests: string[];
  /** The value of `probe`, when one was given (passed through JSON). */
  probe?: unknown;
}

/**
 * Load a local HTML file with the network cut off, wait for its charts, count what rendered and
 * save a screenshot. Needs `--allow-run` (it starts a child Deno and Chromium).
 */
export async function checkHtmlInBrowser(
  path: string,
  options: BrowserCheckOptions,
): Promise<BrowserCheck> {
  const request = JSON.stringify({
    path: resolve(path),
    options: { ...options, screenshot: resolve(options.screenshot) },
  });
  const child = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", "--quiet", import.meta.url, request],
    cwd: new URL("../", import.meta.url).pathname,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decode = (b: Uint8Array) => new TextDecoder().decode(b);
  const lines = decode(child.stdout).trim().split("\n");
  const result = lines[lines.length - 1];
  if (child.code !== 0 || !result.startsWith(RESULT)) {
    throw new Error(
      `Cannot check "${path}" in Chromium (exit ${child.code}):\n${decode(child.stderr)}`,
    );
  }
  return JSON.parse(result.slice(RESULT.length));
}

const RESULT = "verdict-browser-result ";

async function inBrowser(path: string, options: BrowserCheckOptions): Promise<BrowserCheck> {
  const { chromium } = await import("playwright-core");
  const profile = await Deno.makeTempDir({ prefix: "verdict-chromium-" });
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ARGS,
    viewport: { width: 1280, height: 900 },
  });
  try {
    const page = context.pages()[0] ?? await context.newPage();
    const blocked = new Set<string>();
    const failed = new Set<string>();
    const errors: { text: string; url: string }[] = [];
    await context.route(/^(https?|wss?|ftp):/, (route) => {
      blocked.add(route.request().url());
      return route.abort("blockedbyclient");
    });
    page.on("requestfailed", (request) => {
      if (!blocked.has(request.url())) failed.add(request.url());
    });
    page.on("console", (msg) => {
      if (msg.type() === "error") errors.push({ text: msg.text(), url: msg.location().url });
    });
    page.on("pageerror", (err) => errors.push({ text: `uncaught: ${err.message}`, url: "" }));
    await page.goto(pathToFileURL(resolve(path)).href, { waitUntil: "load", timeout: 60_000 });
    // Page-side code is given as source text: these files are type-checked without the DOM lib.
    const drawn = `[...document.querySelectorAll(".js-plotly-plot")]
      .filter((p) => p.querySelector(".main-svg") && p.querySelector(".trace")).length`;
    const slots = `document.querySelectorAll(".verdict-chart").length`;
    const want = options.expectPlots === undefined ? slots : String(options.expectPlots);
    await page.waitForFunction(`${drawn} >= ${want}`, undefined, {
      timeout: options.timeoutMs ?? 20_000,
      polling: 100,
    }).catch(() => {/* what did render is counted below */});
    await page.waitForTimeout(300); // let late onerror handlers fire
    const seen = await page.evaluate(`({
      plots: ${drawn},
      chartSlots: ${slots},
      tables: document.querySelectorAll("table").length,
      xss: window.__verdict_xss !== undefined,
    })`) as { plots: number; chartSlots: number; tables: number; xss: boolean };
    const probe = options.probe === undefined ? undefined : await page.evaluate(options.probe);
    await page.screenshot({ path: options.screenshot, fullPage: true });
    // A failed load is reported twice (request and console): keep it in the request lists only.
    const consoleErrors = errors.filter((e) =>
      !(e.text.startsWith("Failed to load resource") && (blocked.has(e.url) || failed.has(e.url)))
    ).map((e) => e.url ? `${e.text} (${e.url})` : e.text);
    return {
      ...seen,
      consoleErrors,
      blockedRequests: [...blocked],
      failedRequests: [...failed],
      ...(options.probe === undefined ? {} : { probe }),
    };
  } finally {
    await context.close();
    await Deno.remove(profile, { recursive: true }).catch(() => {});
  }
}

if (import.meta.main) {
  const { path, options } = JSON.parse(Deno.args[0]);
  console.log(RESULT + JSON.stringify(await inBrowser(path, options)));
}
