package intel

import (
	"strings"

	"golang.org/x/net/publicsuffix"
)

// keyVendors maps the vendor word of an environment variable name
// (OPENAI_API_KEY → OPENAI) to the domain its API lives under.
var keyVendors = map[string]string{
	"OPENAI": "openai.com", "ANTHROPIC": "anthropic.com", "CLAUDE": "anthropic.com", "GITHUB": "github.com",
	"GH": "github.com", "STRIPE": "stripe.com", "SLACK": "slack.com", "NOTION": "notion.com", "GROQ": "groq.com",
	"MISTRAL": "mistral.ai", "COHERE": "cohere.ai", "HF": "huggingface.co", "HUGGINGFACE": "huggingface.co",
	"TELEGRAM": "telegram.org", "GEMINI": "googleapis.com", "GOOGLE": "googleapis.com", "AWS": "amazonaws.com",
	"DISCORD": "discord.com", "TWILIO": "twilio.com", "SENDGRID": "sendgrid.com", "AIRTABLE": "airtable.com",
	"FIGMA": "figma.com", "VERCEL": "vercel.com", "CLOUDFLARE": "cloudflare.com", "CF": "cloudflare.com",
	"DIGITALOCEAN": "digitalocean.com", "LINEAR": "linear.app", "OPENROUTER": "openrouter.ai", "XAI": "x.ai",
	"DEEPSEEK": "deepseek.com", "PERPLEXITY": "perplexity.ai", "ELEVENLABS": "elevenlabs.io",
	"REPLICATE": "replicate.com", "TAVILY": "tavily.com", "EXA": "exa.ai", "BRAVE": "brave.com",
	"SERPAPI": "serpapi.com", "RESEND": "resend.com", "SUPABASE": "supabase.co", "DATADOG": "datadoghq.com",
	"DD": "datadoghq.com", "SENTRY": "sentry.io", "PAGERDUTY": "pagerduty.com", "HUBSPOT": "hubapi.com",
	"DROPBOX": "dropboxapi.com", "SPOTIFY": "spotify.com", "ATLASSIAN": "atlassian.com", "JIRA": "atlassian.net",
}

// KeyVendorDomain returns the API domain the vendor named in an
// environment variable (OPENAI_API_KEY, GITHUB_TOKEN) belongs to, or "".
func KeyVendorDomain(name string) string {
	first, _, _ := strings.Cut(strings.ToUpper(name), "_")
	return keyVendors[first]
}

// HostInDomain reports whether host is domain or one of its subdomains.
func HostInDomain(host, domain string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	return host == domain || strings.HasSuffix(host, "."+domain)
}

// genericItemWords are words that name what a stored secret is, not
// whose: a keychain item "api-token" or "login" says nothing of its
// vendor.
var genericItemWords = map[string]bool{"api": true, "key": true, "keys": true, "token": true, "tokens": true,
	"secret": true, "secrets": true, "password": true, "passwd": true, "pass": true, "login": true, "auth": true,
	"user": true, "username": true, "account": true, "default": true, "global": true, "access": true, "email": true,
	"cred": true, "creds": true, "credential": true, "credentials": true, "app": true, "client": true, "id": true,
	"prod": true, "dev": true, "test": true, "my": true, "the": true, "www": true, "http": true, "https": true}

// ItemNamesHost reports whether the name a stored secret is kept under (a
// macOS keychain service such as "webflow-api-token" or "xai-api")
// names the vendor host belongs to: its first word is a known vendor
// whose API domain holds host (KeyVendorDomain), or the name of host's
// registrable domain, alone or with its suffix joined ("webflow" for
// api.webflow.com, "xai" for api.x.ai). The secret a user keeps for a
// service goes to that service when it is used: its issuer, not an
// exfiltration. The registrable domain under an ICANN suffix decides,
// so github.com.evil.io is not GitHub's, nor is webflow.herokuapp.com
// Webflow's (a hosting platform's suffix lets anyone take the name).
func ItemNamesHost(name, host string) bool {
	words := strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	for len(words) > 0 && genericItemWords[words[0]] {
		words = words[1:]
	}
	if len(words) == 0 || len(words[0]) < 2 {
		return false
	}
	w := words[0]
	if d := keyVendors[strings.ToUpper(w)]; d != "" && HostInDomain(host, d) {
		return true
	}
	site, ok := operatorSite(strings.ToLower(strings.TrimSuffix(host, ".")))
	if !ok {
		return false
	}
	label, suffix, _ := strings.Cut(site, ".")
	return len(w) >= 3 && (w == label || w == label+strings.ReplaceAll(suffix, ".", ""))
}

// operatorSite returns the registrable domain (under an ICANN suffix) of
// the organisation that runs host. Under a private suffix (a hosting or
// dynamic-DNS platform: myhome.duckdns.org, webflow.herokuapp.com)
// anyone may take a name, so only the platform's own host answers: the
// suffix itself or its www name (www.duckdns.org is DuckDNS's, at
// duckdns.org); a name taken under it does not.
func operatorSite(host string) (string, bool) {
	suffix, icann := publicsuffix.PublicSuffix(host)
	if icann {
		site, err := publicsuffix.EffectiveTLDPlusOne(host)
		return site, err == nil
	}
	if rest := strings.TrimSuffix(host, suffix); rest != "" && rest != "www." {
		return "", false // webflow.herokuapp.com: anyone may take a name under a private suffix
	}
	// the ICANN registrable domain the private suffix sits in
	labels := strings.Split(suffix, ".")
	for i := 1; i < len(labels); i++ {
		t := strings.Join(labels[i:], ".")
		if ps, ic := publicsuffix.PublicSuffix(t); ic && ps == t {
			return labels[i-1] + "." + t, true
		}
	}
	return "", false
}

// KeyIssuedBy reports whether host issued the secret named name: one of
// the domains of the vendor the name points to (OPENAI_API_KEY and
// api.openai.com), or a host that carries the service's name
// (FIRECRAWL_API_KEY and api.firecrawl.dev).
func KeyIssuedBy(name, host string) bool {
	return HostMatchesVendor(host, KeyVendor(name)) || ItemNamesHost(name, host)
}
