// Package intel holds shared threat knowledge that several rule families
// use: how to classify a network host (raw IP, paste site, tunnel, webhook
// catcher, known API) and which paths hold credentials. Keep lists here, not
// in rules, so every carrier (Markdown, shell, JS, Python) judges the same
// way.
package intel

import (
	"github.com/skillvet/skillvet/parse/rxlit"
	"net"
	"net/url"
	"path"
	"strings"
)

// sharedAddressSpace is 100.64.0.0/10 (RFC 6598): carrier-grade NAT and
// tailnets (Tailscale gives every device an address in it); nothing there
// is reachable from the internet.
var sharedAddressSpace = func() *net.IPNet {
	_, n, _ := net.ParseCIDR("100.64.0.0/10")
	return n
}()

// HostClass is what a host is known to be.
type HostClass uint8

const (
	HostUnknown    HostClass = iota
	HostLoopback             // localhost, 127.0.0.0/8, ::1
	HostPrivate              // RFC 1918, link-local, .local
	HostRawIP                // a public IP address literal
	HostPaste                // paste sites serving raw text
	HostTunnel               // tunnels exposing a private machine
	HostFileDrop             // anonymous file hosting
	HostCatcher              // request catchers and webhooks that collect data
	HostShortener            // URL shorteners hiding the destination
	HostMiningPool           // cryptocurrency mining pools
	HostKnownAPI             // well-known vendor API and package hosts
	HostCodeHost             // source hosting (github.com, raw.githubusercontent.com, …)
)

var classNames = map[HostClass]string{HostUnknown: "unknown host", HostLoopback: "loopback",
	HostPrivate: "private network", HostRawIP: "raw IP address", HostPaste: "paste site",
	HostTunnel: "tunnel service", HostFileDrop: "anonymous file host", HostCatcher: "request catcher",
	HostShortener: "URL shortener", HostMiningPool: "mining pool", HostKnownAPI: "known API host",
	HostCodeHost: "code hosting"}

func (c HostClass) String() string { return classNames[c] }

// Suspicious reports classes that legitimate skills rarely download from or
// send to: raw IPs, paste sites, tunnels, file drops, catchers, shorteners
// and mining pools.
func (c HostClass) Suspicious() bool {
	switch c {
	case HostRawIP, HostPaste, HostTunnel, HostFileDrop, HostCatcher, HostShortener, HostMiningPool:
		return true
	}
	return false
}

