package intel

import (
	"github.com/skillvet/skillvet/parse/rxlit"
	"net/url"
	"strings"
)

// vendorInstallers are official one-line installers that documentation
// pipes into a shell on purpose (host, path prefix). Piping them is still
// remote execution, but an expected, dual-use one.
var vendorInstallers = []struct{ host, path string }{
	{"get.docker.com", ""}, {"test.docker.com", ""}, {"sh.rustup.rs", ""}, {"static.rust-lang.org", "/rustup"},
	{"raw.githubusercontent.com", "/homebrew/install/"}, {"bun.sh", "/install"}, {"deno.land", "/install"},
	{"deno.land", "/x/install"}, {"raw.githubusercontent.com", "/nvm-sh/nvm/"}, {"astral.sh", ""},
	{"get.pnpm.io", ""}, {"install.python-poetry.org", ""}, {"get.sdkman.io", ""},
	{"raw.githubusercontent.com", "/ohmyzsh/ohmyzsh/"}, {"starship.rs", "/install"}, {"tailscale.com", "/install"},
	{"raw.githubusercontent.com", "/helm/helm/"}, {"fnm.vercel.app", "/install"}, {"get.volta.sh", ""},
	{"claude.ai", "/install"}, {"pyenv.run", ""}, {"nixos.org", "/nix/install"}, {"install.determinate.systems", "/nix"},
	{"get.k3s.io", ""}, {"foundry.paradigm.xyz", ""}, {"get.scoop.sh", ""}, {"community.chocolatey.org", "/install.ps1"},
	{"bootstrap.pypa.io", "/get-pip.py"}, {"dot.net", "/v1/dotnet-install"}, {"sh.brew.sh", ""}, {"cli.github.com", ""},
	{"opencode.ai", "/install"}, {"chatgpt.com", "/codex/install"}, {"ollama.com", "/install"}, {"get.rvm.io", ""}, {"install.meteor.com", ""},
	{"mise.run", ""}, {"mise.jdx.dev", "/install"}, {"get.jetify.com", "/devbox"}, {"cli.doppler.com", "/install"},
	{"pkgx.sh", ""}, {"get.rke2.io", ""}, {"sh.vector.dev", ""}, {"raw.githubusercontent.com", "/golangci/golangci-lint/"},
	{"install.ohmyz.sh", ""}, {"supabase.com", "/install"}, {"vercel.com", "/install"}, {"fly.io", "/install.sh"},
	{"get.flox.dev", ""}, {"zed.dev", "/install.sh"}, {"cursor.com", "/install"}, {"codeium.com", "/install"},
	{"sdk.cloud.google.com", ""}, {"fluxcd.io", "/install.sh"}, {"run.linkerd.io", "/install"}, {"istio.io", "/downloadIstio"},
	{"lambdalabs.com", "/install-lambda-stack.sh"}, {"install.duckdb.org", ""}, {"get.acme.sh", ""},
	{"dotnet.microsoft.com", "/download/dotnet/scripts/"}, {"get.pulumi.com", ""}, {"cli.upbound.io", ""},
	{"install.datadoghq.com", ""}, {"s3.amazonaws.com", "/dd-agent/scripts/"}, {"get.helm.sh", ""},
	{"aka.ms", "/installazurecli"}, {"aka.ms", "/install-azd."}, {"azurecliprod.blob.core.windows.net", "/install"},
	{"hf.co", "/cli/install"}, {"huggingface.co", "/cli/install"}, {"ollama.ai", "/install"},
	{"release.anza.xyz", ""}, {"release.solana.com", ""}, {"aliyuncli.alicdn.com", "/install"},
	{"install.zerotier.com", ""}, {"rclone.org", "/install"},
	// package-repository setup scripts (they add a signed apt/yum source)
	{"dl.cloudsmith.io", "/public/"}, {"deb.nodesource.com", "/setup"}, {"rpm.nodesource.com", "/setup"},
	{"packagecloud.io", "/install/repositories/"}, {"packages.gitlab.com", "/install/repositories/"},
	{"download.newrelic.com", "/install/newrelic-cli/"}, {"repo.anaconda.com", "/miniconda/"},
	{"github.com", "/conda-forge/miniforge/releases/"},
}

// projectInstallerRx matches an install script published in a project's
// own repository or releases on a code host.
var projectInstallerRx = rxlit.MustRx(`(?i)^https://(?:github\.com/[\w.-]+/[\w.-]+/releases/(?:latest/)?download/(?:[^/]+/)?|raw\.githubusercontent\.com/[\w.-]+/[\w.-]+/[\w.-]+/(?:[\w.-]+/){0,3}|github\.com/[\w.-]+/[\w.-]+/raw/[\w.-]+/(?:[\w.-]+/){0,3}|gitlab\.com/[\w.-]+/[\w.-]+/-/raw/[\w.-]+/(?:[\w.-]+/){0,3})[\w.-]*(?:install|installer|setup|get|download|bootstrap)(?:[\w.-]*\.(?:sh|bash|ps1|py|js|mjs)|[\w-]*)$`)

// projectFileRx matches a file in a project's own repository or release
// assets on a code host.
var projectFileRx = rxlit.MustRx(`(?i)^https://(?:github\.com/[\w.-]+/[\w.-]+/releases/(?:latest/)?download/|objects\.githubusercontent\.com/|raw\.githubusercontent\.com/[\w.-]+/[\w.-]+/|github\.com/[\w.-]+/[\w.-]+/raw/|gitlab\.com/[\w.-]+/[\w.-]+/-/(?:raw|releases)/)`)

