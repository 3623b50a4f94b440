package rules

import (
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/jsonpos"
	"github.com/skillvet/skillvet/skill"
)

// BuildFileCode finds commands and code that package managers, build tools
// and interpreters run on their own — package.json scripts, Makefile
// recipes, Dockerfile RUN lines, compose commands, Python .pth files — and
// hands them to the engine as embedded code.
var BuildFileCode = register(&analyzer.Rule{
	ID:       "SV052",
	Name:     "build-file-code",
	Title:    "Commands in package manifests, build files and .pth files are analysed as code",
	Severity: Info,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "scan-integrity", "supply-chain"},
	Inputs:   analyzer.InJSON | analyzer.InText | analyzer.InYAML,
	Doc: `Some files are programs in disguise: an agent that runs ` + "`npm install`" + ` in a skill runs its
` + "`package.json`" + ` lifecycle scripts (` + "`preinstall`, `install`, `postinstall`, `prepare`" + `); ` + "`make`" + ` runs
Makefile recipes; ` + "`docker build`" + ` runs a Dockerfile's ` + "`RUN`" + ` lines and ` + "`docker compose up`" + ` its
` + "`command`/`entrypoint`" + `; and Python executes every line of a ` + "`.pth`" + ` file in site-packages that starts
with ` + "`import`" + ` each time the interpreter starts. This rule extracts those commands (as shell) and
` + "`.pth`" + ` import lines (as Python), and the engine analyses them with every rule of their language,
reporting in the file at the command's line with where it runs (a lifecycle script is named as
running on install). It reports nothing itself.`,
	Extract: extractBuildFileCode,
})

var lifecycleScripts = map[string]bool{"preinstall": true, "install": true, "postinstall": true, "prepare": true,
	"prepublish": true, "preprepare": true, "postprepare": true, "prepack": true, "postpack": true, "dependencies": true}

func extractBuildFileCode(p *analyzer.Pass) ([]*skill.File, error) {
	f := p.File
	base := strings.ToLower(path.Base(f.Root().Path))
	if f.Embed != nil {
		return nil, nil // only real files are manifests and build files
	}
	switch {
	case f.Kind == skill.KindJSON && base == "package.json":
		return packageScripts(f), nil
	case base == "makefile" || base == "gnumakefile" || strings.HasSuffix(base, ".mk"):
		return makeRecipes(f), nil
	case base == "dockerfile" || base == "containerfile" || strings.HasPrefix(base, "dockerfile.") || strings.HasSuffix(base, ".dockerfile"):
		return dockerRuns(f), nil
	case f.Kind == skill.KindYAML && (strings.Contains(base, "compose") && (strings.HasSuffix(base, ".yml") || strings.HasSuffix(base, ".yaml"))):
		return composeCommands(p), nil
	case strings.HasSuffix(base, ".pth"):
		return pthImports(f), nil
	}
	return nil, nil
}

func packageScripts(f *skill.File) []*skill.File {
	var out []*skill.File
	_ = jsonpos.Strings(f.Content, func(v jsonpos.Value) {
		if len(v.Path) != 2 || v.Path[0] != "scripts" || strings.TrimSpace(v.Text) == "" {
			return
		}
		ctx := "package.json scripts." + v.Path[1]
		if lifecycleScripts[v.Path[1]] {
			ctx += " (runs on npm install)"
		}
		out = append(out, skill.NewEmbeddedMapped(f, skill.KindShell, []byte(v.Text), []skill.Seg{{V: 0, H: v.Off, N: len(v.Text)}}, ctx, ".sh"))
	})
	return out
}

