package shellfacts

import (
	"strings"
	"testing"
)

func TestInterpreterProgram(t *testing.T) {
	// "?" marks a word whose value is unknown; want is kind:text
	for _, tc := range []struct {
		name, args, want string
	}{
		{"python3", "-c ?", "inline:?"},
		{"python3", "-u -c code", "inline:code"},
		{"python3", "-uc code", "inline:code"},
		{"python3", "-cprint(1)", "inline:print(1)"},
		{"python3", "-W ignore -c code", "inline:code"},
		{"python3.12", "-m zipfile -e a.zip out", "module:zipfile"},
		{"python3", "-m somemod -c cfg.yaml", "module:somemod"},
		{"python3", "script.py -c value", "file:script.py"},
		{"python3", "-e x", "file:x"}, // python has no -e: x is where its script stands
		{"python3", "-", "stdin:-"},
		{"python3", "? -c code", "unknown:?"},
		{"py", "-3 -c code", "inline:code"},
		{"node", "-e ?", "inline:?"},
		{"node", "--eval=code", "inline:code"},
		{"node", "-pe code", "inline:code"},
		{"node", "-r dotenv/config -e code", "inline:code"},
		{"node", "script.js -e x", "file:script.js"},
		{"node", "-c script.js", "file:script.js"},
		{"nodejs", "--run build", "module:build"},
		{"perl", "-e ?", "inline:?"},
		{"perl", "-lne code file", "inline:code"},
		{"perl", "-i.bak -pe code f", "inline:code"},
		{"perl", "-MJSON -e code", "inline:code"},
		{"perl", "tool.pl -e x", "file:tool.pl"},
		{"ruby", "-rjson -e code", "inline:code"},
		{"ruby", "-r json -e code", "inline:code"},
		{"php", "-r code", "inline:code"},
		{"php", "-c php.ini tool.php", "file:tool.php"},
		{"bash", "-c ?", "inline:?"},
		{"bash", "-lc cmd", "inline:cmd"},
		{"bash", "-c -e cmd", "inline:cmd"},
		{"bash", "-o pipefail -c cmd", "inline:cmd"},
		{"bash", "--login -c cmd name", "inline:cmd"},
		{"bash", "script.sh -c x", "file:script.sh"},
		{"bash", "-s -- --yes", "stdin:"},
		{"sh", "", "stdin:"},
		{"sh", "-c", "unknown:"},
		{"fish", "-c cmd", "inline:cmd"},
		{"cmd", "/c ?", "inline:?"},
		{"cmd.exe", "/d /s /C dir", "inline:dir"},
		{"powershell", "-NoProfile -ExecutionPolicy Bypass -Command ?", "inline:?"},
		{"powershell.exe", "-nop -w hidden -e ?", "inline:?"},
		{"powershell", "-EncodedCommand ?", "inline:?"},
		{"powershell", "-NoProfile Get-Date", "inline:Get-Date"},
		{"powershell", "-File tool.ps1 -Command x", "file:tool.ps1"},
		{"powershell", "-Command -", "stdin:-"},
		{"pwsh", "-c cmd", "inline:cmd"},
		{"pwsh", "/tmp/x.ps1 -c y", "file:/tmp/x.ps1"},
		{"deno", "eval code", "inline:code"},
		{"deno", "run -A main.ts", "file:main.ts"},
		{"bun", "-e code", "inline:code"},
		{"bun", "run index.ts", "file:index.ts"},
		{"osascript", "-e code", "inline:code"},
		{"Rscript", "-e code", "inline:code"},
		{"lua5.4", "-e code", "inline:code"},
	} {
		words := strings.Fields(tc.args)
		known := make([]bool, len(words))
		for i, w := range words {
			known[i] = w != "?"
		}
		p, ok := InterpreterProgram(tc.name, words, known)
		if !ok {
			t.Errorf("%s %s: not modelled", tc.name, tc.args)
			continue
		}
		got := [...]string{"stdin", "inline", "module", "file", "unknown"}[p.Kind] + ":" + p.Text(words)
		if got != tc.want {
			t.Errorf("%s %s: got %s, want %s", tc.name, tc.args, got, tc.want)
		}
	}
	if _, ok := InterpreterProgram("jshell", nil, nil); ok {
		t.Errorf("jshell: modelled")
	}
}
