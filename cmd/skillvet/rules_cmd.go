package main

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
)

func init() {
	register(&command{name: "rules", usage: "rules [--format text|json|markdown]",
		summary: "List the rules with ID, severity, category and title", run: rulesMain})
	register(&command{name: "explain", usage: "explain [--config FILE] <RULE-ID>...",
		summary: "Show a rule's full documentation (built-in or a custom rule of .skillvet.yaml)", run: explainMain})
}

func rulesMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["rules"])
	format := fs.String("format", "text", "text, json or markdown")
	cfgPath := fs.String("config", "", "also list the custom rules of this configuration file (default: .skillvet.yaml found from the current directory)")
	if _, err := parseInterleaved(fs, args); err != nil {
		return flagExit(err)
	}
	all := builtinRules()
	if *cfgPath == "" {
		*cfgPath = config.Find(".")
	}
	if *cfgPath != "" {
		cfg, err := config.Load(*cfgPath)
		if err == nil {
			var custom []*analyzer.Rule
			if custom, err = cfg.BuildCustomRules(); err == nil {
				all = append(all, custom...)
			}
		}
		if err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
	}
	switch *format {
	case "text":
		for _, r := range all {
			fmt.Fprintf(e.stdout, "%s  %-8s  %-4s  %-26s %s\n", r.ID, r.Severity, r.Category, r.Name, r.Title)
		}
	case "json":
		type jr struct {
			ID       string   `json:"id"`
			Name     string   `json:"name"`
			Title    string   `json:"title"`
			Severity string   `json:"severity"`
			Category string   `json:"category"`
			Tags     []string `json:"tags"`
			Doc      string   `json:"doc"`
		}
		out := []jr{}
		for _, r := range all {
			out = append(out, jr{r.ID, r.Name, r.Title, r.Severity.String(), string(r.Category), r.Tags, r.Doc})
		}
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(out); err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
	case "markdown":
		fmt.Fprint(e.stdout, RulesMarkdown(all))
	default:
		fmt.Fprintf(e.stderr, "skillvet: unknown format %q (want text, json or markdown)\n", *format)
		return exitError
	}
	return exitOK
}

// allRulesWithCustom returns the built-in rules plus the custom rules of
// the .skillvet.yaml found from the current directory, if it is valid.
func allRulesWithCustom() []*analyzer.Rule {
	all := builtinRules()
	if p := config.Find("."); p != "" {
		if cfg, err := config.Load(p); err == nil {
			if custom, err := cfg.BuildCustomRules(); err == nil {
				all = append(all, custom...)
			}
		}
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ID < all[j].ID })
	return all
}

// RulesMarkdown renders the rule table used in the README.
func RulesMarkdown(all []*analyzer.Rule) string {
	var b strings.Builder
	b.WriteString("| ID | Name | Severity | Category | Title |\n|---|---|---|---|---|\n")
	for _, r := range all {
		fmt.Fprintf(&b, "| %s | `%s` | %s | %s %s | %s |\n", r.ID, r.Name, r.Severity, r.Category, r.Category.Title(), r.Title)
	}
	return b.String()
}

func explainMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["explain"])
	cfgPath := fs.String("config", "", "configuration file whose custom rules can be explained too (default: .skillvet.yaml found from the current directory)")
	ids, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(ids) == 0 {
		fs.Usage()
		return exitError
	}
	if *cfgPath == "" {
		*cfgPath = config.Find(".")
	}
	var cfg *config.Config
	custom := map[string]*analyzer.Rule{}
	if *cfgPath != "" {
		if cfg, err = config.Load(*cfgPath); err == nil {
			var rs []*analyzer.Rule
			if rs, err = cfg.BuildCustomRules(); err == nil {
				for _, r := range rs {
					custom[r.ID] = r
				}
			}
		}
		if err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
	}
	for i, id := range ids {
		id = strings.ToUpper(id)
		r := ruleByID(id)
		if r == nil {
			r = custom[id]
		}
		if r == nil {
			where := ""
			if cfg != nil {
				where = " or the custom rules of " + cfg.Path
			}
			fmt.Fprintf(e.stderr, "skillvet: unknown rule %q: not a built-in rule%s (see 'skillvet rules')\n", id, where)
			return exitError
		}
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "%s %s: %s\n\nSeverity: %s    Category: %s (%s)    Tags: %s\n\n%s\n",
			r.ID, r.Name, r.Title, r.Severity, r.Category, r.Category.Title(), strings.Join(r.Tags, ", "), strings.TrimSpace(r.Doc))
		if custom[id] == r {
			explainCustom(e, cfg, id)
		}
	}
	return exitOK
}

// explainCustom says where a custom rule is defined and what it matches.
func explainCustom(e *env, cfg *config.Config, id string) {
	for i := range cfg.CustomRules {
		cr := &cfg.CustomRules[i]
		if !strings.EqualFold(cr.ID, id) {
			continue
		}
		in := cr.In
		if in == "" {
			in = "text"
		}
		fmt.Fprintf(e.stdout, "\nCustom rule, defined at %s:%d.\nMessage: %s\nMatches in: %s\n", cfg.Path, cr.Line(), cr.Message, in)
		if len(cr.Keywords) > 0 {
			fmt.Fprintf(e.stdout, "Keywords (case-insensitive): %s\n", strings.Join(cr.Keywords, ", "))
		}
		for _, rx := range cr.Regex {
			fmt.Fprintf(e.stdout, "Regex: %s\n", rx)
		}
		if len(cr.Paths) > 0 {
			fmt.Fprintf(e.stdout, "Only in files matching: %s\n", strings.Join(cr.Paths, ", "))
		}
	}
}
