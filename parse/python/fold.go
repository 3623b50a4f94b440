package python

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"compress/zlib"
	"encoding/ascii85"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"io"
	"strconv"
	"strings"
)

// Folding limits: one folded value, and all memoised values of a module.
const (
	maxFold      = 1 << 20
	maxFoldTotal = 32 << 20
)

type fval struct {
	s      string
	list   []fval
	n      int64
	isList bool
	isInt  bool
}

type foldEntry struct {
	busy bool
	v    fval
	ok   bool
}

// Fold evaluates the constant string expression in tokens [start, end):
// literals (implicit and + concatenation), names bound once to constants,
// str.join over lists and generators, chr(...), bytes([...]), bytes.fromhex, binascii.unhexlify,
// base64 (b64, urlsafe, b32, b16, a85, b85, z85), codecs.decode (hex, base64, rot13),
// comprehensions computed from their loop variables (XOR decoders, see
// foldcomp.go),
// zlib/gzip/bz2.decompress, .decode()/.encode(), .replace, case changes and
// slicing including [::-1]. Bytes are returned as a string of their bytes.
func (m *Module) Fold(start, end int) (string, bool) { return m.fold(start, end) }

func (m *Module) fold(start, end int) (string, bool) {
	v, ok := m.foldExpr(start, end)
	if !ok || v.isList || v.isInt {
		return "", false
	}
	return v.s, true
}

func (m *Module) foldExpr(i, e int) (fval, bool) {
	if i >= e {
		return fval{}, false
	}
	v, next, ok := m.foldSum(i, e)
	if !ok || next != e {
		return fval{}, false
	}
	return v, true
}

func (m *Module) budget(v fval) bool {
	m.mu.Lock()
	total := m.foldBytes
	m.mu.Unlock()
	return len(v.s) <= maxFold && total <= maxFoldTotal
}

func (m *Module) foldSum(i, e int) (fval, int, bool) {
	v, j, ok := m.foldTerm(i, e)
	if !ok {
		return v, j, false
	}
	for j < e && m.Is(j, "+") {
		w, k, ok := m.foldTerm(j+1, e)
		if !ok {
			return v, k, false
		}
		switch {
		case v.isInt && w.isInt:
			v.n += w.n
		case v.isList && w.isList:
			v.list = append(append([]fval(nil), v.list...), w.list...)
		case !v.isInt && !v.isList && !w.isInt && !w.isList:
			v.s += w.s
			if !m.budget(v) {
				return v, k, false
			}
		default:
			return v, k, false
		}
		j = k
	}
	return v, j, true
}

func (m *Module) foldTerm(i, e int) (fval, int, bool) {
	v, j, ok := m.foldAtom(i, e)
	if !ok {
		return v, j, false
	}
	for j < e {
		switch {
		case m.Is(j, ".") && j+2 < e && m.Toks[j+1].Kind == Name && m.Is(j+2, "("):
			cl := int(m.Match[j+2])
			if cl < 0 || cl >= e {
				return v, j, false
			}
			w, ok := m.foldMethod(v, m.Text(j+1), j+2, cl)
			if !ok {
				return v, j, false
			}
			v, j = w, cl+1
		case m.Is(j, "["):
			cl := int(m.Match[j])
			if cl < 0 || cl >= e {
				return v, j, false
			}
			w, ok := m.foldSlice(v, j+1, cl)
			if !ok {
				return v, j, false
			}
			v, j = w, cl+1
		default:
			return v, j, true
		}
	}
	return v, j, true
}

