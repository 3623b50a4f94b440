package config

import "testing"

func FuzzParse(f *testing.F) {
	f.Add([]byte(Default))
	f.Add([]byte("custom-rules:\n  - {id: A-1, title: t, severity: low, message: m, in: text, regex: ['(']}\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		c, err := Parse("f.yaml", b)
		if err != nil {
			return
		}
		_, _ = c.BuildCustomRules()
		_ = c.Excluded("a/b")
	})
}
