package rules

import (
	"path"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// RegistryConfig reports package-manager and git configuration that makes
// every later install or clone fetch from a foreign source.
var RegistryConfig = register(&analyzer.Rule{
	ID:       "SV504",
	Name:     "registry-config",
	Title:    "Package manager or git configured to fetch from a foreign registry, index or mirror",
	Severity: Medium,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "supply-chain", "CWE-494", "CWE-829"},
	Inputs:   shellfacts.Inputs | analyzer.InText | analyzer.InYAML,
	Keywords: []string{"registry", "index", "channel", "sources", "goproxy", "insteadof", "strict-ssl", "trusted-host", "gosumdb", "goinsecure", "gonosum", "insecure", "repository"},
	Doc: `Finds configuration that changes where packages come from, for every later install rather than
one command (one-off flags such as ` + "`pip install --index-url`" + ` are SV503):

- commands: ` + "`npm config set registry`" + ` (also ` + "`npm set`" + `, ` + "`pnpm`" + `/` + "`yarn config set`" + `, ` + "`npmRegistryServer`" + `),
  ` + "`pip config set global.index-url`" + ` / ` + "`extra-index-url`" + ` / ` + "`trusted-host`" + `, ` + "`poetry source add`" + `,
  ` + "`conda config --add channels`" + `, ` + "`gem sources --add`" + `, ` + "`go env -w GOPROXY=`" + `, and
  ` + "`git config url.<base>.insteadOf`" + ` (every clone of a prefix goes to another host);
- the same written as text into ` + "`.npmrc`" + `, ` + "`.yarnrc(.yml)`" + `, ` + "`pip.conf`" + `, ` + "`uv.toml`" + `, ` + "`bunfig.toml`" + `,
  ` + "`.condarc`" + `, ` + "`.gemrc`" + `, ` + "`.pypirc`" + ` (upload target), Cargo's config or ` + "`~/.gitconfig`" + ` (here-documents,
  ` + "`echo >>`" + `, ` + "`tee`" + `, a file of the skill copied there with ` + "`cp`" + `/` + "`cat >>`" + `), and such files shipped in the skill (read when a package manager runs in its directory).

Install scripts of whatever that registry serves run with the user's rights, and an extra index
shadows any package name with a higher version (dependency confusion). **Critical** when the host
is a raw IP, tunnel, paste site, file drop or similar; **high** over plain http to a public host;
**medium** for another host (a company registry looks the same as an attacker's: say why); **low**
for a registry of one npm scope or an explicit poetry source. Settings that turn TLS or checksum
checks off (` + "`strict-ssl false`" + `, ` + "`trusted-host`" + `, ` + "`GOSUMDB=off`" + `, ` + "`GOINSECURE`" + `) are **medium**. Public
registries and their mirrors (npmjs, PyPI, PyTorch and NVIDIA indexes, npmmirror, TUNA), hosted
registry services (Artifactory, Azure Artifacts, CodeArtifact, Artifact Registry, GitHub and GitLab
packages), loopback and private addresses (a local Verdaccio) and git rewrites to code hosts
(` + "`url.\"git@github.com:\".insteadOf`" + `) are not reported.

**Fix:** install pinned versions from the public registry; if a private registry is needed, scope
it (` + "`@acme:registry=`" + `) and document it.

Bad:

` + "```sh" + `
npm config set registry http://203.0.113.8:4873/
` + "```" + `

Good:

` + "```sh" + `
npm config set @acme:registry https://npm.pkg.github.com
` + "```",
	Run: runRegistryConfig,
})

func runRegistryConfig(p *analyzer.Pass) error {
	if k := p.File.Kind; k == skill.KindText || k == skill.KindYAML {
		tool, ok := intel.PackageConfigFile(p.File.Path)
		if !ok || p.File.Embed != nil || !intel.ProjectPackageConfig(p.File.Path) {
			return nil
		}
		for _, r := range shellfacts.SourceText(tool, p.File.Path, string(p.File.Content), 0, true, 0) {
			r.Scope = "run in the skill's directory"
			if j := shellfacts.JudgeSource(r); j.Sev != analyzer.SevNone {
				p.Report(analyzer.Diagnostic{Start: r.Start, End: r.End, Severity: j.Sev,
					Message: path.Base(p.File.Path) + " sets " + r.Key + ": " + j.Why})
			}
		}
		return nil
	}
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		s := site.Script
		for _, c := range s.Commands {
			rs := shellfacts.SourceCommands(c)
			for _, w := range shellfacts.WriteTargets(s, c) {
				tool, ok := intel.PackageConfigFile(w.Path)
				if !ok || !w.KnownText() {
					continue
				}
				off, exact := c.Start, false
				for i := range c.Redirs {
					if b := c.Redirs[i].Body; b != nil && b.Value == w.Text && b.Exact() {
						off, exact = b.Start, true
					}
				}
				rs = append(rs, shellfacts.SourceText(tool, w.Path, w.Text, off, exact, shellfacts.CmdEnd(c))...)
			}
			// a configuration file of the skill copied into place
			for _, cp := range shellfacts.CopiedSkillFiles(p, s, c) {
				if tool, ok := intel.PackageConfigFile(cp.Dest); ok {
					rs = append(rs, shellfacts.SourceText(tool, cp.Dest, cp.Text, c.Start, false, shellfacts.CmdEnd(c))...)
				}
				sets := shell.ConfigSettings(cp.Dest, cp.Text, shell.Anchored(c.Start, shellfacts.CmdEnd(c)))
				rs = append(rs, shellfacts.SourceCommands(&shell.Command{Start: c.Start, End: c.End, Settings: sets})...)
			}
			for _, r := range rs {
				j := shellfacts.JudgeSource(r)
				if j.Sev == analyzer.SevNone {
					continue
				}
				shellfacts.Report(p, site, analyzer.Diagnostic{Start: r.Start, End: r.End, Severity: j.Sev,
					Message: r.Tool + " " + r.Key + " " + shellfacts.ClipText(r.Value, 60) + ": " + j.Why + shellfacts.Where(site)})
			}
		}
	})
}
