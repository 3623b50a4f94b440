// Command skillvet scans, lints and gates Agent Skills.
//
// Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it (or
// content that could not be analysed); 2 usage, configuration or runtime
// error.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"runtime/debug"
	"sort"
	"strings"
)

// Exit codes.
const (
	exitOK       = 0
	exitFindings = 1
	exitError    = 2
)

// command is one subcommand. Each lives in its own file and registers
// itself from init.
type command struct {
	name    string
	usage   string // "scan [flags] [paths...]"
	summary string
	run     func(ctx context.Context, env *env, args []string) int
	hidden  bool // internal: not listed in the usage
}

// env is what a command may touch: tests run commands in-process with
// buffers and a working directory.
type env struct {
	stdout, stderr io.Writer
	stdin          io.Reader
	getenv         func(string) string
	isTTY          bool // stdout is a terminal
	errTTY         bool // stderr is a terminal
}

type flagT = flag.Flag

func defaultJobs() int { return runtime.NumCPU() }

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// defaultMemoryLimit is the soft memory limit skillvet sets when GOMEMLIMIT
// is not in the environment.
const defaultMemoryLimit = 256 << 20

func main() {
	if os.Getenv("GOGC") == "" {
		// A scan allocates many short-lived parse trees and strings (about
		// 40 bytes per byte read) and keeps little: half as many
		// collections as the default cost about 7% less CPU (2,000
		// synthetic skills: 5.5 s at GOGC=100, 5.1 s at 200) for a few
		// tens of MB more heap, bounded by the skills in flight and the
		// soft limit below. 400 gained 4% more there but only 1% at 1,000
		// to 20,000 skills (bench/scale.sh), for 60 to 80 MB more peak RSS:
		// not taken. GOGC in the environment still wins.
		debug.SetGCPercent(200)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		// GOGC=200 lets the heap grow to three times what is live, and a
		// batch scan keeps every skill's result for the sorted report: at
		// 20,000 skills that tripled heap passed 500 MB. A soft
		// limit makes the collector run more often near it instead (it is
		// soft: a skill that needs more still gets it). GOMEMLIMIT in the
		// environment wins.
		debug.SetMemoryLimit(defaultMemoryLimit)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	e := &env{stdout: os.Stdout, stderr: os.Stderr, stdin: os.Stdin, getenv: os.Getenv, isTTY: isTerminal(os.Stdout), errTTY: isTerminal(os.Stderr)}
	os.Exit(run(ctx, e, os.Args[1:]))
}

func run(ctx context.Context, e *env, args []string) int {
	if len(args) == 0 {
		usage(e.stderr)
		return exitError
	}
	switch args[0] {
	case "-h", "--help", "help":
		if len(args) > 1 {
			if c := commands[args[1]]; c != nil {
				return c.run(ctx, e, []string{"-h"})
			}
		}
		usage(e.stdout)
		return exitOK
	case "-v", "--version":
		args[0] = "version"
	}
	c := commands[args[0]]
	if c == nil {
		fmt.Fprintf(e.stderr, "skillvet: unknown command %q\n\n", args[0])
		usage(e.stderr)
		return exitError
	}
	return c.run(ctx, e, args[1:])
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "skillvet: security scanner, linter and gated loader for Agent Skills")
	fmt.Fprintln(w, "\nUsage: skillvet <command> [flags] [args]")
	fmt.Fprintln(w, "\nCommands:")
	names := make([]string, 0, len(commands))
	for n, c := range commands {
		if !c.hidden {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintln(w, "\nRun 'skillvet <command> -h' for a command's flags.")
	fmt.Fprintln(w, "Exit codes: 0 clean, 1 findings at or above --fail-on, 2 usage or runtime error.")
}

// newFlags returns a FlagSet that reports errors instead of exiting.
func newFlags(e *env, c *command) *flag.FlagSet {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	fs.Usage = func() {
		fmt.Fprintf(e.stderr, "Usage: skillvet %s\n\n%s\n\nFlags:\n", c.usage, c.summary)
		fs.PrintDefaults()
	}
	return fs
}

// parseInterleaved parses flags that may appear before, between or after
// positional arguments ("scan corpus/ --format json"). It returns the
// positional arguments, or an error (flag.ErrHelp for -h).
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// flagExit maps a flag parsing error to an exit code.
func flagExit(err error) int {
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	return exitError
}

// listFlag collects comma-separated values from repeated flags.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(s string) error {
	for _, v := range strings.Split(s, ",") {
		if v = strings.TrimSpace(v); v != "" {
			*l = append(*l, v)
		}
	}
	return nil
}

func isTerminal(f *os.File) bool {
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
