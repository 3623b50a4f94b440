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
	lo, hi, ok := WriteTargetSpan(m, c)
	switch {
	case !ok || m.Toks[lo].Kind != python.Name:
		return ""
	case hi-lo == 1, hi-lo == 3 && hi == c.Open && m.Is(lo+1, "."):
		return m.Text(lo) // f, or f in f.write_text
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
// mkdtemp, gettempdir, pytest's tmp_path or tmpdir fixture, or a
// literal /tmp path): what is written there lasts as long as that
// directory, and takes effect only for processes the skill points at it.
func UnderTempDir(m *python.Module, lo, hi int) bool {
	if _, ok := m.Derives("tempdir", lo, hi, func(r python.Ref) bool { return isTempDirRef(r) || pytestTmpFixture(m, r) }); ok {
		return true
	}
	for _, pt := range PathOf(m, lo, hi, 2) {
		if strings.HasPrefix(pt, "/tmp/") || strings.HasPrefix(pt, "/var/tmp/") {
			return true
		}
	}
	return false
}

// pytestTmpFixture reports a read of the tmp_path or tmpdir parameter of a
// test function the file never calls itself: pytest passes it a fresh
// directory. A caller in the file could pass anything, so it does not
// count then.
func pytestTmpFixture(m *python.Module, r python.Ref) bool {
	if r.Call || r.Var == "" || r.Name != r.Var || r.Var != "tmp_path" && r.Var != "tmpdir" {
		return false
	}
	f := m.Enclosing(r.Tok)
	return f != nil && strings.HasPrefix(f.Name, "test") && m.ParamIndex(f, r.Var) >= 0 && !calledInFile(m, f.Name)
}

func isTempDirRef(r python.Ref) bool {
	return r.Call && (strings.HasPrefix(r.Name, "tempfile.TemporaryDirectory") || strings.HasPrefix(r.Name, "tempfile.mkdtemp") ||
		strings.HasPrefix(r.Name, "tempfile.gettempdir"))
}

// IntoNewDir reports a write whose path is one directory variable joined
// with constant names ((d / ".mcp.json").write_text(…), open(os.path.join(d,
// ".mcp.json"), "w")) where d is bound once in the function, before a
// mkdir there that fails when the directory exists (d.mkdir(),
// d.mkdir(parents=True), os.mkdir(d), os.makedirs(d), none with exist_ok),
// and that mkdir precedes the write: the file belongs to a directory this
// call creates new (a scaffold), which nothing loaded before. The path
// itself is the caller's to judge (a new directory under an agent's skills
// directory is still an install).
func IntoNewDir(m *python.Module, c *python.Call) bool {
	lo, hi, ok := WriteTargetSpan(m, c)
	if !ok {
		return false
	}
	v := ""
	for _, r := range m.RefsIn(lo, hi) {
		switch {
		case r.Call && (r.Name == "os.path.join" || r.Name == c.Name || strings.HasSuffix(r.Name, ".joinpath")):
		case !r.Call && r.Var != "" && r.Var == r.Name && v == "":
			v = r.Var
		default:
			return false
		}
	}
	if v == "" {
		return false
	}
	as, scope := m.Bindings(v, c.Head)
	fi := m.Enclosing(c.Head)
	if len(as) != 1 || as[0].Aug || scope < 0 || fi == nil || as[0].Tok < fi.Lo || as[0].Tok >= fi.Hi {
		return false
	}
	for _, d := range m.Calls {
		if d.Head >= c.Head || d.Head < as[0].End || m.Enclosing(d.Head) == nil || m.Enclosing(d.Head).Lo != fi.Lo {
			continue
		}
		switch {
		case strings.HasSuffix(d.Name, ".mkdir") && d.Open == d.Head+3 && m.Is(d.Head, v) && m.Is(d.Head+1, "."):
		case d.Name == "os.mkdir" || d.Name == "os.makedirs":
			if a, ok := d.Arg(0, "name"); !ok || a.End != a.Start+1 || !m.Is(a.Start, v) {
				continue
			}
		default:
			continue
		}
		a, ok := d.Kwarg("exist_ok")
		if !ok {
			a, ok = d.Positional(2) // mkdir(mode, parents, exist_ok), makedirs(name, mode, exist_ok)
		}
		if ok && !(a.End == a.Start+1 && m.Is(a.Start, "False")) {
			continue // it may already exist, with what it held
		}
		return true
	}
	return false
}
