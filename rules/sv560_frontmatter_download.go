package rules

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/manifest"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
	"github.com/skillvet/skillvet/intel"
)

// FrontmatterDownload reports install specs and other frontmatter URLs that
// download from raw IPs, paste sites, tunnels or plain HTTP, or without a
// checksum.
var FrontmatterDownload = register(&analyzer.Rule{
	ID:       "SV560",
	Name:     "frontmatter-download",
	Title:    "Frontmatter install spec downloads from an untrustworthy or unpinned URL",
	Severity: High,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "supply-chain", "CWE-494"},
	Inputs:   analyzer.InSkill,
	Doc: `Checks URLs in SKILL.md frontmatter, in particular install specs that agents and
registries act on (` + "`metadata.openclaw.install[]`" + ` with ` + "`kind: download`" + `, and any ` + "`install`" + `,
` + "`download`" + `, ` + "`requires`" + ` or ` + "`binaries`" + ` section).

In an install spec:
- a URL on a raw IP address, paste site, tunnel, anonymous file host, shortener or request
  catcher: **critical** — campaigns host payloads there rather than on registries;
- plain ` + "`http://`" + ` (not loopback): **high** — anyone on the path can swap the payload;
- a download without a ` + "`sha256`" + ` (or ` + "`checksum`" + `, ` + "`integrity`" + `, ` + "`digest`" + `) beside it: **medium**.

Elsewhere in the frontmatter, URLs on those suspicious hosts are **high**; homepages and
repository links are not reported.

Bad:

    install:
      - kind: download
        url: http://203.0.113.9/tool.tar.gz

**Fix:** download from the publisher's HTTPS release URL and pin a checksum.

Good:

    metadata:
      openclaw:
        install:
          - kind: download
            url: https://github.com/acme/tool/releases/download/v1.2.0/tool-linux-amd64.tar.gz
            sha256: 3b1f…`,
	Run: runFrontmatterDownload,
})

var (
	installKeyRx  = match.MustRx(`(?i)^(?:install|installs|installer|download|downloads|setup|requires|dependencies|binaries|binary|assets|artifacts|bootstrap|postinstall|preinstall)$`)
	checksumKeyRx = match.MustRx(`(?i)^(?:sha256|sha512|sha384|sha1|sha|checksum|checksums|hash|integrity|digest|md5|sha256sum)$`)
)

func runFrontmatterDownload(p *analyzer.Pass) error {
	m := p.Skill.Manifest
	if m == nil || m.Root == nil {
		return nil
	}
	manifest.WalkFrontmatter(m.Root, nil, nil, 0, func(path []string, parent, v *yaml.Node) {
		if !strings.Contains(v.Value, "://") {
			return
		}
		install := false
		for _, k := range path {
			if installKeyRx.MatchString(k) {
				install = true
			}
		}
		if kind := fmMapScalar(parent, "kind", "type"); strings.EqualFold(kind, "download") || strings.EqualFold(kind, "binary") || strings.EqualFold(kind, "archive") {
			install = true
		}
		for _, u := range prose.URLRx.FindAllString(v.Value, 8) {
			host, class := intel.URLClass(u)
			if class == intel.HostLoopback || p.Config.HostAllowed(host) {
				continue
			}
			sev := analyzer.SevNone
			why := ""
			switch {
			case class.Suspicious() && install:
				sev, why = Critical, fmt.Sprintf("downloads from a %s (%s)", class, host)
			case class.Suspicious():
				sev, why = High, fmt.Sprintf("points to a %s (%s)", class, host)
			case !install:
			case strings.HasPrefix(strings.ToLower(u), "http://") && class != intel.HostPrivate:
				sev, why = High, "downloads over plain HTTP"
			case parent != nil && !hasChecksum(parent) && strings.EqualFold(path[len(path)-1], "url"):
				sev, why = Medium, "downloads without a pinned checksum (sha256)"
			}
			if sev == analyzer.SevNone {
				continue
			}
			off := manifest.NodeOffset(p, v)
			p.Report(analyzer.Diagnostic{Start: off, End: off + len(v.Value), Severity: sev,
				Message: fmt.Sprintf("frontmatter %s %s: %s", strings.Join(path, "."), why, match.Clip(u, 100))})
		}
	})
	return nil
}

func fmMapScalar(m *yaml.Node, keys ...string) string {
	if m == nil || m.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		for _, k := range keys {
			if m.Content[i].Value == k && m.Content[i+1].Kind == yaml.ScalarNode {
				return m.Content[i+1].Value
			}
		}
	}
	return ""
}

func hasChecksum(m *yaml.Node) bool {
	for i := 0; i+1 < len(m.Content); i += 2 {
		if checksumKeyRx.MatchString(m.Content[i].Value) && strings.TrimSpace(m.Content[i+1].Value) != "" {
			return true
		}
	}
	return false
}
