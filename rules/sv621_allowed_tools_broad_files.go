package rules

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// AllowedToolsBroadFiles reports allowed-tools entries that pre-approve
// file tools on the whole disk or the whole home directory.
var AllowedToolsBroadFiles = register(&analyzer.Rule{
	ID:       "SV621",
	Name:     "allowed-tools-broad-files",
	Title:    "allowed-tools pre-approves file access to the whole disk or home directory",
	Severity: High,
	Category: analyzer.CatPermissions,
	Tags:     []string{"security", "permissions", "CWE-250", "CWE-732"},
	Inputs:   analyzer.InSkill,
	Doc: `Checks the ` + "`allowed-tools`" + ` frontmatter field for file tools scoped to the root of the
disk or the home directory: ` + "`Write(/**)`" + `, ` + "`Edit(~/**)`" + `, ` + "`Read(/**)`" + `, ` + "`Glob($HOME/**)`" + `.

- writing or editing anywhere under ` + "`/`" + ` or ` + "`~`" + `: **high** — shell start-up files,
  ` + "`~/.ssh/authorized_keys`" + `, launch agents and git hooks can be changed without a prompt,
  which is how a prompt injection persists;
- reading, globbing or grepping the whole disk or home directory: **medium**, and **high**
  when the same list also pre-approves a way out (` + "`WebFetch`" + `, an unscoped shell): keys and
  tokens can then be read and sent without a single confirmation.

Entries scoped to the project (` + "`Write(src/**)`" + `, ` + "`Edit(**)`" + `) or to one folder under
the home directory (` + "`Read(~/Documents/notes/**)`" + `) are not reported.

**Fix:** scope file tools to the folders the skill works on, or leave them out and let the
agent ask.

Bad:

    allowed-tools: Bash(*) Write(/**) Edit(/**) Read(/**)

Good:

    allowed-tools: Read(docs/**) Edit(docs/**)`,
	Run: runAllowedToolsBroadFiles,
})

var (
	fileWriteTools = map[string]bool{"write": true, "edit": true, "multiedit": true, "notebookedit": true}
	fileReadTools  = map[string]bool{"read": true, "glob": true, "grep": true, "ls": true}
	egressTools    = map[string]bool{"webfetch": true, "fetch": true, "http": true, "browser": true}
)

// broadFileScope reports whether a tool argument covers the whole disk or
// the whole home directory.
func broadFileScope(arg string) (string, bool) {
	a := strings.TrimSpace(arg)
	if a == "*" || a == "**" || a == "**/*" {
		return "", false // relative to the project, like the bare tool name
	}
	if strings.HasPrefix(a, "//") {
		a = a[1:] // Claude Code writes absolute paths as //path
	}
	for _, home := range []string{"~", "$HOME", "${HOME}", "/Users/*", "/home/*", "/root"} {
		if rest, ok := strings.CutPrefix(a, home); ok && (rest == "" || strings.Trim(rest, "/*") == "") {
			return "the home directory", true
		}
	}
	if strings.HasPrefix(a, "/") && strings.Trim(a, "/*") == "" {
		return "the whole disk", true
	}
	return "", false
}

func runAllowedToolsBroadFiles(p *analyzer.Pass) error {
	m := p.Skill.Manifest
	if m == nil || m.Root == nil {
		return nil
	}
	for _, k := range manifest.AllowedToolsKeys(m) {
		items := manifest.AllowedToolsItems(k)
		type entry struct {
			node *yaml.Node
			text string
		}
		var entries []entry
		egress := ""
		for _, it := range items {
			if it.Kind != yaml.ScalarNode {
				continue
			}
			for _, e := range manifest.SplitAllowedTools(it.Value) {
				entries = append(entries, entry{it, e})
				name, arg, hasArg := strings.Cut(e, "(")
				ln := strings.ToLower(strings.TrimSpace(name))
				arg = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(arg), ")"))
				if egressTools[ln] || manifest.ShellToolNames[ln] && (!hasArg || strings.Trim(arg, "*: ") == "") {
					egress = e
				}
			}
		}
		for _, en := range entries {
			name, arg, hasArg := strings.Cut(en.text, "(")
			if !hasArg {
				continue
			}
			ln := strings.ToLower(strings.TrimSpace(name))
			if !fileWriteTools[ln] && !fileReadTools[ln] {
				continue
			}
			arg = strings.TrimSuffix(strings.TrimSpace(arg), ")")
			where, ok := broadFileScope(arg)
			if !ok {
				continue
			}
			var sev analyzer.Severity
			var why string
			switch {
			case fileWriteTools[ln]:
				sev, why = High, fmt.Sprintf("changes to any file in %s (shell start-up files, SSH keys, launch agents) without confirmation", where)
			case egress != "":
				sev, why = High, fmt.Sprintf("reading any file in %s without confirmation, and %q can send it out", where, egress)
			default:
				sev, why = Medium, fmt.Sprintf("reading any file in %s (keys, tokens, history) without confirmation", where)
			}
			off := manifest.NodeOffset(p, en.node)
			if en.node.Line == k.Value.Line && en.node.Style == 0 {
				if i := strings.Index(p.File.Line(en.node.Line), en.text); i >= 0 {
					off = p.File.Offset(en.node.Line, i+1)
				}
			}
			p.Report(analyzer.Diagnostic{Start: off, End: off + len(en.text), Severity: sev,
				Message: fmt.Sprintf("allowed-tools entry %q pre-approves %s", en.text, why)})
		}
	}
	return nil
}
