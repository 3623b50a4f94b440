package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
	"github.com/skillvet/skillvet/skill"
)

// SpecOpenClawMetadata checks the OpenClaw extension under metadata.openclaw
// (and its legacy names metadata.clawdbot and metadata.clawdis).
var SpecOpenClawMetadata = register(&analyzer.Rule{
	ID:       "SV910",
	Name:     "openclaw-metadata",
	Title:    "OpenClaw metadata is malformed or uses a deprecated key",
	Severity: Low,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "openclaw", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `OpenClaw reads gating and install information from ` + "`metadata.openclaw`" + ` (often
written as one line of JSON). This rule checks it:

| field | expected |
|---|---|
| ` + "`requires.bins`" + `, ` + "`requires.anyBins`" + `, ` + "`requires.env`" + `, ` + "`requires.config`" + ` | lists of strings |
| ` + "`install`" + ` | a list of entries, each with a ` + "`kind`" + ` of ` + "`brew`" + ` (needs ` + "`formula`" + `), ` + "`node`" + ` or ` + "`uv`" + ` (need ` + "`package`" + `), ` + "`go`" + ` (needs ` + "`module`" + `; ` + "`package`" + ` is accepted) or ` + "`download`" + ` (needs an http(s) ` + "`url`" + `); ` + "`id`" + `, ` + "`label`" + `, ` + "`sha256`" + ` (64 hex digits), ` + "`archive`" + `, ` + "`targetDir`" + ` strings, ` + "`extract`" + ` a boolean, ` + "`stripComponents`" + ` a number, ` + "`bins`" + ` and ` + "`os`" + ` lists |
| ` + "`os`" + ` | a list from ` + "`darwin`" + `, ` + "`linux`" + `, ` + "`win32`" + ` |
| ` + "`always`" + ` | ` + "`true`" + ` or ` + "`false`" + ` |
| ` + "`primaryEnv`" + `, ` + "`emoji`" + `, ` + "`homepage`" + `, ` + "`skillKey`" + ` | strings |

Install entries that OpenClaw cannot run (unknown kind, missing formula/package/url) are
medium; other problems are low. The legacy keys ` + "`metadata.clawdbot`" + ` and
` + "`metadata.clawdis`" + ` are reported as deprecated (low) and checked the same way.

**Why it matters:** OpenClaw silently ignores what it cannot read: a misspelt requirement
gates nothing, and a broken install entry leaves the user to install by hand, often from
instructions in the body that nobody reviewed.

**Fix:**

Bad:

` + "```yaml" + `
metadata:
  clawdbot:
    os: macos
    requires: {binaries: [gh]}
    install: [{kind: brew, package: gh}]
` + "```" + `

Good:

` + "```yaml" + `
metadata:
  openclaw:
    os: [darwin, linux]
    requires: {bins: [gh]}
    install: [{id: brew, kind: brew, formula: gh, bins: [gh]}]
` + "```",
	Run: runSpecOpenClawMetadata,
})

var lintOpenClawOS = map[string]string{"darwin": "", "linux": "", "win32": "",
	"macos": "darwin", "mac": "darwin", "osx": "darwin", "windows": "win32", "win": "win32", "win64": "win32"}

var lintInstallField = map[string]string{"brew": "formula", "node": "package", "go": "module", "uv": "package", "download": "url"}

// lintInstallStrings are the string fields of an install entry.
var lintInstallStrings = []string{"id", "label", "formula", "package", "module", "url", "sha256", "archive", "targetDir"}

func runSpecOpenClawMetadata(p *analyzer.Pass) error {
	m := manifest.Of(p)
	if m == nil {
		return nil
	}
	md := m.Lookup("metadata")
	for _, kv := range manifest.Pairs(md) {
		key, v := kv[0], kv[1]
		ns := key.Value
		if !manifest.MetadataExtensions[ns] {
			continue
		}
		if ns != "openclaw" {
			manifest.ReportAt(p, key, 0, "metadata.%s is the deprecated name of metadata.openclaw: rename it", ns)
		}
		if v.Kind != yaml.MappingNode {
			manifest.ReportAt(p, v, 0, "metadata.%s must be a mapping, not %s", ns, manifest.Kind(v))
			continue
		}
		lintOpenClaw(p, "metadata."+ns, v)
	}
	return nil
}

func lintOpenClaw(p *analyzer.Pass, where string, oc *yaml.Node) {
	for _, kv := range manifest.Pairs(oc) {
		key, v := kv[0], kv[1]
		w := where + "." + key.Value
		switch key.Value {
		case "requires":
			lintRequires(p, w, v)
		case "install":
			if v.Kind != yaml.SequenceNode {
				manifest.ReportAt(p, v, Medium, "%s must be a list of install entries, not %s", w, manifest.Kind(v))
				continue
			}
			for i, e := range v.Content {
				lintInstall(p, w, i, manifest.Deref(e))
			}
		case "os":
			lintOS(p, w, v)
		case "always":
			if !manifest.IsBool(v) {
				manifest.ReportAt(p, v, 0, "%s must be true or false, not %s", w, manifest.Kind(v))
			}
		case "primaryEnv", "emoji", "homepage", "skillKey":
			if !manifest.IsString(v) || strings.TrimSpace(v.Value) == "" {
				manifest.ReportAt(p, v, 0, "%s must be a non-empty string, not %s", w, manifest.KindNonEmpty(v))
			}
		}
	}
}

