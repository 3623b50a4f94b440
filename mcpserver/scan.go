package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/loader"
	"github.com/skillvet/skillvet/skill"
)

// ScanTimeout bounds one scan_skill call.
const ScanTimeout = 2 * time.Minute

// ErrOutsideRoots is wrapped by scan_skill errors for paths that do not
// resolve to a skill directory inside an allowed scan root: whether the
// path exists, is outside, is a file or has no SKILL.md, the answer is the
// same, so that the tool tells nothing about the disk outside the roots.
var ErrOutsideRoots = errors.New("not a skill directory inside the allowed scan roots")

// ScanInput is scan_skill's input.
type ScanInput struct {
	Path string `json:"path" jsonschema:"a skill directory (or its SKILL.md) inside an allowed scan root; relative paths are taken from the first root"`
}

// ScanOutput is scan_skill's result.
type ScanOutput struct {
	Path     string       `json:"path" jsonschema:"the scanned directory, symlinks resolved"`
	Name     string       `json:"name"`
	Verdict  string       `json:"verdict" jsonschema:"block (would be refused by the gate), warn or pass"`
	FailOn   string       `json:"failOn" jsonschema:"the lowest severity that blocks"`
	Hash     string       `json:"hash" jsonschema:"content hash; an operator approves a version by it"`
	Findings []findingOut `json:"findings" jsonschema:"rule, title, file and line; what a finding quotes from the skill is under untrusted"`
	Gate     string       `json:"gate,omitempty" jsonschema:"why the gate refuses the skill whatever the findings (git metadata, a symlink leaving it)"`
	Errors   []string     `json:"errors,omitempty" jsonschema:"internal analysis errors (the scan is then incomplete and blocks)"`
}

// scanner runs scan_skill inside the allowed roots.
type scanner struct {
	roots     []string // absolute, symlinks resolved
	engine    *analyzer.Engine
	threshold analyzer.Severity
	titles    map[string]string
	// gate, when set, analyses instead of engine: the loader's gate runs in
	// isolated worker processes, and scan_skill must not parse untrusted
	// files in the server process either.
	gate *loader.Gate
}

func newScanner(roots []string, set []*analyzer.Rule, th analyzer.Severity) (*scanner, error) {
	// Third-party mode: inline skillvet:ignore directives are written by
	// whoever wrote the skill, so they are not honoured.
	eng, err := analyzer.New(set, analyzer.Options{HonorSuppressions: false})
	if err != nil {
		return nil, err
	}
	sc := &scanner{engine: eng, threshold: th, titles: loader.RuleTitles(set)}
	for _, r := range roots {
		abs, err := filepath.Abs(r)
		if err != nil {
			return nil, err
		}
		real, err := filepath.EvalSymlinks(abs)
		if err != nil {
			return nil, fmt.Errorf("scan root %s: %w", r, err)
		}
		if st, err := os.Stat(real); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("scan root %s is not a directory", r)
		}
		sc.roots = append(sc.roots, real)
	}
	return sc, nil
}

// locate resolves p (symlinks included) and returns the real skill
// directory, the allowed root holding it and its path relative to that
// root. Every failure is the same ErrOutsideRoots answer, naming only the
// path as given (never what it resolved to).
func (sc *scanner) locate(p string) (dir, root, rel string, err error) {
	if strings.TrimSpace(p) == "" || strings.ContainsRune(p, 0) {
		return "", "", "", errors.New("a path is required")
	}
	given := p
	refuse := func() (string, string, string, error) {
		return "", "", "", fmt.Errorf("%s: %w (%s)", loader.OneLine(given), ErrOutsideRoots, strings.Join(sc.roots, ", "))
	}
	if !filepath.IsAbs(p) {
		p = filepath.Join(sc.roots[0], p)
	}
	real, err := filepath.EvalSymlinks(filepath.Clean(p))
	if err != nil {
		return refuse()
	}
	for _, r := range sc.roots {
		rel, ok := within(r, real)
		if !ok {
			continue
		}
		// Inside a root: only now look at what it is.
		st, err := os.Stat(real)
		if err != nil {
			return refuse()
		}
		if !st.IsDir() {
			if filepath.Base(real) != skill.ManifestName {
				return refuse()
			}
			real, rel = filepath.Dir(real), filepath.Dir(rel)
		}
		return real, r, rel, nil
	}
	return refuse()
}

