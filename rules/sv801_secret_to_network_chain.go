package rules

import (
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
)

// SecretToNetworkChain correlates a skill's capabilities across files and
// languages: one file reads a credential, another sends data to a host
// that is neither the credential's issuer nor the user's own network.
var SecretToNetworkChain = register(&analyzer.Rule{
	ID:       "SV801",
	Name:     "secret-to-network-chain",
	Title:    "A credential read in one place and data sent to a foreign host in another",
	Severity: High,
	Category: analyzer.CatExfiltration,
	Evidence: analyzer.EvChain,
	Tags:     []string{"security", "exfiltration", "correlation", "CWE-200"},
	Inputs:   analyzer.InEvidence,
	Doc: `A skill split across files can harvest in one module and send in another, or have its
instructions read a key and a script post it: no single file holds both halves. This rule reads
the capabilities every other rule recorded for the whole skill — credentials read (` + "`read-secret`" + `,
` + "`read-env`" + `) and data sent (` + "`net-send`" + ` with its host) — and reports the chain when they sit in
different files (or in the same file with no rule having traced the flow there), and the host is
not the credential's issuer (a GitHub token sent to GitHub is use; a variable named for a service,
` + "`ACME_API_KEY`" + `, sent to that service's domain ` + "`api.acme.com`" + `), not loopback or a private
network, not a documentation domain (` + "`api.example.com`" + `, ` + "`*.test`" + `, ` + "`*.invalid`" + `: nobody receives there), and not allowlisted (` + "`allowed-hosts`" + ` in ` + "`.skillvet.yaml`" + `).

- **high** (blocks): the host is a paste site, tunnel, request catcher, file drop, shortener or raw
  IP; or the credential is a high-value store (SSH private keys, cloud credential files, browser
  profiles, wallets, keychains, the whole environment; not a variable whose name only contains such a word) and the host is not a well-known API host.
- **medium**: other pairs (a token or ` + "`.env`" + ` file and a send to a well-known API host that is not
  its issuer): worth a look, not proof.

The finding names both steps with file and line. Co-occurrence is not data flow: where a rule
traced the value from the read to the send in one file, that rule's finding is the better one and
this rule stays quiet about the pair.

**Fix:** send credentials only to the service that issued them; read only the one a task needs.`,
	Run: runSecretToNetworkChain,
})

// highValueSecretRx matches credential targets that ordinary skills have no
// business reading: key material and credential stores.
var highValueSecretRx = match.MustRx(`(?i)\.ssh/(?:id_|identity)|\.aws/credentials|\.config/gcloud|application_default_credentials|\.azure/|\.kube/config|\.docker/config\.json|\.git-credentials|\.netrc|\.gnupg|\.pypirc|\.npmrc|keychain|keyring|browser|cookies|login data|wallet|electrum|metamask|password[- ]?(?:store|manager)|kdbx|/etc/shadow|\.claude/\.credentials|\.codex/auth`)

func runSecretToNetworkChain(p *analyzer.Pass) error {
	caps := p.Caps()
	var secrets, sends []analyzer.Cap
	for _, c := range caps {
		switch c.Kind {
		case analyzer.CapReadSecret, analyzer.CapReadEnv:
			secrets = append(secrets, c)
		case analyzer.CapNetSend:
			if c.Target != "" {
				sends = append(sends, c)
			}
		}
	}
	if len(secrets) == 0 || len(sends) == 0 {
		return nil
	}
	// Files where a rule already traced a chain or reported a strong
	// indicator of exfiltration: their pairs are explained.
	traced := map[string]bool{}
	for _, f := range p.Findings() {
		if f.Suppression == nil && f.Severity >= analyzer.High &&
			(f.Category == analyzer.CatExfiltration || f.Category == analyzer.CatCredentials) &&
			(f.Kind == analyzer.EvChain || f.Kind == analyzer.EvIndicator) {
			traced[f.Path] = true
		}
	}
	type pair struct{ s, n analyzer.Cap }
	best := map[string]pair{} // one finding per (credential, host)
	grade := map[string]analyzer.Severity{}
	for _, n := range sends {
		host := strings.ToLower(strings.TrimSuffix(n.Target, "."))
		class := intel.ClassifyHost(host)
		if class == intel.HostLoopback || class == intel.HostPrivate || p.Config.HostAllowed(host) || intel.DocExampleDomain(host) {
			continue // the user's own machine or network, a trusted host, or a documentation placeholder nobody receives at
		}
		for _, s := range secrets {
			if s.Path == n.Path && traced[s.Path] {
				continue
			}
			name, isEnv := strings.CutPrefix(s.Target, "env:")
			if isEnv && (intel.HostMatchesVendor(host, intel.KeyVendor(name)) || intel.ItemNamesHost(name, host)) {
				continue // a key sent to the vendor that issued it (BROWSERBASE_API_KEY to api.browserbase.com)
			}
			sev := analyzer.Medium
			// a variable's name is not a store: BROWSERBASE_API_KEY holds
			// no browser profile
			valuable := s.Kind == analyzer.CapReadEnv || !isEnv && highValueSecretRx.MatchString(s.Target)
			if class.Suspicious() || valuable && class != intel.HostKnownAPI && class != intel.HostCodeHost {
				sev = analyzer.High
			}
			k := s.Key() + "\x00" + host
			if old, ok := grade[k]; !ok || sev > old {
				grade[k] = sev
				best[k] = pair{s, n}
			}
		}
	}
	keys := make([]string, 0, len(best))
	for k := range best {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		pr := best[k]
		s, n := pr.s, pr.n
		sf, nf := p.Skill.File(s.Path), p.Skill.File(n.Path)
		if sf == nil || nf == nil {
			continue
		}
		what := s.Target
		if s.Kind == analyzer.CapReadEnv || what == "" {
			what = "the environment"
		}
		host := n.Target
		class := intel.ClassifyHost(host)
		where := "another file"
		if s.Path == n.Path {
			where = "the same file"
		}
		p.Report(analyzer.Diagnostic{
			File:     n.Path,
			Start:    nf.LineStart(n.Line),
			Severity: grade[k],
			Message: fmt.Sprintf("%s is read in %s:%d and %s sends data to %s (%s); nothing shows the credential staying with its issuer",
				what, s.Path, s.Line, where, host, class),
			Steps: []analyzer.Step{
				{File: s.Path, Start: sf.LineStart(s.Line), Message: fmt.Sprintf("reads %s (%s)", what, s.Rule)},
				{File: n.Path, Start: nf.LineStart(n.Line), Message: fmt.Sprintf("sends data to %s (%s)", host, n.Rule)},
			},
		})
	}
	return nil
}
