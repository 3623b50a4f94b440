package config

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dop251/goja/ast"
	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/markdown"
)

// Custom rules run through the same engine, prefilter, suppressions and
// reporters as built-in ones. Each matches literal keywords (ASCII
// case-insensitive) and/or regular expressions over one kind of token:
//
//	text         every line of every text file
//	prose        Markdown headings and paragraphs
//	code         Markdown code blocks and code spans
//	commands     dynamic-context commands (!cmd lines, !`cmd`, ```! blocks)
//	html         Markdown HTML blocks and inline HTML (comments included)
//	links        Markdown link, image and autolink destinations
//	frontmatter  frontmatter keys and scalar values ("key: value" per node)
//	js-calls     resolved callee names of JS/TS calls and constructors, with
//	             aliases, destructuring and computed members seen through
//	             ("child_process.exec", "fetch", "eval")
//	python-calls resolved callee names of Python calls, through imports and
//	             aliases ("subprocess.run", "os.system", "requests.post")
//	shell-commands  program names of shell commands wherever shell appears
//	             (scripts, code blocks, ! lines, hooks), after wrappers such
//	             as sudo and env, including decoded and sh -c payloads
//
// A token matches when it contains any keyword or matches any regex.

var customIDRx = regexp.MustCompile(`^[A-Z][A-Z0-9]*-?[0-9]{1,4}$`)

var customIn = map[string]analyzer.Input{
	"text": analyzer.InAnyText, "prose": analyzer.InMarkdown, "code": analyzer.InMarkdown,
	"commands": analyzer.InMarkdown, "html": analyzer.InMarkdown, "links": analyzer.InMarkdown,
	"frontmatter": analyzer.InSkill, "js-calls": analyzer.InJS, "python-calls": analyzer.InPython,
	"shell-commands": analyzer.InShell | analyzer.InMarkdown | analyzer.InJSON | analyzer.InPowerShell,
}

// Line is the line of the entry in its configuration file (0 if unknown).
func (cr *CustomRule) Line() int { return cr.line }

// BuildCustomRules turns custom-rules entries into analyzer rules.
func (c *Config) BuildCustomRules() ([]*analyzer.Rule, error) {
	var out []*analyzer.Rule
	seen := map[string]bool{}
	for i := range c.CustomRules {
		cr := &c.CustomRules[i]
		r, err := cr.build()
		if err != nil {
			return nil, &Error{Path: c.Path, Line: cr.line, Msg: fmt.Sprintf("custom-rules[%d]: %v", i, err)}
		}
		if seen[r.ID] {
			return nil, &Error{Path: c.Path, Line: cr.line, Msg: "duplicate custom rule ID " + r.ID}
		}
		seen[r.ID] = true
		out = append(out, r)
	}
	return out, nil
}

