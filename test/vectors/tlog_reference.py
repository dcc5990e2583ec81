#!/usr/bin/env python3
"""An independent RFC 6962 implementation (hashlib only, straight from the RFC's recursive
definitions of MTH, PATH and PROOF), used to cross-check src/tlog. It shares no code with the
TypeScript. Usage: tlog_reference.py < spec.json > vectors.json, where spec is
{"entries": N, "inclusion": [[index, size], ...], "consistency": [[old, new], ...]} and entry i
is the UTF-8 of "entry-<i>". Run with no input to regenerate tlog-proofs.json."""
import hashlib, json, sys

def leaf(d): return hashlib.sha256(b"\x00" + d).digest()
def node(l, r): return hashlib.sha256(b"\x01" + l + r).digest()

def split(n):
    k = 1
    while k * 2 < n: k *= 2
    return k

def mth(ls):
    if not ls: return hashlib.sha256(b"").digest()
    if len(ls) == 1: return ls[0]
    k = split(len(ls))
    return node(mth(ls[:k]), mth(ls[k:]))

def path(m, ls):
    if len(ls) <= 1: return []
    k = split(len(ls))
    if m < k: return path(m, ls[:k]) + [mth(ls[k:])]
    return path(m - k, ls[k:]) + [mth(ls[:k])]

def subproof(m, ls, b):
    n = len(ls)
    if m == n: return [] if b else [mth(ls)]
    k = split(n)
    if m <= k: return subproof(m, ls[:k], b) + [mth(ls[k:])]
    return subproof(m - k, ls[k:], False) + [mth(ls[:k])]

def proof(m, ls):
    return [] if m == 0 or m == len(ls) else subproof(m, ls, True)

def main():
    raw = sys.stdin.read() if not sys.stdin.isatty() else ""
    spec = json.loads(raw) if raw.strip() else {
        "entries": 300,
        "inclusion": [[0, 1], [0, 2], [1, 2], [6, 7], [255, 256], [256, 257], [100, 300], [299, 300], [17, 129]],
        "consistency": [[1, 2], [3, 7], [4, 8], [7, 256], [255, 256], [256, 257], [100, 300], [129, 131], [1, 300]],
    }
    ls = [leaf(f"entry-{i}".encode()) for i in range(spec["entries"])]
    out = {
        "origin": "test/vectors/tlog_reference.py (independent Python RFC 6962 implementation); entry i is UTF-8 \"entry-<i>\"",
        "entries": spec["entries"],
        "roots": {str(s): mth(ls[:s]).hex() for s in sorted({s for _, s in spec["inclusion"]} | {s for p in spec["consistency"] for s in p})},
        "inclusion": [{"index": i, "size": s, "proof": [h.hex() for h in path(i, ls[:s])]} for i, s in spec["inclusion"]],
        "consistency": [{"old": a, "new": b, "proof": [h.hex() for h in proof(a, ls[:b])]} for a, b in spec["consistency"]],
    }
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")

main()
