package js

import (
	"encoding/base64"
	"encoding/hex"
	"math"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/token"
)

// maxStr caps constant strings the evaluator builds.
const maxStr = 1 << 20

// Str evaluates e to a constant string: literals, concatenation, template
// literals with constant parts, [..].join(), .split(”).reverse().join(”),
// String.fromCharCode, atob, Buffer.from(x, 'base64'|'hex').toString(),
// decodeURIComponent/unescape, simple string methods, and names bound once
// to such values.
func (in *Info) Str(e ast.Expression) (string, bool) { return in.str(e, 0) }

// Decoded reports whether evaluating e passed through a decoder (base64,
// hex, char codes, reversal, URI unescaping): the value was hidden.
func (in *Info) Decoded(e ast.Expression) bool {
	found := false
	in.visitConst(e, 0, func(n ast.Expression) {
		if c, ok := n.(*ast.CallExpression); ok && in.isDecoder(c) {
			found = true
		}
	})
	return found
}

// Hidden reports whether e's constant value is not written as one plain
// literal: it is assembled (concatenation, join, escapes) or decoded.
func (in *Info) Hidden(e ast.Expression) bool {
	switch x := e.(type) {
	case *ast.StringLiteral:
		return strings.Contains(x.Literal, `\x`) || strings.Contains(x.Literal, `\u`)
	case *ast.Identifier:
		if def := in.SingleDef(x); def != nil && def.Init != nil && len(def.Path) == 0 {
			return in.Hidden(def.Init)
		}
		return false
	case *ast.TemplateLiteral:
		return len(x.Expressions) > 0
	}
	return true
}

func (in *Info) isDecoder(c *ast.CallExpression) bool {
	callee := in.resolve(c.Callee, 0)
	switch callee {
	case "atob", "String.fromCharCode", "String.fromCodePoint", "unescape", "decodeURIComponent", "decodeURI":
		return true
	}
	if dot, ok := c.Callee.(*ast.DotExpression); ok {
		switch dot.Identifier.Name.String() {
		case "reverse", "fromCharCode":
			return true
		case "toString":
			if inner, ok := dot.Left.(*ast.CallExpression); ok && in.resolve(inner.Callee, 0) == "Buffer.from" && len(inner.ArgumentList) > 1 {
				return true
			}
		}
	}
	return false
}

// visitConst calls fn on every expression that contributes to e's value.
func (in *Info) visitConst(e ast.Expression, d int, fn func(ast.Expression)) {
	if e == nil || d > maxDepth {
		return
	}
	fn(e)
	switch x := e.(type) {
	case *ast.Identifier:
		if def := in.SingleDef(x); def != nil && def.Init != nil && len(def.Path) == 0 {
			in.visitConst(def.Init, d+1, fn)
		}
	case *ast.BinaryExpression:
		in.visitConst(x.Left, d+1, fn)
		in.visitConst(x.Right, d+1, fn)
	case *ast.TemplateLiteral:
		for _, s := range x.Expressions {
			in.visitConst(s, d+1, fn)
		}
	case *ast.CallExpression:
		in.visitConst(x.Callee, d+1, fn)
		for _, a := range x.ArgumentList {
			in.visitConst(a, d+1, fn)
		}
	case *ast.DotExpression:
		in.visitConst(x.Left, d+1, fn)
	case *ast.ArrayLiteral:
		for _, v := range x.Value {
			in.visitConst(v, d+1, fn)
		}
	case *ast.SpreadElement:
		in.visitConst(x.Expression, d+1, fn)
	}
}

func (in *Info) str(e ast.Expression, d int) (string, bool) {
	if e == nil || d > maxDepth {
		return "", false
	}
	// memoised per node: shared sub-expressions are evaluated once, and a
	// cycle reads as not constant
	in.mu.Lock()
	if in.strMemo == nil {
		in.strMemo = map[ast.Expression]strMemo{}
	}
	m, ok := in.strMemo[e]
	if !ok {
		in.strMemo[e] = strMemo{pending: true}
	}
	in.mu.Unlock()
	if ok {
		return m.s, m.ok && !m.pending
	}
	s, okv := in.strUncached(e, d)
	in.mu.Lock()
	in.strMemo[e] = strMemo{s: s, ok: okv}
	in.mu.Unlock()
	return s, okv
}

