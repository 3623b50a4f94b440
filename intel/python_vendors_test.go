package intel

import "testing"

func TestItemNamesHost(t *testing.T) {
	for _, c := range []struct {
		name, host string
		want       bool
	}{
		{"webflow-api-token", "api.webflow.com", true},
		{"xai-api", "api.x.ai", true}, // a known vendor word, and the joined site name
		{"cloudflare-global-key", "api.cloudflare.com", true},
		{"OPENAI_API_KEY", "api.openai.com", true},
		{"api-token-webflow", "api.webflow.com", true}, // generic words before the vendor word are passed over
		{"webflow-api-token", "collector.example.net", false},
		{"github.com", "github.com.evil.io", false}, // the registrable domain decides
		{"github", "api.github.com", true},
		{"api-token", "api.example.com", false}, // no vendor word at all
		{"ex", "ex.com", false},                 // too short to name a site
		{"webflow", "webflow.com.attacker.net", false},
		{"webflow-api-token", "webflow.herokuapp.com", false}, // a name anyone can take under a private suffix
		{"webflow-api-token", "webflow.github.io", false},
		{"acme-token", "api.acme.co.uk", true},
	} {
		if got := ItemNamesHost(c.name, c.host); got != c.want {
			t.Errorf("ItemNamesHost(%q, %q) = %v, want %v", c.name, c.host, got, c.want)
		}
	}
}
