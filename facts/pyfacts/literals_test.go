package pyfacts

import (
	"strings"
	"testing"

	"github.com/skillvet/skillvet/parse/python"
)

func TestRequestLiterals(t *testing.T) {
	src := `import json, requests, urllib.request
BASE = "http://dest-a/"
requests.get(BASE + "path", params={"u": "http://data-a/"})
for u in ["http://dest-b/"]:
    requests.get(u)
requests.post(api, data=json.dumps({"x": "http://data-b/"}))
requests.post(api, data=requests.get("http://dest-c/").text)
requests.get(api + "?q=" + "http://data-c/")
requests.get(f"{api}?q={Q}")
Q = "http://data-d/"
req = urllib.request.Request("http://dest-d/", data=b"http://data-e/")
urllib.request.urlopen(req)
def fetch(x):
    return requests.get(x)
fetch("http://dest-e/")
`
	m, err := python.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]uint8{}
	complete := RequestLiterals(m, func(c *python.Call) bool { return NetSink(m, c) }, func(tok int, role LiteralRole) {
		v, _ := m.Value(tok)
		got[v] |= 1 << role
	})
	if !complete {
		t.Error("walk stopped at its bound")
	}
	for v, roles := range got {
		want := uint8(0)
		switch {
		case strings.Contains(v, "dest-"):
			want = 1 << LiteralDestination
		case strings.Contains(v, "data-"):
			want = 1 << LiteralData
		default:
			continue
		}
		if roles != want {
			t.Errorf("%q: roles %b, want %b", v, roles, want)
		}
	}
	for _, v := range []string{"http://dest-a/", "http://dest-b/", "http://dest-c/", "http://dest-d/", "http://dest-e/",
		"http://data-a/", "http://data-b/", "http://data-c/", "http://data-d/", "http://data-e/"} {
		if got[v] == 0 {
			t.Errorf("%q: not reported", v)
		}
	}
}

func TestEnvWrite(t *testing.T) {
	src := `import os
from unittest.mock import patch
os.environ["A_TOKEN"] = "x"
del os.environ["B_TOKEN"]
os.environ.update({"C": "1"})
os.environ.pop("D_TOKEN", None)
with patch.dict(os.environ, {"E": "1"}):
    pass
t = os.environ["F_TOKEN"]
u = os.environ.pop("G_TOKEN")
v = dict(os.environ)
if os.environ["H_TOKEN"] == "1":
    pass
`
	m, err := python.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	writes := map[int]bool{}
	reads := map[int]bool{}
	for _, r := range m.Refs {
		if !strings.HasPrefix(r.Name, "os.environ") || strings.HasSuffix(r.Name, "[]") {
			continue
		}
		line := m.Line(m.Toks[r.Tok].Start)
		if EnvWrite(m, r) {
			writes[line] = true
		} else {
			reads[line] = true
		}
	}
	for line := 3; line <= 7; line++ {
		if !writes[line] || reads[line] {
			t.Errorf("line %d: want a write only (writes %v, reads %v)", line, writes, reads)
		}
	}
	for _, line := range []int{9, 10, 11, 12} {
		if writes[line] || !reads[line] {
			t.Errorf("line %d: want a read only (writes %v, reads %v)", line, writes, reads)
		}
	}
}
