package python

import "testing"

func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"import os\nos.system('id')\n",
		"x = f'{a[\"k\"]!r:>{w}}' + rb'\\x00'\n",
		"def f():\n    return g(1)[::-1]\n",
		"getattr(__import__('o'+'s'), 'sys'+'tem')(x)",
		"with open(p) as (a, b): pass",
		"(((", ")))", "'''", "f'{", "f'{(f\"{x}\")}'", "a = b = c += d",
		"from . import *\nfrom .x import (a as b,\n c)\n",
		"x = ''.join(chr(c) for c in [1,2,3])[1:-1:2]",
		"__builtins__.__dict__['ev'+'al'](x)\n(lambda: 1).x()",
		"k = b'k3y'\nprint(bytes(c ^ k[i % len(k)] for i, c in enumerate(base64.b85decode('X>D+C'))))",
		"x = bytes(a ^ b for a, b in zip(b'ab', itertools.cycle(b'k')))\ny = [c for c in range(3)]",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		m, err := Parse(src)
		if err != nil {
			return
		}
		for i, tk := range m.Toks {
			if tk.Start < 0 || tk.End > len(src) || tk.Start > tk.End {
				t.Fatalf("token %d out of range: %+v", i, tk)
			}
		}
		for _, c := range m.Calls {
			s, e := m.Span(c)
			if s > e || e > len(src) {
				t.Fatalf("call span %d-%d", s, e)
			}
			for _, a := range c.Args {
				m.Fold(a.Start, a.End)
				m.Derives("k", a.Start, a.End, func(r Ref) bool { return r.Name == "os.environ" })
			}
		}
	})
}
