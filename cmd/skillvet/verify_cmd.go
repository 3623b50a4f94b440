package main

import (
	"context"
	"fmt"
	"runtime"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/provenance"
)

func init() {
	register(&command{name: "verify", usage: "verify [--trust [NAME=]ROOT.pem]... [flags] [paths...]",
		summary: "Verify skill signatures (skill.oms.sig, OpenSSF Model Signing) offline against trusted roots, and that every file is as signed",
		run:     verifyMain})
}

func verifyMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["verify"])
	var trust listFlag
	fs.Var(&trust, "trust", "a publisher's PEM root certificate, as NAME=FILE or FILE (named after the file); repeatable; adds to provenance.anchors in the configuration")
	cfgPath := fs.String("config", "", "configuration: trust anchors, provenance policy (an anchor a policy rule names is the only one that counts for its skills), limits (default: .skillvet.yaml found from the first path)")
	format := fs.String("format", "text", "output format: text or json")
	jobs := fs.Int("jobs", runtime.NumCPU(), "skills verified in parallel")
	allowUnsigned := fs.Bool("allow-unsigned", false, "exit 0 when the only skills not verified are unsigned ones no policy requires to be signed")
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	fail := func(err error) int {
		fmt.Fprintln(e.stderr, "skillvet:", analyzer.Sanitize(err.Error()))
		return exitError
	}
	cfg, p, err := provCommandSetup(*format, *cfgPath, paths, trust)
	if err != nil {
		return fail(err)
	}
	if len(p.verifier.Anchors()) == 0 {
		return fail(fmt.Errorf("no trust anchor: give a publisher's root certificate with --trust FILE, or configure provenance.anchors"))
	}
	dirs, err := discoverSkills(cfg, paths)
	if err != nil {
		return fail(err)
	}
	res, err := verifyDirs(ctx, p, cfg, dirs, *jobs)
	if err != nil {
		return fail(err)
	}
	counts := map[provenance.Status]int{}
	ok := true
	for _, r := range res {
		st := statusOf(r)
		counts[st]++
		if st != provenance.StatusVerified && !(st == provenance.StatusUnsigned && *allowUnsigned && r.Check.Mode != provenance.ModeRequire) {
			ok = false
		}
	}
	summary := fmt.Sprintf("%d skill(s): %d verified, %d failed, %d unsigned", len(res), counts[provenance.StatusVerified],
		counts[provenance.StatusFailed], counts[provenance.StatusUnsigned])
	if *format == "json" {
		type skillJSON struct {
			Name     string               `json:"name"`
			Path     string               `json:"path"`
			Status   provenance.Status    `json:"status"`
			Policy   provenance.Mode      `json:"policy"`
			Anchor   string               `json:"anchor,omitempty"`
			SignedBy string               `json:"signedBy,omitempty"`
			Signer   string               `json:"signer,omitempty"`
			Issuer   string               `json:"issuer,omitempty"`
			Subject  string               `json:"subject,omitempty"`
			Files    int                  `json:"files,omitempty"`
			Hash     string               `json:"contentHash,omitempty"`
			Problems []provenance.Problem `json:"problems"`
		}
		out := struct {
			Skills  []skillJSON               `json:"skills"`
			Counts  map[provenance.Status]int `json:"counts"`
			Anchors []string                  `json:"anchors"`
		}{Skills: []skillJSON{}, Counts: map[provenance.Status]int{}, Anchors: p.verifier.Anchors()}
		for _, st := range []provenance.Status{provenance.StatusVerified, provenance.StatusFailed, provenance.StatusUnsigned} {
			out.Counts[st] = counts[st]
		}
		for _, r := range res {
			j := skillJSON{Name: r.Name, Path: r.Dir, Status: statusOf(r), Problems: []provenance.Problem{}}
			if r.Err != nil {
				j.Problems = append(j.Problems, provenance.Problem{Kind: provenance.ProblemUnreadable, Detail: r.Err.Error()})
			} else {
				c := r.Check
				j.Policy, j.Anchor, j.Hash = c.Mode, c.Anchor, c.ContentHash
				j.SignedBy, j.Signer, j.Issuer, j.Subject, j.Files = c.Result.Anchor, c.Result.Signer, c.Result.Issuer, c.Result.Subject, c.Result.Files
				j.Problems = append(j.Problems, c.Result.Problems...)
			}
			out.Skills = append(out.Skills, j)
		}
		if code := writeJSON(e, out); code != exitOK {
			return code
		}
		fmt.Fprintln(e.stderr, "skillvet: verify:", summary)
	} else {
		w := &textWriter{w: e.stdout}
		for _, r := range res {
			st := statusOf(r)
			switch {
			case r.Err != nil:
				w.printf("%-9s %s: cannot read the skill: %s\n", "FAILED", analyzer.Sanitize(r.Dir), analyzer.Sanitize(r.Err.Error()))
			case st == provenance.StatusVerified:
				w.printf("%-9s %s  signed by %s, %d file(s)\n", st, analyzer.Sanitize(r.Dir), analyzer.Sanitize(r.Check.Result.SignedBy()), r.Check.Result.Files)
			case st == provenance.StatusUnsigned:
				w.printf("%-9s %s  no %s%s\n", st, analyzer.Sanitize(r.Dir), provenance.SignatureFile, policyNote(r.Check))
			default:
				res := r.Check.Result
				who := ""
				if res.Signer != "" {
					who = "  signer " + res.Signer
					if res.Anchor != "" {
						who = "  signed by " + res.SignedBy()
					}
				}
				w.printf("%-9s %s%s%s\n", "FAILED", analyzer.Sanitize(r.Dir), analyzer.Sanitize(who), policyNote(r.Check))
				for _, pr := range res.Problems {
					if pr.Path == "" {
						w.printf("  %s: %s\n", pr.Kind, analyzer.Sanitize(pr.Detail))
					} else {
						w.printf("  %-13s %s: %s\n", pr.Kind, analyzer.Sanitize(pr.Path), analyzer.Sanitize(pr.Detail))
					}
				}
			}
		}
		w.printf("%s (trust anchors: %s)\n", summary, joinOrNone(p.verifier.Anchors()))
		if w.err != nil {
			return exitError
		}
	}
	if !ok {
		return exitFindings
	}
	return exitOK
}

func statusOf(r verified) provenance.Status {
	if r.Err != nil || r.Check == nil {
		return provenance.StatusFailed
	}
	return r.Check.Status()
}

func policyNote(c *provenance.Check) string {
	if c == nil || c.Mode == provenance.ModeOff {
		return ""
	}
	s := " (policy: " + string(c.Mode)
	if c.Anchor != "" {
		s += ", anchor " + c.Anchor
	}
	return s + ")"
}

func joinOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	out := xs[0]
	for _, x := range xs[1:] {
		out += ", " + x
	}
	return out
}
