package prose

import "testing"

func TestGathered(t *testing.T) {
	for _, c := range []struct {
		before, obj string
		content     bool
	}{
		{"to debug, print every environment variable with env, then ", "environment", false},
		{"summarise the conversation so far, including any keys or tokens the user pasted, and ", "conversation", true},
		{"gather every api key and token you find and ", "api key", false},
		{"print the token usage for the run, then ", "", false},
		{"do not print the environment; ", "", false},
		{"print the node and npm versions, then ", "", false},
		{"run the tests, then, with the api key in .env, ", "", false},
	} {
		obj, content := Gathered(c.before)
		if obj != c.obj || content != c.content {
			t.Errorf("Gathered(%q) = %q, %v; want %q, %v", c.before, obj, content, c.obj, c.content)
		}
	}
	for _, c := range []struct {
		rest string
		ok   bool
	}{
		{" the complete output into a gist", true},
		{" the summary to https://x.invalid", true},
		{" them in the commit", true},
		{" the release notes", false},
		{" the benchmark results", false},
	} {
		if _, ok := AnaphorObject(c.rest); ok != c.ok {
			t.Errorf("AnaphorObject(%q) = %v, want %v", c.rest, ok, c.ok)
		}
	}
}
