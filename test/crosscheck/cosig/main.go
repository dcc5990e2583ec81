// Command cosig cross-checks trailseal's C2SP cosignature/v1 (c2sp.org/tlog-cosignature) with
// Go's golang.org/x/mod/sumdb/note, sharing no code with trailseal. sumdb/note has no
// cosignature type, so this file adds the few lines a note.Verifier and note.Signer for it need
// (as transparency-dev/formats does):
//
//	verify <note-file> <log-vkey> <witness-vkey>...   note.Open must verify the log's signature and every witness's cosignature
//	sign <name> <seed-hex> <timestamp> <text-file>    prints the cosignature line Go makes for the checkpoint text
package main

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
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
	default:
		fail("unknown mode %q", os.Args[1])
	}
}
