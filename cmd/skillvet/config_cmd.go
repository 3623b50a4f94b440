package main

import (
	"context"
	"fmt"
	"os"

	"github.com/skillvet/skillvet/config"
)

func init() {
	register(&command{name: "config", usage: "config init [--force] [FILE]",
		summary: "Write a commented default .skillvet.yaml", run: configMain})
}

func configMain(ctx context.Context, e *env, args []string) int {
	fs := newFlags(e, commands["config"])
	force := fs.Bool("force", false, "overwrite an existing file")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) == 0 || pos[0] != "init" || len(pos) > 2 {
		fs.Usage()
		return exitError
	}
	path := config.FileName
	if len(pos) == 2 {
		path = pos[1]
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if *force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(path, flags, 0o644)
	if err != nil {
		fmt.Fprintf(e.stderr, "skillvet: %v (use --force to overwrite)\n", err)
		return exitError
	}
	if _, err := f.WriteString(config.Default); err != nil {
		f.Close()
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	if err := f.Close(); err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	fmt.Fprintf(e.stdout, "wrote %s\n", path)
	return exitOK
}
