package rules

import (
	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecMetadata checks the optional metadata field: a map of string keys to
// string values, with vendor objects allowed under known extension keys.
var SpecMetadata = register(&analyzer.Rule{
	ID:       "SV907",
	Name:     "metadata-field",
	Title:    "metadata is not a map of string keys to string values",
	Severity: Low,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `The optional ` + "`metadata`" + ` field is a map from string keys to string values
(` + "`author`" + `, ` + "`version`" + `, …). This rule reports ` + "`metadata`" + ` that is not a mapping, keys that
are not strings, and values that are not strings: numbers and booleans (quote them),
nulls, lists and nested mappings.

Known extensions nest objects on purpose and are accepted here; their content is checked
by SV910: OpenClaw's ` + "`metadata.openclaw`" + ` and its legacy names ` + "`metadata.clawdbot`" + ` and
` + "`metadata.clawdis`" + `.

**Why it matters:** agents that validate the specification reject the skill, and
` + "`version: 1.10`" + ` unquoted is the number 1.1.

**Fix:** quote scalar values; move structured data to a file under ` + "`references/`" + `.

Bad:

` + "```yaml" + `
metadata:
  version: 1.10
  tags: [pdf, forms]
` + "```" + `

Good:

` + "```yaml" + `
metadata:
  version: "1.10"
  tags: pdf forms
` + "```",
	Run: runSpecMetadata,
})

func runSpecMetadata(p *analyzer.Pass) error {
	v := manifest.Value(p, "metadata")
	if v == nil {
		return nil
	}
	if v.Kind != yaml.MappingNode {
		manifest.ReportAt(p, v, 0, "metadata must be a mapping of string keys to string values, not %s", manifest.Kind(v))
		return nil
	}
	for _, kv := range manifest.Pairs(v) {
		key, val := kv[0], kv[1]
		if key.Tag == "!!merge" {
			continue // "<<: *defaults" merges another mapping in
		}
		if !manifest.IsString(key) {
			manifest.ReportAt(p, key, 0, "metadata key %s is %s; keys must be strings", key.Value, manifest.Kind(key))
			continue
		}
		if manifest.MetadataExtensions[key.Value] {
			continue // vendor object, checked by SV910
		}
		if !manifest.IsString(val) {
			manifest.ReportAt(p, val, 0, "metadata.%s is %s; the specification allows only string values (quote scalars, move structured data elsewhere)", key.Value, manifest.Kind(val))
		}
	}
	return nil
}
