package pyfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// MakesDir reports a call that only creates a directory (os.makedirs,
// Path.mkdir): it writes no content, so nothing in it runs or is read.
func MakesDir(c *python.Call) bool {
	return c.Name == "os.makedirs" || c.Name == "os.mkdir" || strings.HasSuffix(c.Name, ".mkdir")
}

// RemovedInFinally reports whether the file write call c targets, held
// in a plain variable, is deleted again in a finally block of the same
// function: a temporary file that does not outlive the call, not a
// lasting change.
func RemovedInFinally(m *python.Module, c *python.Call) bool {
	v := writtenVar(m, c)
	if v == "" {
		return false
	}
	hi := len(m.Toks)
	if f := m.Enclosing(c.Head); f != nil {
		hi = f.Hi
	}
	for i := c.Close; i < hi; i++ {
		if m.Indent[i] < 0 || !m.Is(i, "finally") {
			continue
		}
		end := hi // the block: the logical lines indented deeper than finally
		for j := i + 1; j < hi; j++ {
			if m.Indent[j] >= 0 && m.Indent[j] <= m.Indent[i] {
				end = j
				break
			}
		}
		for _, d := range m.Calls {
			if d.Open > i && d.Open < end && removesVar(m, d, v) {
				return true
			}
		}
	}
	return false
}

// writtenVar is the variable holding the path a write call targets:
// f.write_text(…), open(f, "w"), shutil.copy(src, f).
func writtenVar(m *python.Module, c *python.Call) string {
	if c.Open == c.Head+3 && m.Toks[c.Head].Kind == python.Name && m.Is(c.Head+1, ".") {
		return m.Text(c.Head)
	}
	n := 0
	if strings.HasPrefix(c.Name, "shutil.") || strings.HasPrefix(c.Name, "os.") {
		n = 1
	}
	if n < len(c.Args) && c.Args[n].Keyword == "" && c.Args[n].End == c.Args[n].Start+1 && m.Toks[c.Args[n].Start].Kind == python.Name {
		return m.Text(c.Args[n].Start)
	}
	return ""
}

// removesVar reports a call deleting the path in variable v.
func removesVar(m *python.Module, d *python.Call, v string) bool {
	if d.Open == d.Head+3 && m.Is(d.Head, v) && (strings.HasSuffix(d.Name, ".unlink") || strings.HasSuffix(d.Name, ".rmdir")) {
		return true
	}
	switch d.Name {
	case "os.remove", "os.unlink", "os.rmdir", "shutil.rmtree":
		return len(d.Args) > 0 && d.Args[0].End == d.Args[0].Start+1 && m.Is(d.Args[0].Start, v)
	}
	return false
}

// UnderTempDir reports whether the path expression in tokens [lo, hi)
// derives from a temporary directory (tempfile.TemporaryDirectory,
// mkdtemp, gettempdir, or a literal /tmp path): what is written there
// lasts as long as that directory, and takes effect only for processes
// the skill points at it.
func UnderTempDir(m *python.Module, lo, hi int) bool {
	if _, ok := m.Derives("tempdir", lo, hi, isTempDirRef); ok {
		return true
	}
	for _, pt := range PathOf(m, lo, hi, 2) {
		if strings.HasPrefix(pt, "/tmp/") || strings.HasPrefix(pt, "/var/tmp/") {
			return true
		}
	}
	return false
}

func isTempDirRef(r python.Ref) bool {
	return r.Call && (strings.HasPrefix(r.Name, "tempfile.TemporaryDirectory") || strings.HasPrefix(r.Name, "tempfile.mkdtemp") ||
		strings.HasPrefix(r.Name, "tempfile.gettempdir"))
}

// WriteTargetSpan returns the tokens of the path expression a write call
// targets: the receiver of f.write_text(…), the first argument of
// open(…), the destination of shutil.copy(…).
func WriteTargetSpan(m *python.Module, c *python.Call) (lo, hi int, ok bool) {
	switch {
	case Openish(c.Name) || c.Name == "os.makedirs" || c.Name == "os.mkdir":
		if a, ok := c.Arg(0, "file"); ok {
			return a.Start, a.End, true
		}
	case HasPrefixAny(c.Name, "shutil.copy", "shutil.move", "os.rename", "os.replace", "os.symlink", "os.link"):
		if a, ok := c.Arg(1, "dst"); ok {
			return a.Start, a.End, true
		}
	case c.Head < c.Open:
		return c.Head, c.Open, true
	}
	return 0, 0, false
}

// ReachesCall reports whether the value of token tok (a literal) reaches
// the arguments of a call that pred accepts: written inside them, or
// assigned to a variable that such a call uses, following assignments up
// to four levels (HOSTS = ['169.254.169.254']; for h in HOSTS: get(f"http://{h}/")).
// A literal that reaches no such call is data: a blocklist entry, a
// comparison, a message.
func ReachesCall(m *python.Module, tok int, pred func(*python.Call) bool) bool {
	var calls []*python.Call
	for _, c := range m.Calls {
		if pred(c) {
			if c.Open < tok && tok < c.Close {
				return true
			}
			calls = append(calls, c)
		}
	}
	if len(calls) == 0 {
		return false
	}
	holds := func(lo, hi int, names map[string]bool) bool {
		for _, r := range m.RefsIn(lo, hi) {
			if r.Var != "" && names[r.Var] || r.Attr != "" && names[r.Attr] {
				return true
			}
		}
		return false
	}
	names := map[string]bool{}
	for name, as := range m.Assigns {
		for _, a := range as {
			if a.Start <= tok && tok < a.End {
				names[name] = true
			}
		}
	}
	for round := 0; round < 4 && len(names) > 0; round++ {
		for _, c := range calls {
			if holds(c.Open+1, c.Close, names) {
				return true
			}
		}
		next := map[string]bool{}
		for name, as := range m.Assigns {
			if names[name] {
				continue
			}
			for _, a := range as {
				if holds(a.Start, a.End, names) {
					next[name] = true
					break
				}
			}
		}
		for n := range next {
			names[n] = true
		}
		if len(next) == 0 {
			break
		}
	}
	return false
}
