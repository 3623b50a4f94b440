// Package ini reads line-oriented configuration files into entries with
// byte offsets: git configuration (~/.gitconfig, .git/config), OpenSSH
// client configuration (~/.ssh/config) and the INI-like files of package
// managers (.npmrc, pip.conf, .pypirc, uv.toml, .yarnrc). It is a pure
// function from text to entries: it knows the syntax of these files, not
// what their keys mean, and never fails (lines it cannot read are
// skipped).
package ini

import "strings"

// Entry is one setting.
type Entry struct {
	// Section is the section name in lower case ("core", "filter", "host",
	// "global"), "" before the first section.
	Section string
	// Sub is the subsection as written (git: [filter "lfs"] → lfs,
	// [url "https://x/"] → https://x/; ssh: the Host or Match patterns).
	Sub string
	// Key is the key as written.
	Key string
	// Value is the value after quote removal and escapes (git), or the
	// rest of the line (ssh command keywords), trimmed.
	Value string
	// Start and End are the value's bytes in the text as written (quotes
	// included); Exact reports that Value is text[Start:End] verbatim.
	Start, End int
	Exact      bool
}

// MaxBytes bounds the text read; longer text is read up to the bound.
const MaxBytes = 1 << 20

// maxLines bounds the lines a git value may continue over.
const maxLines = 64

