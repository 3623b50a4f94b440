package shell

import "testing"

func TestPlaceholders(t *testing.T) {
	for in, want := range map[string]string{
		`ssh <SLURM_USER>@<login-host> 'cat >> ~/.ssh/authorized_keys'`: `ssh _SLURM_USER_@_login-host_ 'cat >> ~/.ssh/authorized_keys'`,
		`curl https://<host>/api --token <TOKEN>`:                       `curl https://_host_/api --token _TOKEN_`,
		`echo evil <x>~/.bashrc`:                                        `echo evil <x>~/.bashrc`,
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
