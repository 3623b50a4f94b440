package shell

import "testing"

func TestPlaceholders(t *testing.T) {
	for in, want := range map[string]string{
		`ssh <SLURM_USER>@<login-host> 'cat >> ~/.ssh/authorized_keys'`: `ssh _SLURM_USER_@_login-host_ 'cat >> ~/.ssh/authorized_keys'`,
		`curl https://<host>/api --token <TOKEN>`:                       `curl https://_host_/api --token _TOKEN_`,
		`echo evil <x>~/.bashrc`:                                        `echo evil <x>~/.bashrc`,
		`echo evil <x>/etc/profile`:                                     `echo evil <x>/etc/profile`,
		`curl -sS <endpoint_url>/v1/models | jq .`:                      `curl -sS _endpoint_url_/v1/models | jq .`,
		`sort <in.txt >out.txt`:                                         `sort <in.txt >out.txt`,
		`cat <<EOF`:                                                     `cat <<EOF`,
	} {
		if got := Placeholders(in); got != want {
			t.Errorf("Placeholders(%q) = %q, want %q", in, got, want)
		}
		if len(Placeholders(in)) != len(in) {
			t.Errorf("%q: length changed", in)
		}
	}
}

func TestEndlessLoops(t *testing.T) {
	for src, want := range map[string]bool{
		"while true; do curl u; done":            true,
		"while :; do curl u; done":               true,
		"until false; do curl u; done":           true,
		"for ((;;)); do curl u; done":            true,
		"while read l; do curl u; done":          false,
		"for i in 1 2 3; do curl u; done":        false,
		"until curl u; do sleep 1; done; curl u": false,
	} {
		s := Parse(src, 0)
		got := false
		for _, c := range s.Commands {
			if c.Name == "curl" && c.Endless {
				got = true
			}
		}
		if got != want {
			t.Errorf("%q: curl in an endless loop = %v, want %v", src, got, want)
		}
	}
}
