"""Independent re-verification of a redacted trail, written from docs/trail-format.md only.

usage: python3 verify_redaction.py <trail dir> <key file> <secret file>
Checks the hash chain with the documented recipe, then that some marker in the trail commits
to the secret: [redacted:<kind>:<first 16 hex of HMAC-SHA256(key, "trailseal-redact:v1:" + secret)>].
Prints "ok <events> <matches>".
"""
import glob, hashlib, hmac, json, re, sys

trail, key_file, secret_file = sys.argv[1:4]
key = bytes.fromhex(open(key_file, encoding="ascii").read().strip())
secret = open(secret_file, encoding="utf-8").read()
commitment = hmac.new(key, ("trailseal-redact:v1:" + secret).encode("utf-8"), hashlib.sha256).hexdigest()[:16]
marker = re.compile(r"\[redacted:([a-z0-9]+(?:-[a-z0-9]+)*):([0-9a-f]{16})\]")

prev, n, matches = "sha256:" + "0" * 64, 0, 0
for path in sorted(glob.glob(trail + "/*.jsonl")):
    for line in open(path, encoding="utf-8"):
        event = json.loads(line)
        claimed = event.pop("hash")
        jcs = json.dumps(event, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        assert event["seq"] == n, f"gap at seq {n}"
        assert event["prev"] == prev, f"broken link at seq {n}"
        assert "sha256:" + hashlib.sha256(jcs.encode("utf-8")).hexdigest() == claimed, f"hash mismatch at seq {n}"
        assert secret not in line, f"secret in clear at seq {n}"
        matches += sum(1 for m in marker.finditer(line) if m.group(2) == commitment)
        prev, n = claimed, n + 1
assert matches > 0, "no marker commits to the secret"
print("ok", n, matches)
