package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/loader"
)

func init() {
	register(&command{name: "render", usage: "render [flags] <name> [args...]",
		summary: "Print a skill's body as activated: frontmatter stripped, $ARGUMENTS and base-directory variables substituted (exit 1 if the skill is not served)",
		run:     renderMain})
}

func renderMain(ctx context.Context, e *env, args []string) int {
	var allow, envs listFlag
	var dynamic bool
	var timeout time.Duration
	var maxOut int
	var baseDir string
	extra := func(fs *flag.FlagSet) {
		fs.BoolVar(&dynamic, "dynamic", false, "run !command dynamic-context lines that match --allow-cmd (off: they are left as written)")
		fs.Var(&allow, "allow-cmd", "command allowed to run with --dynamic: the whole argv must match, e.g. \"git status [-s]\", \"git log [--oneline] [--max-count=<int>]\" (repeatable; see docs/security-model.md)")
		fs.Var(&envs, "cmd-env", "environment variable passed to commands (repeatable; default PATH, LANG, LC_ALL, TZ; HOME and TMPDIR are always a fresh empty directory)")
		fs.DurationVar(&timeout, "cmd-timeout", loader.DefaultCommandTimeout, "time limit per command")
		fs.IntVar(&maxOut, "cmd-max-output", loader.DefaultMaxOutput, "bytes of output kept per command")
		fs.StringVar(&baseDir, "base-dir", "", "value of ${SKILL_DIR}, ${CLAUDE_SKILL_DIR} and {baseDir} (default: the skill directory)")
	}
	// Arguments after the name belong to the skill, flags included: stop
	// flag parsing at the name.
	return loaderMainUntilName(ctx, e, commands["render"], args, extra, func(reg *loader.Registry, o *loaderOptions, pos []string) int {
		if len(pos) < 1 {
			fmt.Fprintln(e.stderr, "skillvet: render takes a skill name")
			return exitError
		}
		ro := loader.RenderOptions{Args: pos[1:], BaseDir: baseDir}
		if dynamic {
			ro.Dynamic = &loader.DynamicOptions{Allow: allow, Timeout: timeout, MaxOutput: maxOut, Getenv: e.getenv}
			if len(envs) > 0 {
				ro.Dynamic.Env = envs
			}
			if err := ro.Dynamic.Validate(); err != nil {
				fmt.Fprintln(e.stderr, "skillvet:", err)
				return exitError
			}
		} else if len(allow) > 0 {
			fmt.Fprintln(e.stderr, "skillvet: --allow-cmd needs --dynamic")
			return exitError
		}
		warnShadowing(e, reg, map[string]bool{pos[0]: true})
		warnProvenance(e, reg, map[string]bool{pos[0]: true})
		out, err := reg.Render(ctx, pos[0], ro)
		if err != nil {
			return servedExit(e, err)
		}
		if o.format == "json" {
			cmds := out.Commands
			if cmds == nil {
				cmds = []loader.CommandReport{}
			}
			return writeJSON(e, struct {
				Name     string                 `json:"name"`
				Body     string                 `json:"body"`
				Commands []loader.CommandReport `json:"commands"`
			}{out.Name, out.Body, cmds})
		}
		if _, err := io.WriteString(e.stdout, out.Body); err != nil {
			return exitError
		}
		for _, c := range out.Commands {
			switch {
			case c.Refused != "":
				fmt.Fprintf(e.stderr, "skillvet: SKILL.md:%d: command not run (%s): %s\n", c.Line, c.Refused, analyzer.Sanitize(c.Command))
			case c.Err != "":
				fmt.Fprintf(e.stderr, "skillvet: SKILL.md:%d: command failed (%s): %s\n", c.Line, analyzer.Sanitize(c.Err), analyzer.Sanitize(c.Command))
			}
		}
		return exitOK
	})
}