func (in *Info) strUncached(e ast.Expression, d int) (string, bool) {
	d++
	switch x := e.(type) {
	case *ast.StringLiteral:
		return x.Value.String(), true
	case *ast.NumberLiteral:
		if f, ok := in.num(x, d); ok {
			return numStr(f), true
		}
	case *ast.TemplateLiteral:
		if x.Tag != nil {
			if in.resolve(x.Tag, d) == "String.raw" {
				var b strings.Builder
				for i, el := range x.Elements {
					b.WriteString(el.Literal)
					if i < len(x.Expressions) {
						s, ok := in.str(x.Expressions[i], d)
						if !ok {
							return "", false
						}
						b.WriteString(s)
					}
				}
				return b.String(), true
			}
			return "", false
		}
		var b strings.Builder
		for i, el := range x.Elements {
			b.WriteString(el.Parsed.String())
			if i < len(x.Expressions) {
				s, ok := in.str(x.Expressions[i], d)
				if !ok {
					return "", false
				}
				b.WriteString(s)
			}
			if b.Len() > maxStr {
				return "", false
			}
		}
		return b.String(), true
	case *ast.BinaryExpression:
		if x.Operator != token.PLUS {
			if f, ok := in.num(x, d); ok {
				return numStr(f), true
			}
			return "", false
		}
		l, ok := in.str(x.Left, d)
		if !ok {
			return "", false
		}
		r, ok := in.str(x.Right, d)
		if !ok || len(l)+len(r) > maxStr {
			return "", false
		}
		return l + r, true
	case *ast.Identifier:
		def := in.SingleDef(x)
		if def == nil || def.Param || def.Init == nil {
			return "", false
		}
		if len(def.Path) > 0 {
			return in.objPath(def.Init, def.Path, d)
		}
		return in.str(def.Init, d)
	case *ast.SequenceExpression:
		if len(x.Sequence) > 0 {
			return in.str(x.Sequence[len(x.Sequence)-1], d)
		}
	case *ast.BracketExpression:
		// {a:'x'}['a'], ['a','b'][1]
		k, ok := in.str(x.Member, d)
		if !ok {
			return "", false
		}
		return in.objPath(x.Left, []string{k}, d)
	case *ast.DotExpression:
		return in.objPath(x.Left, []string{x.Identifier.Name.String()}, d)
	case *ast.CallExpression:
		return in.strCall(x, d)
	}
	return "", false
}

// objPath evaluates a property path into an object or array literal.
func (in *Info) objPath(e ast.Expression, path []string, d int) (string, bool) {
	if d > maxDepth {
		return "", false
	}
	if id, ok := e.(*ast.Identifier); ok {
		def := in.SingleDef(id)
		if def == nil || def.Init == nil || def.Param || len(def.Path) > 0 {
			return "", false
		}
		e = def.Init
	}
	if len(path) == 0 {
		return in.str(e, d+1)
	}
	switch x := e.(type) {
	case *ast.ObjectLiteral:
		for _, p := range x.Value {
			if kv, ok := p.(*ast.PropertyKeyed); ok {
				k := ""
				if id, ok := kv.Key.(*ast.Identifier); ok && !kv.Computed {
					k = id.Name.String()
				} else if s, ok := in.str(kv.Key, d+1); ok {
					k = s
				}
				if k == path[0] {
					return in.objPath(kv.Value, path[1:], d+1)
				}
			}
		}
	case *ast.ArrayLiteral:
		if path[0] == "length" {
			return strconv.Itoa(len(x.Value)), true
		}
		i, err := strconv.Atoi(path[0])
		if err == nil && i >= 0 && i < len(x.Value) {
			return in.objPath(x.Value[i], path[1:], d+1)
		}
	case *ast.StringLiteral, *ast.TemplateLiteral, *ast.BinaryExpression, *ast.CallExpression:
		if path[0] == "length" && len(path) == 1 {
			if s, ok := in.str(e, d+1); ok {
				return strconv.Itoa(len(utf16.Encode([]rune(s)))), true
			}
		}
	}
	return "", false
}

