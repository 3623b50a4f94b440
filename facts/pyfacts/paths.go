package pyfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// DownloadFile is a file written from the network.
type DownloadFile struct {
	Keys []string // ways the path appears: constant text, variable names
	Call *python.Call
	URL  string
}

// pyDownloadTarget recognises a call that writes downloaded data to a file
// and returns how its path is written.
func pyDownloadTarget(m *python.Module, c *python.Call) (DownloadFile, bool) {
	f := DownloadFile{Call: c}
	switch {
	case strings.HasSuffix(c.Name, "urlretrieve"):
		u, _ := c.Arg(0, "url")
		if s, ok := m.Fold(u.Start, u.End); ok {
			f.URL = s
		}
		dst, ok := c.Arg(1, "filename")
		if !ok {
			return f, false
		}
		f.Keys = pyPathKeys(m, dst)
		return f, len(f.Keys) > 0
	case c.Name == "shutil.copyfileobj":
		src, ok1 := c.Arg(0, "fsrc")
		dst, ok2 := c.Arg(1, "fdst")
		if !ok1 || !ok2 {
			return f, false
		}
		if _, ok := FromNetwork(m, src.Start, src.End); !ok {
			return f, false
		}
		f.Keys = pyFileObjectPath(m, dst.Start, dst.End)
		return f, len(f.Keys) > 0
	case HasSuffixAny(c.Name, ".write", ".writelines", ".write_bytes", ".write_text"):
		data, ok := c.Arg(0, "")
		if !ok {
			return f, false
		}
		if _, ok := FromNetwork(m, data.Start, data.End); !ok {
			return f, false
		}
		f.Keys = pyFileObjectPath(m, c.Head, c.Open)
		return f, len(f.Keys) > 0
	}
	return f, false
}

// pyFileObjectPath finds the path of the file object in tokens [a, b): an
// open(...)/Path(...) call there, or in the assignments of its variable.
func pyFileObjectPath(m *python.Module, a, b int) []string {
	for _, oc := range m.CallsIn(a, b) {
		if Openish(oc.Name) {
			if arg, ok := oc.Arg(0, "file"); ok {
				return pyPathKeys(m, arg)
			}
		}
	}
	if m.Toks[a].Kind != python.Name {
		return nil
	}
	for k, as := range m.Assigns[m.Text(a)] {
		if k == pyMaxAssigns {
			break
		}
		for _, oc := range m.CallsIn(as.Start, as.End) {
			if Openish(oc.Name) {
				if arg, ok := oc.Arg(0, "file"); ok {
					return pyPathKeys(m, arg)
				}
			}
		}
	}
	return nil
}

// Openish reports calls that open a file by path (open, io.open,
// os.fdopen, codecs.open, pathlib.Path, tempfile.*).
func Openish(n string) bool {
	return n == "open" || n == "io.open" || n == "os.fdopen" || n == "codecs.open" || n == "pathlib.Path" || n == "Path" ||
		strings.HasPrefix(n, "tempfile.")
}

// pyPathKeys lists how a path argument can be recognised elsewhere: its
// constant value and the variables it uses.
func pyPathKeys(m *python.Module, a python.Arg) []string {
	var keys []string
	if s, ok := m.Fold(a.Start, a.End); ok && s != "" {
		keys = append(keys, s)
	}
	for _, r := range m.RefsIn(a.Start, a.End) {
		switch {
		case r.Call:
		case r.Attr != "":
			// open(args.output, "wb"): the path is the attribute; the
			// object (an argparse namespace, self) holds other values,
			// and a list named args elsewhere is another variable
			keys = append(keys, "\x00"+r.Attr)
		case r.Var != "":
			keys = append(keys, "\x00"+r.Var)
		}
	}
	return keys
}

// PathOf renders the path an expression names, following variables
// through their assignments up to depth levels.
func PathOf(m *python.Module, a, b, depth int) []string {
	out := []string{pathText(m, a, b)}
	if depth == 0 {
		return out
	}
	lo, hi := a, b
	for lo < hi && m.Is(lo, "(") && int(m.Match[lo]) == hi-1 {
		lo, hi = lo+1, hi-1
	}
	if lo+2 < hi && m.Toks[lo].Kind == python.Name && m.Is(lo+1, "/") {
		// base / "a" / "b": the base's paths joined with the rest, not
		// the base alone
		rest := pathText(m, lo+2, hi)
		for _, as := range ScopedAssigns(m, m.Text(lo), lo) {
			for _, base := range PathOf(m, as.Start, as.End, depth-1) {
				if base == "" {
					continue // a base of unknown value names no path
				}
				if rest == "." || rest == "" {
					out = append(out, base)
				} else {
					out = append(out, strings.TrimSuffix(base, "/")+"/"+rest)
				}
			}
		}
		return out
	}
	if joined, ok := pyJoinOnVar(m, lo, hi, depth); ok {
		// os.path.join(base, "settings.json"), Path(base, "x"): the
		// base's paths joined with the rest, as for base / "x"
		return append(out, joined...)
	}
	EachAssign(m, a, b, func(as python.Assign) bool {
		out = append(out, PathOf(m, as.Start, as.End, depth-1)...)
		return false
	})
	return out
}

