/**
 * Writing output files safely: checked before any work starts (the folder exists, writing is
 * allowed, the target is not an input), and written atomically — into a temporary file beside the
 * target, renamed over it only once complete — so a run that is killed never leaves a file that
 * looks finished.
 *
 * @module
 */
// node:path is imported where a path is resolved, not here: its first import starts Deno's Node
// layer (~6–10 ms), which a command that writes no file should not pay at start-up.
import { markUserError, UserTypeError } from "../errors/mod.ts";

/** What {@link checkOutputPath} needs to know. */
export interface OutputCheckOptions {
  /** How the file is named in messages: a flag (`--scored`) or a description (`the scored file`). */
  what: string;
  /** Paths (or `file:` URLs) the run reads: the output must not be one of them. */
  inputs?: readonly unknown[];
}

function pathOf(source: unknown): string | undefined {
  if (typeof source === "string") return source;
  if (source instanceof URL && source.protocol === "file:") {
    return decodeURIComponent(source.pathname);
  }
  return undefined;
}

async function statOrNull(path: string): Promise<Deno.FileInfo | null> {
  try {
    return await Deno.stat(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound || error instanceof Deno.errors.NotADirectory) {
      return null;
    }
    throw error;
  }
}

/** True when two paths name one file (the same path, or the same device and inode). */
async function sameFile(a: string, b: string): Promise<boolean> {
  const { resolve } = await import("node:path");
  if (resolve(a) === resolve(b)) return true;
  const [sa, sb] = await Promise.all([statOrNull(a), statOrNull(b)]);
  return sa !== null && sb !== null && sa.ino !== null && sa.ino === sb.ino && sa.dev === sb.dev;
}

async function permitted(path: string): Promise<boolean> {
  const { state } = await Deno.permissions.query({ name: "write", path });
  return state === "granted";
}

/**
 * Check, before any work, that `path` can be written: it is not one of the inputs, its folder
 * exists, it is not a folder, and writing is allowed (by Deno's permissions and by the file
 * system). Throws a user error naming the flag and the path; returns nothing when all is well.
 *
 * @example Refuse to overwrite the input
 * ```ts
 * import { checkOutputPath } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/runs.csv`, "id,output\n");
 * await assert.rejects(
 *   checkOutputPath(`${dir}/runs.csv`, { what: "--scored", inputs: [`${dir}/runs.csv`] }),
 *   /--scored .* is the file being read; write the output to another file/,
 * );
 * await assert.rejects(checkOutputPath(`${dir}/no/such/x.csv`, { what: "--html" }), /folder .* does not exist/);
 * await checkOutputPath(`${dir}/scored.csv`, { what: "--scored", inputs: [`${dir}/runs.csv`] });
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export async function checkOutputPath(path: string, options: OutputCheckOptions): Promise<void> {
  const { what } = options;
  const label = `${what} "${path}"`;
  for (const input of options.inputs ?? []) {
    const inputPath = pathOf(input);
    if (inputPath !== undefined && await sameFile(path, inputPath)) {
      throw new UserTypeError(
        `Cannot write ${label}: it is the file being read; write the output to another file`,
      );
    }
  }
  const { dirname, resolve } = await import("node:path");
  const folder = dirname(resolve(path));
  if (!await permitted(path)) {
    throw markUserError(
      new Deno.errors.NotCapable(
        `Cannot write ${label}: writing it is not allowed (run with --allow-write)`,
      ),
    );
  }
  const folderInfo = await statOrNull(folder);
  if (folderInfo === null || !folderInfo.isDirectory) {
    throw markUserError(
      new Deno.errors.NotFound(`Cannot write ${label}: the folder "${folder}" does not exist`),
    );
  }
  const target = await statOrNull(path);
  if (target?.isDirectory) {
    throw new UserTypeError(`Cannot write ${label}: it is a folder`);
  }
  // The file system may refuse what Deno allows (a read-only folder or file): try it now.
  try {
    if (await permitted(folder)) {
      const probe = await Deno.makeTempFile({ dir: folder, prefix: ".verdict-", suffix: ".tmp" });
      await Deno.remove(probe);
    } else {
      const file = await Deno.open(path, { write: true, create: true });
      file.close();
      if (target === null) await Deno.remove(path);
    }
  } catch (error) {
    if (error instanceof Deno.errors.PermissionDenied) {
      throw markUserError(
        new Deno.errors.PermissionDenied(
          `Cannot write ${label}: the file system does not allow it (${error.message})`,
        ),
      );
    }
    throw error;
  }
}

/**
 * A file written atomically: bytes go to a temporary file beside the target (`.NAME.verdict-….tmp`),
 * which {@link AtomicFile.commit} renames over the target once complete; until then the target
 * is untouched. When the folder may not be written (a permission for the file alone), the file is
 * written in place instead.
 *
 * @example Nothing appears until commit
 * ```ts
 * import { AtomicFile } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const dir = await Deno.makeTempDir();
 * const out = await AtomicFile.create(`${dir}/report.html`);
 * await out.write(new TextEncoder().encode("<p>done</p>"));
 * assert.equal((await Array.fromAsync(Deno.readDir(dir))).some((e) => e.name === "report.html"), false);
 * await out.commit();
 * assert.equal(await Deno.readTextFile(`${dir}/report.html`), "<p>done</p>");
 * await Deno.remove(dir, { recursive: true });
 * ```
 */
