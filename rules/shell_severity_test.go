package rules

import (
	"path/filepath"
	"testing"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/analyzer/analyzertest"
)

// TestShellSeverities pins the severity decisions the fixtures' messages
// cannot show: vendor installers are medium, unknown hosts high, raw IPs
// and render-time execution critical, and so on.
func TestShellSeverities(t *testing.T) {
	cases := []struct {
		rule *analyzer.Rule
		dir  string
		file string
		line int
		want analyzer.Severity
	}{
		{ShellRemoteExec, "SV120/tp-vendor", "README.md", 8, Medium},  // get.docker.com
		{ShellRemoteExec, "SV120/tp-vendor", "README.md", 10, Medium}, // Homebrew via bash -c "$(curl)"
		{ShellRemoteExec, "SV120/tp-vendor", "README.md", 18, High},   // unknown https host
		{ShellRemoteExec, "SV120/tp-banner", "SKILL.md", 17, Critical},
		{ShellRemoteExec, "SV120/tp-dynamic", "SKILL.md", 7, Critical},
		{ShellRemoteExec, "SV120/tp-banner", "SKILL.md", 9, Critical}, // hook
		{ShellDecodedPayload, "SV121/tp-layered", "scripts/setup.sh", 6, High},
		{ShellDecodedPayload, "SV121/tp-layered", "SKILL.md", 10, Critical},
		{ShellDecodedPayload, "SV121/tp-layered", "SKILL.md", 21, Medium},
		{ShellDecodedPayload, "SV121/tp-layered", "SKILL.md", 18, Critical},
		{ShellDownloadExecute, "SV122/tp-second-stage", "SKILL.md", 10, Critical},
		{ShellDownloadExecute, "SV122/tp-second-stage", "scripts/update.sh", 2, High},
		{ShellQuarantineBypass, "SV123/tp-xattr", "SKILL.md", 10, Critical},
		{ShellQuarantineBypass, "SV123/tp-xattr", "SKILL.md", 13, High},
		{ShellDynamicContext, "SV124/tp-dynamic", "SKILL.md", 16, High},
		{ShellDynamicContext, "SV124/tp-dynamic", "SKILL.md", 18, Medium},
		{ShellDynamicContext, "SV124/tp-dynamic", "SKILL.md", 22, Info},
		{ShellPersistence, "SV602/tp-persist", "SKILL.md", 8, High},
		{ShellPersistence, "SV602/tp-persist", "SKILL.md", 9, Medium},
		{ShellPersistence, "SV602/tp-persist", "SKILL.md", 13, Critical},
		{ShellPrivilege, "SV603/tp-priv", "SKILL.md", 11, Medium},
		{ShellInstallLure, "SV501/tp-lures", "SKILL.md", 11, Critical},
		{ShellInstallLure, "SV501/tp-lures", "SKILL.md", 15, High},
		{ShellInstallLure, "SV501/tp-list-lure", "SKILL.md", 9, Critical},
		{ShellPasswordArchive, "SV502/tp-zip", "SKILL.md", 9, Critical},
		{ShellPasswordArchive, "SV502/tp-zip", "SKILL.md", 15, High},   // a 7z the skill links to
		{ShellCredentialRead, "SV252/tp-read", "SKILL.md", 10, High},   // Chrome Safe Storage
		{ShellCredentialRead, "SV252/tp-read", "SKILL.md", 13, Medium}, // a tool's own keychain item
	}
	results := map[string][]analyzer.Finding{}
	for _, c := range cases {
		key := c.rule.ID + "/" + c.dir
		fs, ok := results[key]
		if !ok {
			for _, r := range analyzertest.Run(t, filepath.Join(fixtures, c.dir), c.rule) {
				fs = append(fs, r.Findings...)
			}
			results[key] = fs
		}
		found := false
		for _, f := range fs {
			if f.Path == c.file && f.Start.Line == c.line {
				found = true
				if f.Severity != c.want {
					t.Errorf("%s %s:%d: severity %s, want %s (%s)", c.dir, c.file, c.line, f.Severity, c.want, f.Message)
				}
			}
		}
		if !found {
			t.Errorf("%s %s:%d: no %s finding", c.dir, c.file, c.line, c.rule.ID)
		}
	}
}
