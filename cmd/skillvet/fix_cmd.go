package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/skillvet/skillvet/fix"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/skill"
)

func init() {
	register(&command{name: "fix", usage: "fix [--dry-run|--write] [paths...]",
		summary: "Apply safe lint fixes to SKILL.md frontmatter (quoting, name = directory, trailing whitespace) and print a diff",
		run:     fixMain})
}

func fixMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["fix"])
	inCI := e.getenv("CI") != "" && e.getenv("CI") != "false"
	dry := fs.Bool("dry-run", inCI, "print the diff without changing files (default when CI is set); exit 1 if fixes are pending")
	write := fs.Bool("write", false, "change the files even when CI is set")
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if *write {
		*dry = false
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	found, err := loader.Discover(paths)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	pending := 0
	for _, dir := range found.Dirs {
		p := filepath.Join(dir, skill.ManifestName)
		st, err := os.Lstat(p)
		if err != nil || !st.Mode().IsRegular() {
			continue // symlinked or unreadable SKILL.md: never written through
		}
		content, err := os.ReadFile(p)
		if err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
		abs, _ := filepath.Abs(dir)
		edits := fix.Plan(content, filepath.Base(abs))
		if len(edits) == 0 {
			continue
		}
		out, err := fix.Apply(content, edits)
		if err != nil {
			fmt.Fprintf(e.stderr, "skillvet: %s: not fixed: %v\n", p, err)
			continue
		}
		fmt.Fprint(e.stdout, fix.Diff(diffPath(p), content, edits))
		pending += len(edits)
		if !*dry {
			if err := os.WriteFile(p, out, st.Mode().Perm()); err != nil {
				fmt.Fprintln(e.stderr, "skillvet:", err)
				return exitError
			}
		}
	}
	switch {
	case pending == 0:
		fmt.Fprintln(e.stderr, "skillvet: nothing to fix")
	case *dry:
		fmt.Fprintf(e.stderr, "skillvet: %d fix(es) pending (dry run); run 'skillvet fix --write' to apply\n", pending)
		return exitFindings
	default:
		fmt.Fprintf(e.stderr, "skillvet: applied %d fix(es)\n", pending)
	}
	return exitOK
}

// diffPath is the path a diff names: relative to the working directory when
// the file is below it, so that git apply (which strips a/ and b/) finds it.
func diffPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if abs, err := filepath.Abs(p); err == nil {
			if rel, err := filepath.Rel(wd, abs); err == nil && filepath.IsLocal(rel) {
				return filepath.ToSlash(rel)
			}
		}
	}
	return filepath.ToSlash(p)
}