export class AtomicFile {
  /** Where the file ends up. */
  readonly path: string;
  readonly #temp: string | null;
  readonly #file: Deno.FsFile;
  readonly #mode: number;
  #done = false;

  private constructor(path: string, temp: string | null, file: Deno.FsFile, mode: number) {
    this.path = path;
    this.#temp = temp;
    this.#file = file;
    this.#mode = mode;
  }

  /** Start writing `path`. */
  static async create(path: string): Promise<AtomicFile> {
    const { dirname, resolve } = await import("node:path");
    const folder = dirname(resolve(path));
    if (await permitted(folder)) {
      const name = resolve(path).slice(folder.length + 1);
      const temp = await Deno.makeTempFile({
        dir: folder,
        prefix: `.${name}.verdict-`,
        suffix: ".tmp",
      });
      // The finished file gets the target's mode, or the usual rw-r--r-- (a temporary file is
      // created private).
      const mode = ((await statOrNull(path))?.mode ?? 0o644) & 0o777;
      const file = await Deno.open(temp, { write: true, truncate: true });
      return new AtomicFile(path, temp, file, mode);
    }
    const file = await Deno.open(path, { write: true, create: true, truncate: true });
    return new AtomicFile(path, null, file, 0);
  }

  /** Append bytes. */
  async write(bytes: Uint8Array): Promise<void> {
    let written = 0;
    while (written < bytes.length) written += await this.#file.write(bytes.subarray(written));
  }

  /** Finish: flush, close and move the file into place. */
  async commit(): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    await this.#file.sync().catch(() => {});
    this.#file.close();
    if (this.#temp !== null) {
      await Deno.chmod(this.#temp, this.#mode).catch(() => {}); // not on Windows
      await Deno.rename(this.#temp, this.path);
    }
  }

  /** Give up: close and remove the temporary file (the target is left as it was). */
  async abort(): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    this.#file.close();
    if (this.#temp !== null) await Deno.remove(this.#temp).catch(() => {});
  }
}

/**
 * Write a whole text file atomically (see {@link AtomicFile}).
 *
 * @example Write a page
 * ```ts
 * import { writeTextFileAtomic } from "@verdict/verdict";
 * import assert from "node:assert/strict";
 *
 * const path = await Deno.makeTempFile({ suffix: ".html" });
 * await writeTextFileAtomic(path, "<p>report</p>");
 * assert.equal(await Deno.readTextFile(path), "<p>report</p>");
 * await Deno.remove(path);
 * ```
 */
export async function writeTextFileAtomic(path: string, text: string): Promise<void> {
  const file = await AtomicFile.create(path);
  try {
    await file.write(new TextEncoder().encode(text));
    await file.commit();
  } catch (error) {
    await file.abort();
    throw error;
  }
}
