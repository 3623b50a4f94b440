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
plain http to a public host; **medium** otherwise (git and vendor URLs are sometimes
legitimate: pin a commit or version and say why), and for a registry on this machine or
the local network (a local Verdaccio at ` + "`http://localhost:4873`" + `, a LAN mirror).

The subcommand decides what the registry is for: ` + "`install`" + `, ` + "`ci`" + `, ` + "`add`" + `, ` + "`exec`" + `, ` + "`npx`" + ` and
unknown subcommands fetch code to run; ` + "`publish`" + `, ` + "`login`" + `, ` + "`whoami`" + `, ` + "`view`" + `, ` + "`config`" + ` and the like
install nothing. Of those, ` + "`login`" + `/` + "`adduser`" + ` to a suspicious host is **high** (the user's credentials
go there) and **medium** over plain http to a public host, ` + "`publish`" + ` to a suspicious host is **medium**
(the project's code goes there); the rest is not reported.

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
	"pnpm": true, "yarn": true, "bun": true, "npx": true, "pnpx": true, "bunx": true, "gem": true, "poetry": true, "conda": true, "cargo": true, "go": true}

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
	// npx <pkg> [args]: the first word is the package fetched and run (a
	// URL there installs straight from it); what follows is the package's
	// own (npx nuxt-seo-utils icons --source logo.svg)
	runner := c.Name == "npx" || c.Name == "pnpx" || c.Name == "bunx"
	install, running := runner, false
	for i, w := range args {
		v := w.Value
		if running && !strings.HasPrefix(v, "-") {
			break // uv run app.py -i X: what follows the command is its own
		}
		if runner && strings.HasPrefix(v, "--package=") {
			v = strings.TrimPrefix(v, "--package=") // npx --package=<pkg> <cmd>
		} else if runner && !strings.HasPrefix(v, "-") {
			running = true
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

// shPkgRole is what a package-manager subcommand does with the registry
// it is given.
type shPkgRole uint8

const (
	shPkgInstall shPkgRole = iota // installs or runs packages (or an unknown subcommand)
	shPkgPublish                  // sends the project's package to the registry
	shPkgAuth                     // sends the user's registry credentials
	shPkgQuery                    // reads metadata, installs nothing
)

var shPkgRoles = map[string]shPkgRole{
	"publish": shPkgPublish, "unpublish": shPkgPublish, "push": shPkgPublish, "dist-tag": shPkgPublish,
	"dist-tags": shPkgPublish, "deprecate": shPkgPublish, "undeprecate": shPkgPublish, "access": shPkgPublish,
	"owner": shPkgPublish, "yank": shPkgPublish, "upload": shPkgPublish,
	"login": shPkgAuth, "adduser": shPkgAuth, "add-user": shPkgAuth, "signin": shPkgAuth,
	"logout": shPkgQuery, "whoami": shPkgQuery, "token": shPkgQuery, "profile": shPkgQuery, "signout": shPkgQuery,
	"view": shPkgQuery, "v": shPkgQuery, "info": shPkgQuery, "show": shPkgQuery, "search": shPkgQuery,
	"s": shPkgQuery, "se": shPkgQuery, "find": shPkgQuery, "ping": shPkgQuery, "outdated": shPkgQuery,
	"audit": shPkgQuery, "doctor": shPkgQuery, "repo": shPkgQuery, "docs": shPkgQuery, "home": shPkgQuery,
	"bugs": shPkgQuery, "stars": shPkgQuery, "fund": shPkgQuery, "ls": shPkgQuery, "list": shPkgQuery,
	"pack": shPkgQuery, "version": shPkgQuery, "help": shPkgQuery, "index": shPkgQuery, "config": shPkgQuery,
	"owners": shPkgQuery,
}

// shPackageRole reads the subcommand of a package manager (npm publish,
// yarn npm login, uv pip install, pip index versions): the first word
// that is not an option or an index option's value, through the
// namespaces (yarn npm, uv pip, uv tool) that hold the real subcommand. An
// unknown or unreadable subcommand is an install.
func shPackageRole(c *shell.Command) (shPkgRole, string) {
	if !shPackageManagers[c.Name] || c.Name == "npx" || c.Name == "pnpx" || c.Name == "bunx" {
		return shPkgInstall, "" // the first word is the package to run
	}
	args := c.Params()
	ns := ""
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if shIndexFlags[v] && (v != "-i" && v != "-f" || shPipFamily[c.Name]) {
			i++ // the flag's value
			continue
		}
		if strings.HasPrefix(v, "-") {
			continue
		}
		if ns == "" && (v == "npm" && (c.Name == "yarn" || c.Name == "pnpm") || v == "pip" && c.Name == "uv" || v == "tool" && c.Name == "uv") {
			ns = v + " "
			continue
		}
		if r, ok := shPkgRoles[strings.ToLower(v)]; ok {
			return r, ns + v
		}
		return shPkgInstall, v
	}
	return shPkgInstall, ""
}

func shRunPackageSource(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		why, us := shPackageSource(c)
		if why == "" {
			return
		}
		class, host, plain := shellfacts.HostRisk(us)
		if role, sub := shPackageRole(c); role != shPkgInstall {
			// npm publish --registry http://localhost:4873/: the registry
			// is where the project's package or the user's login goes,
			// not where code to run comes from
			var sev analyzer.Severity
			msg := ""
			switch role {
			case shPkgAuth:
				switch {
				case class.Suspicious():
					sev, msg = High, " sends the user's registry credentials"+shellfacts.DescribeHostAs("to", class, host)
				case plain && class != intel.HostLoopback && class != intel.HostPrivate:
					sev, msg = Medium, " sends the user's registry credentials over plain http"+shellfacts.DescribeHostAs("to", class, host)
				}
			case shPkgPublish:
				if class.Suspicious() {
					sev, msg = Medium, " sends the project's package"+shellfacts.DescribeHostAs("to", class, host)
				}
			}
			if msg == "" {
				return // a local or known registry, or a query: nothing installs
			}
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
				Message: c.Name + " " + sub + " " + why + ":" + msg + "; it installs nothing" + shellfacts.Where(site)})
			return
		}
		sev := Medium
		switch {
		case class.Suspicious():
			sev = High
		case plain && (class == intel.HostLoopback || class == intel.HostPrivate):
			// a registry on this machine or the local network (a local
			// Verdaccio, a LAN mirror): plain http does not cross the
			// internet, and what it serves is the user's own set-up
		case plain:
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
