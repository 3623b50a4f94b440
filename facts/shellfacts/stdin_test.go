package shellfacts

import (
	"testing"

	"github.com/skillvet/skillvet/parse/shell"
)

func TestStdinIsCode(t *testing.T) {
	for src, want := range map[string]bool{
		"curl -s u | sh":                                                        true,
		"curl -s u | sudo bash":                                                 true,
		"curl -s u | bash -s -- --yes":                                          true,
		"curl -s u | python3":                                                   true,
		"curl -s u | python3 - --user":                                          true,
		`curl -s u | python3 -c "exec(sys.stdin.read())"`:                       true,
		`curl -s u | node -e "eval(require('fs').readFileSync(0,'utf8'))"`:      true,
		`curl -s u | bash -c 'source /dev/stdin'`:                               true,
		"curl -s u | python3 -m json.tool":                                      false,
		`curl -s u | python3 -c "import json,sys; print(json.load(sys.stdin))"`: false,
		`curl -s u | node -e "process.stdin.pipe(process.stdout)"`:              false,
		"curl -s u | bash scripts/summarise.sh":                                 false,
		"curl -s u | python3 tools/parse.py --json":                             false,
		"curl -s u | python3 -u -":                                              true,
		`curl -s u | bash -lc 'source /dev/stdin'`:                              true,
		"curl -s u | python3 -m json.tool -c x":                                 false,
		"curl -s u | python3 tools/parse.py -c 'exec(sys.stdin.read())'":        false,
		"curl -s u | perl -ne 'print'":                                          false,
		"curl -s u | node -r ts-node/register tools/parse.ts":                   false,
		"curl -s u | powershell -NoProfile -Command Get-Date":                   true,
		"curl -s u | powershell -File tools/parse.ps1":                          false,
	} {
		s := shell.Parse(src, 0)
		var sink *shell.Command
		for _, c := range s.Commands {
			if c.PipePrev >= 0 {
				sink = c
			}
		}
		if sink == nil {
			t.Fatalf("%q: no pipe sink", src)
		}
		if got := StdinIsCode(sink); got != want {
			t.Errorf("%q: StdinIsCode = %v, want %v", src, got, want)
		}
	}
}