// Strs evaluates e to a constant array of strings.
func (in *Info) Strs(e ast.Expression) ([]string, bool) { return in.arr(e, 0) }

func (in *Info) arr(e ast.Expression, d int) ([]string, bool) {
	if e == nil || d > maxDepth {
		return nil, false
	}
	d++
	switch x := e.(type) {
	case *ast.ArrayLiteral:
		out := make([]string, 0, len(x.Value))
		for _, v := range x.Value {
			if sp, ok := v.(*ast.SpreadElement); ok {
				a, ok := in.arr(sp.Expression, d)
				if !ok {
					return nil, false
				}
				out = append(out, a...)
				continue
			}
			s, ok := in.str(v, d)
			if !ok {
				return nil, false
			}
			out = append(out, s)
		}
		return out, true
	case *ast.Identifier:
		def := in.SingleDef(x)
		if def == nil || def.Param || def.Init == nil || len(def.Path) > 0 {
			return nil, false
		}
		return in.arr(def.Init, d)
	case *ast.CallExpression:
		dot, ok := x.Callee.(*ast.DotExpression)
		if !ok {
			return nil, false
		}
		m := dot.Identifier.Name.String()
		switch m {
		case "split":
			s, ok := in.str(dot.Left, d)
			if !ok {
				return nil, false
			}
			sep := ""
			if len(x.ArgumentList) > 0 {
				if sep, ok = in.str(x.ArgumentList[0], d); !ok {
					return nil, false
				}
			}
			if sep == "" {
				var out []string
				for _, u := range utf16.Encode([]rune(s)) {
					out = append(out, string(utf16.Decode([]uint16{u})))
				}
				return out, true
			}
			return strings.Split(s, sep), true
		case "reverse":
			a, ok := in.arr(dot.Left, d)
			if !ok {
				return nil, false
			}
			r := make([]string, len(a))
			for i, v := range a {
				r[len(a)-1-i] = v
			}
			return r, true
		case "concat":
			a, ok := in.arr(dot.Left, d)
			if !ok {
				return nil, false
			}
			for _, arg := range x.ArgumentList {
				b, ok := in.arr(arg, d)
				if !ok {
					return nil, false
				}
				a = append(a, b...)
			}
			return a, true
		case "map":
			// arr.map(c => String.fromCharCode(c)) and arr.map(String.fromCharCode)
			a, ok := in.nums(dot.Left, d)
			if !ok || len(x.ArgumentList) != 1 {
				return nil, false
			}
			if !in.isCharCodeFn(x.ArgumentList[0], d) {
				return nil, false
			}
			out := make([]string, len(a))
			for i, v := range a {
				out[i] = fromCharCode([]float64{v})
			}
			return out, true
		}
	}
	return nil, false
}

func (in *Info) isCharCodeFn(f ast.Expression, d int) bool {
	switch r := in.resolve(f, d); r {
	case "String.fromCharCode", "String.fromCodePoint":
		return true
	}
	if af, ok := f.(*ast.ArrowFunctionLiteral); ok {
		if eb, ok := af.Body.(*ast.ExpressionBody); ok {
			if c, ok := eb.Expression.(*ast.CallExpression); ok {
				switch in.resolve(c.Callee, d) {
				case "String.fromCharCode", "String.fromCodePoint":
					return true
				}
			}
		}
	}
	return false
}

