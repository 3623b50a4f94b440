package intel

import (
	"path"
	"strings"

	"github.com/skillvet/skillvet/parse/rxlit"
)

// sshPublicRx matches a path that ends in SSH material that is public by
// design: a public key, known_hosts (and its backups), the client config
// and its included files, authorized_keys.
var sshPublicRx = rxlit.MustRx(`(?i)\.ssh/(?:[\w.-]+\.pub|known_hosts[\w.-]*|config|config\.d/[\w.-]+|authorized_keys2?)$|\.pub$`)

// PublicSSHMaterial reports a path to SSH material that is public by
// design: a public key (*.pub), known_hosts, the client config,
// authorized_keys. Reading it reads no secret. The path is judged by
// what it names last once cleaned: ~/.ssh/known_hosts/../id_rsa is a
// private key, and so is ~/.ssh/config/../../.ssh/id_ed25519. Sentence
// punctuation and Markdown emphasis after the path are not part of it.
func PublicSSHMaterial(p string) bool {
	p = strings.TrimRight(p, ".,;:!?*_|}\\")
	if strings.Contains(p, "..") || strings.Contains(p, "//") || strings.Contains(p, "/./") {
		p = path.Clean(p)
	}
	return sshPublicRx.MatchString(p)
}

// MatchSecretCredentialPath is MatchCredentialPath for paths that hold
// secrets: the earliest credential path in s that is not public SSH
// material (~/.ssh/config, known_hosts, authorized_keys, *.pub), so that a
// public key named first does not hide ~/.aws/credentials later on.
func MatchSecretCredentialPath(s string) (label string, start, end int, ok bool) {
	best := -1
	lower := rxlit.LowerASCIIKeepLen(s) // once for all the gates
	for _, c := range CredentialPaths {
		if !c.Rx.MayLower(lower) {
			continue
		}
		for _, loc := range c.Rx.Regexp().FindAllStringIndex(s, 8) {
			if c.Label == "SSH keys" && PublicSSHMaterial(PathToken(s, loc[0], loc[1])) {
				continue
			}
			if best < 0 || loc[0] < best {
				best, label, start, end, ok = loc[0], c.Label, loc[0], loc[1], true
			}
			break
		}
	}
	return label, start, end, ok
}

// PathToken widens [s, e) of raw to the whole path-like token around it.
func PathToken(raw string, s, e int) string {
	stop := func(c byte) bool {
		return c == ' ' || c == '\t' || c == '\n' || strings.IndexByte("()[]<>`'\",", c) >= 0
	}
	for s > 0 && !stop(raw[s-1]) {
		s--
	}
	for e < len(raw) && !stop(raw[e]) {
		e++
	}
	return raw[s:e]
}

// projectSecretRx matches the base name of a file a project keeps its own
// secrets in, beside the user's credential stores (CredentialPaths): a
// secrets file (secrets.yml, secret.json), a credentials file
// (credentials.json, Rails' master.key), a private key (*.key, *.p12,
// *.pfx, a *key*.pem, id_rsa), a cloud service-account key, Terraform
// state and variables.
var projectSecretRx = rxlit.MustRx(`(?i)^(?:secrets?\.(?:ya?ml|json|toml|ini|env|properties)|credentials\.(?:json|ya?ml|toml)|master\.key|[\w.-]*\.(?:key|p12|pfx|jks|keystore)|[\w.-]*key[\w.-]*\.pem|id_(?:rsa|dsa|ecdsa|ed25519)|[\w.-]*service[-_]?account[\w.-]*\.json|[\w.-]*-sa-key\.json|terraform\.tfvars|[\w.-]*\.tfstate)$`)

// projectSecretTemplateRx matches a template of such a file, committed on
// purpose: secrets.example.yml, credentials.json.sample, .key.dist.
var projectSecretTemplateRx = rxlit.MustRx(`(?i)[._-](?:example|sample|template|dist|defaults?|tmpl|tpl)(?:\.|$)`)

// ProjectSecretFile returns a label for a path whose file holds a
// project's secrets (config/secrets.yml, certs/server.key,
// gcp-service-account.json), "" and false for anything else and for
// templates of them. It reads the base name only; the user's credential
// stores are MatchSecretCredentialPath's.
func ProjectSecretFile(p string) (string, bool) {
	p = strings.Trim(p, `"'`)
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		p = p[i+1:]
	}
	if p == "" || projectSecretTemplateRx.MatchString(p) || !projectSecretRx.MatchString(p) {
		return "", false
	}
	l := strings.ToLower(p)
	switch {
	case strings.HasPrefix(l, "secret"):
		return "secrets file", true
	case strings.HasPrefix(l, "credentials") || l == "master.key":
		return "credentials file", true
	case strings.Contains(l, "account") || strings.HasSuffix(l, "-sa-key.json"):
		return "service account key", true
	case strings.HasPrefix(l, "terraform") || strings.HasSuffix(l, ".tfstate"):
		return "Terraform state or variables", true
	}
	return "private key file", true
}

// placeholderRepoRx matches a repository URL's owner or name that the
// reader fills in: github.com/username/x, <you>, {owner}, YOUR_USER,
// $GH_USER.
var placeholderRepoRx = rxlit.MustRx(`(?i)[/:](?:user(?:name)?|owner|you|your[-_]?\w*|me|<[^<>]+>|\{[^{}]+\}|_[^_/]+_|\$\{?\w+\}?)(?:/|\.git$|$)`)

// PlaceholderRepoURL reports a repository URL with a placeholder for its
// owner or name: the user's own repository, which the reader names.
func PlaceholderRepoURL(u string) bool { return placeholderRepoRx.MatchString(u) }
