// Command crosscheck verifies a trailseal git transparency log with Go's own
// golang.org/x/mod/sumdb/note and golang.org/x/mod/sumdb/tlog, independently of
// trailseal's TypeScript code (docs/tlog.md, "Independent cross-check (Go)").
//
// Usage: crosscheck <log-dir> [older-checkpoint-file ...]
//
// <log-dir> is a checked-out work tree of a trailseal log (or any directory holding its
// files). Each older checkpoint (e.g. `git show <commit>:checkpoint` from the log's history)
// must verify and be proven consistent with the current one. One line per check; the exit
// status is 1 if any check failed, 2 on usage errors.
//
// Test tooling, not product code. Builds offline in GOPATH mode against Debian's
// golang-golang-x-mod-dev (x/mod 0.7.0):
//
//	GO111MODULE=off GOPATH=/usr/share/gocode GOFLAGS= go run main.go <log-dir>
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

// tileHeight is fixed by C2SP tlog-tiles: 256 hashes per tile.
const tileHeight = 8

var failures int

func check(name string, err error) bool {
	if err != nil {
		failures++
		fmt.Printf("FAIL %s: %v\n", name, err)
		return false
	}
	fmt.Printf("ok   %s\n", name)
	return true
}

func fatal(name string, err error) {
	check(name, err)
	os.Exit(1)
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: crosscheck <log-dir> [older-checkpoint-file ...]")
		os.Exit(2)
	}
	dir := os.Args[1]

	meta, err := readMetadata(dir)
	if err != nil {
		fatal("trailseal-log.json", err)
	}
	verifier, err := note.NewVerifier(meta.VerifierKey)
	if err != nil {
		fatal("note.NewVerifier(verifier_key)", err)
	}
	tree, err := openCheckpoint(filepath.Join(dir, "checkpoint"), verifier, meta.Origin)
	if err != nil {
		fatal("checkpoint: note.Open + origin/size/root", err)
	}
	check(fmt.Sprintf("checkpoint: note.Open verifies it with %s; size %d", verifier.Name(), tree.N), nil)

	entries, err := readEntries(dir, tree.N)
	if err != nil {
		fatal("entry bundles tile/entries/...", err)
	}
	check(fmt.Sprintf("entry bundles: %d entries in %d bundle(s)", len(entries), bundleCount(tree.N)), nil)

	store, err := buildStore(entries)
	if err != nil {
		fatal("tlog.StoredHashes", err)
	}
	root, err := treeHash(tree.N, store)
	if err == nil && root != tree.Hash {
		err = fmt.Errorf("tlog.TreeHash = %s, checkpoint root = %s", root, tree.Hash)
	}
	check("tlog.TreeHash of the entries equals the checkpoint root", err)

	checkTileSet(dir, tree.N)
	checkTileContents(dir, tree.N, store)

	reader := tlog.TileHashReader(tree, tileFiles{dir})
	for _, i := range sampleIndices(tree.N) {
		proof, err := tlog.ProveRecord(tree.N, i, reader)
		if err == nil {
			err = tlog.CheckRecord(proof, tree.N, tree.Hash, i, tlog.RecordHash(entries[i]))
		}
		check(fmt.Sprintf("entry %d: ProveRecord (from the stored tiles) + CheckRecord", i), err)
	}

	for _, path := range os.Args[2:] {
		old, err := openCheckpoint(path, verifier, meta.Origin)
		if err == nil && old.N > tree.N {
			err = fmt.Errorf("older checkpoint has size %d > %d", old.N, tree.N)
		}
		if err == nil && old.N == 0 {
			if old.Hash != emptyTree {
				err = fmt.Errorf("empty tree root %s, want SHA-256(\"\")", old.Hash)
			}
			check(fmt.Sprintf("older checkpoint %s: empty tree", filepath.Base(path)), err)
			continue
		}
		if err == nil {
			var proof tlog.TreeProof
			proof, err = tlog.ProveTree(tree.N, old.N, reader)
			if err == nil {
				err = tlog.CheckTree(proof, tree.N, tree.Hash, old.N, old.Hash)
			}
		}
		check(fmt.Sprintf("older checkpoint %s: ProveTree + CheckTree", filepath.Base(path)), err)
	}

	if failures > 0 {
		fmt.Printf("%d check(s) failed\n", failures)
		os.Exit(1)
	}
	fmt.Println("all checks passed")
}

type metadata struct {
	Origin      string `json:"origin"`
	VerifierKey string `json:"verifier_key"`
}

