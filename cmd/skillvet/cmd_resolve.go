package main

import (
	"context"
	"fmt"
	"unicode/utf8"

	"github.com/skillvet/skillvet/loader"
)

func init() {
	register(&command{name: "resolve", usage: "resolve [flags] skill://<name>[/<path>]",
		summary: "Print a file of an admitted skill from the scanned bytes (exit 1 if refused, missing or outside the skill)",
		run:     resolveMain})
}

func resolveMain(ctx context.Context, e *env, args []string) int {
	return loaderMain(ctx, e, commands["resolve"], args, nil, func(reg *loader.Registry, o *loaderOptions, pos []string) int {
		if len(pos) != 1 {
			fmt.Fprintln(e.stderr, "skillvet: resolve takes one skill:// URI")
			return exitError
		}
		res, err := reg.Resolve(pos[0])
		if err != nil {
			return servedExit(e, err)
		}
		if o.format == "json" {
			out := struct {
				URI     string `json:"uri"`
				Skill   string `json:"skill"`
				Path    string `json:"path"`
				Kind    string `json:"kind"`
				Size    int    `json:"size"`
				Text    string `json:"text,omitempty"`    // text files
				Content []byte `json:"content,omitempty"` // other files, base64
			}{URI: res.URI, Skill: res.Skill, Path: res.Path, Kind: res.Kind.String(), Size: len(res.Content)}
			if res.Kind.IsText() && utf8.Valid(res.Content) {
				out.Text = string(res.Content)
			} else {
				out.Content = res.Content
			}
			return writeJSON(e, out)
		}
		if _, err := e.stdout.Write(res.Content); err != nil {
			return exitError
		}
		return exitOK
	})
}