var suffixes = map[string]HostClass{
	// paste sites
	"pastebin.com": HostPaste, "paste.ee": HostPaste, "hastebin.com": HostPaste, "ghostbin.co": HostPaste,
	"rentry.co": HostPaste, "rentry.org": HostPaste, "termbin.com": HostPaste, "dpaste.org": HostPaste,
	"dpaste.com": HostPaste, "paste.rs": HostPaste, "controlc.com": HostPaste, "justpaste.it": HostPaste,
	"glot.io": HostPaste, "privatebin.net": HostPaste, "pastes.dev": HostPaste, "gist.githubusercontent.com": HostPaste,
	// tunnels
	"ngrok.io": HostTunnel, "ngrok-free.app": HostTunnel, "ngrok.app": HostTunnel, "ngrok-free.dev": HostTunnel,
	"trycloudflare.com": HostTunnel, "serveo.net": HostTunnel, "localtunnel.me": HostTunnel, "loca.lt": HostTunnel,
	"pinggy.io": HostTunnel, "pinggy.link": HostTunnel, "localhost.run": HostTunnel, "lhr.life": HostTunnel,
	"bore.pub": HostTunnel, "playit.gg": HostTunnel, "tunnelmole.net": HostTunnel, "devtunnels.ms": HostTunnel,
	// anonymous file drops
	"transfer.sh": HostFileDrop, "file.io": HostFileDrop, "0x0.st": HostFileDrop, "catbox.moe": HostFileDrop,
	"litterbox.catbox.moe": HostFileDrop, "temp.sh": HostFileDrop, "anonfiles.com": HostFileDrop,
	"gofile.io": HostFileDrop, "bashupload.com": HostFileDrop, "oshi.at": HostFileDrop, "filebin.net": HostFileDrop,
	"tmpfiles.org": HostFileDrop, "uguu.se": HostFileDrop, "pixeldrain.com": HostFileDrop, "mega.nz": HostFileDrop,
	// request catchers and webhooks
	"webhook.site": HostCatcher, "requestbin.com": HostCatcher, "requestbin.net": HostCatcher,
	"pipedream.net": HostCatcher, "m.pipedream.net": HostCatcher, "hookbin.com": HostCatcher,
	"interact.sh": HostCatcher, "oast.fun": HostCatcher, "oast.pro": HostCatcher, "oast.live": HostCatcher,
	"oast.site": HostCatcher, "oast.online": HostCatcher, "oast.me": HostCatcher, "burpcollaborator.net": HostCatcher,
	"oastify.com": HostCatcher, "canarytokens.com": HostCatcher, "beeceptor.com": HostCatcher,
	"requestcatcher.com": HostCatcher, "postb.in": HostCatcher, "ptsv2.com": HostCatcher, "ptsv3.com": HostCatcher,
	"dnslog.cn": HostCatcher, "ceye.io": HostCatcher,
	// shorteners
	"bit.ly": HostShortener, "tinyurl.com": HostShortener, "t.co": HostShortener, "is.gd": HostShortener,
	"goo.gl": HostShortener, "cutt.ly": HostShortener, "rb.gy": HostShortener, "shorturl.at": HostShortener,
	"ow.ly": HostShortener, "v.gd": HostShortener, "t.ly": HostShortener, "tiny.cc": HostShortener,
	// mining pools
	"nanopool.org": HostMiningPool, "minexmr.com": HostMiningPool, "supportxmr.com": HostMiningPool,
	"moneroocean.stream": HostMiningPool, "2miners.com": HostMiningPool, "f2pool.com": HostMiningPool,
	"hashvault.pro": HostMiningPool, "xmrpool.eu": HostMiningPool, "c3pool.com": HostMiningPool,
	"herominers.com": HostMiningPool, "unmineable.com": HostMiningPool, "nicehash.com": HostMiningPool,
	"ethermine.org": HostMiningPool, "miningpoolhub.com": HostMiningPool, "p2pool.io": HostMiningPool,
	// code hosting
	"github.com": HostCodeHost, "raw.githubusercontent.com": HostCodeHost, "gitlab.com": HostCodeHost,
	"bitbucket.org": HostCodeHost, "codeberg.org": HostCodeHost, "objects.githubusercontent.com": HostCodeHost,
	// well-known APIs and package registries
	"api.openai.com": HostKnownAPI, "api.anthropic.com": HostKnownAPI, "api.github.com": HostKnownAPI,
	"generativelanguage.googleapis.com": HostKnownAPI, "googleapis.com": HostKnownAPI, "api.mistral.ai": HostKnownAPI,
	"api.cohere.ai": HostKnownAPI, "api.groq.com": HostKnownAPI, "openrouter.ai": HostKnownAPI,
	"api.stripe.com": HostKnownAPI, "slack.com": HostKnownAPI, "api.notion.com": HostKnownAPI,
	"api.linear.app": HostKnownAPI, "api.atlassian.com": HostKnownAPI, "atlassian.net": HostKnownAPI,
	"api.twilio.com": HostKnownAPI, "api.sendgrid.com": HostKnownAPI, "api.airtable.com": HostKnownAPI,
	"api.figma.com": HostKnownAPI, "api.vercel.com": HostKnownAPI, "api.cloudflare.com": HostKnownAPI,
	"api.digitalocean.com": HostKnownAPI, "amazonaws.com": HostKnownAPI, "azure.com": HostKnownAPI,
	"api.telegram.org": HostKnownAPI, "api.x.ai": HostKnownAPI, "api.deepseek.com": HostKnownAPI,
	"api.perplexity.ai": HostKnownAPI, "api.elevenlabs.io": HostKnownAPI, "api.replicate.com": HostKnownAPI,
	"huggingface.co": HostKnownAPI, "api.brave.com": HostKnownAPI, "api.search.brave.com": HostKnownAPI,
	"api.tavily.com": HostKnownAPI, "api.exa.ai": HostKnownAPI, "serpapi.com": HostKnownAPI,
	"registry.npmjs.org": HostKnownAPI, "pypi.org": HostKnownAPI, "files.pythonhosted.org": HostKnownAPI,
	"proxy.golang.org": HostKnownAPI, "crates.io": HostKnownAPI, "api.weather.gov": HostKnownAPI,
	"api.openweathermap.org": HostKnownAPI, "wttr.in": HostKnownAPI, "api.spotify.com": HostKnownAPI,
	"graph.microsoft.com": HostKnownAPI, "api.dropboxapi.com": HostKnownAPI, "api.hubapi.com": HostKnownAPI,
	"api.pagerduty.com": HostKnownAPI, "api.datadoghq.com": HostKnownAPI, "sentry.io": HostKnownAPI,
	"api.supabase.com": HostKnownAPI, "supabase.co": HostKnownAPI, "api.resend.com": HostKnownAPI,
}

