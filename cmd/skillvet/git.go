package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing/fstest"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/skill"
)

// git runs a git command and returns its standard output.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

func splitZ(b []byte) []string {
	var out []string
	for _, s := range bytes.Split(b, []byte{0}) {
		if len(s) > 0 {
			out = append(out, string(s))
		}
	}
	return out
}

type indexEntry struct {
	mode, blob, path string
}

// stagedSources returns the skills touched by staged changes, each read
// whole from the git index (what will be committed, not the working tree).
// Paths, when given, restrict the result to skills under them.
func stagedSources(ctx context.Context, paths []string) ([]analyzer.Source, error) {
	top, err := git(ctx, ".", "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	root := strings.TrimSpace(string(top))
	changed, err := git(ctx, root, "diff", "--cached", "--name-only", "-z", "--no-renames")
	if err != nil {
		return nil, err
	}
	ls, err := git(ctx, root, "ls-files", "-s", "-z")
	if err != nil {
		return nil, err
	}
	var entries []indexEntry
	skillDirs := map[string]bool{}
	for _, rec := range splitZ(ls) {
		// "<mode> <blob> <stage>\t<path>"
		meta, p, ok := strings.Cut(rec, "\t")
		f := strings.Fields(meta)
		if !ok || len(f) != 3 {
			continue
		}
		entries = append(entries, indexEntry{mode: f[0], blob: f[1], path: p})
		if path.Base(p) == skill.ManifestName && f[0] != "120000" {
			skillDirs[path.Dir(p)] = true
		}
	}
	selected := map[string]bool{}
	for _, c := range splitZ(changed) {
		for d := path.Dir(c); ; d = path.Dir(d) {
			if skillDirs[d] {
				selected[d] = true
				break
			}
			if d == "." || d == "/" {
				break
			}
		}
	}
	filters, err := repoRelative(root, paths)
	if err != nil {
		return nil, err
	}
	var dirs []string
	for d := range selected {
		if underAny(d, filters) {
			dirs = append(dirs, d)
		}
	}
	sort.Strings(dirs)
	if len(dirs) == 0 {
		return nil, nil
	}
	blobs, err := readBlobs(ctx, root, entries, dirs)
	if err != nil {
		return nil, err
	}
	cwd, _ := os.Getwd()
	var out []analyzer.Source
	for _, d := range dirs {
		m := fstest.MapFS{}
		prefix := d + "/"
		if d == "." {
			prefix = ""
		}
		for _, e := range entries {
			if !strings.HasPrefix(e.path, prefix) || e.mode == "160000" {
				continue
			}
			rel := strings.TrimPrefix(e.path, prefix)
			mf := &fstest.MapFile{Data: blobs[e.blob], Mode: 0o644}
			if e.mode == "120000" {
				mf.Mode = fs.ModeSymlink
			}
			m[rel] = mf
		}
		display := filepath.Join(root, filepath.FromSlash(d))
		if r, err := filepath.Rel(cwd, display); err == nil {
			display = r
		}
		out = append(out, analyzer.MemSource(display, m))
	}
	return out, nil
}

// readBlobs reads the blobs of entries under dirs with one git cat-file.
func readBlobs(ctx context.Context, root string, entries []indexEntry, dirs []string) (map[string][]byte, error) {
	var want []string
	seen := map[string]bool{}
	for _, e := range entries {
		if e.mode == "160000" || seen[e.blob] || !underAny(e.path, dirs) {
			continue
		}
		seen[e.blob] = true
		want = append(want, e.blob)
	}
	cmd := exec.CommandContext(ctx, "git", "cat-file", "--batch")
	cmd.Dir = root
	cmd.Stdin = strings.NewReader(strings.Join(want, "\n") + "\n")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	br := bufio.NewReader(stdout)
	for range want {
		hdr, err := br.ReadString('\n')
		if err != nil {
			return nil, fmt.Errorf("git cat-file: %v", err)
		}
		f := strings.Fields(hdr)
		if len(f) != 3 {
			return nil, fmt.Errorf("git cat-file: unexpected %q", hdr)
		}
		n, err := strconv.Atoi(f[2])
		if err != nil {
			return nil, err
		}
		b := make([]byte, n+1)
		if _, err := io.ReadFull(br, b); err != nil {
			return nil, err
		}
		out[f[0]] = b[:n]
	}
	return out, cmd.Wait()
}

func repoRelative(root string, paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		if real, err := filepath.EvalSymlinks(abs); err == nil {
			abs = real
		}
		r, err := filepath.Rel(root, abs)
		if err != nil || strings.HasPrefix(r, "..") {
			return nil, fmt.Errorf("%s is outside the git repository %s", p, root)
		}
		out = append(out, filepath.ToSlash(r))
	}
	return out, nil
}

func underAny(p string, dirs []string) bool {
	if len(dirs) == 0 {
		return true
	}
	for _, d := range dirs {
		if d == "." || p == d || strings.HasPrefix(p, d+"/") {
			return true
		}
	}
	return false
}

// sinceDirs returns the skill directories (on disk) with files changed since
// ref: committed, staged, unstaged and untracked changes all count.
func sinceDirs(ctx context.Context, ref string, paths []string) ([]string, error) {
	top, err := git(ctx, ".", "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, err
	}
	root := strings.TrimSpace(string(top))
	if _, err := git(ctx, root, "rev-parse", "--verify", "--quiet", ref+"^{commit}"); err != nil {
		return nil, fmt.Errorf("--since %s: not a commit", ref)
	}
	changed, err := git(ctx, root, "diff", "--name-only", "-z", "--no-renames", ref)
	if err != nil {
		return nil, err
	}
	untracked, err := git(ctx, root, "ls-files", "--others", "--exclude-standard", "-z")
	if err != nil {
		return nil, err
	}
	var files []string
	for _, c := range append(splitZ(changed), splitZ(untracked)...) {
		files = append(files, filepath.Join(root, filepath.FromSlash(c)))
	}
	filters, err := repoRelative(root, paths)
	if err != nil {
		return nil, err
	}
	cwd, _ := os.Getwd()
	seen := map[string]bool{}
	var dirs []string
	for _, f := range files {
		dir, ok := loader.EnclosingSkill(filepath.Dir(f))
		if !ok {
			continue
		}
		abs, _ := filepath.Abs(dir)
		rel, err := filepath.Rel(root, abs)
		if err != nil || !underAny(filepath.ToSlash(rel), filters) {
			continue
		}
		if r, err := filepath.Rel(cwd, abs); err == nil {
			abs = r
		}
		if !seen[abs] {
			seen[abs] = true
			dirs = append(dirs, abs)
		}
	}
	sort.Strings(dirs)
	return dirs, nil
}
