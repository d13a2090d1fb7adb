#!/usr/bin/python3
"""Run a notebook on a Jupyter kernel cell by cell and write the executed copy.

Why not nbconvert/nbclient: Deno's kernel sometimes publishes a cell's outputs
after the cell's `status: idle`, and nbclient stops listening at idle, so
outputs go missing. Here, after idle, the iopub channel keeps being read until
QUIET seconds pass with no message for the cell.

This is what `verdict notebook` (`deno task notebook`) runs; it can also be run
by hand:
    /usr/bin/python3 cli/notebook_executor.py IN.ipynb OUT.ipynb [--html OUT.html] [options]
    /usr/bin/python3 cli/notebook_executor.py --check [--kernel deno]

With --html, the executed notebook is also exported to one HTML file that
loads nothing: nbconvert's own <script src> tags for require.js and MathJax
(which point at a CDN or at files of the machine that exported it) are left
out of the page's head; the outputs are kept as they are.

Exit status: 0 when every cell ran; 1 when a cell raised an error or timed
out (the executed notebook is still written, and the cell is named on stderr);
2 for bad usage or an unreadable notebook; 3 when --check finds the kernel or
a library missing (the reason is printed).
"""

import argparse
import os
import queue
import re
import sys
import time

QUIET = 0.1  # seconds of silence after idle before a cell counts as finished


def missing_requirement(kernel_name):
    """Return why notebooks cannot run here, or None when they can."""
    try:
        import jupyter_client  # noqa: F401
        import nbformat  # noqa: F401
    except ImportError as e:
        return f"{sys.executable} lacks {e.name} (apt-get install jupyter-client jupyter-nbconvert)"
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec(kernel_name)
    except NoSuchKernel:
        return f'no "{kernel_name}" kernelspec (run: deno jupyter --install --force)'
    return None


class Outputs:
    """The outputs of every cell, with display ids to apply updates to."""

    def __init__(self, nbformat):
        self.nbformat = nbformat
        self.by_display_id = {}  # display id -> list of output dicts showing it

    def add(self, cell, msg):
        kind = msg["header"]["msg_type"]
        content = msg["content"]
        new = self.nbformat.v4.new_output
        if kind == "stream":
            last = cell.outputs[-1] if cell.outputs else None
            if last is not None and last.output_type == "stream" and last.name == content["name"]:
                last.text += content["text"]
            else:
                cell.outputs.append(new("stream", name=content["name"], text=content["text"]))
        elif kind in ("display_data", "execute_result"):
            fields = {"data": content.get("data", {}), "metadata": content.get("metadata", {})}
            if kind == "execute_result":
                fields["execution_count"] = content.get("execution_count")
            out = new(kind, **fields)
            cell.outputs.append(out)
            display_id = (content.get("transient") or {}).get("display_id")
            if display_id:
                self.by_display_id.setdefault(display_id, []).append(out)
        elif kind == "update_display_data":
            display_id = (content.get("transient") or {}).get("display_id")
            for out in self.by_display_id.get(display_id, []):
                out.data = content.get("data", {})
                out.metadata = content.get("metadata", {})
        elif kind == "error":
            cell.outputs.append(
                new("error", ename=content["ename"], evalue=content["evalue"],
                    traceback=content.get("traceback", []))
            )
        elif kind == "clear_output":
            # `wait` would defer the clearing to the next output; for a stored
            # notebook the result is the same as clearing now.
            for out in cell.outputs:
                for ids in self.by_display_id.values():
                    if out in ids:
                        ids.remove(out)
            cell.outputs = []


def export_html(nb, path):
    """Write the notebook as one HTML page that fetches nothing when opened."""
    from nbconvert import HTMLExporter

    body, _ = HTMLExporter(template_name="lab").from_notebook_node(nb)
    head_end = body.find("</head>")
    if head_end > 0:
        # Only the template's own head: outputs live in the body and are not touched.
        head = re.sub(r'<script[^>]*\ssrc="[^"]*"[^>]*>\s*</script>\s*', "", body[:head_end])
        body = head + body[head_end:]
    with open(path, "w", encoding="utf-8") as f:
        f.write(body)


