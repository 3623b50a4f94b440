package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/loader"
)

func init() {
	register(&command{name: "info", usage: "info [flags] <name>",
		summary: "Show one skill as the loader sees it: metadata, requirements with install hints, verdict and findings",
		run:     infoMain})
}

func infoMain(ctx context.Context, e *env, args []string) int {
	return loaderMain(ctx, e, commands["info"], args, nil, func(reg *loader.Registry, o *loaderOptions, pos []string) int {
		if len(pos) != 1 {
			fmt.Fprintln(e.stderr, "skillvet: info takes one skill name")
			return exitError
		}
		var found []*loader.Entry
		for _, x := range reg.Entries() {
			if x.Name == pos[0] {
				found = append(found, x)
			}
		}
		if len(found) == 0 {
			fmt.Fprintf(e.stderr, "skillvet: no skill named %q in the roots\n", analyzer.Sanitize(pos[0]))
			return exitError
		}
		if o.format == "json" {
			out := struct {
				Skill     entryJSON              `json:"skill"`
				Shadowed  []entryJSON            `json:"shadowed"`
				Shadowing []loader.Shadowing     `json:"shadowing"`
				Threshold string                 `json:"threshold"`
				Dynamic   []loader.CommandReport `json:"dynamicContext"`
			}{Skill: toEntryJSON(found[0], true), Shadowed: []entryJSON{}, Shadowing: []loader.Shadowing{},
				Threshold: o.threshold.String(), Dynamic: []loader.CommandReport{}}
			for _, s := range reg.Shadowings() {
				if s.Name == found[0].Name {
					out.Shadowing = append(out.Shadowing, s)
				}
			}
			if found[0].Skill != nil {
				out.Dynamic = append(out.Dynamic, loader.DynamicCommands(found[0].Skill)...)
			}
			for _, x := range found[1:] {
				out.Shadowed = append(out.Shadowed, toEntryJSON(x, true))
			}
			return writeJSON(e, out)
		}
		w := &textWriter{w: e.stdout}
		x := found[0]
		w.printf("Name:         %s\n", analyzer.Sanitize(x.Name))
		w.printf("Description:  %s\n", analyzer.Sanitize(x.Description))
		w.printf("Source:       %s (%s)\n", x.Source, x.Root)
		w.printf("Path:         %s\n", analyzer.Sanitize(x.Dir))
		if x.RealDir != x.Dir {
			w.printf("Real path:    %s\n", analyzer.Sanitize(x.RealDir))
		}
		w.printf("Hash:         %s\n", x.Hash)
		w.printf("Status:       %s\n", x.Status)
		if x.Reason != "" {
			w.printf("Why:          %s\n", analyzer.Sanitize(x.Reason))
		}
		if x.Verdict != "" {
			w.printf("Verdict:      %s (keeps out at %s and above)\n", x.Verdict, o.threshold)
		}
		if c := x.Provenance; c != nil {
			policy := string(c.Mode)
			if c.Anchor != "" {
				policy += ", anchor " + c.Anchor
			}
			w.printf("Provenance:   %s (policy %s)\n", analyzer.Sanitize(c.Summary()), policy)
			if c.Result != nil {
				for _, p := range c.Result.Problems {
					w.printf("  - %s\n", analyzer.Sanitize(p.String()))
				}
			}
			if c.ContentHash != "" {
				w.printf("Content hash: %s\n", c.ContentHash)
			}
		}
		for _, warn := range x.Warnings {
			w.printf("Warning:      %s\n", analyzer.Sanitize(warn))
		}
		if x.Skill != nil && x.Skill.Manifest != nil && len(x.Skill.Manifest.Keys) > 0 {
			w.printf("Frontmatter:\n")
			for _, k := range x.Skill.Manifest.Keys {
				w.printf("  %s: %s\n", analyzer.Sanitize(k.Name), analyzer.Sanitize(nodeText(k.Value)))
			}
		}
		if x.Eligibility != nil {
			w.printf("Invocation:   model %s, user %s\n", yesNo(x.ModelInvocable), yesNo(x.UserInvocable))
			el := x.Eligibility
			w.printf("Eligible:     %s\n", yesNo(el.Eligible))
			for _, r := range el.Reasons {
				w.printf("  - %s\n", analyzer.Sanitize(r))
			}
			if m := el.Meta; m != nil {
				w.printf("Requirements:\n")
				line := func(k string, v []string) {
					if len(v) > 0 {
						w.printf("  %-9s %s\n", k+":", analyzer.Sanitize(strings.Join(v, ", ")))
					}
				}
				line("os", m.OS)
				line("bins", m.Requires.Bins)
				line("anyBins", m.Requires.AnyBins)
				line("env", m.Requires.Env)
				line("config", m.Requires.Config)
				if m.PrimaryEnv != "" {
					line("apiKey", []string{m.PrimaryEnv})
				}
				if m.Always {
					w.printf("  always:   true (requirements not checked)\n")
				}
				for _, h := range m.Install {
					w.printf("  install:  %s\n", analyzer.Sanitize(h.String()))
				}
			}
		}
		if x.Result != nil {
			w.printf("Findings:     %d\n", len(x.Result.Findings))
			for _, f := range x.Result.Findings {
				mark := " "
				if f.Unanalysed || f.Severity >= o.threshold {
					mark = "!"
				}
				w.printf(" %s %s %-8s %s:%d:%d %s\n", mark, f.Rule, f.Severity, f.Path, f.Start.Line, f.Start.Column, f.Message)
				if f.Evidence != "" {
					w.printf("      %s\n", f.Evidence)
				}
			}
		}
		for _, s := range found[1:] {
			w.printf("Shadowed:     %s %s (%s)\n", s.Source, analyzer.Sanitize(s.Dir), s.Status)
		}
		for _, s := range reg.Shadowings() {
			if s.Name == x.Name {
				w.printf("Warning:      %s\n", analyzer.Sanitize(s.String()))
			}
		}
		if x.Skill != nil {
			if cmds := loader.DynamicCommands(x.Skill); len(cmds) > 0 {
				w.printf("\nDynamic context: %d command(s) in SKILL.md run when the skill is activated with dynamic context on\n"+
					"(render --dynamic, allowlisted commands only); info, list, prompt and mcp never run them:\n", len(cmds))
				for _, c := range cmds {
					w.printf("  SKILL.md:%d  %s\n", c.Line, analyzer.Sanitize(c.Command))
				}
			}
		}
		if w.err != nil {
			return exitError
		}
		return exitOK
	})
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// textWriter remembers the first write error.
type textWriter struct {
	w   io.Writer
	err error
}

func (t *textWriter) printf(format string, args ...any) {
	if t.err == nil {
		_, t.err = fmt.Fprintf(t.w, format, args...)
	}
}

// nodeText renders a frontmatter value on one line: scalars as they are,
// collections as compact JSON.
func nodeText(n *yaml.Node) string {
	if n == nil {
		return ""
	}
	if n.Kind == yaml.ScalarNode {
		return strings.Join(strings.Fields(n.Value), " ")
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return "(" + err.Error() + ")"
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
}
