package intel

import "testing"

func TestURLClassUnparsablePort(t *testing.T) {
	for _, tc := range []struct {
		url, host string
		class     HostClass
	}{
		{"http://localhost:8080/v1", "localhost", HostLoopback},
		{"http://localhost:$(grep PORT .env)/v1/ready", "localhost", HostLoopback},
		{"http://127.0.0.1:${PORT}/x", "127.0.0.1", HostLoopback},
		{"https://user@webhook.site:$P/x", "webhook.site", HostCatcher},
		{"http://$HOST:80/x", "$HOST", HostUnknown},
		{"http://$(hostname):$P/x", "", HostUnknown},
	} {
		host, c := URLClass(tc.url)
		if host != tc.host || c != tc.class {
			t.Errorf("URLClass(%q) = %q, %v; want %q, %v", tc.url, host, c, tc.host, tc.class)
		}
	}
}

func TestElidedURL(t *testing.T) {
	for u, want := range map[string]bool{
		"https://webhook.site/...":                        true,
		"https://webhook.site/…":                          true,
		"https://webhook.site/<your-id>":                  true,
		"https://webhook.site/YOUR_TOKEN":                 true,
		"https://webhook.site/{id}?x=1":                   true,
		"https://webhook.site/3f1c2a9e-1111-4c1e-9e2b-aa": false,
		"https://webhook.site/":                           false,
		"https://webhook.site":                            false,
		"https://pastebin.com/raw/abc123":                 false,
		"https://hooks.slack.com/services/T000/B000/XXXX": false,
		"https://hooks.slack.com/services/xxx/yyy/zzz":    false,
		"https://discord.com/api/webhooks/<id>/<token>":   false,
		"https://eo1.m.pipedream.net/your-endpoint-here":  true,
	} {
		if got := ElidedURL(u); got != want {
			t.Errorf("ElidedURL(%q) = %v, want %v", u, got, want)
		}
	}
}

func TestURLClassSlackHookNeedsItsIDs(t *testing.T) {
	for u, want := range map[string]HostClass{
		"https://hooks.slack.com/services/T0A1B2C3D/B0A1B2C3D/q1w2e3r4t5y6": HostCatcher,
		"https://hooks.slack.com/triggers/T0A1B2C3D/1234567/abcdef":         HostCatcher,
		"https://hooks.slack.com/services/warnings":                         HostKnownAPI,
		"https://hooks.slack.com/services/YOUR/WEBHOOK/URL":                 HostKnownAPI,
		"https://hooks.slack.com/services/XXX/YYY/ZZZ":                      HostKnownAPI,
		"https://hooks.slack.com/services/T000/B000/XXXX":                   HostKnownAPI,
		"https://hooks.slack.com/":                                          HostKnownAPI,
	} {
		if _, c := URLClass(u); c != want {
			t.Errorf("URLClass(%q) = %v, want %v", u, c, want)
		}
	}
}

func TestURLClassElidedCatcher(t *testing.T) {
	if _, c := URLClass("https://webhook.site/..."); c != HostUnknown {
		t.Errorf("elided catcher URL classed %v", c)
	}
	if _, c := URLClass("https://webhook.site/3f1c2a9e-1111"); c != HostCatcher {
		t.Errorf("catcher URL classed %v", c)
	}
}

func TestClassifyHostTailnet(t *testing.T) {
	for h, want := range map[string]HostClass{
		"100.109.173.45":            HostPrivate, // 100.64.0.0/10: CGNAT, tailnets
		"100.128.0.1":               HostRawIP,   // just outside it
		"build-box.tail1234.ts.net": HostPrivate,
		"203.0.113.9":               HostRawIP,
	} {
		if got := ClassifyHost(h); got != want {
			t.Errorf("ClassifyHost(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestElidedHost(t *testing.T) {
	for u, want := range map[string]bool{
		"https://.../install.sh":            true,
		"https://raw.../install.sh":         true,
		"https://…/setup":                   true,
		"https://<host>/setup.sh":           true,
		"https://{domain}/x":                true,
		"https://dl..example.org/x.sh":      true,
		"https://raw.githubusercontent.com": false,
		"https://198.51.100.4/x.sh":         false,
		"https://example.org/.../x.sh":      false,
		"https://user@example.org/x":        false,
		"install.sh":                        false,
	} {
		if got := ElidedHost(u); got != want {
			t.Errorf("ElidedHost(%q) = %v, want %v", u, got, want)
		}
	}
}