func (in *Info) nums(e ast.Expression, d int) ([]float64, bool) {
	if e == nil || d > maxDepth {
		return nil, false
	}
	d++
	switch x := e.(type) {
	case *ast.ArrayLiteral:
		out := make([]float64, 0, len(x.Value))
		for _, v := range x.Value {
			if sp, ok := v.(*ast.SpreadElement); ok {
				a, ok := in.nums(sp.Expression, d)
				if !ok {
					return nil, false
				}
				out = append(out, a...)
				continue
			}
			f, ok := in.num(v, d)
			if !ok {
				return nil, false
			}
			out = append(out, f)
		}
		return out, true
	case *ast.Identifier:
		def := in.SingleDef(x)
		if def == nil || def.Param || def.Init == nil || len(def.Path) > 0 {
			return nil, false
		}
		return in.nums(def.Init, d)
	case *ast.CallExpression:
		// [..].map(c => c ^ k) is beyond this evaluator; reverse() is not.
		if dot, ok := x.Callee.(*ast.DotExpression); ok && dot.Identifier.Name.String() == "reverse" {
			a, ok := in.nums(dot.Left, d)
			if !ok {
				return nil, false
			}
			r := make([]float64, len(a))
			for i, v := range a {
				r[len(a)-1-i] = v
			}
			return r, true
		}
	}
	return nil, false
}

func (in *Info) num(e ast.Expression, d int) (float64, bool) {
	if e == nil || d > maxDepth {
		return 0, false
	}
	d++
	switch x := e.(type) {
	case *ast.NumberLiteral:
		switch v := x.Value.(type) {
		case int64:
			return float64(v), true
		case float64:
			return v, true
		}
	case *ast.UnaryExpression:
		f, ok := in.num(x.Operand, d)
		if !ok {
			return 0, false
		}
		switch x.Operator {
		case token.MINUS:
			return -f, true
		case token.PLUS:
			return f, true
		case token.BITWISE_NOT:
			return float64(^int32(f)), true
		}
	case *ast.BinaryExpression:
		a, ok := in.num(x.Left, d)
		if !ok {
			return 0, false
		}
		b, ok := in.num(x.Right, d)
		if !ok {
			return 0, false
		}
		switch x.Operator {
		case token.PLUS:
			return a + b, true
		case token.MINUS:
			return a - b, true
		case token.MULTIPLY:
			return a * b, true
		case token.SLASH:
			if b != 0 {
				return a / b, true
			}
		case token.REMAINDER:
			if b != 0 {
				return math.Mod(a, b), true
			}
		case token.EXCLUSIVE_OR:
			return float64(int32(a) ^ int32(b)), true
		case token.AND:
			return float64(int32(a) & int32(b)), true
		case token.OR:
			return float64(int32(a) | int32(b)), true
		case token.SHIFT_LEFT:
			return float64(int32(a) << (uint32(b) & 31)), true
		case token.SHIFT_RIGHT:
			return float64(int32(a) >> (uint32(b) & 31)), true
		}
	case *ast.Identifier:
		def := in.SingleDef(x)
		if def == nil || def.Param || def.Init == nil || len(def.Path) > 0 {
			return 0, false
		}
		return in.num(def.Init, d)
	case *ast.CallExpression:
		if in.resolve(x.Callee, d) == "parseInt" || isIdent(x.Callee, "parseInt") {
			if len(x.ArgumentList) > 0 {
				s, ok := in.str(x.ArgumentList[0], d)
				if !ok {
					return 0, false
				}
				base := 10.0
				if len(x.ArgumentList) > 1 {
					if base, ok = in.num(x.ArgumentList[1], d); !ok {
						return 0, false
					}
				}
				v, err := strconv.ParseInt(strings.TrimSpace(s), int(base), 64)
				if err == nil {
					return float64(v), true
				}
			}
		}
	}
	return 0, false
}

func isIdent(e ast.Expression, name string) bool {
	id, ok := e.(*ast.Identifier)
	return ok && id.Name.String() == name
}

func numStr(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatInt(int64(f), 10)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}

