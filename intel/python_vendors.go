package intel

import "strings"

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
