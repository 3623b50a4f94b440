package match

import "testing"

func TestCredPathMatch(t *testing.T) {
	for _, s := range []string{"", "cat ~/.ssh/id_rsa", "see .SSH/config", "~/.aws/credentials", "~/.aws/credentialſ",
		"\u212a", "~/.kube/config", "~/.\u212aube/config", "the .env file", "nothing here", "x.ssh", "id_rsa.pub",
		"~/.config/gh/hosts.yml", "%APPDATA%\\npm", "~/.netrc", "~/.docker/config.json", ".git-credentials"} {
		want := CredPathAny.MatchString(s)
		if got := CredPathMatch([]byte(s)); got != want {
			t.Errorf("CredPathMatch(%q) = %v, want %v", s, got, want)
		}
		if got := CredPathMatchString(s); got != want {
			t.Errorf("CredPathMatchString(%q) = %v, want %v", s, got, want)
		}
	}
}