func (m *Module) foldAtom(i, e int) (fval, int, bool) {
	tk := &m.Toks[i]
	switch tk.Kind {
	case String:
		var b strings.Builder
		j := i
		for j < e && m.Toks[j].Kind == String {
			if m.Toks[j].Flags&FlagInterp != 0 {
				return fval{}, j, false
			}
			s, _ := m.Value(j)
			b.WriteString(s)
			j++
		}
		return fval{s: b.String()}, j, true
	case Number:
		n, ok := parseInt(m.Text(i))
		return fval{n: n, isInt: true}, i + 1, ok
	case Op:
		switch m.Text(i) {
		case "-":
			if i+1 < e && m.Toks[i+1].Kind == Number {
				n, ok := parseInt(m.Text(i + 1))
				return fval{n: -n, isInt: true}, i + 2, ok
			}
		case "(", "[":
			cl := int(m.Match[i])
			if cl < 0 || cl >= e {
				return fval{}, i, false
			}
			if m.Text(i) == "(" && !m.topLevel(i+1, cl, ",") && !m.topLevel(i+1, cl, "for") {
				v, ok := m.foldExpr(i+1, cl)
				return v, cl + 1, ok
			}
			l, ok := m.foldList(i+1, cl)
			return l, cl + 1, ok
		}
	case Name:
		if keywords[m.Text(i)] {
			return fval{}, i, false
		}
		name, isVar := m.resolveHead(i)
		j := i + 1
		for j+1 < e && m.Is(j, ".") && m.Toks[j+1].Kind == Name {
			if name == "builtins" {
				name = m.Text(j + 1)
			} else {
				name += "." + m.Text(j+1)
			}
			isVar = false
			j += 2
		}
		if j < e && m.Is(j, "(") {
			cl := int(m.Match[j])
			if cl < 0 || cl >= e {
				return fval{}, j, false
			}
			// __import__('base64').b64decode(...): a call on an imported module
			if (name == "__import__" || name == "importlib.import_module") && cl+3 < e && m.Is(cl+1, ".") &&
				m.Toks[cl+2].Kind == Name && m.Is(cl+3, "(") && m.Match[cl+3] > 0 && int(m.Match[cl+3]) < e {
				if mod, ok := m.foldArg(m.args(j, cl), 0); ok && !mod.isInt && !mod.isList {
					cl2 := int(m.Match[cl+3])
					v, ok := m.foldCall(mod.s+"."+m.Text(cl+2), cl+3, cl2)
					return v, cl2 + 1, ok
				}
			}
			v, ok := m.foldCall(name, j, cl)
			return v, cl + 1, ok
		}
		if isVar {
			v, ok := m.foldVar(name)
			return v, j, ok
		}
	}
	return fval{}, i, false
}

// topLevel reports whether tokens [i, e) contain the operator or keyword
// tok at their own bracket depth. Folding decides with it instead of trying
// alternatives, which would be exponential in the nesting depth.
func (m *Module) topLevel(i, e int, tok string) bool {
	if i >= e {
		return false
	}
	d := m.Toks[i].Depth
	for k := i; k < e; k++ {
		if m.Toks[k].Depth == d && m.Is(k, tok) {
			return true
		}
		if m.Match[k] > int32(k) && int(m.Match[k]) < e {
			k = int(m.Match[k]) // skip nested brackets
		}
	}
	return false
}

func (m *Module) foldVar(name string) (fval, bool) {
	as := m.Assigns[name]
	if len(as) != 1 || as[0].Aug {
		return fval{}, false
	}
	m.mu.Lock()
	if en, ok := m.foldMemo[name]; ok {
		m.mu.Unlock()
		if en.busy {
			return fval{}, false
		}
		return en.v, en.ok
	}
	m.foldMemo[name] = &foldEntry{busy: true}
	m.mu.Unlock()
	v, ok := m.foldExpr(as[0].Start, as[0].End)
	m.mu.Lock()
	m.foldMemo[name] = &foldEntry{v: v, ok: ok}
	if ok {
		m.foldBytes += len(v.s)
	}
	m.mu.Unlock()
	return v, ok
}

// foldList folds comma-separated items, or "EXPR for NAME in ITER".
func (m *Module) foldList(i, e int) (fval, bool) {
	out := fval{isList: true}
	if i >= e {
		return out, true
	}
	if m.topLevel(i, e, "for") {
		for k := i; k < e; k++ {
			if m.Toks[k].Depth == m.Toks[i].Depth && m.Is(k, "for") {
				return m.foldComprehension(i, k, e)
			}
		}
	}
	d := m.Toks[i].Depth
	start := i
	for k := i; k <= e; k++ {
		if k < e && m.Match[k] > int32(k) && int(m.Match[k]) < e {
			k = int(m.Match[k])
			continue
		}
		if k == e || m.Toks[k].Depth == d && m.Is(k, ",") {
			if start < k {
				v, ok := m.foldExpr(start, k)
				if !ok {
					return out, false
				}
				out.list = append(out.list, v)
				if len(out.list) > maxFold {
					return out, false
				}
			}
			start = k + 1
		}
	}
	return out, true
}

