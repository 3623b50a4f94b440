package main

import (
	"context"
	"fmt"
	"text/tabwriter"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/loader"
)

func init() {
	register(&command{name: "list", usage: "list [--root DIR...] [--workspace DIR] [flags]",
		summary: "List the skills an agent would load: source, status, eligibility, verdict, why, and what each shadows",
		run:     listMain})
}

func listMain(ctx context.Context, e *env, args []string) int {
	return loaderMain(ctx, e, commands["list"], args, nil, func(reg *loader.Registry, o *loaderOptions, pos []string) int {
		if len(pos) > 0 {
			fmt.Fprintln(e.stderr, "skillvet: list takes no arguments")
			return exitError
		}
		if len(reg.Entries()) == 0 {
			// Nothing was discovered: say so, and do not pass for a clean
			// result (a wrong --root would otherwise look like success).
			fmt.Fprintln(e.stderr, "skillvet: no skills found in the roots; nothing was loaded")
			return exitError
		}
		if o.format == "json" {
			out := struct {
				Skills    []entryJSON        `json:"skills"`
				Shadowing []loader.Shadowing `json:"shadowing"`
			}{Skills: []entryJSON{}, Shadowing: shadowingJSON(reg)}
			for _, x := range reg.Entries() {
				out.Skills = append(out.Skills, toEntryJSON(x, false))
			}
			return writeJSON(e, out)
		}
		tw := tabwriter.NewWriter(e.stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "NAME\tSOURCE\tSTATUS\tELIGIBLE\tVERDICT\tPROVENANCE\tSHADOWED-BY\tPATH\tWHY")
		for _, x := range reg.Entries() {
			el := "-"
			if x.Eligibility != nil {
				el = "no"
				if x.Eligibility.Eligible {
					el = "yes"
				}
			}
			v := string(x.Verdict)
			if v == "" {
				v = "-"
			}
			why, by := x.Reason, x.ShadowedBy
			if x.Status == loader.StatusShadowed {
				why = "-"
			}
			if why == "" {
				why = "-"
			}
			if by == "" {
				by = "-"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", analyzer.Sanitize(x.Name), x.Source, x.Status, el, v,
				provenanceCell(x.Provenance), analyzer.Sanitize(by), analyzer.Sanitize(x.Dir), analyzer.Sanitize(why))
		}
		if err := tw.Flush(); err != nil {
			return exitError
		}
		warnShadowing(e, reg, nil)
		warnProvenance(e, reg, nil)
		return exitOK
	})
}
