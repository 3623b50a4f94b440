package intel

import (
	"github.com/skillvet/skillvet/parse/rxlit"
	"strings"
)

// registryHosts are the public package registries, their official
// mirrors and well-known vendor indexes (PyTorch, NVIDIA): pointing a
// package manager at them is ordinary configuration.
var registryHosts = map[string]bool{
	// npm and friends
	"registry.npmjs.org": true, "registry.npmjs.com": true, "registry.yarnpkg.com": true, "npm.pkg.github.com": true,
	"registry.npmmirror.com": true, "registry.npm.taobao.org": true, "npm.jsr.io": true, "npm.fontawesome.com": true,
	// Python
	"pypi.org": true, "pypi.python.org": true, "files.pythonhosted.org": true, "test.pypi.org": true, "upload.pypi.org": true,
	"download.pytorch.org": true, "pypi.nvidia.com": true, "pypi.ngc.nvidia.com": true, "data.pyg.org": true,
	"mirrors.aliyun.com": true, "pypi.tuna.tsinghua.edu.cn": true, "mirrors.tuna.tsinghua.edu.cn": true,
	"mirrors.cloud.tencent.com": true, "pypi.douban.com": true, "repo.huaweicloud.com": true, "mirror.baidu.com": true,
	"pypi.mirrors.ustc.edu.cn": true, "mirrors.ustc.edu.cn": true, "mirror.sjtu.edu.cn": true, "mirrors.bfsu.edu.cn": true,
	"wheels.vllm.ai": true, "flashinfer.ai": true, "download.openmmlab.com": true, "developer.download.nvidia.com": true,
	// Go, Rust, Ruby, conda
	"proxy.golang.org": true, "sum.golang.org": true, "goproxy.io": true, "goproxy.cn": true,
	"crates.io": true, "index.crates.io": true, "static.crates.io": true, "rsproxy.cn": true,
	"rubygems.org": true, "gems.ruby-china.com": true,
	"conda.anaconda.org": true, "repo.anaconda.com": true, "prefix.dev": true, "repo.prefix.dev": true,
}

// registryServiceRx matches hosted private-registry services: what a
// company's configuration points at (JFrog Artifactory, Azure Artifacts,
// AWS CodeArtifact, Google Artifact Registry, Cloudsmith, Gemfury,
// packagecloud, GitLab and GitHub package registries).
var registryServiceRx = rxlit.MustRx(`(?:^|\.)(?:jfrog\.io|pkgs\.dev\.azure\.com|pkgs\.visualstudio\.com|codeartifact\.[a-z0-9-]+\.amazonaws\.com|pkg\.dev|cloudsmith\.io|fury\.io|gemfury\.com|packagecloud\.io|gitlab\.com|pkg\.github\.com|buf\.build)$`)

// RegistryHost reports a public package registry, an official mirror, a
// well-known vendor index or a hosted private-registry service.
func RegistryHost(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if registryHosts[h] {
		return true
	}
	if i := strings.IndexByte(h, '.'); i >= 0 && registryHosts[h[i+1:]] && strings.Count(h, ".") > 1 {
		return true // a subdomain of a registry (us.pypi.org style mirrors)
	}
	return registryServiceRx.MatchString(h)
}

// packageConfigRx matches the configuration files package managers read
// their registry or index from: .npmrc, .yarnrc(.yml), pip.conf/pip.ini,
// uv.toml, bunfig.toml, .condarc, .gemrc, .pypirc and Cargo's config.
var packageConfigRx = rxlit.MustRx(`(?i)(?:^|/)(?:\.npmrc|\.yarnrc|\.yarnrc\.yml|pip\.conf|pip\.ini|uv\.toml|bunfig\.toml|\.condarc|condarc|\.gemrc|\.pypirc|\.cargo/config(?:\.toml)?)$`)

// projectConfigRx matches the registry configuration files package
// managers also read from the directory they run in.
var projectConfigRx = rxlit.MustRx(`(?i)(?:^|/)(?:\.npmrc|\.yarnrc|\.yarnrc\.yml|uv\.toml|bunfig\.toml|\.cargo/config(?:\.toml)?)$`)

// ProjectPackageConfig reports a registry configuration file that a
// package manager reads from the directory it runs in (.npmrc, .yarnrc,
// uv.toml, bunfig.toml, .cargo/config.toml): shipped in a skill, it
// applies to installs run there.
func ProjectPackageConfig(path string) bool { return projectConfigRx.MatchString(path) }

// PackageConfigFile reports a package manager's registry configuration
// file and names the tool that reads it.
func PackageConfigFile(path string) (string, bool) {
	p := strings.Trim(path, `"'`)
	m := packageConfigRx.FindString(p)
	if m == "" {
		return "", false
	}
	base := strings.ToLower(strings.TrimPrefix(m, "/"))
	switch {
	case strings.HasPrefix(base, ".npmrc"):
		return "npm", true
	case strings.HasPrefix(base, ".yarnrc"):
		return "yarn", true
	case strings.HasPrefix(base, "pip."):
		return "pip", true
	case base == "uv.toml":
		return "uv", true
	case base == "bunfig.toml":
		return "bun", true
	case strings.HasSuffix(base, "condarc"):
		return "conda", true
	case base == ".gemrc":
		return "gem", true
	case base == ".pypirc":
		return "twine", true
	}
	return "cargo", true
}
