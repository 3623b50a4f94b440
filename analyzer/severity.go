package analyzer

import (
	"fmt"
	"strings"
)

// Severity means the same everywhere: critical is clearly malicious and
// blocks; high is dangerous and blocks by default; medium warns; low and info
// are hygiene.
type Severity int

const (
	SevNone Severity = iota // "none": used for --fail-on none, never on a finding
	Info
	Low
	Medium
	High
	Critical
)

var sevNames = [...]string{"none", "info", "low", "medium", "high", "critical"}

func (s Severity) String() string {
	if s >= 0 && int(s) < len(sevNames) {
		return sevNames[s]
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity parses a severity name (case-insensitive).
func ParseSeverity(s string) (Severity, error) {
	for i, n := range sevNames {
		if strings.EqualFold(s, n) {
			return Severity(i), nil
		}
	}
	return 0, fmt.Errorf("unknown severity %q (want critical, high, medium, low, info or none)", s)
}

// MarshalText encodes the severity as its name.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText decodes a severity name.
func (s *Severity) UnmarshalText(b []byte) error {
	v, err := ParseSeverity(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// SecurityScore is the CVSS-like score GitHub code scanning reads from SARIF
// properties.security-severity (critical > 9, high 7–8.9, medium 4–6.9).
func (s Severity) SecurityScore() string {
	switch s {
	case Critical:
		return "9.5"
	case High:
		return "8.0"
	case Medium:
		return "5.5"
	case Low:
		return "3.0"
	}
	return "0.0"
}

// Category is a pattern family from the shared threat taxonomy, or lint.
type Category string

const (
	CatExfiltration    Category = "E1" // external transmission
	CatCredentials     Category = "E2" // credential harvesting
	CatFSEnumeration   Category = "E3" // file-system enumeration
	CatRecon           Category = "E4" // network reconnaissance
	CatOverride        Category = "P1" // instruction override
	CatHidden          Category = "P2" // hidden instructions
	CatContextLeak     Category = "P3" // context leakage
	CatManipulation    Category = "P4" // behaviour manipulation
	CatPermissions     Category = "PE1"
	CatPrivEsc         Category = "PE2"
	CatCredentialFiles Category = "PE3"
	CatCommandInj      Category = "SC1"
	CatRemoteExec      Category = "SC2"
	CatObfuscation     Category = "SC3"
	CatLint            Category = "lint"
)

var catTitles = map[Category]string{
	CatExfiltration: "External transmission", CatCredentials: "Credential harvesting",
	CatFSEnumeration: "File-system enumeration", CatRecon: "Network reconnaissance",
	CatOverride: "Instruction override", CatHidden: "Hidden instructions",
	CatContextLeak: "Context leakage", CatManipulation: "Behaviour manipulation",
	CatPermissions: "Excessive permissions", CatPrivEsc: "Privilege escalation",
	CatCredentialFiles: "Credential file access", CatCommandInj: "Command injection",
	CatRemoteExec: "Remote script execution", CatObfuscation: "Obfuscated or opaque code",
	CatLint: "Specification lint",
}

// Title is the category's human name.
func (c Category) Title() string { return catTitles[c] }

// Categories lists every category in taxonomy order.
func Categories() []Category {
	return []Category{CatExfiltration, CatCredentials, CatFSEnumeration, CatRecon,
		CatOverride, CatHidden, CatContextLeak, CatManipulation,
		CatPermissions, CatPrivEsc, CatCredentialFiles,
		CatCommandInj, CatRemoteExec, CatObfuscation, CatLint}
}
