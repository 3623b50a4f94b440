package ini

import "testing"

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"[core]\n\tfsmonitor = \"a\\\"b\" ; c\n", "[x \"y\\", "k = \\", "[a] b = c\\\n", "Match exec \"x", "Host *\n ProxyCommand=",
		"a=\n  b\n[[c]]\nd: 'e'\nf \"g\"\n", "\r\n\r\n[", "k = \"\\n\\t\\b\"",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, es := range [][]Entry{Git(src), SSH(src), Lines(src)} {
			for _, e := range es {
				if e.Start < 0 || e.End > len(src) || e.Start > e.End {
					t.Fatalf("entry out of range: %+v", e)
				}
				if e.Exact && src[e.Start:e.End] != e.Value {
					t.Fatalf("exact entry %+v is %q", e, src[e.Start:e.End])
				}
			}
		}
	})
}
