// Package python tokenises Python 3 source and extracts what security rules
// need from it: calls with resolved dotted names (through import aliases,
// __import__, importlib and getattr), their arguments as token ranges,
// flow-insensitive assignment tracking and constant string folding
// (concatenation, join, chr, bytes.fromhex, base64/zlib/codecs decoding,
// [::-1]).
//
// Everything is linear in the size of the input, and bracket nesting is
// bounded: Tokenize refuses input it cannot analyse rather than being slow
// on it. The package has no dependency on the analyzer.
package python

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Limits for input the tokenizer refuses.
const (
	MaxDepth = 1000     // bracket nesting (including f-string replacement fields)
	MaxSize  = 64 << 20 // bytes
)

// ErrTooDeep and ErrTooLarge are returned (wrapped in *Error) for input
// beyond the limits.
var (
	ErrTooDeep  = errors.New("bracket nesting exceeds limit")
	ErrTooLarge = errors.New("file exceeds size limit")
)

// Error is a tokenizer failure at a byte offset.
type Error struct {
	Offset int
	Err    error
}

func (e *Error) Error() string { return fmt.Sprintf("offset %d: %v", e.Offset, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

// Kind is a token kind.
type Kind uint8

const (
	Name    Kind = iota + 1 // identifiers and keywords
	Number                  // numeric literals
	String                  // string and bytes literals of every prefix
	Op                      // operators and delimiters
	Comment                 // # to end of line
	Newline                 // end of a logical line (never inside brackets)
)

var kindNames = [...]string{"", "Name", "Number", "String", "Op", "Comment", "Newline"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// String literal flags.
const (
	FlagBytes        uint8 = 1 << iota // b'' prefix
	FlagRaw                            // r'' prefix
	FlagFormat                         // f'' prefix
	FlagTriple                         // ''' or """
	FlagInterp                         // f-string with at least one replacement field
	FlagUnterminated                   // ran to end of line (or file, for triple quotes)
)

// Token is one token. Start and End are byte offsets into the source.
type Token struct {
	Start, End int
	Kind       Kind
	Flags      uint8  // String flags
	Depth      uint16 // bracket depth before the token
	str        int32  // index+1 into the decoded string values, 0 when none
}

// Tokens is the tokenizer's output.
type Tokens struct {
	Src  string
	Toks []Token // every token but comments
	// Comments are the comment tokens, in order.
	Comments []Token
	values   []string
	// Match maps the index of an opening or closing bracket token to the
	// index of its partner; -1 when unbalanced. Other tokens hold -1.
	Match []int32
	// Indent is, for each token that starts a logical line, its column
	// (tabs count to the next multiple of 8); -1 for other tokens.
	Indent []int32
}

// Text returns the source text of token i.
// For names written with compatibility characters (fullwidth or
// mathematical letters), it is the name Python sees: ｅｘｅｃ is exec.
func (t *Tokens) Text(i int) string {
	tk := &t.Toks[i]
	if tk.Kind == Name && tk.str != 0 {
		return t.values[tk.str-1]
	}
	return t.Src[tk.Start:tk.End]
}

// Disguised reports whether name token i is written with compatibility
// characters that Python normalises to a different, ASCII name.
func (t *Tokens) Disguised(i int) bool { return t.Toks[i].Kind == Name && t.Toks[i].str != 0 }

// Value returns the decoded value of a String token (for f-strings, the
// literal parts only) and false for other tokens.
func (t *Tokens) Value(i int) (string, bool) {
	tk := &t.Toks[i]
	if tk.Kind != String || tk.str == 0 {
		return "", false
	}
	return t.values[tk.str-1], true
}

// Is reports whether token i is an operator or name with text s.
func (t *Tokens) Is(i int, s string) bool {
	if i < 0 || i >= len(t.Toks) {
		return false
	}
	tk := &t.Toks[i]
	if tk.Kind == Name && tk.str != 0 {
		return t.values[tk.str-1] == s
	}
	return (tk.Kind == Op || tk.Kind == Name) && tk.End-tk.Start == len(s) && t.Src[tk.Start:tk.End] == s
}

// maxFNest bounds f-strings nested in replacement fields, which are
// rescanned once per level.
const maxFNest = 16

type tokenizer struct {
	fields *[][2]int // replacement fields of the f-string being scanned
	fnest  int
	src    string
	out    *Tokens
	depth  int
	stack  []int32 // open bracket token indices
	lineSt bool    // next significant token starts a logical line
	indent int32
}

// Tokenize splits src into tokens. It fails only on input beyond the limits
// (size, bracket depth); malformed code, including an unterminated string at
// the end of the file, is tokenised as well as it can be.
func Tokenize(src []byte) (*Tokens, error) {
	if len(src) > MaxSize {
		return nil, &Error{Offset: MaxSize, Err: ErrTooLarge}
	}
	s := string(src)
	z := &tokenizer{src: s, out: &Tokens{Src: s, Toks: make([]Token, 0, len(s)/3+16), Match: make([]int32, 0, len(s)/3+16), Indent: make([]int32, 0, len(s)/3+16)}, lineSt: true}
	if err := z.run(); err != nil {
		return nil, err
	}
	return z.out, nil
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
func isIdentPart(c byte) bool { return isIdentStart(c) || c >= '0' && c <= '9' }

func (z *tokenizer) emit(k Kind, start, end int, flags uint8, val string, hasVal bool) {
	tk := Token{Start: start, End: end, Kind: k, Flags: flags, Depth: uint16(z.depth)}
	if k == Comment {
		z.out.Comments = append(z.out.Comments, tk)
		return
	}
	if hasVal {
		z.out.values = append(z.out.values, val)
		tk.str = int32(len(z.out.values))
	}
	z.out.Toks = append(z.out.Toks, tk)
	z.out.Match = append(z.out.Match, -1)
	ind := int32(-1)
	if z.lineSt && k != Comment && k != Newline {
		ind = z.indent
		z.lineSt = false
	}
	z.out.Indent = append(z.out.Indent, ind)
}

func (z *tokenizer) run() error {
	i := 0
	if strings.HasPrefix(z.src, "\ufeff") {
		i = 3
	}
	if err := z.scan(i, len(z.src), true); err != nil {
		return err
	}
	if !z.lineSt {
		z.emit(Newline, len(z.src), len(z.src), 0, "", false)
		z.lineSt = true
	}
	return nil
}

// scan tokenises s[i:end]. f-string replacement fields are scanned with it
// too, so that the names they use are tokens like any other.
func (z *tokenizer) scan(i, end int, lineStart bool) error {
	s := z.src[:end]
	for i < len(s) {
		c := s[i]
		if lineStart {
			// measure indentation of a physical line
			col := int32(0)
			j := i
			for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\f') {
				if s[j] == '\t' {
					col = (col/8 + 1) * 8
				} else {
					col++
				}
				j++
			}
			if z.depth == 0 && z.lineSt {
				z.indent = col
			}
			lineStart = false
			i = j
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\f':
			i++
		case c == '\r' || c == '\n':
			n := 1
			if c == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				n = 2
			}
			if z.depth == 0 && !z.lineSt {
				z.emit(Newline, i, i+n, 0, "", false)
				z.lineSt = true
			}
			i += n
			lineStart = true
		case c == '\\' && i+1 < len(s) && (s[i+1] == '\n' || s[i+1] == '\r'):
			i++
			if s[i] == '\r' && i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
			i++ // continuation: the next physical line is not a new logical line
		case c == '#':
			j := i
			for j < len(s) && s[j] != '\n' && s[j] != '\r' {
				j++
			}
			z.emit(Comment, i, j, 0, "", false)
			i = j
		case isIdentStart(c):
			j := i + 1
			for j < len(s) && isIdentPart(s[j]) {
				j++
			}
			if j < len(s) && (s[j] == '\'' || s[j] == '"') && j-i <= 3 {
				if fl, ok := stringPrefix(s[i:j]); ok {
					end, err := z.str(j, fl, i)
					if err != nil {
						return err
					}
					i = end
					continue
				}
			}
			if n, changed := normIdent(s[i:j]); changed {
				z.emit(Name, i, j, 0, n, true) // Python reads identifiers NFKC-normalised
			} else {
				z.emit(Name, i, j, 0, "", false)
			}
			i = j
		case c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9':
			j := i + 1
			for j < len(s) {
				d := s[j]
				if isIdentPart(d) || d == '.' {
					j++
				} else if (d == '+' || d == '-') && (s[j-1] == 'e' || s[j-1] == 'E') && !strings.HasPrefix(strings.ToLower(s[i:j]), "0x") {
					j++
				} else {
					break
				}
			}
			z.emit(Number, i, j, 0, "", false)
			i = j
		case c == '\'' || c == '"':
			end, err := z.str(i, 0, i)
			if err != nil {
				return err
			}
			i = end
		default:
			n := opLen(s[i:])
			switch c {
			case '(', '[', '{':
				if z.depth >= MaxDepth {
					return &Error{Offset: i, Err: ErrTooDeep}
				}
				z.emit(Op, i, i+1, 0, "", false)
				z.stack = append(z.stack, int32(len(z.out.Toks)-1))
				z.depth++
			case ')', ']', '}':
				if z.depth > 0 {
					z.depth--
				}
				z.emit(Op, i, i+1, 0, "", false)
				z.out.Toks[len(z.out.Toks)-1].Depth = uint16(z.depth)
				if len(z.stack) > 0 {
					o := z.stack[len(z.stack)-1]
					z.stack = z.stack[:len(z.stack)-1]
					cl := int32(len(z.out.Toks) - 1)
					z.out.Match[o], z.out.Match[cl] = cl, o
				}
			default:
				if c >= 0x80 {
					_, n = utf8.DecodeRuneInString(s[i:])
				}
				z.emit(Op, i, i+n, 0, "", false)
			}
			i += n
		}
	}
	return nil
}

func opLen(s string) int {
	if len(s) >= 3 {
		switch s[:3] {
		case "**=", "//=", ">>=", "<<=", "...":
			return 3
		}
	}
	if len(s) >= 2 {
		switch s[:2] {
		case "**", "//", ">>", "<<", "<=", ">=", "==", "!=", "->", ":=", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=":
			return 2
		}
	}
	return 1
}

func stringPrefix(p string) (uint8, bool) {
	var fl uint8
	for i := 0; i < len(p); i++ {
		switch p[i] | 0x20 {
		case 'b':
			if fl&(FlagBytes|FlagFormat) != 0 {
				return 0, false
			}
			fl |= FlagBytes
		case 'r':
			if fl&FlagRaw != 0 {
				return 0, false
			}
			fl |= FlagRaw
		case 'u':
			if len(p) != 1 {
				return 0, false
			}
		case 'f', 't':
			if fl&(FlagBytes|FlagFormat) != 0 {
				return 0, false
			}
			fl |= FlagFormat
		default:
			return 0, false
		}
	}
	return fl, true
}

// str scans a string literal whose quote is at q; tokStart is where the
// token (prefix included) starts. It returns the offset after the literal.
func (z *tokenizer) str(q int, fl uint8, tokStart int) (int, error) {
	var fields [][2]int
	if fl&FlagFormat != 0 {
		z.fields = &fields
	}
	end, fl, val, err := z.scanString(q, fl)
	z.fields = nil
	if err != nil {
		return 0, err
	}
	z.emit(String, tokStart, end, fl, val, true)
	if len(fields) == 0 {
		return end, nil
	}
	z.fnest++
	if z.fnest > maxFNest {
		return 0, &Error{Offset: q, Err: ErrTooDeep}
	}
	depth, stack := z.depth, len(z.stack)
	for _, f := range fields {
		z.depth = depth + 1
		if err := z.scan(f[0], f[1], false); err != nil {
			return 0, err
		}
		z.stack = z.stack[:stack]
	}
	z.depth = depth
	z.fnest--
	return end, nil
}

// scanString scans the literal at q and returns its end, final flags and
// decoded value. Replacement fields of f-strings are skipped with their
// nested strings and brackets; their depth counts against MaxDepth.
func (z *tokenizer) scanString(q int, fl uint8) (int, uint8, string, error) {
	s := z.src
	quote := s[q]
	triple := q+2 < len(s) && s[q+1] == quote && s[q+2] == quote
	i := q + 1
	if triple {
		fl |= FlagTriple
		i = q + 3
	}
	bodyStart := i
	var sb strings.Builder
	plain := true // value is s[bodyStart:i] so far
	flush := func(upto int) {
		if plain {
			sb.WriteString(s[bodyStart:upto])
			plain = false
		}
	}
	for {
		if i >= len(s) {
			fl |= FlagUnterminated
			break
		}
		c := s[i]
		if c == quote {
			if !triple {
				break
			}
			if i+2 < len(s) && s[i+1] == quote && s[i+2] == quote {
				break
			}
			if !plain {
				sb.WriteByte(c)
			}
			i++
			continue
		}
		if (c == '\n' || c == '\r') && !triple {
			fl |= FlagUnterminated
			break
		}
		if c == '\\' && i+1 < len(s) {
			flush(i)
			if fl&FlagRaw != 0 {
				sb.WriteString(s[i : i+2])
				i += 2
				continue
			}
			n := decodeEscape(s[i:], fl&FlagBytes != 0, &sb)
			i += n
			continue
		}
		if fl&FlagFormat != 0 && (c == '{' || c == '}') {
			if i+1 < len(s) && s[i+1] == c {
				flush(i)
				sb.WriteByte(c)
				i += 2
				continue
			}
			if c == '{' {
				flush(i)
				fl |= FlagInterp
				fields := z.fields
				z.fields = nil
				j, err := z.skipField(i+1, quote, triple)
				z.fields = fields
				if err != nil {
					return 0, 0, "", err
				}
				if fields != nil {
					*fields = append(*fields, [2]int{i + 1, max(i+1, j-1)})
				}
				i = j
				continue
			}
		}
		if !plain {
			sb.WriteByte(c)
		}
		i++
	}
	var val string
	if plain {
		val = s[bodyStart:min(i, len(s))]
	} else {
		val = sb.String()
	}
	if fl&FlagUnterminated == 0 {
		if triple {
			i += 3
		} else {
			i++
		}
	}
	return i, fl, val, nil
}

// skipField skips an f-string replacement field starting after its '{' and
// returns the offset after the closing '}' (or where the enclosing literal
// ends, for malformed input).
func (z *tokenizer) skipField(i int, quote byte, triple bool) (int, error) {
	s := z.src
	depth := 1
	if z.depth+depth > MaxDepth {
		return 0, &Error{Offset: i, Err: ErrTooDeep}
	}
	for i < len(s) {
		c := s[i]
		switch {
		case c == '{' || c == '(' || c == '[':
			depth++
			if z.depth+depth > MaxDepth {
				return 0, &Error{Offset: i, Err: ErrTooDeep}
			}
			i++
		case c == '}' || c == ')' || c == ']':
			depth--
			i++
			if depth == 0 {
				return i, nil
			}
		case c == '\'' || c == '"':
			if c == quote && !triple {
				// Before Python 3.12 the same quote ends the literal; treat a
				// quote that closes the literal as the end of the field.
				if depth == 1 {
					return i, nil
				}
			}
			if c == quote && triple && i+2 < len(s) && s[i+1] == c && s[i+2] == c {
				return i, nil
			}
			var fl uint8
			if i > 0 && isIdentPart(s[i-1]) {
				k := i
				for k > 0 && isIdentPart(s[k-1]) {
					k--
				}
				if f, ok := stringPrefix(s[k:i]); ok {
					fl = f
				}
			}
			z.depth += depth
			end, _, _, err := z.scanString(i, fl)
			z.depth -= depth
			if err != nil {
				return 0, err
			}
			i = end
		case (c == '\n' || c == '\r') && !triple:
			return i, nil
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		default:
			i++
		}
	}
	return i, nil
}

// decodeEscape decodes the escape sequence at s[0]=='\\' into sb and
// returns its length.
func decodeEscape(s string, bytesLit bool, sb *strings.Builder) int {
	c := s[1]
	switch c {
	case '\n':
		return 2
	case '\r':
		if len(s) > 2 && s[2] == '\n' {
			return 3
		}
		return 2
	case '\\', '\'', '"':
		sb.WriteByte(c)
		return 2
	case 'a':
		sb.WriteByte('\a')
		return 2
	case 'b':
		sb.WriteByte('\b')
		return 2
	case 'f':
		sb.WriteByte('\f')
		return 2
	case 'n':
		sb.WriteByte('\n')
		return 2
	case 'r':
		sb.WriteByte('\r')
		return 2
	case 't':
		sb.WriteByte('\t')
		return 2
	case 'v':
		sb.WriteByte('\v')
		return 2
	case 'x':
		if v, ok := hexVal(s, 2, 2); ok {
			writeCode(sb, v, bytesLit)
			return 4
		}
	case 'u', 'U':
		if !bytesLit {
			n := 4
			if c == 'U' {
				n = 8
			}
			if v, ok := hexVal(s, 2, n); ok {
				sb.WriteRune(rune(v))
				return 2 + n
			}
		}
	case 'N':
		if !bytesLit && len(s) > 2 && s[2] == '{' {
			if j := strings.IndexByte(s, '}'); j > 0 && j < 100 {
				sb.WriteString(s[:j+1]) // named characters are kept verbatim
				return j + 1
			}
		}
	}
	if c >= '0' && c <= '7' {
		v, n := 0, 1
		for n <= 3 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
			v = v*8 + int(s[n]-'0')
			n++
		}
		writeCode(sb, v, bytesLit)
		return n
	}
	sb.WriteByte('\\')
	return 1
}

func writeCode(sb *strings.Builder, v int, bytesLit bool) {
	if bytesLit || v < 0x80 {
		sb.WriteByte(byte(v))
		return
	}
	sb.WriteRune(rune(v))
}

func hexVal(s string, from, n int) (int, bool) {
	if len(s) < from+n {
		return 0, false
	}
	v, err := strconv.ParseUint(s[from:from+n], 16, 32)
	return int(v), err == nil
}

// normIdent applies the part of NFKC that matters for hiding names:
// fullwidth ASCII (U+FF01–FF5E) and mathematical alphanumerics
// (U+1D400–1D7FF) become the ASCII letters and digits Python reads them
// as. changed is false for names without such characters.
func normIdent(s string) (string, bool) {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			ascii = false
			break
		}
	}
	if ascii {
		return s, false
	}
	var b strings.Builder
	changed := false
	for _, r := range s {
		switch {
		case r >= 0xFF01 && r <= 0xFF5E:
			r -= 0xFEE0
			changed = true
		case r >= 0x1D400 && r < 0x1D6A4:
			k := (r - 0x1D400) % 52
			if k < 26 {
				r = 'A' + k
			} else {
				r = 'a' + k - 26
			}
			changed = true
		case r >= 0x1D7CE && r <= 0x1D7FF:
			r = '0' + (r-0x1D7CE)%10
			changed = true
		case r == 0x210E:
			r = 'h'
			changed = true
		}
		b.WriteRune(r)
	}
	return b.String(), changed
}
