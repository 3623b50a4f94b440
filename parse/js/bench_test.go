package js

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// corpus generates a realistic mix of skill scripts: plain CommonJS,
// TypeScript with types and interfaces, a TSX component, an ES module with
// top-level await, and long minified lines.
func corpus() []struct {
	name string
	src  []byte
} {
	r := rand.New(rand.NewSource(1))
	ident := func() string {
		w := []string{"user", "repo", "token", "item", "list", "count", "result", "config", "path", "data", "cache", "value"}
		return w[r.Intn(len(w))] + fmt.Sprint(r.Intn(100))
	}
	var out []struct {
		name string
		src  []byte
	}
	add := func(name string, b strings.Builder) {
		out = append(out, struct {
			name string
			src  []byte
		}{name, []byte(b.String())})
	}
	for f := 0; f < 6; f++ {
		var b strings.Builder
		b.WriteString("'use strict';\nconst fs = require('fs');\nconst path = require('path');\nconst { execFile } = require('child_process');\n\n")
		for i := 0; i < 120; i++ {
			a, c := ident(), ident()
			fmt.Fprintf(&b, "function %s_%d(%s, opts = {}) {\n  const %s = path.join(__dirname, 'data', `${%s}.json`);\n", a, i, c, a, c)
			fmt.Fprintf(&b, "  if (!fs.existsSync(%s)) { return null; }\n  const out = JSON.parse(fs.readFileSync(%s, 'utf8'));\n", a, a)
			fmt.Fprintf(&b, "  for (const [k, v] of Object.entries(out)) { if (v && typeof v === 'object') out[k] = { ...v, seen: true }; }\n")
			fmt.Fprintf(&b, "  execFile('git', ['log', '-n', String(opts.n || 5)], (err, stdout) => console.log(err ? err.message : stdout.trim()));\n  return out;\n}\n\n")
		}
		add(fmt.Sprintf("plain%d.js", f), b)
	}
	for f := 0; f < 4; f++ {
		var b strings.Builder
		b.WriteString("import { readFile } from 'node:fs/promises';\nimport type { Stats } from 'node:fs';\n\n")
		for i := 0; i < 80; i++ {
			a := ident()
			fmt.Fprintf(&b, "export interface Rec%d { id: number; name: string; tags?: string[]; meta: Record<string, unknown> }\n", i)
			fmt.Fprintf(&b, "export type Ev%d = { kind: 'a'; v: number } | { kind: 'b'; s: string };\n", i)
			fmt.Fprintf(&b, "export async function load%d(p: string): Promise<Rec%d[]> {\n  const raw: string = await readFile(p, 'utf8');\n  const %s = JSON.parse(raw) as Rec%d[];\n  return %s.filter((r: Rec%d): boolean => r.id > %d).map((r) => ({ ...r, name: r.name.trim() }));\n}\n", i, i, a, i, a, i, i)
			fmt.Fprintf(&b, "export class Store%d<T extends { id: number }> {\n  private items = new Map<number, T>();\n  constructor(private readonly label: string) {}\n  put(x: T): void { this.items.set(x.id, x); }\n  get size(): number { return this.items.size; }\n}\n\n", i)
		}
		add(fmt.Sprintf("types%d.ts", f), b)
	}
	{
		var b strings.Builder
		b.WriteString("import React, { useState, useEffect } from 'react';\n\n")
		for i := 0; i < 60; i++ {
			fmt.Fprintf(&b, "type P%d = { title: string; items: string[] };\nexport function C%d({ title, items }: P%d) {\n  const [open, setOpen] = useState<boolean>(false);\n  useEffect(() => { const t = setTimeout(() => setOpen(true), %d); return () => clearTimeout(t); }, []);\n  return (<section className=\"c%d\"><h2 onClick={() => setOpen(!open)}>{title}</h2>{open && <ul>{items.map((x) => <li key={x}>{x}</li>)}</ul>}</section>);\n}\n\n", i, i, i, i*10, i)
		}
		add("ui.tsx", b)
	}
	{
		var b strings.Builder
		b.WriteString("import os from 'node:os';\nconst cfg = await (await fetch('https://api.github.com/repos/o/r')).json();\n")
		for i := 0; i < 100; i++ {
			fmt.Fprintf(&b, "export const v%d = cfg?.items?.[%d] ?? os.platform();\nfor await (const line of [v%d]) console.log(line);\n", i, i, i)
		}
		add("mod.mjs", b)
	}
	for f := 0; f < 3; f++ {
		var b strings.Builder
		b.WriteString("/*! minilib v1.0.0 | MIT */\n")
		for l := 0; l < 12; l++ {
			b.WriteString("!function(n,t){")
			for i := 0; i < 60; i++ {
				fmt.Fprintf(&b, "var a%d=function(e,r){return e&&r?e.concat(r).filter(function(u){return null!=u&&u!==%d}):[]},b%d=Object.keys(t||{}).map(function(k){return[k,t[k]]});", i, i, i)
			}
			b.WriteString("n.lib=n.lib||{}}(this,{x:1});\n")
		}
		add(fmt.Sprintf("lib%d.min.js", f), b)
	}
	return out
}

// BenchmarkParse measures the whole pipeline (limits pre-scan, goja or
// esbuild+goja, source-map decoding) plus the binding index the rules
// share, in bytes of source per second.
func BenchmarkParse(b *testing.B) {
	files := corpus()
	total := 0
	for _, f := range files {
		total += len(f.src)
	}
	b.SetBytes(int64(total))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for _, f := range files {
			p, err := Parse(f.name, f.src)
			if err != nil {
				b.Fatalf("%s: %v", f.name, err)
			}
			p.Info()
		}
	}
}

func TestCorpusParses(t *testing.T) {
	for _, f := range corpus() {
		p, err := Parse(f.name, f.src)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if len(p.Info().Calls()) == 0 {
			t.Errorf("%s: no calls found", f.name)
		}
	}
}

// BenchmarkParseKinds reports the same figure per kind of input: plain
// CommonJS goes to goja directly, the others through esbuild first.
func BenchmarkParseKinds(b *testing.B) {
	kinds := map[string][]int{}
	files := corpus()
	for i, f := range files {
		k := "plain-js"
		switch {
		case strings.HasSuffix(f.name, ".min.js"):
			k = "minified-js"
		case strings.HasSuffix(f.name, ".ts"):
			k = "typescript"
		case strings.HasSuffix(f.name, ".tsx"):
			k = "tsx"
		case strings.HasSuffix(f.name, ".mjs"):
			k = "esm-tla"
		}
		kinds[k] = append(kinds[k], i)
	}
	for _, k := range []string{"plain-js", "minified-js", "typescript", "tsx", "esm-tla"} {
		idx := kinds[k]
		b.Run(k, func(b *testing.B) {
			n := 0
			for _, i := range idx {
				n += len(files[i].src)
			}
			b.SetBytes(int64(n))
			for it := 0; it < b.N; it++ {
				for _, i := range idx {
					p, err := Parse(files[i].name, files[i].src)
					if err != nil {
						b.Fatal(err)
					}
					p.Info()
				}
			}
		})
	}
}
