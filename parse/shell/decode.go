package shell

import (
	"encoding/base64"
	"encoding/hex"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"
)

// DecodeBase64 decodes standard or URL-safe base64 (whitespace and missing
// padding tolerated) and returns the text when it is mostly printable
// UTF-8.
func DecodeBase64(s string) (string, bool) {
	s = stripSpace(s)
	s = strings.TrimRight(s, "=")
	if len(s) < 4 {
		return "", false
	}
	enc := base64.RawStdEncoding
	if strings.ContainsAny(s, "-_") {
		enc = base64.RawURLEncoding
	}
	b, err := enc.DecodeString(s)
	if err != nil {
		return "", false
	}
	return printable(b)
}

// DecodeHex decodes a plain hex dump (xxd -p), whitespace tolerated.
func DecodeHex(s string) (string, bool) {
	s = stripSpace(s)
	s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	b, err := hex.DecodeString(s)
	if err != nil || len(b) == 0 {
		return "", false
	}
	return printable(b)
}

// printable accepts UTF-8 text with at most 5% control characters.
func printable(b []byte) (string, bool) {
	if !utf8.Valid(b) {
		return "", false
	}
	bad := 0
	for _, c := range b {
		if c < 0x20 && c != '\n' && c != '\r' && c != '\t' || c == 0x7f {
			bad++
		}
	}
	if bad*20 > len(b) {
		return "", false
	}
	return string(b), true
}

// heuristic extracts commands from a line that does not parse: words are
// split on blanks (quotes respected) and commands on | || && ; and &.
func (a *analysis) heuristic(line string, m mapper, depth int, via Via, parent int) {
	a.s.Heuristic = true
	type tok struct {
		val        string
		start, end int
		op         bool
		quoted     bool
	}
	var toks []tok
	i := 0
	for i < len(line) {
		c := line[i]
		switch {
		case c == ' ' || c == '\t' || c == '\r':
			i++
			continue
		case c == '#' && (i == 0 || line[i-1] == ' ' || line[i-1] == '\t'):
			i = len(line)
			continue
		case c == '|' || c == '&' || c == ';':
			j := i + 1
			if j < len(line) && (line[j] == c || c == '|' && line[j] == '&') {
				j++
			}
			toks = append(toks, tok{val: line[i:j], start: i, end: j, op: true})
			i = j
			continue
		}
		start := i
		var sb strings.Builder
		quoted := false
		for i < len(line) {
			c := line[i]
			if c == ' ' || c == '\t' || c == '|' || c == ';' || c == '&' && !(i+1 < len(line) && line[i+1] == '>') {
				break
			}
			if c == '\'' || c == '"' {
				quoted = true
				j := strings.IndexByte(line[i+1:], c)
				if j < 0 {
					sb.WriteString(line[i+1:])
					i = len(line)
					break
				}
				sb.WriteString(line[i+1 : i+1+j])
				i += j + 2
				continue
			}
			if c == '\\' && i+1 < len(line) {
				sb.WriteByte(line[i+1])
				i += 2
				continue
			}
			sb.WriteByte(c)
			i++
		}
		toks = append(toks, tok{val: sb.String(), start: start, end: i, quoted: quoted})
	}
	prev := -1
	pipe := false
	var cur *Command
	flush := func() {
		if cur == nil {
			return
		}
		cur.Argv, cur.Sudo = unwrap(cur.Args)
		if len(cur.Argv) > 0 {
			cur.Name = baseName(cur.Argv[0].Value)
		}
		a.s.Commands = append(a.s.Commands, cur)
		id := len(a.s.Commands) - 1
		if pipe && prev >= 0 {
			a.s.Commands[prev].PipeNext = id
			cur.PipePrev = prev
		}
		prev = id
		cur = nil
	}
	for _, t := range toks {
		if t.op {
			flush()
			pipe = t.val == "|" || t.val == "|&"
			if !pipe {
				prev = -1
			}
			continue
		}
		if a.full() {
			return
		}
		if cur == nil {
			cur = &Command{Start: m.at(t.start), Depth: depth, Via: via, Parent: parent, PipeNext: -1, PipePrev: -1, Heuristic: true, processed: true}
		}
		w := Word{Value: t.val, Const: !strings.ContainsAny(t.val, "$`"), Start: m.at(t.start), End: m.at(t.end), Raw: line[t.start:t.end]}
		if !m.exact {
			w.End = m.end
		}
		w.Subst = strings.Contains(t.val, "$(") || strings.Contains(t.val, "`")
		// A redirection written as one token (>file, >>~/.bashrc).
		if r, ok := redirToken(w); ok {
			cur.Redirs = append(cur.Redirs, r)
			continue
		}
		cur.Args = append(cur.Args, w)
		cur.End = w.End
	}
	flush()
}

func redirToken(w Word) (Redir, bool) {
	v := w.Value
	for _, op := range []string{"&>>", ">>", "&>", "2>", "<<<", ">", "<"} {
		if strings.HasPrefix(v, op) && len(v) > len(op) {
			t := w
			t.Value = v[len(op):]
			return Redir{Op: strings.TrimPrefix(op, "2"), Target: t}, true
		}
	}
	return Redir{}, false
}

// StripPrompts prepares a terminal transcript for parsing without moving
// any byte: on lines starting with a prompt ("$ ", "% ", "# " followed by
// a command, "PS> ") the prompt becomes blanks; when any line has a
// prompt, lines without one (command output) are blanked.
func StripPrompts(s string) string {
	lines := strings.SplitAfter(s, "\n")
	has := false
	for _, l := range lines {
		if _, ok := promptLen(l); ok {
			has = true
			break
		}
	}
	if !has {
		return s
	}
	var sb strings.Builder
	sb.Grow(len(s))
	cont := false
	for _, l := range lines {
		n, ok := promptLen(l)
		switch {
		case ok:
			sb.WriteString(strings.Repeat(" ", n))
			sb.WriteString(l[n:])
		case cont:
			sb.WriteString(l)
		default:
			sb.WriteString(blank(l))
		}
		cont = strings.HasSuffix(strings.TrimRight(l, "\r\n \t"), "\\") && (ok || cont)
	}
	return sb.String()
}

func promptLen(l string) (int, bool) {
	t := strings.TrimLeft(l, " \t")
	lead := len(l) - len(t)
	for _, p := range []string{"$ ", "% ", "PS> "} {
		if strings.HasPrefix(t, p) && len(strings.TrimSpace(t[len(p):])) > 0 {
			return lead + len(p), true
		}
	}
	return 0, false
}

func blank(l string) string {
	b := []byte(l)
	for i, c := range b {
		if c != '\n' && c != '\r' {
			b[i] = ' '
		}
	}
	return string(b)
}

// DecodeUTF16Base64 decodes the base64 of UTF-16LE text, the form
// PowerShell's -EncodedCommand takes.
func DecodeUTF16Base64(s string) (string, bool) {
	s = strings.TrimRight(strings.TrimSpace(s), "=")
	b, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil || len(b) < 2 || len(b)%2 != 0 {
		return "", false
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i]) | uint16(b[2*i+1])<<8
	}
	return printable([]byte(string(utf16.Decode(u))))
}

func stripSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}