// vendorDownloadHosts publish official release binaries and scripts.
var vendorDownloadHosts = map[string]bool{"dl.min.io": true, "apt.llvm.org": true, "releases.hashicorp.com": true,
	"dl.google.com": true, "download.docker.com": true, "nodejs.org": true, "go.dev": true, "dl.k8s.io": true,
	"get.helm.sh": true, "downloads.python.org": true, "www.python.org": true, "static.rust-lang.org": true,
	"developer.download.nvidia.com": true, "repo.anaconda.com": true, "download.pytorch.org": true,
	"releases.ubuntu.com": true, "cdn.azul.com": true, "download.oracle.com": true, "awscli.amazonaws.com": true}

// VendorDownload reports whether raw is an https URL of a vendor's
// official download host, a project's release asset or a file of its own
// repository on a code host: what install guides download and run.
func VendorDownload(raw string) bool {
	if VendorInstaller(raw) || projectFileRx.MatchString(canonicalCodeHost(raw)) {
		return true
	}
	u, err := url.Parse(raw)
	return err == nil && u.Scheme == "https" && vendorDownloadHosts[strings.ToLower(u.Hostname())]
}

// ProjectInstaller reports whether raw is an https URL of an install
// script in a project's own repository or release assets on a code host
// (github.com/<owner>/<repo>/releases/…/install.sh,
// raw.githubusercontent.com/<owner>/<repo>/<ref>/…/install.sh). Running it
// is remote execution on the project's word, the way its README says to
// install it; it is not proof of anything by itself.
func ProjectInstaller(raw string) bool {
	raw = withoutQuery(canonicalCodeHost(raw))
	return projectInstallerRx.MatchString(raw) || repoNamedScript(raw)
}

// withoutQuery drops the query and fragment of a URL on a code host
// (…/install.sh?$(date +%s), …/install.sh?v=2): the host serves the file
// its path names whatever the query, which scripts add to defeat caches.
func withoutQuery(raw string) string {
	if !projectFileRx.MatchString(raw) {
		return raw
	}
	if i := strings.IndexAny(raw, "?#"); i >= 0 {
		return raw[:i]
	}
	return raw
}

// canonicalCodeHost rewrites the legacy name GitHub still serves raw files
// under (https://raw.github.com/…, redirected to raw.githubusercontent.com)
// to the current one: the same files of the same repositories.
func canonicalCodeHost(raw string) string {
	const legacy = "https://raw.github.com/"
	if len(raw) > len(legacy) && strings.EqualFold(raw[:len(legacy)], legacy) {
		return "https://raw.githubusercontent.com/" + raw[len(legacy):]
	}
	return raw
}

// repoNamedScript reports a script in a project's own repository on a code
// host whose name is the repository's (raw.githubusercontent.com/<owner>/
// fisher/<ref>/functions/fisher.fish): the project's own program, fetched
// the way its README installs it.
func repoNamedScript(raw string) bool {
	m := repoFileRx.FindStringSubmatch(raw)
	if m == nil {
		return false
	}
	repo := m[1] + m[2] + m[3] // one alternative matched
	base := m[4]
	if i := strings.IndexByte(base, '.'); i > 0 {
		base = base[:i]
	}
	return len(base) >= 3 && strings.EqualFold(base, repo)
}

// repoFileRx matches an https URL of a script file in a repository on a
// code host: the repository's name and the file's name.
var repoFileRx = rxlit.MustRx(`(?i)^https://(?:raw\.githubusercontent\.com/[\w.-]+/([\w.-]+)/[\w.-]+/|github\.com/[\w.-]+/([\w.-]+)/raw/[\w.-]+/|gitlab\.com/[\w.-]+/([\w.-]+)/-/raw/[\w.-]+/)(?:[\w.-]+/){0,3}([\w-]+\.(?:sh|bash|zsh|fish|ps1|py))$`)

// VendorInstaller reports whether raw is an https URL of a well-known
// vendor's official installer script.
func VendorInstaller(raw string) bool {
	if !strings.Contains(raw, "://") && !strings.HasPrefix(raw, "/") {
		// "irm bun.sh/install.ps1 | iex", as the vendor documents it: the
		// host and path decide
		raw = "https://" + raw
	}
	u, err := url.Parse(canonicalCodeHost(raw))
	if err != nil || u.Scheme != "https" {
		return false
	}
	host := strings.ToLower(u.Hostname())
	p := strings.ToLower(u.Path)
	for _, v := range vendorInstallers {
		if (host == v.host || host == "www."+v.host) && strings.HasPrefix(p, v.path) {
			return true
		}
	}
	return false
}

// MinerPrograms are the executable names of cryptocurrency miners.
var MinerPrograms = map[string]bool{
	"xmrig": true, "xmr-stak": true, "xmr-stak-cpu": true, "xmr-stak-rx": true, "cpuminer": true, "cpuminer-opt": true,
	"minerd": true, "cgminer": true, "bfgminer": true, "t-rex": true, "lolminer": true, "nbminer": true,
	"phoenixminer": true, "ethminer": true, "nanominer": true, "gminer": true, "srbminer": true,
	"srbminer-multi": true, "teamredminer": true, "ccminer": true, "xmrig-notls": true, "xmrig-cuda": true,
	"nheqminer": true, "kawpowminer": true, "bzminer": true, "wildrig": true, "wildrig-multi": true, "rigel": true,
	"onezerominer": true, "miniz": true,
}
