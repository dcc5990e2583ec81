// Command cosig cross-checks trailseal's C2SP cosignature/v1 (c2sp.org/tlog-cosignature) with
// Go's golang.org/x/mod/sumdb/note, sharing no code with trailseal. sumdb/note has no
// cosignature type, so this file adds the few lines a note.Verifier and note.Signer for it need
// (as transparency-dev/formats does):
//
//	verify <note-file> <log-vkey> <witness-vkey>...   note.Open must verify the log's signature and every witness's cosignature
//	sign <name> <seed-hex> <timestamp> <text-file>    prints the cosignature line Go makes for the checkpoint text
//	submit <witness-url> <origin> <seed-hex> <witness-vkey>
//	    a sumdb-style log in Go (sumdb/tlog hashes and proofs, sumdb/note signatures) uses the
//	    witness per c2sp.org/tlog-witness: size 7 from old 0, then size 20 from old 0 (a 409 must
//	    name 7), then from old 7 with the tlog.ProveTree proof; every cosignature is verified.
//	    Then another tree of size 20 from old 20 (422), and the monitoring API
//	    (GET <url>/<hex SHA-256 of the origin>/checkpoint: 404 before, then the size-20
//	    checkpoint, which note.Open must verify with the log's and the witness's keys)
package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

const algCosignatureV1 = 0x04

func keyHash(name string, key []byte) uint32 {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{'\n', algCosignatureV1})
	h.Write(key)
	return binary.BigEndian.Uint32(h.Sum(nil))
}

func message(t uint64, text []byte) []byte {
	return []byte(fmt.Sprintf("cosignature/v1\ntime %d\n%s", t, text))
}

type verifier struct {
	name string
	hash uint32
	key  ed25519.PublicKey
}

func (v *verifier) Name() string    { return v.name }
func (v *verifier) KeyHash() uint32 { return v.hash }
func (v *verifier) Verify(msg, sig []byte) bool {
	if len(sig) != 8+ed25519.SignatureSize {
		return false
	}
	return ed25519.Verify(v.key, message(binary.BigEndian.Uint64(sig), msg), sig[8:])
}

func newVerifier(vkey string) (*verifier, error) {
	parts := strings.SplitN(vkey, "+", 3)
	if len(parts) != 3 {
		return nil, errors.New("vkey has not three parts")
	}
	raw, err := base64.StdEncoding.DecodeString(parts[2])
	if err != nil || len(raw) != 33 || raw[0] != algCosignatureV1 {
		return nil, errors.New("not a cosignature/v1 Ed25519 vkey")
	}
	h, err := strconv.ParseUint(parts[1], 16, 32)
	if err != nil || uint32(h) != keyHash(parts[0], raw[1:]) {
		return nil, errors.New("key hash does not match")
	}
	return &verifier{name: parts[0], hash: uint32(h), key: ed25519.PublicKey(raw[1:])}, nil
}

type signer struct {
	name string
	hash uint32
	key  ed25519.PrivateKey
	time uint64
}

func (s *signer) Name() string    { return s.name }
func (s *signer) KeyHash() uint32 { return s.hash }
func (s *signer) Sign(msg []byte) ([]byte, error) {
	out := binary.BigEndian.AppendUint64(nil, s.time)
	return append(out, ed25519.Sign(s.key, message(s.time, msg))...), nil
}

