package rxlit

import (
	"strings"
	"testing"
)

func TestRequiredLiterals(t *testing.T) {
	cases := []struct {
		rx   string
		want []string // nil: no requirement
	}{
		{`ignore\s+previous`, []string{"previous"}},
		{`(?:send|upload)\s+\w+`, []string{"send", "upload"}},
		{`a*b?`, nil},
		{`\bx+y`, []string{"x"}},
		{`(?:ab|c*)d`, []string{"d"}},
	}
	for _, c := range cases {
		got := RequiredLiterals(c.rx)
		if strings.Join(got, "|") != strings.Join(c.want, "|") || (got == nil) != (c.want == nil) {
			t.Errorf("requiredLiterals(%q) = %q, want %q", c.rx, got, c.want)
		}
	}
}

func TestACAny(t *testing.T) {
	m := NewACFold([]string{"contraseñ", "passwort", "wichtig"})
	for text, want := range map[string]bool{
		"Entpacken mit dem PASSWORT geheim": true,
		"la Contraseña es":                  true,
		"an ordinary English paragraph":     false,
		"":                                  false,
		"wichti":                            false,
	} {
		if got := m.Any(text); got != want {
			t.Errorf("Any(%q) = %v, want %v", text, got, want)
		}
	}
	if NewAC(nil).Any("text") {
		t.Error("an empty automaton matched")
	}
}
