package analyzer

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/skillvet/skillvet/parse/shell"
)

// TestPlainNoCommand checks that a code span plainNoCommand skips never
// parses to something LooksLikeCommands accepts.
func TestPlainNoCommand(t *testing.T) {
	words := []string{"sudo", "env", "time", "nohup", "-u", "root", "--", "x", "config.yaml", "API_KEY", "a:b",
		"1.2.3", "+x", "-rf", "timeout", "10", "xargs", "exec", "command", "-v", "Foo", "CURL", "curl.exe", "CURL.EXE",
		"git", "cd", ".", ":", "./run.sh", "/bin/ls", "usr/bin/curl", "src/index.ts", "a/", "/", "bin/SUDO", "x/y/z", "if", "then", "fi", "do", "done", "for", "in", "function", "select", "coproc", "case", "esac"}
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		n := 1 + r.Intn(5)
		var ws []string
		for k := 0; k < n; k++ {
			ws = append(ws, words[r.Intn(len(words))])
		}
		text := strings.Join(ws, strings.Repeat(" ", 1+r.Intn(2)))
		if plainNoCommand(text) && LooksLikeCommands(shell.Parse(shell.Placeholders(text), 0)) {
			t.Fatalf("plainNoCommand(%q) but the parse finds a command", text)
		}
	}
}
