package jsonpos

import (
	"strings"
	"testing"
)

func TestStrings(t *testing.T) {
	doc := `{"name": "x", "scripts": {"postinstall": "node setup.js", "test": "jest"},
 "cells": [{"source": ["a\n", "b \"q\""]}, {"source": "c"}], "n": 1, "deep": [[["z"]]]}`
	var got []string
	err := Strings([]byte(doc), func(v Value) {
		if !strings.HasPrefix(doc[v.Off:], strings.SplitN(v.Text, "\"", 2)[0][:min(1, len(v.Text))]) {
			t.Errorf("%v: offset %d does not point at %q", v.Path, v.Off, v.Text)
		}
		got = append(got, strings.Join(v.Path, ".")+"="+v.Text)
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "name=x|scripts.postinstall=node setup.js|scripts.test=jest|cells.0.source.0=a\n|cells.0.source.1=b \"q\"|cells.1.source=c|deep.0.0.0=z"
	if strings.Join(got, "|") != want {
		t.Errorf("got  %q\nwant %q", strings.Join(got, "|"), want)
	}
	if err := Strings([]byte(`{"a": "b", "c": }`), func(Value) {}); err == nil {
		t.Error("syntax error not returned")
	}
	// nesting does not hide what follows it
	deep := `{"a": ` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `, "scripts": {"preinstall": "x"}}`
	n := 0
	if err := Strings([]byte(deep), func(v Value) { n++ }); err != nil || n != 1 {
		t.Errorf("after deep nesting: %d values, %v", n, err)
	}
}