func (cr *CustomRule) build() (*analyzer.Rule, error) {
	id := strings.ToUpper(cr.ID)
	if !customIDRx.MatchString(id) || strings.HasPrefix(id, "SV") {
		return nil, fmt.Errorf("id %q must look like ACME-001 and must not start with SV (reserved for built-in rules)", cr.ID)
	}
	if cr.Title == "" || cr.Message == "" {
		return nil, fmt.Errorf("title and message are required")
	}
	sev, err := analyzer.ParseSeverity(cr.Severity)
	if err != nil || sev == analyzer.SevNone {
		return nil, fmt.Errorf("severity %q: want critical, high, medium, low or info", cr.Severity)
	}
	cat := analyzer.Category(cr.Category)
	if cr.Category == "" {
		cat = analyzer.CatLint
	}
	if cat.Title() == "" {
		return nil, fmt.Errorf("category %q is not one of E1–E4, P1–P4, PE1–PE3, SC1–SC3, lint", cr.Category)
	}
	in, ok := customIn[cr.In]
	if !ok {
		return nil, fmt.Errorf("in %q: want one of text, prose, code, commands, html, links, frontmatter, js-calls, python-calls, shell-commands", cr.In)
	}
	if len(cr.Keywords) == 0 && len(cr.Regex) == 0 {
		return nil, fmt.Errorf("needs keywords or regex")
	}
	var rxs []*regexp.Regexp
	for _, s := range cr.Regex {
		rx, err := regexp.Compile(s)
		if err != nil {
			return nil, fmt.Errorf("regex %q: %v", s, err)
		}
		rxs = append(rxs, rx)
	}
	var kws []string
	for _, k := range cr.Keywords {
		if k = strings.ToLower(strings.TrimSpace(k)); k != "" {
			kws = append(kws, k)
		}
	}
	for _, g := range cr.Paths {
		if strings.Contains(g, "\\") {
			return nil, fmt.Errorf("paths: use slash-separated globs, got %q", g)
		}
	}
	doc := cr.Doc
	if doc == "" {
		doc = cr.Title + "\n\nA custom rule from .skillvet.yaml."
	}
	m := &matcher{kws: kws, rxs: rxs}
	r := &analyzer.Rule{ID: id, Name: strings.ToLower(id), Title: cr.Title, Doc: doc, Severity: sev,
		Category: cat, Tags: []string{"custom"}, Inputs: in}
	if len(rxs) == 0 && cr.In != "js-calls" && cr.In != "python-calls" && cr.In != "shell-commands" && cr.In != "frontmatter" {
		// Pure keyword rules over text can use the prefilter; resolved call
		// names see through aliases, so the literal need not be in the file.
		r.Keywords = kws
	}
	kind, msg, paths := cr.In, cr.Message, cr.Paths
	r.Run = func(p *analyzer.Pass) error {
		if len(paths) > 0 && !matchAny(paths, p.File.Path) {
			return nil
		}
		report := func(start, end int) {
			p.Report(analyzer.Diagnostic{Start: start, End: end, Message: msg})
		}
		switch kind {
		case "text":
			for n := 1; n <= p.File.LineCount(); n++ {
				if s, e, ok := m.match(p.File.Line(n)); ok {
					off := p.File.LineStart(n)
					report(off+s, off+e)
				}
			}
		case "js-calls":
			prog, err := p.JS()
			if err != nil {
				return nil // SV006 reports unparsable JS
			}
			info := prog.Info()
			check := func(n ast.Node, callee ast.Expression) {
				name := info.Resolve(callee)
				if name == "" {
					return
				}
				if _, _, ok := m.match(name); ok {
					if s, e, ok := prog.Range(n); ok {
						report(s, e)
					}
				}
			}
			for _, c := range info.Calls() {
				check(c, c.Callee)
			}
			for _, c := range info.News() {
				check(c, c.Callee)
			}
		case "shell-commands":
			sites, err := p.ShellSites()
			if err != nil {
				return nil // SV007 reports unparsable shell
			}
			for _, site := range sites {
				if site.Script == nil {
					continue
				}
				for _, c := range site.Script.Commands {
					if c.Name == "" {
						continue
					}
					if _, _, ok := m.match(c.Name); ok {
						report(c.Start, c.End)
					}
				}
			}
		case "python-calls":
			mod, err := p.Python()
			if err != nil {
				return nil // SV008 reports unparsable Python
			}
			for _, c := range mod.Calls {
				if _, _, ok := m.match(c.Name); ok {
					report(mod.Toks[c.Head].Start, mod.Toks[c.Close].End)
				}
			}
		case "frontmatter":
			mf := p.Skill.Manifest
			if mf == nil || mf.Root == nil {
				return nil
			}
			walkYAML(mf.Root, "", func(key string, n *yaml.Node) {
				if _, _, ok := m.match(key + ": " + n.Value); ok {
					report(p.File.Offset(n.Line, n.Column), 0)
				}
			})
		default:
			doc, err := p.Markdown()
			if err != nil {
				return nil // SV005 reports unparsable Markdown
			}
			for _, t := range doc.Tokens {
				if !tokenIn(kind, t.Kind) {
					continue
				}
				text := t.Text
				if kind == "links" {
					text = t.URL
				}
				if s, e, ok := m.match(text); ok {
					if kind == "links" {
						report(t.Start, t.End)
					} else {
						report(t.TextStart+s, t.TextStart+e)
					}
				}
			}
		}
		return nil
	}
	return r, nil
}

func tokenIn(kind string, k markdown.Kind) bool {
	switch kind {
	case "prose":
		return k == markdown.Paragraph || k == markdown.Heading
	case "code":
		return k == markdown.CodeBlock || k == markdown.CodeSpan
	case "commands":
		return k.IsCommand()
	case "html":
		return k == markdown.HTMLBlock || k == markdown.InlineHTML
	case "links":
		return k == markdown.Link || k == markdown.Image || k == markdown.Autolink
	}
	return false
}

type matcher struct {
	kws []string
	rxs []*regexp.Regexp
}

// match returns the byte range of the first keyword or regex match in s.
func (m *matcher) match(s string) (int, int, bool) {
	if len(m.kws) > 0 {
		lower := strings.ToLower(s)
		for _, k := range m.kws {
			if i := strings.Index(lower, k); i >= 0 {
				return i, i + len(k), true
			}
		}
	}
	for _, rx := range m.rxs {
		if loc := rx.FindStringIndex(s); loc != nil {
			return loc[0], loc[1], true
		}
	}
	return 0, 0, false
}

func matchAny(globs []string, p string) bool {
	for _, g := range globs {
		if MatchGlob(g, p) {
			return true
		}
	}
	return false
}

// walkYAML calls fn for every scalar with its dotted key path.
func walkYAML(n *yaml.Node, key string, fn func(string, *yaml.Node)) {
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if key != "" {
				k = key + "." + k
			}
			walkYAML(n.Content[i+1], k, fn)
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			walkYAML(c, key, fn)
		}
	case yaml.ScalarNode:
		fn(key, n)
	}
}