// ClassifyHost classifies a host name or IP literal (no port).
func ClassifyHost(host string) HostClass {
	h := strings.ToLower(strings.TrimSuffix(strings.Trim(host, "[]"), "."))
	if h == "" {
		return HostUnknown
	}
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return HostLoopback
	}
	if strings.HasSuffix(h, ".local") || strings.HasSuffix(h, ".internal") || strings.HasSuffix(h, ".lan") || strings.HasSuffix(h, ".ts.net") {
		return HostPrivate
	}
	if ip := parseIP(h); ip != nil {
		switch {
		case ip.IsLoopback() || ip.IsUnspecified():
			return HostLoopback
		case ip.IsPrivate() || ip.IsLinkLocalUnicast() || sharedAddressSpace.Contains(ip):
			return HostPrivate
		}
		return HostRawIP
	}
	for d := h; d != ""; {
		if c, ok := suffixes[d]; ok {
			return c
		}
		i := strings.IndexByte(d, '.')
		if i < 0 {
			break
		}
		d = d[i+1:]
	}
	if strings.Contains(h, "discord.com") || strings.Contains(h, "discordapp.com") {
		return HostKnownAPI // webhooks are judged by path: see URLClass
	}
	return HostUnknown
}

// parseIP accepts dotted quads and the obfuscated decimal/hex/octal forms
// curl and browsers also accept (http://2130706433/, http://0x7f.1/).
func parseIP(h string) net.IP {
	if ip := net.ParseIP(h); ip != nil {
		return ip
	}
	if v, ok := parseIntAddr(h); ok {
		return net.IPv4(byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
	parts := strings.Split(h, ".")
	if len(parts) == 4 {
		var b [4]byte
		for i, p := range parts {
			v, ok := parseIntAddr(p)
			if !ok || v > 255 {
				return nil
			}
			b[i] = byte(v)
		}
		return net.IPv4(b[0], b[1], b[2], b[3])
	}
	return nil
}

func parseIntAddr(s string) (uint64, bool) {
	if s == "" {
		return 0, false
	}
	base := uint64(10)
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		base, s = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		base, s = 8, s[1:]
	}
	if s == "" || len(s) > 12 {
		return 0, false
	}
	var v uint64
	for _, c := range strings.ToLower(s) {
		d := uint64(0)
		switch {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'a' && c <= 'f':
			d = uint64(c-'a') + 10
		default:
			return 0, false
		}
		if d >= base {
			return 0, false
		}
		v = v*base + d
	}
	return v, v <= 0xffffffff
}

// URLClass classifies the host of a URL (scheme optional) and also
// recognises webhook paths on otherwise known hosts (Discord and Slack
// webhooks, Telegram bot sendDocument) as catchers.
func URLClass(raw string) (host string, c HostClass) {
	u := raw
	if !strings.Contains(u, "://") {
		u = "http://" + u
	}
	p, err := url.Parse(u)
	if err != nil {
		// http://localhost:$PORT/x: the port is not known, the host is.
		if host = authorityHost(u); host == "" {
			return "", HostUnknown
		}
		return host, ClassifyHost(host)
	}
	host = p.Hostname()
	c = ClassifyHost(host)
	lp := strings.ToLower(p.Path)
	switch {
	case strings.Contains(host, "discord") && strings.Contains(lp, "/api/webhooks"):
		c = HostCatcher
	case host == "hooks.slack.com" && slackHookPathRx.MatchString(p.Path):
		// a webhook delivers only with its workspace, channel and token
		// parts: hooks.slack.com/services/alerts reaches nobody
		c = HostCatcher
	}
	if (c == HostCatcher || c == HostPaste || c == HostFileDrop) && ElidedURL(raw) {
		c = HostUnknown // https://webhook.site/...: no bin, nobody's endpoint
	}
	return host, c
}

// slackHookPathRx matches the path of a deliverable Slack webhook:
// /services/T…/B…/token, or a workflow or trigger, each under a workspace
// ID (T and upper-case letters and digits). Placeholders of the user's own
// webhook (/services/YOUR/WEBHOOK/URL, /services/XXX/YYY/ZZZ) reach nobody.
var slackHookPathRx = rxlit.MustRx(`^/(?:services/T[A-Z0-9]{6,}/B[A-Z0-9]{6,}/[A-Za-z0-9]{8,}|workflows/T[A-Z0-9]{6,}/[^/]+/[^/]+|triggers/T[A-Z0-9]{6,}/[^/]+/[^/]+)`)

// authorityHost takes the host out of scheme://[user@]host[:port]/… by
// hand, for URLs whose port or path url.Parse rejects. It returns "" when
// the host itself is not a plain name or address.
func authorityHost(u string) string {
	_, rest, ok := strings.Cut(u, "://")
	if !ok {
		return ""
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	if strings.HasPrefix(rest, "[") {
		if i := strings.IndexByte(rest, ']'); i > 0 {
			return strings.ToLower(rest[1:i])
		}
		return ""
	}
	if i := strings.IndexByte(rest, ':'); i >= 0 {
		rest = rest[:i]
	}
	for _, r := range rest {
		if !(r == '.' || r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z') {
			return ""
		}
	}
	return strings.ToLower(rest)
}

// HostLitRx matches a bare host name or IPv4 address as written: not a
// placeholder (<HOST>, $API_HOST) a reader fills in.
var HostLitRx = rxlit.MustRx(`^[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$|^\d{1,3}(\.\d{1,3}){3}$`)

// URLRx matches http(s) URLs in free text.
var URLRx = rxlit.MustRx(`(?i)\bhttps?://[^\s"'<>()\x60\]\[{}|\\^]+`)

// CredentialPath describes a path that holds credentials.
type CredentialPath struct {
	Label string
	Rx    *rxlit.Rx
}

// CredentialPaths are paths whose contents are secrets. Patterns match the
// path as written in prose or code (~, $HOME, %USERPROFILE%, os.homedir()
// joins are normalised by callers to "~/").
var CredentialPaths = []CredentialPath{
	{"SSH keys", rxlit.MustRx(`(?i)(^|[\s"'(=:/~])\.ssh(/|\b)`)},
	{"AWS credentials", rxlit.MustRx(`(?i)\.aws/(credentials|config)\b`)},
	{"GitHub CLI token", rxlit.MustRx(`(?i)\.config/gh/hosts\.ya?ml`)},
	{"git credentials", rxlit.MustRx(`(?i)\.git-credentials\b`)},
	{"netrc", rxlit.MustRx(`(?i)(^|[\s"'/~])[._]netrc\b`)},
	{"dotenv file", rxlit.MustRx(`(?i)(^|[\s"'/=(])\.env(\.[a-z]+)?\b`)},
	{"npm token", rxlit.MustRx(`(?i)\.npmrc\b`)},
	{"PyPI token", rxlit.MustRx(`(?i)\.pypirc\b`)},
	{"Docker credentials", rxlit.MustRx(`(?i)\.docker/config\.json`)},
	{"Kubernetes config", rxlit.MustRx(`(?i)\.kube/config\b`)},
	{"GCP credentials", rxlit.MustRx(`(?i)(gcloud/(credentials\.db|application_default_credentials\.json|access_tokens\.db))`)},
	{"Azure credentials", rxlit.MustRx(`(?i)\.azure/(accessTokens\.json|msal_token_cache)`)},
	{"shell history", rxlit.MustRx(`(?i)\.(bash|zsh|sh)_history\b`)},
	{"macOS keychain", rxlit.MustRx(`(?i)(Library/Keychains|login\.keychain|security\s+(find|dump)-(generic|internet)-password|dump-keychain)`)},
	{"GNOME keyring", rxlit.MustRx(`(?i)\.local/share/keyrings`)},
	{"browser profile", rxlit.MustRx(`(?i)(Google/Chrome|google-chrome|Chromium|BraveSoftware|Microsoft/Edge|Mozilla/Firefox|\.mozilla/firefox)/[^\s"']*(Login Data|Cookies|Local State|logins\.json|key4\.db|cookies\.sqlite|Local Extension Settings|Default)`)},
	{"browser extension store", rxlit.MustRx(`(?i)Local Extension Settings|IndexedDB/chrome-extension`)},
	{"crypto wallet", rxlit.MustRx(`(?i)(wallet\.dat|\.electrum|\.bitcoin/|\.ethereum/keystore|Exodus/exodus\.wallet|atomic/Local Storage|MetaMask|nkbihfbeogaeaoehlefnkodbefgpgknn|solana/id\.json|phantom[ _-]?wallet|/phantom/|bfnaelmomeimhlpmgjnjophhpkkoljpa)`)},
	{"password manager", rxlit.MustRx(`(?i)(1Password|\.password-store|KeePass|\.kdbx\b|Bitwarden)`)},
	{"Claude/Codex credentials", rxlit.MustRx(`(?i)(\.claude/\.credentials\.json|\.codex/auth\.json|\.config/openai|\.openclaw/credentials)`)},
	{"GPG keys", rxlit.MustRx(`(?i)\.gnupg/`)},
	// the password hashes (/etc/passwd holds none; /etc/sudoers holds
	// privilege rules, not secrets: reading it is an audit)
	{"system password file", rxlit.MustRx(`(?i)/etc/(g?shadow|master\.passwd|spwd\.db|security/opasswd)\b`)},
}

// MatchCredentialPath returns the label of the first credential path found
// in s, with its byte range.
func MatchCredentialPath(s string) (label string, start, end int, ok bool) {
	lower := rxlit.LowerASCIIKeepLen(s) // once for all the gates
	for _, c := range CredentialPaths {
		if !c.Rx.MayLower(lower) {
			continue
		}
		if loc := c.Rx.Regexp().FindStringIndex(s); loc != nil {
			return c.Label, loc[0], loc[1], true
		}
	}
	return "", 0, 0, false
}

// elidedSegRx matches a URL path segment a writer left for the reader to
// fill in: an ellipsis, <id>, {token}, YOUR_ID, xxx.
var elidedSegRx = rxlit.MustRx(`(?i)^(?:\.{2,}|…+|<[^>]*>|\{[^}]*\}|\[[^\]]*\]|%3C[^%]*%3E|x{3,}|your[-\w]*|[\w-]*[-_](?:id|token|here)|\*+)$`)

// elidedHostRx matches a host a writer left for the reader to fill in: one
// with an ellipsis ("...", "raw...", "…") or two dots in a row, which no DNS
// name has, or a placeholder (<host>, {domain}, YOUR_HOST).
var elidedHostRx = rxlit.MustRx(`(?i)\.\.|…|^<[^>]*>$|^\{[^}]*\}$|^\[[^\]]*\]$|^your[-_]?(?:host|domain|server)\b`)

// ElidedHost reports whether a URL's host is elided ("https://.../x.sh",
// "https://raw.../install.sh", "https://<host>/setup"): an address in notes
// or documentation that names no server, so nothing can be fetched from it
// as written.
func ElidedHost(raw string) bool {
	_, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return false
	}
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	return rest != "" && elidedHostRx.MatchString(rest)
}

// ElidedURL reports whether a URL's path is only placeholders (/..., /<id>,
// /YOUR-TOKEN): an address in documentation that points at nobody's
// endpoint until the reader fills it in. A catcher or paste host whose
// bin or token is elided receives nothing.
func ElidedURL(raw string) bool {
	_, rest, ok := strings.Cut(raw, "://")
	if !ok {
		return false
	}
	i := strings.IndexByte(rest, '/')
	if i < 0 {
		return false
	}
	path := rest[i+1:]
	if j := strings.IndexAny(path, "?#"); j >= 0 {
		path = path[:j]
	}
	segs := 0
	for _, s := range strings.Split(path, "/") {
		if s == "" {
			continue
		}
		if !elidedSegRx.MatchString(s) {
			return false
		}
		segs++
	}
	return segs > 0
}

// DocExampleDomain reports the documentation domains of RFC 2606/6761
// (example.com, *.example, *.test, *.invalid): placeholders, not
// destinations.
func DocExampleDomain(host string) bool {
	if ExampleDomain(host) {
		return true
	}
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	for _, d := range []string{"test", "invalid"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return false
}

// geoIPHosts answer with the caller's public IP address and where it is.
var geoIPHosts = map[string]bool{"ipinfo.io": true, "ipapi.co": true, "ip-api.com": true, "ifconfig.me": true,
	"ifconfig.co": true, "api.ipify.org": true, "api64.ipify.org": true, "ipify.org": true, "icanhazip.com": true,
	"ipecho.net": true, "get.geojs.io": true, "geojs.io": true, "freegeoip.app": true, "ipgeolocation.io": true,
	"api.ipgeolocation.io": true, "ip.sb": true, "api.ip.sb": true, "ipwho.is": true, "ipwhois.app": true,
	"extreme-ip-lookup.com": true, "geolocation-db.com": true, "myip.wtf": true, "checkip.amazonaws.com": true,
	"wtfismyip.com": true, "ident.me": true, "api.myip.com": true, "ipapi.is": true, "db-ip.com": true}

// GeoIPHost reports services that tell a caller its public IP address and
// location: what they return is data about the user's machine.
func GeoIPHost(host string) bool {
	h := strings.TrimPrefix(strings.ToLower(host), "www.")
	if geoIPHosts[h] {
		return true
	}
	if i := strings.IndexByte(h, '.'); i >= 0 && geoIPHosts[h[i+1:]] {
		return true
	}
	return false
}

// ExampleDomain reports the names RFC 2606 reserves for documentation
// (example.com, example.org, example.net, *.example): what docs write for
// "your server here".
func ExampleDomain(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	for _, d := range []string{"example.com", "example.org", "example.net", "example"} {
		if h == d || strings.HasSuffix(h, "."+d) {
			return true
		}
	}
	return false
}

// agentConfigRx matches files that configure an AI agent or hold its
// standing instructions and installed skills. SOUL.md and MEMORY.md are
// OpenClaw's names, in capitals, or any case inside an agent's directory;
// a memory.md of the skill's own (~/news/memory.md) is its data. A file
// beside settings.json or CLAUDE.md (settings.json.tmp, CLAUDE.md.bak) is
// not read by the agent; the move that puts it in place is the write.
var agentConfigRx = rxlit.MustRx(`(?i)(\.claude/((settings(\.local)?\.json|CLAUDE\.md)$|skills|agents|commands|hooks)|\.claude\.json|(^|/)(CLAUDE|AGENTS|GEMINI)\.md$|(?-i:(^|/)(SOUL|MEMORY)\.md$)|\.(?:openclaw|claude|codex|gemini|cursor)/(?:[^/]+/)*(?:soul|memory)\.md$|\.cursorrules|\.cursor/(rules|mcp\.json)|\.windsurfrules|copilot-instructions\.md|(^|/)\.mcp\.json$|claude_desktop_config\.json|\.codex/(config\.toml|AGENTS\.md|prompts)|\.gemini/(settings\.json|GEMINI\.md)|\.pi/agent/(settings\.json|models\.json|skills|prompts|extensions|themes|(APPEND_)?SYSTEM\.md)|\.openclaw/(openclaw\.json|config\.json|\.env$|skills|hooks|extensions|agents|cron|workspace/(skills|memory|(AGENTS|SOUL|MEMORY|TOOLS|IDENTITY|USER|HEARTBEAT|BOOTSTRAP)\.md)))`)

// projectInstructionsRx matches a project's own instruction file at its
// root, which project set-up legitimately creates. The name is matched in
// any case, as agentConfigRx matches it (agents.md is AGENTS.md on a file
// system that folds case).
var projectInstructionsRx = rxlit.MustRx(`^(\./)?(?:[\w-][\w.-]*/)*(?i:CLAUDE|AGENTS|GEMINI)\.md$|^(\./)?\.(cursorrules|windsurfrules)$|^(\./)?\.github/copilot-instructions\.md$|^(\./)?\.cursor/rules/[\w.-]+\.mdc?$`)

// AgentConfigPath reports a path of an agent's settings, standing
// instructions, MCP server list or installed skills and commands
// (~/.claude/settings.json, CLAUDE.md, .cursor/mcp.json, ~/.codex/…,
// the Pi agent's ~/.pi/agent/settings.json and skills/).
func AgentConfigPath(p string) bool { return agentConfigRx.MatchString(p) }

// agentDataRx splits a path under an agent's home directory into the
// directory and the rest: ~/.openclaw/workspace/memory/2026-01-02.md,
// /root/.openclaw/skills/x/data.json, $HOME/.claude/skills/x/state.json.
var agentDataRx = rxlit.MustRx(`(?:^|/)\.(openclaw|claude|codex|gemini|cursor|opencode)/(.+)$`)

// installedSkillRx matches a path inside an installed skill under an
// agent's home directory: ~/.claude/skills/<name>/…, OpenClaw's
// ~/.openclaw/workspace/skills/<name> and ~/.openclaw/agents/<a>/skills/<name>.
var installedSkillRx = rxlit.MustRx(`^` + homePrefix + `\.(?:claude|codex|gemini|cursor|openclaw|agents|copilot|opencode|pi)/(?:workspace/|agents/[\w.-]+/|agent/)?skills/([\w.-]+)(?:/|$)`)

// homePrefix matches the start of a path in the user's home directory,
// written as ~, $HOME or an absolute home: a directory only the user
// writes, unlike the same layout under /tmp.
const homePrefix = `(?:~|\$HOME|\$\{HOME\}|/root|/home/[^/]+|/Users/[^/]+)/`

// agentHomeRx matches a path under an agent's directory in the home.
var agentHomeRx = rxlit.MustRx(`^` + homePrefix + `\.(?:openclaw|claude|codex|gemini|cursor|opencode|pi/agent)/.`)

// InstalledSkill returns the name of the installed skill whose directory
// holds path p (a home path such as ~/.openclaw/workspace/skills/x/lib), or
// "".
func InstalledSkill(p string) string {
	if m := installedSkillRx.FindStringSubmatch(strings.Trim(p, `"'`)); m != nil {
		return m[1]
	}
	return ""
}

// AgentHomePath reports a path under an agent's home directory
// (~/.openclaw/…, ~/.claude/…): the agent's own layout, which its
// installers and skills write, not a staging directory.
func AgentHomePath(p string) bool { return agentHomeRx.MatchString(strings.Trim(p, `"'`)) }

// AgentDataRole says why a write to path p, under an agent's directory,
// stores data rather than changing the agent's settings, standing
// instructions or installed skills, or returns "". own reports whether a
// directory name is the writing skill's own. A log file (<anything>.log)
// qualifies anywhere, and two places: OpenClaw's dated memory notes
// (workspace/memory/<file>, or the memory
// directory where the file's name is computed; not a MEMORY.md, the
// standing memory every session loads, nor Claude Code's memory
// directory, whose files it loads as instructions), and a file inside the
// skill's own directory (skills/<own>/…, workspace/skills/<own>/…,
// skills-data/<own>/…, <own>/…), never its SKILL.md.
func AgentDataRole(p string, own func(name string) bool) string {
	m := agentDataRx.FindStringSubmatch(strings.Trim(p, `"'`))
	if m == nil {
		return ""
	}
	rest := strings.TrimPrefix(m[2], "workspace/")
	if dir, file, _ := strings.Cut(rest, "/"); m[1] == "openclaw" && dir == "memory" && !strings.EqualFold(path.Base(file), "MEMORY.md") {
		// a file in it, or the directory itself where the file name is
		// computed (open(os.path.join(MEMORY_DIR, day + ".md"), "w"))
		return "the agent's dated memory notes (data it rereads, not its settings or standing instructions)"
	}
	if b := strings.ToLower(path.Base(rest)); strings.HasSuffix(b, ".log") && b != ".log" {
		// ~/.claude/hooks/fingerprint.log: what a hook writes about its
		// runs; no agent loads a .log as settings, instructions or code
		return "a log file (data no agent loads as settings, instructions or code)"
	}
	first, after, ok := strings.Cut(rest, "/")
	if first == "skills" || first == "skills-data" || first == "skill-data" {
		first, after, ok = strings.Cut(after, "/")
	}
	if ok && after != "" && own != nil && own(first) && path.Base(after) != "SKILL.md" {
		return "inside this skill's own directory (its data or settings)"
	}
	// skills/<category>/<own>/…: a collection that files its skills by
	// category
	if cat, after2, ok2 := strings.Cut(after, "/"); ok && ok2 && after2 != "" && own != nil && !own(first) && cat != "" &&
		strings.HasPrefix(rest, "skills/") && own(cat) && path.Base(after2) != "SKILL.md" {
		return "inside this skill's own directory (its data or settings)"
	}
	return ""
}

// ProjectInstructionFile reports a relative path to a project's own
// instruction file (CLAUDE.md, AGENTS.md, .cursorrules at the root; a
// CLAUDE.md or AGENTS.md in one of its directories, which the agent reads
// when it works there: scripts/ralph/CLAUDE.md).
func ProjectInstructionFile(p string) bool {
	return projectInstructionsRx.MatchString(p) && !strings.HasPrefix(p, "~") && !strings.HasPrefix(p, "/")
}

// placeholderLabelRx matches a first host label written as a placeholder
// for the reader's own name: your-ngrok-url, YOUR-SUBDOMAIN, abc123,
// xxxx, my-app, <id> blanked to _id_.
var placeholderLabelRx = rxlit.MustRx(`(?i)^(?:(?:your|my)[-_]?[a-z0-9-]*|[a-z0-9-]*[-_](?:your|here)|abc-?123|x{3,}|1234(?:abcd|5678)?|example|subdomain|random|<[^>]*>|_[a-z0-9-]+_|id|foo|bar)$`)

// PlaceholderSubdomain reports a host whose first label is a placeholder
// for the reader's own account or tunnel (https://your-ngrok-url.ngrok.io,
// https://abc123.ngrok-free.app): documentation of a shape, not a host.
func PlaceholderSubdomain(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	i := strings.IndexByte(h, '.')
	if i <= 0 || strings.Count(h, ".") < 2 {
		return false
	}
	return placeholderLabelRx.MatchString(h[:i])
}