func fromCharCode(cs []float64) string {
	u := make([]uint16, len(cs))
	for i, c := range cs {
		u[i] = uint16(int64(c))
	}
	return string(utf16.Decode(u))
}

func (in *Info) charArgs(args []ast.Expression, d int) ([]float64, bool) {
	var cs []float64
	for _, a := range args {
		if sp, ok := a.(*ast.SpreadElement); ok {
			n, ok := in.nums(sp.Expression, d)
			if !ok {
				return nil, false
			}
			cs = append(cs, n...)
			continue
		}
		f, ok := in.num(a, d)
		if !ok {
			return nil, false
		}
		cs = append(cs, f)
	}
	return cs, true
}

func (in *Info) strCall(x *ast.CallExpression, d int) (string, bool) {
	callee := in.resolve(x.Callee, d)
	args := x.ArgumentList
	arg := func(i int) (string, bool) {
		if i >= len(args) {
			return "", false
		}
		return in.str(args[i], d)
	}
	switch callee {
	case "String.fromCharCode", "String.fromCodePoint":
		cs, ok := in.charArgs(args, d)
		if !ok {
			return "", false
		}
		if callee == "String.fromCodePoint" {
			rs := make([]rune, len(cs))
			for i, c := range cs {
				rs[i] = rune(int64(c))
			}
			return string(rs), true
		}
		return fromCharCode(cs), true
	case "String.fromCharCode.apply", "String.fromCharCode.call":
		if callee == "String.fromCharCode.apply" && len(args) == 2 {
			cs, ok := in.nums(args[1], d)
			if ok {
				return fromCharCode(cs), true
			}
			return "", false
		}
		cs, ok := in.charArgs(args[min(1, len(args)):], d)
		if ok {
			return fromCharCode(cs), true
		}
		return "", false
	case "atob":
		s, ok := arg(0)
		if !ok {
			return "", false
		}
		return decodeB64(s)
	case "unescape", "decodeURIComponent", "decodeURI":
		s, ok := arg(0)
		if !ok {
			return "", false
		}
		if callee == "unescape" {
			s = unescapeU(s)
		}
		v, err := url.PathUnescape(s)
		if err != nil {
			return s, true
		}
		return v, true
	case "String":
		return arg(0)
	}
	dot, ok := x.Callee.(*ast.DotExpression)
	if !ok {
		return "", false
	}
	m := dot.Identifier.Name.String()
	switch m {
	case "join":
		a, ok := in.arr(dot.Left, d)
		if !ok {
			return "", false
		}
		sep := ","
		if len(args) > 0 {
			if sep, ok = in.str(args[0], d); !ok {
				return "", false
			}
		}
		return strings.Join(a, sep), true
	case "toString":
		if inner, ok := dot.Left.(*ast.CallExpression); ok && in.resolve(inner.Callee, d) == "Buffer.from" {
			return in.bufferString(inner, args, d)
		}
		return in.str(dot.Left, d)
	case "trim", "toLowerCase", "toUpperCase", "valueOf", "normalize":
		s, ok := in.str(dot.Left, d)
		if !ok {
			return "", false
		}
		switch m {
		case "trim":
			return strings.TrimSpace(s), true
		case "toLowerCase":
			return strings.ToLower(s), true
		case "toUpperCase":
			return strings.ToUpper(s), true
		}
		return s, true
	case "concat":
		s, ok := in.str(dot.Left, d)
		if !ok {
			return "", false
		}
		for i := range args {
			t, ok := arg(i)
			if !ok {
				return "", false
			}
			s += t
		}
		return s, true
	case "replace", "replaceAll":
		s, ok := in.str(dot.Left, d)
		if !ok || len(args) != 2 {
			return "", false
		}
		to, ok := arg(1)
		if !ok {
			return "", false
		}
		if re, ok := args[0].(*ast.RegExpLiteral); ok {
			rx, err := regexp.Compile(re.Pattern)
			if err != nil {
				return "", false
			}
			if strings.Contains(re.Flags, "g") {
				return rx.ReplaceAllLiteralString(s, to), true
			}
			if loc := rx.FindStringIndex(s); loc != nil {
				return s[:loc[0]] + to + s[loc[1]:], true
			}
			return s, true
		}
		from, ok := arg(0)
		if !ok {
			return "", false
		}
		if m == "replaceAll" {
			return strings.ReplaceAll(s, from, to), true
		}
		return strings.Replace(s, from, to, 1), true
	case "slice", "substring", "substr":
		s, ok := in.str(dot.Left, d)
		if !ok || len(args) == 0 {
			return "", false
		}
		u := utf16.Encode([]rune(s))
		a, ok := in.num(args[0], d)
		if !ok {
			return "", false
		}
		b := float64(len(u))
		if len(args) > 1 {
			if b, ok = in.num(args[1], d); !ok {
				return "", false
			}
		}
		if m == "substr" {
			b = a + b
		}
		if a < 0 && m != "substring" {
			a += float64(len(u))
		}
		if b < 0 && m == "slice" {
			b += float64(len(u))
		}
		lo, hi := clampI(a, len(u)), clampI(b, len(u))
		if lo > hi {
			if m == "substring" {
				lo, hi = hi, lo
			} else {
				return "", true
			}
		}
		return string(utf16.Decode(u[lo:hi])), true
	case "repeat":
		s, ok := in.str(dot.Left, d)
		n, ok2 := 0.0, false
		if len(args) > 0 {
			n, ok2 = in.num(args[0], d)
		}
		if !ok || !ok2 || n < 0 || float64(len(s))*n > maxStr {
			return "", false
		}
		return strings.Repeat(s, int(n)), true
	}
	return "", false
}