func lintRequires(p *analyzer.Pass, w string, v *yaml.Node) {
	if v.Kind != yaml.MappingNode {
		manifest.ReportAt(p, v, 0, "%s must be a mapping (bins, anyBins, env, config), not %s", w, manifest.Kind(v))
		return
	}
	for _, kv := range manifest.Pairs(v) {
		key := kv[0]
		switch key.Value {
		case "bins", "anyBins", "env", "config":
			manifest.StringList(p, kv[1], w+"."+key.Value, 0)
		default:
			manifest.ReportAt(p, key, 0, "%s.%s is not a known requirement (bins, anyBins, env, config): OpenClaw ignores it", w, key.Value)
		}
	}
}

func lintOS(p *analyzer.Pass, w string, v *yaml.Node) {
	if manifest.IsString(v) {
		manifest.ReportAt(p, v, 0, "%s must be a list, e.g. [%s]", w, lintOSName(v.Value))
		return
	}
	if v.Kind != yaml.SequenceNode {
		manifest.ReportAt(p, v, 0, "%s must be a list of platforms (darwin, linux, win32), not %s", w, manifest.Kind(v))
		return
	}
	for _, n := range v.Content {
		n = manifest.Deref(n)
		if !manifest.IsString(n) {
			manifest.ReportAt(p, n, 0, "%s entries must be strings, not %s", w, manifest.Kind(n))
			continue
		}
		s := n.Value
		if _, ok := lintOpenClawOS[s]; ok && lintOSName(s) == s {
			continue
		}
		if _, ok := lintOpenClawOS[strings.ToLower(s)]; ok {
			manifest.ReportAt(p, n, 0, "%s value %q is not an OpenClaw platform: use %s", w, s, lintOSName(s))
		} else {
			manifest.ReportAt(p, n, 0, "%s value %q is not an OpenClaw platform (darwin, linux, win32)", w, s)
		}
	}
}

func lintOSName(s string) string {
	if sugg, ok := lintOpenClawOS[strings.ToLower(s)]; ok {
		if sugg == "" {
			return strings.ToLower(s)
		}
		return sugg
	}
	return s
}

var lintSHA256Rx = match.MustRx(`^[0-9a-fA-F]{64}$`)

func lintInstall(p *analyzer.Pass, w string, i int, e *yaml.Node) {
	if e.Kind != yaml.MappingNode {
		manifest.ReportAt(p, e, Medium, "%s entries must be mappings with a kind, not %s", w, manifest.Kind(e))
		return
	}
	kind := skill.MapValue(e, "kind")
	if kind == nil || !manifest.IsString(kind) {
		manifest.ReportAt(p, e, Medium, "%s entry %d has no kind (brew, node, go, uv, download)", w, i+1)
		return
	}
	field, ok := lintInstallField[kind.Value]
	if !ok {
		manifest.ReportAt(p, kind, Medium, "%s entry %d has unknown kind %q (brew, node, go, uv, download): OpenClaw cannot run it", w, i+1, kind.Value)
		return
	}
	for _, name := range lintInstallStrings {
		if v := skill.MapValue(e, name); v != nil && !manifest.IsString(v) {
			manifest.ReportAt(p, v, 0, "%s entry %d: %s must be a string, not %s", w, i+1, name, manifest.Kind(v))
		}
	}
	if v := skill.MapValue(e, "extract"); v != nil && !manifest.IsBool(v) {
		manifest.ReportAt(p, v, 0, "%s entry %d: extract must be true or false, not %s", w, i+1, manifest.Kind(v))
	}
	if v := skill.MapValue(e, "stripComponents"); v != nil && (v.Kind != yaml.ScalarNode || v.Tag != "!!int") {
		manifest.ReportAt(p, v, 0, "%s entry %d: stripComponents must be a number, not %s", w, i+1, manifest.Kind(v))
	}
	if v := skill.MapValue(e, "sha256"); v != nil && manifest.IsString(v) && !lintSHA256Rx.MatchString(v.Value) {
		manifest.ReportAt(p, v, Medium, "%s entry %d: sha256 is not 64 hex digits, so the download cannot be verified", w, i+1)
	}
	f := skill.MapValue(e, field)
	if f == nil && kind.Value == "go" {
		if pk := skill.MapValue(e, "package"); pk != nil {
			field, f = "package", pk
		}
	}
	switch {
	case f == nil:
		manifest.ReportAt(p, kind, Medium, "%s entry %d of kind %s has no %s", w, i+1, kind.Value, field)
	case !manifest.IsString(f) || strings.TrimSpace(f.Value) == "":
		manifest.ReportAt(p, f, Medium, "%s entry %d: %s must be a non-empty string, not %s", w, i+1, field, manifest.KindNonEmpty(f))
	case field == "url" && !strings.HasPrefix(strings.ToLower(f.Value), "https://") && !strings.HasPrefix(strings.ToLower(f.Value), "http://"):
		manifest.ReportAt(p, f, Medium, "%s entry %d: url %q is not an http(s) URL", w, i+1, f.Value)
	}
	if b := skill.MapValue(e, "bins"); b != nil {
		manifest.StringList(p, b, w+" entry bins", 0)
	}
	if o := skill.MapValue(e, "os"); o != nil {
		lintOS(p, w+" entry os", o)
	}
}