// foldComprehension handles chr(c) for c in ITER and c for c in ITER
// directly, and other element expressions (XOR decoders) item by item.
func (m *Module) foldComprehension(i, f, e int) (fval, bool) {
	if f+3 >= e {
		return fval{}, false
	}
	simple := m.Toks[f+1].Kind == Name && m.Is(f+2, "in") && !m.topLevel(f+3, e, "if") && !m.topLevel(f+3, e, "for")
	if simple && (f == i+1 && m.Text(i) == m.Text(f+1) || f == i+4 && m.Text(i) == "chr" && m.Is(i+1, "(") && m.Text(i+2) == m.Text(f+1) && m.Is(i+3, ")")) {
		v := m.Text(f + 1)
		it, ok := m.foldExpr(f+3, e)
		if !ok {
			return fval{}, false
		}
		items := iterate(it)
		if items == nil && !it.isList {
			return fval{}, false
		}
		if m.Text(i) == v {
			return fval{isList: true, list: items}, true
		}
		out := fval{isList: true}
		for _, x := range items {
			if !x.isInt {
				return fval{}, false
			}
			out.list = append(out.list, fval{s: string(rune(x.n))})
		}
		return out, true
	}
	return m.foldGenComprehension(i, f, e)
}

// iterate returns the items of a list or the characters of a string.
func iterate(v fval) []fval {
	if v.isList {
		return v.list
	}
	if v.isInt {
		return nil
	}
	out := make([]fval, 0, len(v.s))
	for _, r := range v.s {
		out = append(out, fval{s: string(r)})
	}
	return out
}

func (m *Module) foldArg(a []Arg, n int) (fval, bool) {
	k := 0
	for _, x := range a {
		if x.Keyword != "" {
			continue
		}
		if k == n {
			if m.topLevel(x.Start, x.End, "for") {
				return m.foldList(x.Start, x.End) // a generator argument
			}
			return m.foldExpr(x.Start, x.End)
		}
		k++
	}
	return fval{}, false
}

func (m *Module) foldCall(name string, open, cl int) (fval, bool) {
	args := m.args(open, cl)
	a0, ok0 := m.foldArg(args, 0)
	str := func(s string, ok bool) (fval, bool) {
		v := fval{s: s}
		return v, ok && m.budget(v)
	}
	switch name {
	case "chr":
		if ok0 && a0.isInt && a0.n >= 0 && a0.n <= 0x10ffff {
			return fval{s: string(rune(a0.n))}, true
		}
	case "str", "bytes", "bytearray":
		if len(args) == 0 {
			return fval{}, true
		}
		if !ok0 {
			return fval{}, false
		}
		if a0.isList {
			var b []byte
			for _, x := range a0.list {
				if !x.isInt || x.n < 0 || x.n > 255 {
					return fval{}, false
				}
				b = append(b, byte(x.n))
			}
			return str(string(b), true)
		}
		if a0.isInt {
			return fval{s: strconv.FormatInt(a0.n, 10)}, name == "str"
		}
		return a0, true
	case "list", "tuple", "reversed":
		if !ok0 {
			return fval{}, false
		}
		items := iterate(a0)
		if name == "reversed" {
			r := make([]fval, len(items))
			for k, x := range items {
				r[len(items)-1-k] = x
			}
			items = r
		}
		return fval{isList: true, list: items}, true
	case "map":
		if len(args) == 2 && m.ArgText(args[0]) == "chr" {
			it, ok := m.foldArg(args, 1)
			if !ok {
				return fval{}, false
			}
			out := fval{isList: true}
			for _, x := range iterate(it) {
				if !x.isInt {
					return fval{}, false
				}
				out.list = append(out.list, fval{s: string(rune(x.n))})
			}
			return out, true
		}
	case "int":
		if ok0 && !a0.isList {
			if a0.isInt {
				return a0, true
			}
			base := 10
			if b, ok := m.foldArg(args, 1); ok && b.isInt {
				base = int(b.n)
			}
			n, err := strconv.ParseInt(strings.TrimSpace(a0.s), base, 64)
			return fval{n: n, isInt: true}, err == nil
		}
	}
	if !ok0 || a0.isList || a0.isInt {
		return fval{}, false
	}
	switch name {
	case "bytes.fromhex", "binascii.unhexlify", "binascii.a2b_hex", "base64.b16decode":
		return str(decodeHex(a0.s))
	case "base64.b64decode", "base64.standard_b64decode", "base64.decodebytes", "base64.decodestring", "binascii.a2b_base64":
		return str(decodeB64(a0.s, false))
	case "base64.urlsafe_b64decode":
		return str(decodeB64(a0.s, true))
	case "base64.b32decode":
		b, err := base32.StdEncoding.DecodeString(strings.TrimSpace(a0.s))
		return str(string(b), err == nil)
	case "base64.a85decode":
		return str(decodeA85(a0.s))
	case "base64.b85decode":
		return str(decodeB85(a0.s, b85Digits))
	case "base64.z85decode":
		return str(decodeB85(a0.s, z85Digits))
	case "codecs.decode", "codecs.encode":
		enc := "utf-8"
		if e, ok := m.foldArg(args, 1); ok {
			enc = e.s
		} else if kw, ok := kwArg(args, "encoding"); ok {
			if e, ok := m.foldExpr(kw.Start, kw.End); ok {
				enc = e.s
			}
		}
		return str(codec(a0.s, enc))
	case "zlib.decompress", "gzip.decompress", "bz2.decompress":
		return str(decompress(name, a0.s))
	}
	return fval{}, false
}

