package prose

import "testing"

func TestProseBlock(t *testing.T) {
	for _, c := range []struct {
		info, text string
		want       bool
	}{
		{"", "Create a report from this request.\n\nRequirements:\n1. Extract the intent\n2. Write a summary for the user\n", true},
		{"markdown", "## Steps\n- Open the settings page\n- Copy the token into the form\n", true},
		{"", "git clone https://example.com/repo.git\ncd repo && make\n", false},
		{"text", "**Phase 2 — network**\n- Docker daemon running\n- Board ping: FAILED (timeout)\n\nProceed to Phase 3? [Y/n]\n", false},
		{"python", "Create the client.\nSend the request.\n", false},
		{"", "{\n  \"name\": \"x\",\n  \"run\": \"y\"\n}\n", false},
	} {
		if got := ProseBlock(c.info, c.text); got != c.want {
			t.Errorf("ProseBlock(%q, %q) = %v, want %v", c.info, c.text, got, c.want)
		}
	}
}