func clampI(f float64, n int) int {
	if f < 0 {
		return 0
	}
	if f > float64(n) {
		return n
	}
	return int(f)
}

func (in *Info) bufferString(from *ast.CallExpression, toArgs []ast.Expression, d int) (string, bool) {
	if len(from.ArgumentList) == 0 {
		return "", false
	}
	var raw []byte
	if cs, ok := in.nums(from.ArgumentList[0], d); ok {
		raw = make([]byte, len(cs))
		for i, c := range cs {
			raw[i] = byte(int64(c))
		}
	} else {
		s, ok := in.str(from.ArgumentList[0], d)
		if !ok {
			return "", false
		}
		enc := "utf8"
		if len(from.ArgumentList) > 1 {
			if enc, ok = in.str(from.ArgumentList[1], d); !ok {
				return "", false
			}
		}
		switch strings.ToLower(enc) {
		case "base64", "base64url":
			v, ok := decodeB64(s)
			if !ok {
				return "", false
			}
			raw = []byte(v)
		case "hex":
			b, err := hex.DecodeString(s)
			if err != nil {
				return "", false
			}
			raw = b
		default:
			raw = []byte(s)
		}
	}
	to := "utf8"
	if len(toArgs) > 0 {
		var ok bool
		if to, ok = in.str(toArgs[0], d); !ok {
			return "", false
		}
	}
	switch strings.ToLower(to) {
	case "hex":
		return hex.EncodeToString(raw), true
	case "base64":
		return base64.StdEncoding.EncodeToString(raw), true
	}
	return string(raw), true
}

func decodeB64(s string) (string, bool) {
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\n', '\r', '\t':
			return -1
		case '-':
			return '+'
		case '_':
			return '/'
		}
		return r
	}, s)
	s = strings.TrimRight(s, "=")
	b, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		return "", false
	}
	return string(b), true
}

func unescapeU(s string) string {
	if !strings.Contains(s, "%u") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if i+5 < len(s) && s[i] == '%' && s[i+1] == 'u' {
			if v, err := strconv.ParseUint(s[i+2:i+6], 16, 16); err == nil {
				b.WriteString(url.PathEscape(string(rune(v))))
				i += 5
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
