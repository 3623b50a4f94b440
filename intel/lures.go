package intel

import (
	"net/url"
	"strings"

	"github.com/skillvet/skillvet/parse/rxlit"
)

// Knowledge about where install lures send people: look-alike release
// pages, direct links to programs, and the hosts of official install pages.

var (
	// lookalikeHostRx: a host that dresses up as a vendor or a release
	// server (github.com.<x>, <x>-releases.<tld>, downloads-<x>.com).
	lookalikeHostRx = rxlit.MustRx(`(?i)^(github|gitlab|githubusercontent|microsoft|apple|google)\.com\.|-(releases?|downloads?|installer|update|cdn)\.|^(releases?|downloads?|update)-[a-z0-9-]+\.(com|net|org|io|app|dev)$`)
	// lookalikeRepoRx: a code-host repository named like a release channel
	// of someone else's product (github.com/<user>/<vendor>-releases).
	lookalikeRepoRx = rxlit.MustRx(`(?i)^/[^/]+/[^/]*-(releases?|downloads?|installer|setup|bin|binaries|dist|latest)(/|$)`)
	// programPathRx: a URL path that ends in a program, installer, disk
	// image or archive.
	programPathRx = rxlit.MustRx(`(?i)\.(dmg|pkg|mpkg|app|exe|msi|msix|appx|appinstaller|scr|bat|cmd|ps1|vbs|jar|zip|7z|rar|iso|img|appimage|deb|rpm|run|command|bin|tgz|tar\.gz|tar\.xz)$`)
)

// LookalikeRelease reports a URL whose host or repository imitates a
// vendor's release page: github.com.<x>.example, <x>-releases.<tld>,
// github.com/<user>/<vendor>-releases.
func LookalikeRelease(raw string) bool {
	host, c := URLClass(raw)
	if host == "" {
		return false
	}
	if c != HostCodeHost {
		return lookalikeHostRx.MatchString(host)
	}
	path := raw
	if i := strings.Index(raw, host); i >= 0 {
		path = raw[i+len(host):]
	}
	return lookalikeRepoRx.MatchString(path)
}

// ProgramURL reports a URL that links straight to a program, installer,
// disk image or archive (…/Helper.dmg, …/setup.exe, …/tool.zip).
func ProgramURL(raw string) bool {
	u, err := url.Parse(strings.TrimRight(raw, ".,;:!?"))
	if err != nil {
		return false
	}
	return programPathRx.MatchString(u.Path)
}

// installPageHosts publish official install instructions that skills send
// people to ("run the command shown on brew.sh").
var installPageHosts = map[string]bool{"brew.sh": true, "docs.brew.sh": true, "rustup.rs": true, "www.rust-lang.org": true,
	"rust-lang.org": true, "nodejs.org": true, "www.python.org": true, "python.org": true, "docs.docker.com": true,
	"docker.com": true, "www.docker.com": true, "deno.com": true, "deno.land": true, "bun.sh": true, "go.dev": true,
	"docs.npmjs.com": true, "www.npmjs.com": true, "pypi.org": true, "docs.astral.sh": true, "astral.sh": true,
	"ohmyz.sh": true, "cli.github.com": true, "docs.github.com": true, "cloud.google.com": true,
	"learn.microsoft.com": true, "docs.aws.amazon.com": true, "developer.apple.com": true, "support.apple.com": true,
	"docs.anthropic.com": true, "docs.claude.com": true, "claude.ai": true, "code.claude.com": true,
	"platform.openai.com": true, "nixos.org": true, "tailscale.com": true, "ollama.com": true, "volta.sh": true,
	"pnpm.io": true, "yarnpkg.com": true, "sdkman.io": true, "starship.rs": true, "kubernetes.io": true,
	"helm.sh": true, "developer.hashicorp.com": true, "www.terraform.io": true,
	// vendors' own pages (not their forums, marketplaces or file sharing,
	// where anyone publishes)
	"download.microsoft.com": true, "support.microsoft.com": true, "apps.microsoft.com": true, "apps.apple.com": true,
	"developers.google.com": true, "support.google.com": true, "aws.amazon.com": true, "code.visualstudio.com": true,
	// package registries
	"files.pythonhosted.org": true, "registry.npmjs.org": true, "crates.io": true, "proxy.golang.org": true,
	"pkg.go.dev": true, "rubygems.org": true, "formulae.brew.sh": true}

// VendorPageHost reports a host that publishes official install
// instructions or release downloads: well-known install pages and package
// registries, the hosts of official installer scripts and vendor download
// servers.
func VendorPageHost(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if vendorDownloadHosts[h] {
		return true
	}
	// the install page's host or a subdomain of it (desktop.docker.com,
	// console.cloud.google.com)
	for d := h; d != ""; {
		if installPageHosts[d] {
			return true
		}
		i := strings.IndexByte(d, '.')
		if i < 0 {
			break
		}
		d = d[i+1:]
	}
	for _, v := range vendorInstallers {
		if h == v.host || h == "www."+v.host {
			return true
		}
	}
	return false
}