func fail(format string, args ...interface{}) {
	fmt.Printf("FAIL "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 2 {
		fail("usage: cosig verify|sign ...")
	}
	switch os.Args[1] {
	case "verify":
		data, err := os.ReadFile(os.Args[2])
		if err != nil {
			fail("%v", err)
		}
		logV, err := note.NewVerifier(os.Args[3])
		if err != nil {
			fail("log vkey: %v", err)
		}
		verifiers := []note.Verifier{logV}
		for _, k := range os.Args[4:] {
			v, err := newVerifier(k)
			if err != nil {
				fail("witness vkey %s: %v", k, err)
			}
			verifiers = append(verifiers, v)
		}
		n, err := note.Open(data, note.VerifierList(verifiers...))
		if err != nil {
			fail("note.Open: %v", err)
		}
		for _, v := range verifiers {
			found := false
			for _, s := range n.Sigs {
				if s.Name == v.Name() && s.Hash == v.KeyHash() {
					found = true
				}
			}
			if !found {
				fail("no verified signature by %s+%08x", v.Name(), v.KeyHash())
			}
			fmt.Printf("ok %s+%08x\n", v.Name(), v.KeyHash())
		}
	case "sign":
		seed, err := hex.DecodeString(os.Args[3])
		if err != nil || len(seed) != ed25519.SeedSize {
			fail("seed is not 32 bytes of hex")
		}
		t, err := strconv.ParseUint(os.Args[4], 10, 63)
		if err != nil {
			fail("timestamp: %v", err)
		}
		text, err := os.ReadFile(os.Args[5])
		if err != nil {
			fail("%v", err)
		}
		key := ed25519.NewKeyFromSeed(seed)
		s := &signer{name: os.Args[2], hash: keyHash(os.Args[2], key.Public().(ed25519.PublicKey)), key: key, time: t}
		signed, err := note.Sign(&note.Note{Text: string(text)}, s)
		if err != nil {
			fail("note.Sign: %v", err)
		}
		fmt.Print(string(signed[len(text)+1:]))
	case "submit":
		submit(os.Args[2], os.Args[3], os.Args[4], os.Args[5])
	default:
		fail("unknown mode %q", os.Args[1])
	}
}

// noteKeyHash is signed-note's key ID for an Ed25519 (0x01) key.
func noteKeyHash(name string, key []byte) uint32 {
	h := sha256.New()
	h.Write([]byte(name))
	h.Write([]byte{'\n', 0x01})
	h.Write(key)
	return binary.BigEndian.Uint32(h.Sum(nil))
}

func submit(url, origin, seedHex, witnessVkey string) {
	seed, err := hex.DecodeString(seedHex)
	if err != nil || len(seed) != ed25519.SeedSize {
		fail("seed is not 32 bytes of hex")
	}
	pub := ed25519.NewKeyFromSeed(seed).Public().(ed25519.PublicKey)
	skey := fmt.Sprintf("PRIVATE+KEY+%s+%08x+%s", origin, noteKeyHash(origin, pub),
		base64.StdEncoding.EncodeToString(append([]byte{0x01}, seed...)))
	logSigner, err := note.NewSigner(skey)
	if err != nil {
		fail("log key: %v", err)
	}
	vkey := fmt.Sprintf("%s+%08x+%s", origin, noteKeyHash(origin, pub),
		base64.StdEncoding.EncodeToString(append([]byte{0x01}, pub...)))
	logVerifier, err := note.NewVerifier(vkey)
	if err != nil {
		fail("log vkey: %v", err)
	}
	witness, err := newVerifier(witnessVkey)
	if err != nil {
		fail("witness vkey: %v", err)
	}

	// The log: 20 records, their stored hashes kept in memory (sumdb/tlog's layout).
	var stored []tlog.Hash
	reader := tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(indexes))
		for i, x := range indexes {
			out[i] = stored[x]
		}
		return out, nil
	})
	for n := int64(0); n < 20; n++ {
		hashes, err := tlog.StoredHashes(n, []byte(fmt.Sprintf("go record %d", n)), reader)
		if err != nil {
			fail("StoredHashes: %v", err)
		}
		stored = append(stored, hashes...)
	}
	checkpoint := func(n int64) []byte {
		root, err := tlog.TreeHash(n, reader)
		if err != nil {
			fail("TreeHash: %v", err)
		}
		text := fmt.Sprintf("%s\n%d\n%s\n", origin, n, base64.StdEncoding.EncodeToString(root[:]))
		signed, err := note.Sign(&note.Note{Text: text}, logSigner)
		if err != nil {
			fail("note.Sign: %v", err)
		}
		return signed
	}
	post := func(old, n int64) (int, string, []byte) {
		var body bytes.Buffer
		fmt.Fprintf(&body, "old %d\n", old)
		if old > 0 && old < n {
			proof, err := tlog.ProveTree(n, old, reader)
			if err != nil {
				fail("ProveTree: %v", err)
			}
			for _, h := range proof {
				fmt.Fprintf(&body, "%s\n", base64.StdEncoding.EncodeToString(h[:]))
			}
		}
		signed := checkpoint(n)
		body.WriteString("\n")
		body.Write(signed)
		res, err := http.Post(url+"/add-checkpoint", "text/plain", &body)
		if err != nil {
			fail("POST: %v", err)
		}
		defer res.Body.Close()
		answer, _ := io.ReadAll(res.Body)
		if res.StatusCode == 200 {
			// The answer is signature lines: appended to the checkpoint, note.Open checks them.
			n, err := note.Open(append(signed, answer...), note.VerifierList(logVerifier, witness))
			if err != nil {
				fail("note.Open of the cosigned checkpoint: %v", err)
			}
			found := false
			for _, s := range n.Sigs {
				found = found || (s.Name == witness.Name() && s.Hash == witness.KeyHash())
			}
			if !found {
				fail("no cosignature by %s", witness.Name())
			}
		}
		return res.StatusCode, res.Header.Get("Content-Type"), answer
	}

	hash := sha256.Sum256([]byte(origin))
	monitoring := func() (int, []byte) {
		res, err := http.Get(url + "/" + hex.EncodeToString(hash[:]) + "/checkpoint")
		if err != nil {
			fail("GET: %v", err)
		}
		defer res.Body.Close()
		body, _ := io.ReadAll(res.Body)
		return res.StatusCode, body
	}
	status, _ := monitoring()
	fmt.Printf("monitoring before: %d\n", status)

	status, _, _ = post(0, 7)
	fmt.Printf("old 0 size 7: %d\n", status)
	status, kind, body := post(0, 20)
	fmt.Printf("old 0 size 20: %d %s %q\n", status, kind, body)
	status, _, _ = post(7, 20)
	fmt.Printf("old 7 size 20: %d\n", status)

	// Another tree of the size the witness holds, signed by the log: tlog-witness says 422.
	fork := fmt.Sprintf("%s\n20\n%s\n", origin, base64.StdEncoding.EncodeToString(bytes.Repeat([]byte{7}, 32)))
	forked, err := note.Sign(&note.Note{Text: fork}, logSigner)
	if err != nil {
		fail("note.Sign: %v", err)
	}
	res, err := http.Post(url+"/add-checkpoint", "text/plain", strings.NewReader("old 20\n\n"+string(forked)))
	if err != nil {
		fail("POST: %v", err)
	}
	res.Body.Close()
	fmt.Printf("old 20 another size 20: %d\n", res.StatusCode)

	status, body = monitoring()
	opened, err := note.Open(body, note.VerifierList(logVerifier, witness))
	if err != nil {
		fail("note.Open of the monitoring checkpoint: %v", err)
	}
	cosigned := false
	for _, s := range opened.Sigs {
		cosigned = cosigned || (s.Name == witness.Name() && s.Hash == witness.KeyHash())
	}
	fmt.Printf("monitoring: %d size %s cosigned %v\n", status, strings.Split(opened.Text, "\n")[1], cosigned)
}
