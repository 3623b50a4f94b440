package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
)

// SpecLicense checks the optional license field.
var SpecLicense = register(&analyzer.Rule{
	ID:       "SV906",
	Name:     "license-field",
	Title:    "license is not a string or names a file the skill lacks",
	Severity: Low,
	Category: analyzer.CatLint,
	Tags:     []string{"lint", "spec", "frontmatter"},
	Inputs:   analyzer.InSkill,
	Doc: `The optional ` + "`license`" + ` field is a string: a license name (an SPDX identifier such as
` + "`Apache-2.0`" + `) or a reference to a license file bundled with the skill. This rule reports a
value that is not a string or is empty, and a referenced license file (` + "`LICENSE.txt`" + `,
` + "`LICENSE`" + `, ` + "`COPYING`" + `, ` + "`*.md`" + `/` + "`*.txt`" + `) that the skill does not contain.

**Why it matters:** registries and agents display the license; a list or a missing file
leaves users without the terms.

**Fix:** use an SPDX identifier, or ship the file the field refers to.

Bad:

` + "```yaml" + `
license: Complete terms in LICENSE.txt   # but the skill has no LICENSE.txt
` + "```" + `

Good:

` + "```yaml" + `
license: Apache-2.0
` + "```",
	Run: runSpecLicense,
})

var lintLicenseFileRx = match.MustRx(`(?:^|[\s(])((?:[\w.-]+/)*(?:LICEN[SC]E|COPYING)(?:[.-][\w.-]*)?|(?:[\w.-]+/)*[\w.-]+\.(?:txt|md))(?:$|[\s),;])`)

func runSpecLicense(p *analyzer.Pass) error {
	v := manifest.Value(p, "license")
	if v == nil {
		return nil
	}
	switch {
	case !manifest.IsString(v):
		manifest.ReportAt(p, v, 0, "license must be a string (an SPDX identifier or a bundled file), not %s", manifest.Kind(v))
		return nil
	case strings.TrimSpace(v.Value) == "":
		manifest.ReportAt(p, v, 0, "license is empty: remove it or name the license")
		return nil
	}
	for _, sm := range lintLicenseFileRx.FindAllStringSubmatch(v.Value, -1) {
		f := strings.TrimSuffix(sm[1], ".")
		clean := path.Clean(f)
		if clean == ".." || strings.HasPrefix(clean, "../") || lintHasFileFold(p, clean) {
			continue
		}
		manifest.ReportAt(p, v, 0, "license refers to %s, which the skill does not contain", f)
	}
	return nil
}

// lintHasFileFold reports whether the skill has file name, ignoring case
// (license files are found case-insensitively on the systems that show them).
func lintHasFileFold(p *analyzer.Pass, name string) bool {
	for _, f := range p.Skill.Files {
		if strings.EqualFold(f.Path, name) {
			return true
		}
	}
	return false
}
