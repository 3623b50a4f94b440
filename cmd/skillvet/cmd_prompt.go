package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"github.com/skillvet/skillvet/loader"
)

func init() {
	register(&command{name: "prompt", usage: "prompt [flags]",
		summary: "Print the skills metadata block an agent would inject into its system prompt (admitted, model-invocable skills)",
		run:     promptMain})
}

func promptMain(ctx context.Context, e *env, args []string) int {
	var budget int
	var plain, uri bool
	extra := func(fs *flag.FlagSet) {
		fs.IntVar(&budget, "budget", loader.DefaultPromptBudget, "maximum length of the block in characters")
		fs.BoolVar(&plain, "plain", false, "a plain list instead of the <available_skills> XML block")
		fs.BoolVar(&uri, "uri", false, "locate skills by skill://<name> instead of the SKILL.md path")
	}
	return loaderMain(ctx, e, commands["prompt"], args, extra, func(reg *loader.Registry, o *loaderOptions, pos []string) int {
		if len(pos) > 0 {
			fmt.Fprintln(e.stderr, "skillvet: prompt takes no arguments")
			return exitError
		}
		if budget <= 0 {
			fmt.Fprintln(e.stderr, "skillvet: --budget must be positive")
			return exitError
		}
		po := loader.PromptOptions{Budget: budget, Plain: plain}
		if uri {
			po.Location = loader.URILocation
		}
		p := reg.Prompt(po)
		in := map[string]bool{}
		for _, n := range p.Included {
			in[n] = true
		}
		warnShadowing(e, reg, in)
		warnProvenance(e, reg, in)
		if o.format == "json" {
			out := struct {
				Text     string   `json:"text"`
				Included []string `json:"included"`
				Omitted  []string `json:"omitted"`
				Changed  []string `json:"changed"`
			}{p.Text, nonNil(p.Included), nonNil(p.Omitted), nonNil(p.Changed)}
			return writeJSON(e, out)
		}
		if _, err := io.WriteString(e.stdout, p.Text); err != nil {
			return exitError
		}
		if len(p.Omitted) > 0 {
			fmt.Fprintf(e.stderr, "skillvet: %d skill(s) did not fit the %d-character budget: %v\n", len(p.Omitted), budget, p.Omitted)
		}
		if len(p.Changed) > 0 {
			fmt.Fprintf(e.stderr, "skillvet: %d skill(s) changed on disk since they were scanned, left out until rescanned: %v\n", len(p.Changed), p.Changed)
		}
		return exitOK
	})
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
