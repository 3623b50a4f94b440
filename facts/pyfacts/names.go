package pyfacts

import (
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/parse/python"
)

// Printable replaces control and non-UTF-8 bytes so decoded payloads can
// be shown.
func Printable(s string) string {
	b := []rune{}
	for _, r := range s {
		if r == 0xfffd || r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			r = '.'
		}
		b = append(b, r)
	}
	return string(b)
}

// LineOf returns the line of token tok, for messages that point at a
// related line.
func LineOf(m *python.Module, tok int) string { return strconv.Itoa(m.Line(m.Toks[tok].Start)) }

// FromNote is " (from URL)" for messages, or "" when the URL is unknown.
func FromNote(url string) string {
	if url == "" {
		return ""
	}
	return " (from " + ClipStr(url, 80) + ")"
}

// Mentions reports whether tokens [lo, hi), or the text s, use one of
// the keys (a constant path, or "\x00" + a variable name, or "\x00" + a
// variable and its first attribute, "args.output", which only that
// attribute's uses match: the namespace args is not the path).
func Mentions(m *python.Module, lo, hi int, s string, keys []string) bool {
	for _, k := range keys {
		if s != "" {
			if !strings.HasPrefix(k, "\x00") && strings.Contains(s, k) {
				return true
			}
			continue
		}
		if strings.HasPrefix(k, "\x00") {
			for _, r := range m.RefsIn(lo, hi) {
				if r.Var == k[1:] || r.Attr != "" && r.Attr == k[1:] {
					return true
				}
			}
			continue
		}
		for i := lo; i < hi; i++ {
			if m.Toks[i].Kind == python.String {
				if v, _ := m.Value(i); strings.Contains(v, k) {
					return true
				}
			}
		}
		if s, ok := m.Fold(lo, hi); ok && strings.Contains(s, k) {
			return true
		}
	}
	return false
}

// LastName is the last component of a dotted name.
func LastName(n string) string {
	if i := strings.LastIndexByte(n, '.'); i >= 0 {
		return n[i+1:]
	}
	return n
}

var pySensitiveModules = []string{"os.", "subprocess.", "pty.", "socket.", "ctypes.", "pickle.", "marshal.", "cPickle.",
	"dill.", "commands.", "shutil.rmtree", "base64.", "zlib.", "codecs.decode", "urllib.request.", "requests.", "importlib.",
	"posix.", "nt."}

// Sensitive reports names of calls worth hiding: exec/eval, __import__,
// open, and the process, socket, native, deserialisation, decoding and
// network modules.
func Sensitive(name string) bool {
	if ExecNames[name] || name == "__import__" || name == "open" {
		return true
	}
	return HasPrefixAny(name, pySensitiveModules...)
}

// ReceiverFrom reports whether the variable a method is called on was
// made by a call into module prefix (nm = nmap.PortScanner(); nm.scan()).
func ReceiverFrom(m *python.Module, c *python.Call, prefix string) bool {
	if m.Toks[c.Head].Kind != python.Name {
		return false
	}
	_, ok := m.DerivesVar("recv:"+prefix, m.Text(c.Head), func(r python.Ref) bool { return HasPrefixAny(r.Name, prefix) })
	return ok
}
