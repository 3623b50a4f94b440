package main

import (
	"strings"
	"testing"
	"time"
)

func TestSplice(t *testing.T) {
	doc := "# T\n\nintro\n" + perfBegin + "\nold table\n" + perfEnd + "\nafter\n"
	got, err := splice([]byte(doc), "new table\n")
	if err != nil {
		t.Fatal(err)
	}
	want := "# T\n\nintro\n" + perfBegin + "\nnew table\n" + perfEnd + "\nafter\n"
	if string(got) != want {
		t.Errorf("splice:\n%s\nwant\n%s", got, want)
	}
	// splicing again gives the same document
	again, err := splice(got, "new table")
	if err != nil || string(again) != want {
		t.Errorf("second splice: %v\n%s", err, again)
	}
	for _, bad := range []string{
		"no markers\n",
		perfBegin + "\n" + perfBegin + "\n" + perfEnd + "\n",
		perfEnd + "\n" + perfBegin + "\n",
	} {
		if _, err := splice([]byte(bad), "x"); err == nil {
			t.Errorf("splice accepted %q", bad)
		}
	}
}

func TestRenderReadme(t *testing.T) {
	st := stages{skills: 10, bytes: 2e6, reps: 3, rules: 2, wall: time.Second, ruleTime: 600 * time.Millisecond,
		parse: []stage{{"Markdown", 100 * time.Millisecond}, {"JS", 200 * time.Millisecond}},
		top:   []stage{{"SV501 install-lure", 400 * time.Millisecond}, {"SV317 code-file-injection", 200 * time.Millisecond}}}
	md := renderReadme(st, 1)
	for _, want := range []string{
		"| parse JS | 200 | 20.0% |\n| parse Markdown | 100 | 10.0% |", // parsers by name
		"| rules (2) | 600 | 60.0% |",
		"| load, hash, prefilter, engine, GC | 100 | 10.0% |",
		"| **all** (2.0 MB/s on one core) | 1000 | 100% |",
		"| SV501 install-lure | 400 | 40.0% |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("missing %q in\n%s", want, md)
		}
	}
	if strings.Contains(md, "SV317") {
		t.Errorf("top 1 listed a second rule:\n%s", md)
	}
}