// pyJoinOnVar renders a path join call spanning tokens [lo, hi) whose
// first argument is a variable (os.path.join(base, "settings.json"),
// Path(cfg_dir, "mcp.json")): each path the variable's assignments name,
// joined with the text of the other arguments.
func pyJoinOnVar(m *python.Module, lo, hi, depth int) ([]string, bool) {
	var c *python.Call
	for _, oc := range m.CallsIn(lo, hi) {
		if oc.Head == lo && oc.Close == hi-1 {
			c = oc
			break
		}
	}
	if c == nil || !(c.Name == "os.path.join" || c.Name == "posixpath.join" || c.Name == "pathlib.Path" || c.Name == "Path") || len(c.Args) < 2 {
		return nil, false
	}
	first := c.Args[0]
	if first.End-first.Start != 1 || m.Toks[first.Start].Kind != python.Name {
		return nil, false
	}
	rest := pathText(m, c.Args[1].Start, c.Args[len(c.Args)-1].End)
	var out []string
	for _, as := range ScopedAssigns(m, m.Text(first.Start), first.Start) {
		for _, base := range PathOf(m, as.Start, as.End, depth-1) {
			if base == "" {
				// a base of unknown value (os.path.realpath(args.root)):
				// no path to join onto, least of all "/"
				continue
			}
			out = append(out, strings.TrimSuffix(base, "/")+"/"+strings.TrimPrefix(rest, "/"))
		}
	}
	return out, len(out) > 0
}

var pyWalkCalls = map[string]bool{"os.walk": true, "os.scandir": true, "os.listdir": true, "glob.glob": true,
	"glob.iglob": true, "os.fwalk": true, "pathlib.Path.home().rglob": true, "pathlib.Path.home().glob": true,
	"pathlib.Path.home().iterdir": true, "Path.home().rglob": true, "Path.home().glob": true, "Path.home().iterdir": true}

// joinsPath reports a / operator at the top level of the receiver in
// tokens [lo, hi): (home / ".local" / "bin").glob(…) walks a subdirectory,
// not the home directory.
func joinsPath(m *python.Module, lo, hi int) bool {
	for i := lo; i < hi; i++ {
		if m.Is(i, "/") {
			return true
		}
	}
	return false
}

// broadReceiver reports a joined receiver that still names the home
// directory or the root: (Path.home() / ".").rglob(…).
func broadReceiver(m *python.Module, c *python.Call) bool {
	if c.Open-2 <= c.Head {
		return false
	}
	for _, pt := range PathOf(m, c.Head, c.Open-2, 1) {
		pt = strings.TrimSuffix(strings.Trim(pt, "()"), "/.")
		if pyBroadRoots.MatchString(pt) {
			return true
		}
	}
	return false
}

var pyBroadRoots = match.MustRx(`(?i)^(~|/|/home|/users|c:/users|c:/)/?$`)

// WalkRoot returns the broad root a call enumerates and, for globs and
// find, the name pattern.
func WalkRoot(m *python.Module, c *python.Call) (root, pattern string, ok bool) {
	describe := func(p string) string {
		if strings.HasPrefix(p, "~") {
			return "the home directory"
		}
		return "the file system (" + p + ")"
	}
	switch {
	case pyWalkCalls[c.Name]:
		if strings.HasSuffix(c.Name, "glob") || strings.HasSuffix(c.Name, "iterdir") {
			if strings.Contains(c.Name, "home()") && (!joinsPath(m, c.Head, c.Open) || broadReceiver(m, c)) {
				pat := ""
				if a, ok := c.Arg(0, "pattern"); ok {
					pat, _ = m.Fold(a.Start, a.End)
				}
				return "the home directory", pat, true
			}
			a, ok := c.Arg(0, "pathname")
			if !ok {
				return "", "", false
			}
			for _, pt := range PathOf(m, a.Start, a.End, 1) {
				dir, pat := pt, ""
				if i := strings.IndexAny(pt, "*?["); i >= 0 {
					dir = pt[:strings.LastIndexByte(pt[:i], '/')+1]
					pat = pt[len(dir):]
				}
				if pyBroadRoots.MatchString(dir) && (pat != "" || strings.HasSuffix(c.Name, "iterdir")) {
					return describe(dir), pat, true
				}
			}
			return "", "", false
		}
		a, ok := c.Arg(0, "top")
		if !ok {
			if a, ok = c.Kwarg("path"); !ok {
				return "", "", false
			}
		}
		for _, pt := range PathOf(m, a.Start, a.End, 1) {
			if pyBroadRoots.MatchString(pt) {
				return describe(pt), "", true
			}
		}
	case HasSuffixAny(c.Name, ".rglob", ".glob", ".iterdir", ".walk"):
		hi := c.Open
		if m.Is(c.Open-2, ".") {
			hi = c.Open - 2 // the receiver
		}
		for _, pt := range PathOf(m, c.Head, hi, 1) {
			if pyBroadRoots.MatchString(pt) {
				pat := ""
				if a, ok := c.Arg(0, "pattern"); ok {
					pat, _ = m.Fold(a.Start, a.End)
				}
				return describe(pt), pat, true
			}
		}
	case SubprocessCalls[c.Name] || ShellStringCalls[c.Name]:
		a, ok := c.Arg(0, "args")
		if !ok {
			return "", "", false
		}
		var words []string
		if items, ok := ArgList(m, a); ok {
			for _, it := range items {
				w := pathText(m, it[0], it[1])
				words = append(words, w)
			}
		} else if s, ok := m.Fold(a.Start, a.End); ok {
			words = strings.Fields(s)
		}
		if len(words) >= 2 && BaseName(words[0]) == "find" && pyBroadRoots.MatchString(homeRx.ReplaceAllString(words[1], "~")) {
			return describe(words[1]), strings.Join(words[2:], " "), true
		}
	}
	return "", "", false
}