func readMetadata(dir string) (metadata, error) {
	var meta metadata
	data, err := os.ReadFile(filepath.Join(dir, "trailseal-log.json"))
	if err != nil {
		return meta, err
	}
	if err := json.Unmarshal(data, &meta); err != nil {
		return meta, err
	}
	if meta.Origin == "" || meta.VerifierKey == "" {
		return meta, fmt.Errorf("origin or verifier_key missing")
	}
	return meta, nil
}

// openCheckpoint verifies a C2SP checkpoint with note.Open and parses its body: origin line,
// decimal size, base64 root, then optional extension lines. (tlog.ParseTree accepts only
// the go.sum database's origin, so the three lines are parsed here.)
func openCheckpoint(path string, verifier note.Verifier, origin string) (tlog.Tree, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return tlog.Tree{}, err
	}
	n, err := note.Open(data, note.VerifierList(verifier))
	if err != nil {
		return tlog.Tree{}, fmt.Errorf("note.Open: %w", err)
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 || lines[len(lines)-1] != "" {
		return tlog.Tree{}, fmt.Errorf("checkpoint body is not origin/size/root lines: %q", n.Text)
	}
	if lines[0] != origin {
		return tlog.Tree{}, fmt.Errorf("origin %q, metadata says %q", lines[0], origin)
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil || size < 0 || strconv.FormatInt(size, 10) != lines[1] {
		return tlog.Tree{}, fmt.Errorf("size %q is not a canonical decimal", lines[1])
	}
	root, err := base64.StdEncoding.DecodeString(lines[2])
	if err != nil || len(root) != tlog.HashSize {
		return tlog.Tree{}, fmt.Errorf("root %q is not base64 of 32 bytes", lines[2])
	}
	tree := tlog.Tree{N: size}
	copy(tree.Hash[:], root)
	return tree, nil
}

// emptyTree is the RFC 6962 root of the empty tree, SHA-256(""), which trailseal's checkpoints
// use; sumdb/tlog defines the empty tree's hash as all zeros instead.
var emptyTree = tlog.Hash(sha256.Sum256(nil))

func treeHash(n int64, r tlog.HashReader) (tlog.Hash, error) {
	if n == 0 {
		return emptyTree, nil
	}
	return tlog.TreeHash(n, r)
}

func bundleCount(size int64) int64 { return (size + 255) >> tileHeight }

// c2spPath turns a sumdb tile path `tile/8/<L>/<N>` (or `tile/8/data/<N>`) into the
// C2SP one `tile/<L>/<N>` (or `tile/entries/<N>`); N and .p/<W> are encoded alike.
func c2spPath(t tlog.Tile) string {
	p := strings.TrimPrefix(t.Path(), "tile/8/")
	if t.L == -1 {
		p = "entries/" + strings.TrimPrefix(p, "data/")
	}
	return "tile/" + p
}

// readEntries reads every entry from the bundles tile/entries/<N>[.p/<W>]: each entry is
// prefixed by its length as a big-endian uint16.
func readEntries(dir string, size int64) ([][]byte, error) {
	var entries [][]byte
	for n := int64(0); n < bundleCount(size); n++ {
		width := size - n<<tileHeight
		if width > 1<<tileHeight {
			width = 1 << tileHeight
		}
		path := c2spPath(tlog.Tile{H: tileHeight, L: -1, N: n, W: int(width)})
		data, err := os.ReadFile(filepath.Join(dir, path))
		if err != nil {
			return nil, err
		}
		for len(data) > 0 {
			if len(data) < 2 || len(data) < 2+int(binary.BigEndian.Uint16(data)) {
				return nil, fmt.Errorf("%s: truncated entry %d", path, len(entries))
			}
			length := int(binary.BigEndian.Uint16(data))
			entries = append(entries, data[2:2+length])
			data = data[2+length:]
		}
		if want := n<<tileHeight + width; int64(len(entries)) != want {
			return nil, fmt.Errorf("%s: %d entries so far, want %d", path, len(entries), want)
		}
	}
	return entries, nil
}

// hashStore holds every stored hash of the tree (tlog.StoredHashIndex order) in memory.
type hashStore []tlog.Hash

func (s hashStore) ReadHashes(indexes []int64) ([]tlog.Hash, error) {
	out := make([]tlog.Hash, len(indexes))
	for i, x := range indexes {
		if x < 0 || x >= int64(len(s)) {
			return nil, fmt.Errorf("stored hash %d not in store of %d", x, len(s))
		}
		out[i] = s[x]
	}
	return out, nil
}

func buildStore(entries [][]byte) (hashStore, error) {
	var store hashStore
	for i, entry := range entries {
		hashes, err := tlog.StoredHashes(int64(i), entry, store)
		if err != nil {
			return nil, err
		}
		store = append(store, hashes...)
	}
	return store, nil
}

// expectedTiles lists the tiles of a tree of the given size: at each level, the full tiles
// and one partial tile (the rightmost) when the level's width is not a multiple of 256.
// Level -1 stands for the entry bundles.
func expectedTiles(size int64) []tlog.Tile {
	var tiles []tlog.Tile
	add := func(level int, count int64) {
		for n := int64(0); n<<tileHeight < count; n++ {
			width := count - n<<tileHeight
			if width > 1<<tileHeight {
				width = 1 << tileHeight
			}
			tiles = append(tiles, tlog.Tile{H: tileHeight, L: level, N: n, W: int(width)})
		}
	}
	add(-1, size)
	for level := 0; size>>(tileHeight*level) > 0; level++ {
		add(level, size>>(tileHeight*level))
	}
	return tiles
}

// checkTileSet compares the files under tile/ with the tiles the tree consists of; every
// path must also parse with tlog.ParseTilePath (canonical x-prefixed elements).
func checkTileSet(dir string, size int64) {
	want := map[string]bool{}
	for _, t := range expectedTiles(size) {
		want[c2spPath(t)] = true
	}
	var found, unexpected []string
	err := filepath.WalkDir(filepath.Join(dir, "tile"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		goPath := "tile/8/" + strings.TrimPrefix(rel, "tile/")
		goPath = strings.Replace(goPath, "tile/8/entries/", "tile/8/data/", 1)
		if _, perr := tlog.ParseTilePath(goPath); perr != nil {
			return fmt.Errorf("%s: tlog.ParseTilePath: %v", rel, perr)
		}
		found = append(found, rel)
		if !want[rel] {
			unexpected = append(unexpected, rel)
		}
		delete(want, rel)
		return nil
	})
	if err == nil && (len(want) > 0 || len(unexpected) > 0) {
		var missing []string
		for p := range want {
			missing = append(missing, p)
		}
		sort.Strings(missing)
		err = fmt.Errorf("missing %v, unexpected %v", missing, unexpected)
	}
	check(fmt.Sprintf("tile paths: %d files, exactly the tiles of a tree of %d (tlog.ParseTilePath accepts each)", len(found), size), err)
}

// checkTileContents compares each stored hash tile with tlog.ReadTileData over the hashes Go
// computed from the entries.
func checkTileContents(dir string, size int64, store hashStore) {
	for _, t := range expectedTiles(size) {
		if t.L < 0 {
			continue
		}
		path := c2spPath(t)
		want, err := tlog.ReadTileData(t, store)
		if err == nil {
			var got []byte
			got, err = os.ReadFile(filepath.Join(dir, path))
			if err == nil && !bytes.Equal(got, want) {
				err = fmt.Errorf("%d bytes differ from the %d bytes tlog.ReadTileData computes", len(got), len(want))
			}
		}
		check(fmt.Sprintf("%s: equals tlog.ReadTileData (level %d, width %d)", path, t.L*tileHeight, t.W), err)
	}
}

// tileFiles is a tlog.TileReader over the C2SP files, so ProveRecord and ProveTree build their
// proofs from the stored tiles. tlog.TileHashReader is meant to authenticate every tile it
// reads, but x/mod 0.7.0 skips some (e.g. tile/0/000 at size 300: its authentication loop
// starts at len(stx), not at the number of distinct stx tiles), so the proofs count only
// because CheckRecord/CheckTree check them against the signed root, and the tile contents are
// compared separately (checkTileContents).
type tileFiles struct{ dir string }

func (tileFiles) Height() int { return tileHeight }

func (r tileFiles) ReadTiles(tiles []tlog.Tile) ([][]byte, error) {
	data := make([][]byte, len(tiles))
	for i, t := range tiles {
		tile, err := os.ReadFile(filepath.Join(r.dir, c2spPath(t)))
		if err != nil {
			return nil, err
		}
		data[i] = tile
	}
	return data, nil
}

func (tileFiles) SaveTiles([]tlog.Tile, [][]byte) {}

// sampleIndices picks entries at tile edges and in the middle.
func sampleIndices(size int64) []int64 {
	seen := map[int64]bool{}
	var out []int64
	for _, i := range []int64{0, 1, 255, 256, size / 2, size - 2, size - 1} {
		if i >= 0 && i < size && !seen[i] {
			seen[i] = true
			out = append(out, i)
		}
	}
	return out
}
