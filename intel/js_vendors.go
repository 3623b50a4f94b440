package intel

import "strings"

// jsKeyVendors maps the leading word of an environment variable name to the
// domains of the vendor that issues such keys: OPENAI_API_KEY belongs to
// openai.com. Sending a key to its vendor is ordinary API use.
var jsKeyVendors = map[string][]string{
	"OPENAI": {"openai.com"}, "ANTHROPIC": {"anthropic.com"}, "CLAUDE": {"anthropic.com"},
	"GITHUB": {"github.com", "githubusercontent.com"}, "GH": {"github.com", "githubusercontent.com"},
	"GOOGLE": {"googleapis.com", "google.com"}, "GEMINI": {"googleapis.com"}, "GCP": {"googleapis.com"},
	"MISTRAL": {"mistral.ai"}, "GROQ": {"groq.com"}, "COHERE": {"cohere.ai", "cohere.com"},
	"STRIPE": {"stripe.com"}, "SLACK": {"slack.com"}, "NOTION": {"notion.com", "notion.so"},
	"LINEAR": {"linear.app"}, "TWILIO": {"twilio.com"}, "SENDGRID": {"sendgrid.com"},
	"AIRTABLE": {"airtable.com"}, "FIGMA": {"figma.com"}, "VERCEL": {"vercel.com"},
	"CLOUDFLARE": {"cloudflare.com"}, "CF": {"cloudflare.com"}, "DIGITALOCEAN": {"digitalocean.com"},
	"AWS": {"amazonaws.com"}, "TELEGRAM": {"telegram.org"}, "XAI": {"x.ai"}, "GROK": {"x.ai"},
	"DEEPSEEK": {"deepseek.com"}, "PERPLEXITY": {"perplexity.ai"}, "PPLX": {"perplexity.ai"},
	"ELEVENLABS": {"elevenlabs.io"}, "REPLICATE": {"replicate.com"}, "HF": {"huggingface.co"},
	"HUGGINGFACE": {"huggingface.co"}, "BRAVE": {"brave.com"}, "TAVILY": {"tavily.com"},
	"EXA": {"exa.ai"}, "SERPAPI": {"serpapi.com"}, "OPENROUTER": {"openrouter.ai"},
	"SUPABASE": {"supabase.co", "supabase.com"}, "RESEND": {"resend.com"}, "SENTRY": {"sentry.io"},
	"DATADOG": {"datadoghq.com", "datadoghq.eu"}, "DD": {"datadoghq.com"}, "PAGERDUTY": {"pagerduty.com"},
	"HUBSPOT": {"hubapi.com", "hubspot.com"}, "SPOTIFY": {"spotify.com"}, "DROPBOX": {"dropboxapi.com", "dropbox.com"},
	"NPM": {"npmjs.org", "npmjs.com"}, "PYPI": {"pypi.org"}, "OPENWEATHER": {"openweathermap.org"},
	"OPENWEATHERMAP": {"openweathermap.org"}, "JIRA": {"atlassian.net", "atlassian.com"},
	"ATLASSIAN": {"atlassian.net", "atlassian.com"}, "CONFLUENCE": {"atlassian.net", "atlassian.com"},
	"DISCORD": {"discord.com", "discordapp.com"}, "GITLAB": {"gitlab.com"}, "AZURE": {"azure.com", "microsoft.com"},
}

// KeyVendor returns the domains of the vendor an environment variable's
// name points to (by its first word), or nil when the name says nothing.
func KeyVendor(envName string) []string {
	w := strings.ToUpper(envName)
	if i := strings.IndexAny(w, "_-"); i > 0 {
		w = w[:i]
	}
	return jsKeyVendors[w]
}

// HostMatchesVendor reports whether host is one of domains or below one.
func HostMatchesVendor(host string, domains []string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	for _, d := range domains {
		if host == d || strings.HasSuffix(host, "."+d) {
			return true
		}
	}
	return false
}
