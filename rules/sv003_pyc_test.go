package rules

import (
	"context"
	"encoding/binary"
	"testing"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

// pycHeader builds a CPython 3.12 cache file: magic, flags, then for
// flags 0 the source's modification time and size, then code (here a few
// opaque bytes).
func pycHeader(flags, mtime, size uint32) []byte {
	b := []byte{0xcb, 0x0d, '\r', '\n', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	binary.LittleEndian.PutUint32(b[4:], flags)
	binary.LittleEndian.PutUint32(b[8:], mtime)
	binary.LittleEndian.PutUint32(b[12:], size)
	return append(b, 0xe3, 0, 0, 0, 0, 0x01, 0x02)
}

// TestPycCacheLoaded checks SV003's judgement of __pycache__ files against
// what CPython's import system does with them: a cache whose header does
// not match its source on disk (or that has no source) is never loaded.
func TestPycCacheLoaded(t *testing.T) {
	const manifest = "---\nname: s\ndescription: d\n---\n# s\n\nRun `python3 scripts/tool.py`.\n"
	src := []byte("print('hello')\n")
	when := time.Unix(1700000000, 0)
	n := uint32(len(src))
	cases := []struct {
		name    string
		pyc     string // path of the cache file
		header  []byte
		srcTime time.Time // zero: the source was not read from a file system
		noSrc   bool
		extra   map[string]string
		want    analyzer.Severity
	}{
		{"header matches the source: Python loads the cache", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(0, 1700000000, n), when, false, nil, analyzer.High},
		{"another modification time: recompiled", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(0, 1600000000, n), when, false, nil, analyzer.Medium},
		{"another size: recompiled", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(0, 1700000000, n+7), when, false, nil, analyzer.Medium},
		{"no source: never imported", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(0, 1700000000, n), when, true, nil, analyzer.Medium},
		{"no source, but the skill runs the cache file by name", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(0, 1700000000, n), when, true,
			map[string]string{"SKILL.md": "---\nname: s\ndescription: d\n---\n# s\n\nRun `python3 scripts/__pycache__/tool.cpython-312.pyc`.\n"}, analyzer.High},
		{"stale, but a script loads bytecode by path", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(0, 1600000000, n), when, false,
			map[string]string{"scripts/boot.py": "from importlib.machinery import SourcelessFileLoader\n"}, analyzer.High},
		{"unchecked hash-based cache: loaded as it is", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(1, 0, 0), when, false, nil, analyzer.High},
		{"checked hash-based cache: not verified here", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(3, 0, 0), when, false, nil, analyzer.High},
		{"no modification time to compare", "scripts/__pycache__/tool.cpython-312.pyc", pycHeader(0, 1600000000, n), time.Time{}, false, nil, analyzer.High},
		{"legacy location beside the source: imported without it", "scripts/tool.pyc", pycHeader(0, 1600000000, n), when, false, nil, analyzer.High},
		{"not a CPython header", "scripts/__pycache__/tool.cpython-312.pyc", []byte("\x00\x01\x02\x03 some bytes here and more"), when, false, nil, analyzer.High},
	}
	eng, err := analyzer.New([]*analyzer.Rule{OpaqueContent}, analyzer.Options{Jobs: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		files := map[string][]byte{"SKILL.md": []byte(manifest), c.pyc: c.header}
		if !c.noSrc {
			files["scripts/tool.py"] = src
		}
		for k, v := range c.extra {
			files[k] = []byte(v)
		}
		s := skill.New("s", files)
		if f := s.File("scripts/tool.py"); f != nil {
			f.ModTime = c.srcTime
		}
		res := eng.Analyze(context.Background(), s)
		got := analyzer.SevNone
		for _, f := range res.Findings {
			if f.Rule == "SV003" && f.Path == c.pyc {
				got = f.Severity
			}
		}
		if got != c.want {
			t.Errorf("%s: SV003 severity %v, want %v", c.name, got, c.want)
		}
	}
}