// lines calls fn with each line and its offset.
func lines(text string, fn func(line string, off int)) {
	if len(text) > MaxBytes {
		text = text[:MaxBytes]
	}
	off := 0
	for off <= len(text) {
		end := strings.IndexByte(text[off:], '\n')
		if end < 0 {
			end = len(text)
		} else {
			end += off
		}
		line := strings.TrimSuffix(text[off:end], "\r")
		fn(line, off)
		if end == len(text) {
			return
		}
		off = end + 1
	}
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' }

// skipSpace returns the index of the first non-blank byte of s at or after i.
func skipSpace(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// Git reads git configuration text: [section], [section "sub"] and
// [section.sub] headers (a key may follow a header on the same line),
// key = value lines, a bare key (a boolean), double quotes, the escapes
// \" \\ \n \t \b, # and ; comments and values continued with a trailing
// backslash.
func Git(text string) []Entry {
	var out []Entry
	section, sub := "", ""
	// cont holds a value continued on the next line
	var cont *Entry
	var sb strings.Builder
	contLines := 0
	var inQuote bool
	lines(text, func(line string, off int) {
		i := 0
		if cont == nil {
			i = skipSpace(line, 0)
			if i < len(line) && line[i] == '[' {
				s, sb2, n, ok := gitHeader(line[i:])
				if !ok {
					return
				}
				section, sub = s, sb2
				i = skipSpace(line, i+n)
			}
			if i >= len(line) || line[i] == '#' || line[i] == ';' {
				return
			}
			k := i
			for k < len(line) && (isAlnum(line[k]) || line[k] == '-') {
				k++
			}
			if k == i {
				return
			}
			e := Entry{Section: section, Sub: sub, Key: line[i:k]}
			j := skipSpace(line, k)
			if j >= len(line) || line[j] == '#' || line[j] == ';' {
				e.Value, e.Start, e.End, e.Exact = "true", off+k, off+k, false
				out = append(out, e)
				return
			}
			if line[j] != '=' {
				return
			}
			j = skipSpace(line, j+1)
			e.Start = off + j
			cont, inQuote, contLines = &e, false, 0
			sb.Reset()
			i = j
		}
		// read the value from i
		raw := line[i:]
		exact := cont.Exact || contLines == 0
		trail := 0 // blanks written after the last kept byte
		end := i
		cut := false
		for k := 0; k < len(raw); k++ {
			c := raw[k]
			switch {
			case c == '\\' && k+1 < len(raw):
				exact = false
				k++
				switch raw[k] {
				case 'n':
					sb.WriteByte('\n')
				case 't':
					sb.WriteByte('\t')
				case 'b':
					sb.WriteByte('\b')
				default:
					sb.WriteByte(raw[k])
				}
				trail = 0
				end = i + k + 1
			case c == '\\': // a trailing backslash continues the value
				cont.End = off + i + k
				contLines++
				if contLines > maxLines {
					cont = nil
				}
				return
			case c == '"':
				exact = false
				inQuote = !inQuote
				trail = 0
				end = i + k + 1
			case !inQuote && (c == '#' || c == ';'):
				cut = true
			case !inQuote && isSpace(c):
				sb.WriteByte(c)
				trail++
			default:
				sb.WriteByte(c)
				trail = 0
				end = i + k + 1
			}
			if cut {
				break
			}
		}
		v := sb.String()
		v = v[:len(v)-trail]
		cont.Value = strings.TrimLeft(v, " \t")
		cont.End = off + end
		cont.Exact = exact && contLines == 0 && cont.End-cont.Start == len(cont.Value) && text[cont.Start:cont.End] == cont.Value
		out = append(out, *cont)
		cont = nil
	})
	if cont != nil { // the text ended inside a continued value
		cont.Value = strings.TrimSpace(sb.String())
		cont.Exact = false
		out = append(out, *cont)
	}
	return out
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// gitHeader reads a section header at the start of s and returns the
// section (lower case), the subsection and the header's length.
func gitHeader(s string) (section, sub string, n int, ok bool) {
	i := 1
	k := i
	for k < len(s) && (isAlnum(s[k]) || s[k] == '-' || s[k] == '.') {
		k++
	}
	if k == i {
		return "", "", 0, false
	}
	name := strings.ToLower(s[i:k])
	j := skipSpace(s, k)
	if j < len(s) && s[j] == ']' {
		if dot := strings.IndexByte(name, '.'); dot >= 0 {
			return name[:dot], name[dot+1:], j + 1, true // [section.sub], deprecated
		}
		return name, "", j + 1, true
	}
	if j >= len(s) || s[j] != '"' {
		return "", "", 0, false
	}
	var b strings.Builder
	for j++; j < len(s); j++ {
		switch s[j] {
		case '\\':
			if j+1 < len(s) {
				j++
				b.WriteByte(s[j])
			}
		case '"':
			if j+1 < len(s) && s[j+1] == ']' {
				return name, b.String(), j + 2, true
			}
			return "", "", 0, false
		default:
			b.WriteByte(s[j])
		}
	}
	return "", "", 0, false
}

// sshCommandKeys take the rest of the line as a command, verbatim.
var sshCommandKeys = map[string]bool{"proxycommand": true, "localcommand": true, "knownhostscommand": true, "remotecommand": true}

// SSH reads OpenSSH client configuration: "Keyword value" or
// "Keyword=value" lines, Host and Match blocks (Section "host" or "match",
// Sub the rest of the line) and # comments. The command keywords
// (ProxyCommand, LocalCommand, KnownHostsCommand, RemoteCommand) keep the
// rest of the line as written; each exec criterion of a Match line is an
// entry of its own with Key "Match exec" and the command as its value.
// Keys keep their case as written; Section is lower case.
func SSH(text string) []Entry {
	var out []Entry
	section, sub := "", ""
	lines(text, func(line string, off int) {
		i := skipSpace(line, 0)
		if i >= len(line) || line[i] == '#' {
			return
		}
		k := i
		for k < len(line) && isAlnum(line[k]) {
			k++
		}
		if k == i {
			return
		}
		key := line[i:k]
		j := skipSpace(line, k)
		if j < len(line) && line[j] == '=' {
			j = skipSpace(line, j+1)
		} else if j == k && j < len(line) {
			return // "Keyword" glued to something that is not a separator
		}
		rest := strings.TrimRight(line[j:], " \t\r")
		lk := strings.ToLower(key)
		switch lk {
		case "host", "match":
			section, sub = lk, rest
			if lk == "match" {
				out = append(out, sshMatchExec(section, rest, off+j)...)
			}
			return
		}
		e := Entry{Section: section, Sub: sub, Key: key, Start: off + j, End: off + j + len(rest)}
		if sshCommandKeys[lk] {
			e.Value, e.Exact = rest, true
		} else {
			e.Value = unquoteSimple(rest)
			e.Exact = e.Value == rest
		}
		out = append(out, e)
	})
	return out
}

// sshMatchExec returns the exec criteria of a Match line.
func sshMatchExec(section, rest string, off int) []Entry {
	var out []Entry
	words := splitQuoted(rest)
	for n, w := range words {
		if !strings.EqualFold(w.text, "exec") || n+1 >= len(words) {
			continue
		}
		a := words[n+1]
		out = append(out, Entry{Section: section, Sub: rest, Key: "Match exec", Value: a.value,
			Start: off + a.start, End: off + a.start + len(a.text), Exact: a.value == a.text})
	}
	return out
}

type qword struct {
	text, value string
	start       int
}

// splitQuoted splits s at blanks outside double quotes.
func splitQuoted(s string) []qword {
	var out []qword
	for i := 0; i < len(s); {
		i = skipSpace(s, i)
		if i >= len(s) {
			break
		}
		st := i
		var b strings.Builder
		q := false
		for ; i < len(s) && (q || !isSpace(s[i])); i++ {
			if s[i] == '"' {
				q = !q
				continue
			}
			b.WriteByte(s[i])
		}
		out = append(out, qword{text: s[st:i], value: b.String(), start: st})
		if len(out) > 256 {
			break
		}
	}
	return out
}

// unquoteSimple removes one pair of surrounding double or single quotes.
func unquoteSimple(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// Lines reads INI-like text as package managers write it: [section] and
// [[table]] headers, "key = value", "key=value", "key: value" (YAML
// mappings such as .yarnrc.yml, indentation ignored) and "key value"
// lines whose value is quoted (.yarnrc), # and ; comments at the start of
// a line, values in quotes, and indented continuation lines (pip.conf's
// multi-line extra-index-url), each an entry with the key above it.
func Lines(text string) []Entry {
	var out []Entry
	section := ""
	last := -1 // index in out of the entry an indented line continues
	lines(text, func(line string, off int) {
		i := skipSpace(line, 0)
		if i >= len(line) || line[i] == '#' || line[i] == ';' {
			return
		}
		if line[i] == '[' {
			end := strings.IndexByte(line[i:], ']')
			if end < 0 {
				return
			}
			section = strings.ToLower(strings.Trim(line[i:i+end], "[] \t\"'"))
			last = -1
			return
		}
		k := i
		for k < len(line) && (isAlnum(line[k]) || strings.IndexByte("-_.@/:", line[k]) >= 0 && !(line[k] == ':' && (k+1 == len(line) || isSpace(line[k+1])))) {
			k++
		}
		j := skipSpace(line, k)
		sep := j < len(line) && (line[j] == '=' || line[j] == ':')
		if k == i || !sep && !(j > k && j < len(line) && (line[j] == '"' || line[j] == '\'')) {
			// an indented line without a key of its own continues the last value
			if i > 0 && last >= 0 {
				v := strings.TrimRight(line[i:], " \t\r") // ASCII space only: the offsets count bytes from i
				e := out[last]
				e.Value, e.Start, e.End, e.Exact = v, off+i, off+i+len(v), true
				out = append(out, e)
			}
			return
		}
		if sep {
			j = skipSpace(line, j+1)
		}
		rest := strings.TrimRight(line[j:], " \t\r")
		v := unquoteSimple(rest)
		out = append(out, Entry{Section: section, Key: line[i:k], Value: v, Start: off + j, End: off + j + len(rest), Exact: v == rest})
		last = len(out) - 1
		if i > 0 && section == "" {
			last = -1 // an indented YAML key is not a continuation source
		}
	})
	return out
}
