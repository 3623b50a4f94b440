package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/mcpserver"
)

func init() {
	register(&command{name: "mcp", usage: "mcp [flags]",
		summary: "Serve the admitted skills over the Model Context Protocol (stdio, or streamable HTTP on a loopback address with --http)",
		run:     mcpMain})
}

func mcpMain(ctx context.Context, e *env, args []string) int {
	c := commands["mcp"]
	o := &loaderOptions{}
	fs := newFlags(e, c)
	addLoaderFlags(fs, o)
	var scanRoots listFlag
	var httpAddr string
	var watch bool
	var debounce time.Duration
	var maxBytes int64
	fs.StringVar(&httpAddr, "http", "", "serve streamable HTTP at http://ADDR"+mcpserver.HTTPPath+" instead of stdio; ADDR must be a loopback address (127.0.0.1:PORT, [::1]:PORT, localhost:PORT)")
	fs.Var(&scanRoots, "scan-root", "directory inside which the scan_skill tool may scan (repeatable; none: scan_skill is not offered)")
	fs.BoolVar(&watch, "watch", true, "reload when skill files change and notify clients (list_changed)")
	fs.DurationVar(&debounce, "debounce", loader.DefaultDebounce, "quiet period after a file change before reloading")
	fs.Int64Var(&maxBytes, "max-resource-bytes", mcpserver.DefaultMaxResourceBytes, "largest file served by read_skill_resource and resources/read")
	pos, err := parseInterleaved(fs, args)
	if err != nil {
		return flagExit(err)
	}
	if len(pos) > 0 {
		fmt.Fprintln(e.stderr, "skillvet: mcp takes no arguments (use --root or --workspace)")
		return exitError
	}
	if maxBytes <= 0 {
		fmt.Fprintln(e.stderr, "skillvet: --max-resource-bytes must be positive")
		return exitError
	}
	if httpAddr != "" {
		if err := mcpserver.CheckLoopback(httpAddr); err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
	}
	l, err := o.newLoader(e)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	defer l.Close()
	reg, err := l.Load(ctx)
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	logger := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	srv, err := mcpserver.New(mcpserver.Options{Loader: l, Version: toolVersion(), MaxResourceBytes: maxBytes,
		ScanRoots: scanRoots, Logger: logger})
	if err != nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	defer srv.Close()
	refused := 0
	for _, x := range reg.Entries() {
		if x.Status == loader.StatusRefused {
			refused++
		}
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if watch {
		go func() {
			if err := l.Watch(ctx, loader.WatchOptions{Debounce: debounce}); err != nil && !errors.Is(err, context.Canceled) {
				logger.Warn("watching skill roots failed; serving without reloads", "error", err)
			}
		}()
	}
	summary := fmt.Sprintf("%d skill(s) admitted, %d refused", len(reg.Admitted()), refused)
	if httpAddr != "" {
		ln, err := mcpserver.ListenLoopback(httpAddr)
		if err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
		fmt.Fprintf(e.stderr, "skillvet mcp: %s; listening on http://%s%s\n", summary, ln.Addr(), mcpserver.HTTPPath)
		if err := srv.ServeHTTP(ctx, ln); err != nil {
			fmt.Fprintln(e.stderr, "skillvet:", err)
			return exitError
		}
		return exitOK
	}
	fmt.Fprintf(e.stderr, "skillvet mcp: %s; serving on stdio\n", summary)
	t := &mcp.IOTransport{Reader: io.NopCloser(e.stdin), Writer: nopWriteCloser{e.stdout}}
	if err := srv.Run(ctx, t); err != nil && ctx.Err() == nil {
		fmt.Fprintln(e.stderr, "skillvet:", err)
		return exitError
	}
	return exitOK
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