// within reports whether real lies inside (or is) root, and the relative
// path.
func within(root, real string) (string, bool) {
	rel, err := filepath.Rel(root, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return "", false
	}
	return rel, true
}

// open opens the skill directory and checks that the directory opened is
// the one found inside the root: a path component swapped for a symlink
// between the check and the open is caught, because the root is opened as
// an os.Root, which never follows a symlink out of it.
func (sc *scanner) open(dir, root, rel string) (*skill.RootFS, error) {
	rfs, err := skill.OpenDir(dir)
	if err != nil {
		return nil, err
	}
	ok := func() bool {
		got, err := rfs.Lstat(".")
		if err != nil {
			return false
		}
		r, err := os.OpenRoot(root)
		if err != nil {
			return false
		}
		defer r.Close()
		want, err := r.Stat(rel)
		return err == nil && os.SameFile(got, want)
	}()
	if !ok {
		rfs.Close()
		return nil, fmt.Errorf("%s changed while it was opened; not scanned", dir)
	}
	if _, err := rfs.Lstat(skill.ManifestName); err != nil {
		rfs.Close()
		return nil, fmt.Errorf("%s: %w (no %s)", dir, ErrOutsideRoots, skill.ManifestName)
	}
	return rfs, nil
}

func (sc *scanner) run(ctx context.Context, p string) (*ScanOutput, error) {
	dir, root, rel, err := sc.locate(p)
	if err != nil {
		return nil, err
	}
	rfs, err := sc.open(dir, root, rel)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, ScanTimeout)
	defer cancel()
	// Everything the gate would read (.git, nested skills), with its
	// limits, analysed in the gate's worker processes when it has them.
	lim := sc.engine.Options().Limits
	if sc.gate != nil {
		lim = sc.gate.Limits()
	}
	s, err := skill.LoadTree(ctx, rfs, dir, lim)
	rfs.Close()
	if err != nil {
		return nil, err
	}
	var res *analyzer.Result
	if sc.gate != nil {
		if res, err = sc.gate.Scan(ctx, s); err != nil && res == nil {
			return nil, err
		}
	} else {
		res = sc.engine.Analyze(ctx, s)
	}
	out := &ScanOutput{Path: dir, Name: loader.OneLine(res.Skill.Name), Verdict: string(res.Verdict(sc.threshold)),
		FailOn: sc.threshold.String(), Hash: res.Skill.Hash, Findings: toFindings(res.Findings, sc.title, true), Errors: res.Errors}
	if code, _ := loader.CheckTree(s); code != loader.CodeNone {
		out.Verdict, out.Gate = string(analyzer.VerdictBlock), code.Message()
	}
	return out, nil
}

func (s *Server) scanSkill(ctx context.Context, _ *mcp.CallToolRequest, in ScanInput) (*mcp.CallToolResult, ScanOutput, error) {
	out, err := s.scan.run(ctx, in.Path)
	if err != nil {
		return nil, ScanOutput{}, cleanError(err)
	}
	text := fmt.Sprintf("%s (%s): %s, fail-on %s, %d finding(s)\n", out.Name, out.Path, out.Verdict, out.FailOn, len(out.Findings))
	if out.Gate != "" {
		text += "the gate refuses it: " + out.Gate + "\n"
	}
	text += findingLines(out.Findings)
	for _, e := range out.Errors {
		text += "error: " + loader.OneLine(e) + "\n"
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, *out, nil
}

func (sc *scanner) title(id string) string { return sc.titles[id] }