func kwArg(args []Arg, kw string) (Arg, bool) {
	for _, a := range args {
		if a.Keyword == kw {
			return a, true
		}
	}
	return Arg{}, false
}

func (m *Module) foldMethod(v fval, meth string, open, cl int) (fval, bool) {
	args := m.args(open, cl)
	if v.isInt || v.isList {
		return fval{}, false
	}
	switch meth {
	case "join":
		if len(args) != 1 {
			return fval{}, false
		}
		var it fval
		var ok bool
		a := args[0]
		if m.topLevel(a.Start, a.End, "for") {
			it, ok = m.foldList(a.Start, a.End) // ''.join(chr(c) for c in ...)
		} else {
			it, ok = m.foldExpr(a.Start, a.End)
		}
		if !ok {
			return fval{}, false
		}
		var b strings.Builder
		for k, x := range iterate(it) {
			if x.isInt || x.isList {
				return fval{}, false
			}
			if k > 0 {
				b.WriteString(v.s)
			}
			b.WriteString(x.s)
			if b.Len() > maxFold {
				return fval{}, false
			}
		}
		return fval{s: b.String()}, true
	case "decode", "encode":
		if e, ok := m.foldArg(args, 0); ok && !e.isInt && !e.isList {
			s, ok := codec(v.s, e.s)
			return fval{s: s}, ok
		}
		return v, true
	case "lower":
		return fval{s: strings.ToLower(v.s)}, true
	case "upper":
		return fval{s: strings.ToUpper(v.s)}, true
	case "strip":
		return fval{s: strings.TrimSpace(v.s)}, len(args) == 0
	case "replace":
		a, ok1 := m.foldArg(args, 0)
		b, ok2 := m.foldArg(args, 1)
		if ok1 && ok2 && !a.isInt && !b.isInt && !a.isList && !b.isList {
			w := fval{s: strings.ReplaceAll(v.s, a.s, b.s)}
			return w, m.budget(w)
		}
	case "hex":
		return fval{s: hex.EncodeToString([]byte(v.s))}, true
	}
	return fval{}, false
}

// foldSlice applies [i], [a:b] and [::step] to strings and lists.
func (m *Module) foldSlice(v fval, i, e int) (fval, bool) {
	if v.isInt {
		return fval{}, false
	}
	var parts [3]*int64
	k, idx := i, 0
	for k < e && idx < 3 {
		if m.Is(k, ":") {
			idx++
			k++
			continue
		}
		n, next, ok := m.foldSum(k, e)
		if !ok || !n.isInt {
			return fval{}, false
		}
		x := n.n
		parts[idx] = &x
		k = next
	}
	if k != e {
		return fval{}, false
	}
	items := iterate(v)
	ln := int64(len(items))
	clamp := func(p *int64, def int64) int64 {
		if p == nil {
			return def
		}
		x := *p
		if x < 0 {
			x += ln
		}
		return max(min(x, ln), -1)
	}
	var out []fval
	if idx == 0 {
		if parts[0] == nil {
			return fval{}, false
		}
		x := clamp(parts[0], 0)
		if x < 0 || x >= ln {
			return fval{}, false
		}
		return items[x], true
	}
	step := int64(1)
	if parts[2] != nil {
		step = *parts[2]
	}
	switch {
	case step > 0:
		a, b := max(clamp(parts[0], 0), 0), clamp(parts[1], ln)
		for x := a; x < b; x += step {
			out = append(out, items[x])
		}
	case step < 0:
		a, b := min(clamp(parts[0], ln-1), ln-1), clamp(parts[1], -1)
		if parts[1] == nil {
			b = -1
		}
		for x := a; x > b && x >= 0; x += step {
			out = append(out, items[x])
		}
	default:
		return fval{}, false
	}
	if v.isList {
		return fval{isList: true, list: out}, true
	}
	var b strings.Builder
	for _, x := range out {
		b.WriteString(x.s)
	}
	return fval{s: b.String()}, true
}

