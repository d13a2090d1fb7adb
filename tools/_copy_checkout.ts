// Private: a copy of a checkout's files, for measurements and tests that must run verdict from a
// folder of its own (the demo's cold start, the command bundles built in a copy).

/**
 * Copy the files of the checkout at `root` (a path ending in "/") to `dest`: the tracked ones with
 * their uncommitted changes, and new ones git does not ignore. Nothing git ignores (`dist/`,
 * `node_modules/`, test artifacts) is copied.
 */
export async function copyCheckout(root: string, dest: string): Promise<void> {
  const out = await new Deno.Command("git", {
    args: ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    cwd: root,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`git ls-files failed in ${root}: ${new TextDecoder().decode(out.stderr)}`);
  }
  for (const file of new TextDecoder().decode(out.stdout).split("\0").filter(Boolean)) {
    const target = `${dest}/${file}`;
    await Deno.mkdir(target.slice(0, target.lastIndexOf("/")), { recursive: true });
    try {
      await Deno.copyFile(`${root}${file}`, target);
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e; // deleted, not yet committed
    }
  }
}
