package intel

import "testing"

func TestKeyVendor(t *testing.T) {
	cases := []struct {
		key, host string
		match     bool
	}{
		{"OPENAI_API_KEY", "api.openai.com", true},
		{"OPENAI_API_KEY", "openai.com.evil.example", false},
		{"OPENAI_API_KEY", "api.anthropic.com", false},
		{"GITHUB_TOKEN", "api.github.com", true},
		{"gh-token", "github.com", true},
		{"ANTHROPIC_API_KEY", "api.anthropic.com", true},
	}
	for _, c := range cases {
		v := KeyVendor(c.key)
		if v == nil {
			t.Fatalf("%s: no vendor", c.key)
		}
		if got := HostMatchesVendor(c.host, v); got != c.match {
			t.Errorf("%s to %s: match %v, want %v", c.key, c.host, got, c.match)
		}
	}
	for _, k := range []string{"API_KEY", "TOKEN", "MY_APP_SECRET", ""} {
		if v := KeyVendor(k); v != nil {
			t.Errorf("%s: unexpected vendor %v", k, v)
		}
	}
}