func parseInt(s string) (int64, bool) {
	s = strings.ReplaceAll(s, "_", "")
	ls := strings.ToLower(s)
	base := 10
	switch {
	case strings.HasPrefix(ls, "0x"):
		base, s = 16, s[2:]
	case strings.HasPrefix(ls, "0o"):
		base, s = 8, s[2:]
	case strings.HasPrefix(ls, "0b"):
		base, s = 2, s[2:]
	}
	n, err := strconv.ParseInt(s, base, 64)
	return n, err == nil
}

func decodeHex(s string) (string, bool) {
	s = strings.Join(strings.Fields(s), "")
	b, err := hex.DecodeString(s)
	return string(b), err == nil
}

func decodeB64(s string, url bool) (string, bool) {
	var clean strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '=' ||
			!url && (c == '+' || c == '/') || url && (c == '-' || c == '_') {
			clean.WriteByte(c)
		}
	}
	t := strings.TrimRight(clean.String(), "=")
	enc := base64.RawStdEncoding
	if url {
		enc = base64.RawURLEncoding
	}
	b, err := enc.DecodeString(t)
	return string(b), err == nil
}

func decodeA85(s string) (string, bool) {
	s = strings.TrimSuffix(strings.TrimPrefix(strings.TrimSpace(s), "<~"), "~>")
	dst := make([]byte, 4*len(s)/5+4)
	n, _, err := ascii85.Decode(dst, []byte(s), true)
	return string(dst[:n]), err == nil
}

// The base85 alphabets of base64.b85decode (RFC 1924) and z85decode.
const (
	b85Digits = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&()*+-;<=>?@^_`{|}~"
	z85Digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
)

// decodeB85 decodes base85 in the given alphabet; a short last group is
// padded with the highest digit, as b85decode pads it.
func decodeB85(s, digits string) (string, bool) {
	s = strings.Join(strings.Fields(s), "")
	pad := (5 - len(s)%5) % 5
	out := make([]byte, 0, len(s)/5*4+4)
	for i := 0; i < len(s); i += 5 {
		var v uint64
		for k := 0; k < 5; k++ {
			d := 84
			if i+k < len(s) {
				if d = strings.IndexByte(digits, s[i+k]); d < 0 {
					return "", false
				}
			}
			v = v*85 + uint64(d)
		}
		if v > 0xffffffff {
			return "", false
		}
		out = append(out, byte(v>>24), byte(v>>16), byte(v>>8), byte(v))
	}
	return string(out[:len(out)-pad]), true
}

func codec(s, enc string) (string, bool) {
	switch strings.ReplaceAll(strings.ToLower(enc), "-", "_") {
	case "utf_8", "utf8", "ascii", "latin_1", "latin1", "":
		return s, true
	case "rot13", "rot_13":
		b := []byte(s)
		for i, c := range b {
			switch {
			case c >= 'a' && c <= 'z':
				b[i] = 'a' + (c-'a'+13)%26
			case c >= 'A' && c <= 'Z':
				b[i] = 'A' + (c-'A'+13)%26
			}
		}
		return string(b), true
	case "hex", "hex_codec":
		return decodeHex(s)
	case "base64", "base64_codec", "base_64":
		return decodeB64(s, false)
	case "zlib", "zlib_codec", "zip":
		return decompress("zlib.decompress", s)
	}
	return "", false
}

func decompress(name, s string) (string, bool) {
	var r io.Reader
	var err error
	switch name {
	case "zlib.decompress":
		r, err = zlib.NewReader(strings.NewReader(s))
	case "gzip.decompress":
		r, err = gzip.NewReader(strings.NewReader(s))
	default:
		r = bzip2.NewReader(strings.NewReader(s))
	}
	if err != nil {
		return "", false
	}
	var out bytes.Buffer
	n, err := io.Copy(&out, io.LimitReader(r, maxFold+1))
	if err != nil || n > maxFold {
		return "", false
	}
	return out.String(), true
}
