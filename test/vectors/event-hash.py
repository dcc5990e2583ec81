#!/usr/bin/env python3
"""Independent generator of test/vectors/event-hash.json (DESIGN §4).

Python's json.dumps with sort_keys, compact separators and ensure_ascii=False equals RFC 8785
JCS for the values used here (strings, integers, booleans, null, nested objects and arrays; no
floats, no non-BMP object keys), so these hashes do not come from the code under test.
Run: python3 test/vectors/event-hash.py > test/vectors/event-hash.json
"""
import hashlib, json

def jcs(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)

def chain(bodies):
    prev = "sha256:" + "0" * 64
    out = []
    for seq, (ts, body) in enumerate(bodies):
        event = dict(body, seq=seq, ts=ts, prev=prev)
        event["hash"] = "sha256:" + hashlib.sha256(jcs({k: v for k, v in event.items() if k != "hash"}).encode("utf-8")).hexdigest()
        prev = event["hash"]
        out.append({"line": jcs(event), "hash": event["hash"]})
    return out

bodies = [
    ("2026-01-01T00:00:00.000Z", {"risk": {"level": "none", "flags": []}, "agent": "claude-code", "session": "s-1",
      "cwd": "/home/dev/project", "phase": "pre", "action": {"tool": "Read", "kind": "file", "op": "read",
      "path": "/home/dev/project/src/index.ts"}, "decision": "allow", "reasons": [],
      "input": {"file_path": "/home/dev/project/src/index.ts"}}),
    ("2026-01-01T00:00:01.250Z", {"risk": {"level": "critical", "flags": ["destructive_command", "broad_file_deletion"]},
      "agent": "claude-code", "session": "s-1", "cwd": "/home/dev/project", "phase": "pre",
      "action": {"tool": "Bash", "kind": "command", "command": "rm -rf /"}, "decision": "deny",
      "reasons": ["recursive forced delete of /", "policy: max_risk high"], "input": {"command": "rm -rf /"}}),
    ("2026-01-01T00:00:02.000Z", {"risk": {"level": "low", "flags": []}, "agent": "générique \u00e9\u20ac\U0001F600",
      "session": None, "cwd": None, "phase": "record", "action": {"tool": "other", "kind": "other",
      "description": "tab\tbell\u0007quote\"backslash\\ <script>"}, "decision": "logged", "reasons": [],
      "input": {"n": [0, 1, -7, 9007199254740991], "ok": True, "none": None}}),
]
print(json.dumps({"origin": "test/vectors/event-hash.py (python json as JCS, hashlib sha256)", "events": chain(bodies)}, indent=2, ensure_ascii=False))