var makeVarRx = match.MustRx(`\$\(([A-Za-z_][A-Za-z0-9_]*)\)|\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// makeRecipes returns each rule's recipe (tab-indented lines after a
// target line) as shell, with make's $(VAR) written as shell's ${VAR} of
// the same length and $$ as $ plus a space, so positions stay right.
func makeRecipes(f *skill.File) []*skill.File {
	var out []*skill.File
	var cur []skill.Seg
	var b strings.Builder
	target := ""
	flush := func() {
		if b.Len() > 0 {
			out = append(out, skill.NewEmbeddedMapped(f, skill.KindShell, []byte(b.String()), cur, "Makefile recipe of "+target, ".sh"))
		}
		cur, target = nil, ""
		b.Reset()
	}
	n := f.LineCount()
	for i := 1; i <= n; i++ {
		l := f.Line(i)
		if strings.HasPrefix(l, "\t") && target != "" {
			line := strings.TrimLeft(l[1:], "@-+")
			skip := len(l) - len(line)
			line = makeVarRx.ReplaceAllStringFunc(line, func(m string) string { return "${" + m[2:len(m)-1] + "}" })
			line = strings.ReplaceAll(line, "$$", "$ ")
			cur = append(cur, skill.Seg{V: b.Len(), H: f.LineStart(i) + skip, N: len(line)})
			b.WriteString(line)
			b.WriteByte('\n')
			continue
		}
		if t := strings.TrimSpace(l); t == "" || strings.HasPrefix(t, "#") {
			continue
		}
		flush()
		if k := strings.Index(l, ":"); k > 0 && !strings.Contains(l[:k], "=") && !strings.HasPrefix(l, " ") {
			target = strings.TrimSpace(l[:k])
			// a recipe on the target line: "all: ; cmd"
			if r := strings.Index(l[k:], ";"); r >= 0 {
				cmd := l[k+r+1:]
				cur = append(cur, skill.Seg{V: 0, H: f.LineStart(i) + k + r + 1, N: len(cmd)})
				b.WriteString(cmd + "\n")
			}
		}
	}
	flush()
	return out
}

// dockerRuns returns each RUN instruction (shell form, continuation lines
// joined; exec form as its words) as shell.
func dockerRuns(f *skill.File) []*skill.File {
	var out []*skill.File
	n := f.LineCount()
	for i := 1; i <= n; i++ {
		l := f.Line(i)
		t := strings.TrimLeft(l, " \t")
		if len(t) < 4 || !strings.EqualFold(t[:4], "run ") {
			continue
		}
		start := i
		lead := len(l) - len(t) + 4
		var segs []skill.Seg
		var b strings.Builder
		text := t[4:]
		h := f.LineStart(i) + lead
		for {
			cont := strings.HasSuffix(strings.TrimRight(text, " \t"), "\\")
			if cont {
				text = strings.TrimRight(text, " \t")
				text = text[:len(text)-1]
			}
			segs = append(segs, skill.Seg{V: b.Len(), H: h, N: len(text)})
			b.WriteString(text)
			b.WriteByte('\n')
			if !cont || i >= n {
				break
			}
			i++
			text = f.Line(i)
			h = f.LineStart(i)
		}
		code := b.String()
		if s := strings.TrimSpace(code); strings.HasPrefix(s, "[") {
			code = execForm(s)
		}
		out = append(out, skill.NewEmbeddedMapped(f, skill.KindShell, []byte(code), segs, fmt.Sprintf("%s (line %d)", skill.ContextDockerRun, start), ".sh"))
	}
	return out
}

// execForm turns RUN ["sh", "-c", "…"] into the command it runs.
func execForm(s string) string {
	var words []string
	_ = jsonpos.Strings([]byte(s), func(v jsonpos.Value) { words = append(words, v.Text) })
	if len(words) >= 3 && (words[0] == "sh" || words[0] == "/bin/sh" || words[0] == "bash" || words[0] == "/bin/bash") && words[1] == "-c" {
		return words[2]
	}
	for i, w := range words {
		words[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(words, " ")
}

// composeCommands returns compose services' command and entrypoint strings
// (and list items) as shell.
func composeCommands(p *analyzer.Pass) []*skill.File {
	f := p.File
	var out []*skill.File
	n := f.LineCount()
	for i := 1; i <= n; i++ {
		l := f.Line(i)
		t := strings.TrimLeft(l, " ")
		for _, key := range []string{"command:", "entrypoint:"} {
			if !strings.HasPrefix(t, key) {
				continue
			}
			v := strings.TrimSpace(t[len(key):])
			if v == "" {
				continue
			}
			if strings.HasPrefix(v, "|") || strings.HasPrefix(v, ">") {
				// a block scalar: the more-indented lines below
				indent := len(l) - len(t)
				var segs []skill.Seg
				var b strings.Builder
				for j := i + 1; j <= n; j++ {
					lj := f.Line(j)
					tj := strings.TrimLeft(lj, " ")
					if strings.TrimSpace(lj) != "" && len(lj)-len(tj) <= indent {
						break
					}
					segs = append(segs, skill.Seg{V: b.Len(), H: f.LineStart(j) + len(lj) - len(tj), N: len(tj)})
					b.WriteString(tj + "\n")
				}
				if b.Len() > 0 {
					out = append(out, skill.NewEmbeddedMapped(f, skill.KindShell, []byte(b.String()), segs, "compose "+strings.TrimSuffix(key, ":"), ".sh"))
				}
				continue
			}
			off := f.LineStart(i) + len(l) - len(t) + len(key)
			off += strings.Index(l[off-f.LineStart(i):], v)
			code := strings.Trim(v, `"'`)
			if strings.HasPrefix(v, "[") {
				code = execForm(yamlFlowToJSON(v))
			} else if len(code) < len(v) {
				off++
			}
			out = append(out, skill.NewEmbeddedMapped(f, skill.KindShell, []byte(code), []skill.Seg{{V: 0, H: off, N: len(code)}}, "compose "+strings.TrimSuffix(key, ":"), ".sh"))
		}
	}
	return out
}

// yamlFlowToJSON makes a YAML flow list of plain or quoted scalars JSON.
func yamlFlowToJSON(v string) string {
	inner := strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(v), "["), "]")
	var parts []string
	for _, p := range strings.Split(inner, ",") {
		p = strings.Trim(strings.TrimSpace(p), `"'`)
		parts = append(parts, fmt.Sprintf("%q", p))
	}
	return "[" + strings.Join(parts, ",") + "]"
}

// pthImports returns a .pth file's executable lines: Python runs every
// line that starts with "import" (followed by a space or tab) when the
// interpreter starts.
func pthImports(f *skill.File) []*skill.File {
	var out []*skill.File
	n := f.LineCount()
	for i := 1; i <= n; i++ {
		l := f.Line(i)
		if strings.HasPrefix(l, "import ") || strings.HasPrefix(l, "import\t") {
			out = append(out, skill.NewEmbedded(f, skill.KindPython, f.LineStart(i), f.LineStart(i)+len(l), ".pth line run at interpreter start-up", ".py"))
		}
	}
	return out
}
