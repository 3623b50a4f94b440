package analyzer

import (
	"strings"
	"testing"
)

func TestRefusedColumn(t *testing.T) {
	src := "| Goal | NG（本文取得） | OK |\n|---|---|---|\n| users | `cat a` | `getent b` |\n\n" +
		"| NGINX directive | Effect |\n|---|---|\n| `cat c` | shows d |\n\n" +
		"| Step | ❌ Bad | Avoid this | Bad-ass tips |\n|---|---|---|---|\n| 1 | `cat e` | `cat f` | `cat g` |\n"
	for _, c := range []struct {
		sub string
		ok  bool
	}{
		{"cat a", true}, {"getent b", false}, {"users", false},
		{"cat c", false}, // NGINX is not NG
		{"cat e", true}, {"cat f", true},
		{"cat g", false}, // "Bad-ass" is not "Bad"
	} {
		if _, ok := RefusedColumn([]byte(src), strings.Index(src, c.sub)); ok != c.ok {
			t.Errorf("%q: refused=%v, want %v", c.sub, ok, c.ok)
		}
	}
}
