"""Build the made-up Inspect `.eval` test logs from inspect_log.json (run from this folder).

inspect_deflate.eval  members compressed with deflate (zip method 8)
inspect_zstd.eval     members compressed with zstd (zip method 93), via the `zstd` command
inspect_crashed.eval  no header.json: only _journal/start.json and _journal/summaries/1.json

The zip container is written by hand because Python's zipfile cannot write method 93.
"""
import json
import struct
import subprocess
import zlib


def deflate(data: bytes) -> bytes:
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    return c.compress(data) + c.flush()


def zstd(data: bytes) -> bytes:
    return subprocess.run(["zstd", "-q", "-c", "-19"], input=data, capture_output=True, check=True).stdout


def write_zip(path: str, members: list[tuple[str, bytes]], method: int) -> None:
    out = bytearray()
    central = bytearray()
    for name, data in members:
        packed = deflate(data) if method == 8 else zstd(data)
        crc = zlib.crc32(data) & 0xFFFFFFFF
        encoded = name.encode()
        offset = len(out)
        out += struct.pack("<IHHHHHIIIHH", 0x04034B50, 63, 0x800, method, 0, 0x21,
                           crc, len(packed), len(data), len(encoded), 0) + encoded + packed
        central += struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 63, 63, 0x800, method, 0, 0x21,
                               crc, len(packed), len(data), len(encoded), 0, 0, 0, 0, 0, offset) + encoded
    start = len(out)
    out += central
    out += struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members),
                       len(central), start, 0)
    open(path, "wb").write(bytes(out))


def dumps(value) -> bytes:
    return json.dumps(value, indent=2).encode()  # NaN stays a bare token, as Inspect writes it


log = json.load(open("inspect_log.json"))
samples = log.pop("samples")
summaries = [{"id": s["id"], "epoch": s["epoch"], "scores": s["scores"],
              "error": s["error"]["message"] if "error" in s else None} for s in samples]
members = [("_journal/start.json", dumps({"version": log["version"], "eval": log["eval"], "plan": log["plan"]}))]
members += [(f"samples/{s['id']}_epoch_{s['epoch']}.json", dumps(s)) for s in samples]
members += [("summaries.json", dumps(summaries)), ("header.json", dumps(log))]
write_zip("inspect_deflate.eval", members, 8)
write_zip("inspect_zstd.eval", members, 93)
write_zip("inspect_crashed.eval", [members[0], ("_journal/summaries/1.json", dumps(summaries))], 8)