def run_cell(km, client, cell, outputs, timeout, late):
    """Execute one code cell; return (status, seconds)."""
    started = time.monotonic()
    msg_id = client.execute(cell.source, store_history=True, allow_stdin=False, stop_on_error=True)
    late[msg_id] = cell
    idle_at = None
    while True:
        now = time.monotonic()
        if idle_at is None and now - started > timeout:
            return "timeout", now - started
        wait = QUIET if idle_at is not None else min(1.0, timeout)
        try:
            msg = client.get_iopub_msg(timeout=wait)
        except queue.Empty:
            if idle_at is not None:
                break
            if not km.is_alive():
                return "died", time.monotonic() - started
            continue
        parent = msg.get("parent_header", {}).get("msg_id")
        target = late.get(parent)
        if target is None:
            continue  # not from a cell of ours (e.g. the kernel's startup status)
        if target is not cell:
            outputs.add(target, msg)  # a late output of an earlier cell
            continue
        kind = msg["header"]["msg_type"]
        if kind == "status":
            if msg["content"]["execution_state"] == "idle":
                idle_at = time.monotonic()
        elif kind == "execute_input":
            cell.execution_count = msg["content"].get("execution_count")
        else:
            outputs.add(cell, msg)
            if idle_at is not None:
                idle_at = time.monotonic()
    reply = client.get_shell_msg(timeout=timeout)
    content = reply.get("content", {}) if reply["parent_header"].get("msg_id") == msg_id else {}
    if content.get("execution_count") is not None:
        cell.execution_count = content["execution_count"]
    failed = content.get("status") == "error" or any(o.output_type == "error" for o in cell.outputs)
    return ("error" if failed else "ok"), time.monotonic() - started


def main():
    parser = argparse.ArgumentParser(description="Execute a notebook with a quiet period after idle.")
    parser.add_argument("input", nargs="?")
    parser.add_argument("output", nargs="?")
    parser.add_argument("--kernel", help="kernel name (default: the notebook's kernelspec, or deno)")
    parser.add_argument("--timeout", type=float, default=180.0, help="seconds per cell (default 180)")
    parser.add_argument("--cwd", help="kernel working directory (default: the notebook's folder)")
    parser.add_argument("--check", action="store_true", help="only check that notebooks can run")
    parser.add_argument("--html", help="also export the executed notebook to this HTML file")
    args = parser.parse_args()

    if args.check:
        reason = missing_requirement(args.kernel or "deno")
        if reason:
            print(reason)
            return 3
        print("ok")
        return 0
    if not args.input or not args.output:
        parser.error("IN.ipynb and OUT.ipynb are required")

    reason = missing_requirement(args.kernel or "deno")
    if reason:
        print(f"Cannot execute {args.input}: {reason}", file=sys.stderr)
        return 3
    import nbformat
    from jupyter_client import KernelManager

    try:
        nb = nbformat.read(args.input, as_version=4)
    except Exception as e:  # unreadable or not a notebook
        print(f'Cannot read notebook "{args.input}": {e}', file=sys.stderr)
        return 2
    try:
        nbformat.validate(nb)
    except nbformat.ValidationError as e:
        # nbconvert refuses invalid notebooks later on; say so before running anything.
        print(f'Notebook "{args.input}" is not valid nbformat: {e.message}', file=sys.stderr)
        return 2
    kernel = args.kernel or nb.metadata.get("kernelspec", {}).get("name") or "deno"
    cwd = args.cwd or os.path.dirname(os.path.abspath(args.input))
    env = dict(os.environ, NO_COLOR="1")

    km = KernelManager(kernel_name=kernel)
    km.start_kernel(cwd=cwd, env=env)
    client = km.client()
    client.start_channels()
    outputs = Outputs(nbformat)
    status = 0
    total = time.monotonic()
    try:
        client.wait_for_ready(timeout=60)
        late = {}
        for cell in nb.cells:
            if cell.cell_type == "code":
                cell.outputs = []
                cell.execution_count = None
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code" or not cell.source.strip():
                continue
            result, seconds = run_cell(km, client, cell, outputs, args.timeout, late)
            if result != "ok":
                detail = next(
                    (f'{o.ename}: {o.evalue}' for o in cell.outputs if o.output_type == "error"),
                    {
                        "timeout": f"no reply within {args.timeout:g} s",
                        "died": "the kernel died",
                    }.get(result, "error reply"),
                )
                first = cell.source.strip().splitlines()[0][:80]
                print(f"{args.input}: cell {index + 1} ({first!r}) failed: {detail}", file=sys.stderr)
                status = 1
                break
    finally:
        client.stop_channels()
        km.shutdown_kernel(now=True)
    nbformat.write(nb, args.output)
    print(f"{args.input}: executed in {time.monotonic() - total:.1f} s", file=sys.stderr)
    if args.html:
        export_html(nb, args.html)
    return status


if __name__ == "__main__":
    sys.exit(main())
