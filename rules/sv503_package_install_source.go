package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellPackageSource reports package installs from URLs, raw hosts or
// replaced registries.
var ShellPackageSource = register(&analyzer.Rule{
	ID:       "SV503",
	Name:     "package-install-source",
	Title:    "Package installed from a URL, an unknown index or an insecure registry",
	Severity: Medium,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "CWE-494", "CWE-829"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds package-manager commands that bypass the public registry's names and versions:

- installing straight from a URL or archive: ` + "`pip install https://…/x.tar.gz`" + `,
  ` + "`npm install http://…/pkg.tgz`" + `, ` + "`pip install git+https://…`" + `, ` + "`gem install --source`" + `;
- replacing the index for the command: ` + "`pip install --index-url`" + ` / ` + "`--extra-index-url`" + ` (dependency
  confusion), ` + "`--trusted-host`" + `, ` + "`npm install --registry`" + `, ` + "`GOPROXY=`" + ` / ` + "`GOINSECURE=`" + ` /
  ` + "`GONOSUMCHECK`" + ` / ` + "`GOFLAGS=-insecure`" + `;
- skipping TLS or integrity: ` + "`--trusted-host`" + `, ` + "`GONOSUMDB`" + `, http:// indexes.

Configuration that changes the source of every later install (` + "`npm config set registry`" + `,
` + "`pip config set global.index-url`" + `, ` + "`.npmrc`" + `, ` + "`pip.conf`" + `) is SV504.

Install scripts of such packages run with the user's rights at install time.
**High** when the host is a raw IP, paste site, tunnel or file drop or the scheme is
plain http; **medium** otherwise (git and vendor URLs are sometimes legitimate: pin a
commit or version and say why).

**Fix:** install pinned versions from the public registry (` + "`pip install acme==1.2.3`" + `,
` + "`npm install acme@1.2.3`" + `), with lock files and hashes.

Bad:

` + "```sh" + `
pip install --extra-index-url http://203.0.113.8/simple acme-tools
` + "```" + `

Good:

` + "```sh" + `
pip install 'acme-tools==1.4.2'
` + "```",
	Run: shRunPackageSource,
})

var shPackageManagers = map[string]bool{"pip": true, "pip3": true, "uv": true, "pipx": true, "npm": true,
	"pnpm": true, "yarn": true, "bun": true, "gem": true, "poetry": true, "conda": true, "cargo": true, "go": true}

var shPipFamily = map[string]bool{"pip": true, "pip3": true, "uv": true, "pipx": true}

var shIndexFlags = map[string]bool{"--index-url": true, "-i": true, "--extra-index-url": true, "--trusted-host": true,
	"--registry": true, "--source": true, "--find-links": true, "-f": true, "--index": true, "--default-index": true}

// shIndexHostRx: an index given as a bare host[:port][/path].
var shIndexHostRx = match.MustRx(`^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:/\S*)?$|^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:/\S*)?$`)

func shPackageSource(c *shell.Command) (string, []string) {
	var why string
	var us []string
	settings := make([]string, 0, len(c.Assigns))
	for _, a := range c.Assigns {
		settings = append(settings, a.Raw)
	}
	if c.Name == "export" {
		for _, w := range c.Params() {
			settings = append(settings, w.Value)
		}
	}
	for _, s := range settings {
		name, val, ok := strings.Cut(s, "=")
		if !ok {
			continue
		}
		switch strings.ToUpper(name) {
		case "GOPROXY", "GOINSECURE", "GONOSUMDB", "GONOSUMCHECK", "GOFLAGS", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "NPM_CONFIG_REGISTRY", "PIP_TRUSTED_HOST":
			if name == "GOFLAGS" && !strings.Contains(val, "insecure") || name == "GOPROXY" && shStandardGoProxy(val) {
				continue
			}
			return "sets " + name, intel.URLRx.FindAllString(val, -1)
		}
	}
	if !shPackageManagers[c.Name] {
		return "", nil
	}
	args := c.Params()
	install, running := false, false
	for i, w := range args {
		v := w.Value
		if running && !strings.HasPrefix(v, "-") {
			break // uv run app.py -i X: what follows the command is its own
		}
		switch {
		case v == "run" || v == "exec" || v == "x" || v == "dlx" || v == "tool" && c.Name == "uv":
			running = true
		case v == "install" || v == "add" || v == "i" || v == "get" || v == "pip":
			install = true
		case (v == "-i" || v == "-f") && !shPipFamily[c.Name]:
		case shIndexFlags[v] || strings.HasPrefix(v, "--index-url=") || strings.HasPrefix(v, "--extra-index-url=") || strings.HasPrefix(v, "--registry="):
			name, val, _ := strings.Cut(v, "=")
			if val == "" && i+1 < len(args) {
				val = args[i+1].Value
			}
			why = "uses " + name + " " + shellfacts.ClipText(val, 60)
			us = append(us, intel.URLRx.FindAllString(val, -1)...)
			if len(us) == 0 && shIndexHostRx.MatchString(val) {
				us = append(us, "http://"+val) // a host without a scheme
			} else if len(us) == 0 {
				why = "" // a placeholder or a local path, not a source
			}
		case install && (strings.HasPrefix(v, "git+") || intel.URLRx.MatchString(v) && !strings.HasPrefix(v, "-")):
			if why == "" {
				why = "installs straight from " + shellfacts.ClipText(v, 60)
			}
			us = append(us, intel.URLRx.FindAllString(strings.TrimPrefix(v, "git+"), -1)...)
		}
	}
	if !install && why != "" && !strings.HasPrefix(why, "uses") {
		return "", nil
	}
	return why, us
}

func shRunPackageSource(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		why, us := shPackageSource(c)
		if why == "" {
			return
		}
		class, host, plain := shellfacts.HostRisk(us)
		sev := Medium
		if class.Suspicious() || plain {
			sev = High
		}
		shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
			Message: c.Name + " " + why + shellfacts.DescribeHost(class, host) + shellfacts.Where(site)})
	})
}

// shStandardGoProxy accepts the default proxy list and direct mode.
func shStandardGoProxy(v string) bool {
	for _, p := range strings.FieldsFunc(strings.Trim(v, `"'`), func(r rune) bool { return r == ',' || r == '|' }) {
		switch p {
		case "https://proxy.golang.org", "direct", "off", "https://goproxy.io", "https://goproxy.cn":
		default:
			return false
		}
	}
	return true
}
