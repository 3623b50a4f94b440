package rules

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"github.com/skillvet/skillvet/facts/match"
	"strings"
	"unicode"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
)

// JSObfuscation reports obfuscated JavaScript, as distinct from minified
// code.
var JSObfuscation = register(&analyzer.Rule{
	ID:       "SV401",
	Name:     "js-obfuscation",
	Title:    "JavaScript is obfuscated (packer, _0x string arrays, encoded payloads)",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "CWE-506"},
	Inputs:   analyzer.InJS,
	Doc: `A JavaScript or TypeScript file carries the signatures of obfuscation tools rather
than of ordinary minification:

- **high**: the Dean Edwards packer (` + "`eval(function(p,a,c,k,e,d){…})`" + `); the obfuscator.io shape
  (many ` + "`_0x1a2b`" + ` identifiers with a rotated string array); an encoded literal (escape
  run, large base64, char-code array) that decodes to code or a shell command;
- **medium**: a long run of ` + "`\\x`/`\\u`" + ` escapes in a string, a large base64 literal fed to a
  decoder, or a long char-code array turned into a string, whose content is not
  recognisably code.

Minified code (long lines, one-letter names) is not a finding on its own: vendored
libraries are minified, not obfuscated. Obfuscation is reported because it exists to
hide what code does from exactly this kind of review.

**Fix:** ship readable source; vendor third-party libraries unmodified with their
license header.

Bad:

` + "```js" + `
var _0x3f2a=['\x65\x78\x65\x63','child_process'];(function(_0x1,_0x2){…}(_0x3f2a,0x1b3));
` + "```" + `

Good: the readable source, or a vendored ` + "`lib.min.js`" + ` that starts with its license banner.`,
	Run: runJSObfuscation,
})

var (
	jsHexIdentRx = match.MustRx(`^_0x[0-9a-f]{3,8}$`)
	jsEscRunRx   = match.MustRx(`(?:\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\}){24,}`)
	jsB64Rx      = match.MustRx(`^[A-Za-z0-9+/_-]{200,}={0,2}$`)
)

func runJSObfuscation(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	hexIdents := map[string]bool{}
	var firstHex ast.Node
	rotation := false
	reported := map[ast.Node]bool{}
	v.EachNode(func(n ast.Node) {
		switch x := n.(type) {
		case *ast.Identifier:
			if jsHexIdentRx.MatchString(x.Name.String()) {
				if firstHex == nil {
					firstHex = x
				}
				hexIdents[x.Name.String()] = true
			}
		case *ast.CallExpression:
			if jsIsPacker(v, x) {
				v.Report(x, High, "Dean Edwards packer: eval(function(p,a,c,k,e,d){…})")
				reported[x] = true
				return
			}
			// arr.push(arr.shift()): string-array rotation
			if dot, ok := x.Callee.(*ast.DotExpression); ok && len(x.ArgumentList) == 1 {
				name := dot.Identifier.Name.String()
				if name == "push" || v.MemberKey(x.Callee) == "push" {
					if inner, ok := x.ArgumentList[0].(*ast.CallExpression); ok && v.MemberKey(inner.Callee) == "shift" {
						rotation = true
					}
				}
			} else if b, ok := x.Callee.(*ast.BracketExpression); ok && len(x.ArgumentList) == 1 {
				if k, _ := v.Info.Str(b.Member); k == "push" {
					if inner, ok := x.ArgumentList[0].(*ast.CallExpression); ok && v.MemberKey(inner.Callee) == "shift" {
						rotation = true
					}
				}
			}
			if !jsCheckDecodedDanger(v, x, reported) {
				jsCheckEncodedCall(v, x, reported)
			}
		case *ast.StringLiteral:
			if jsEscRunRx.MatchString(jsLiteralSource(v, x)) {
				s := x.Value.String()
				sev, what := Medium, "long run of escape sequences in a string"
				if why := jsDecodedDanger(s); why != "" {
					sev, what = High, "escape-encoded string that "+why
				}
				v.Report(x, sev, what)
			}
		}
	})
	if len(hexIdents) >= 5 && firstHex != nil {
		msg := fmt.Sprintf("obfuscator-style _0x identifiers (%d distinct)", len(hexIdents))
		if rotation {
			msg += " with a rotated string array"
		}
		v.Report(firstHex, High, msg)
	}
	return nil
}

// jsLiteralSource returns string literal x as the file writes it. When
// esbuild lowered the file, x.Literal is esbuild's rewrite: non-ASCII text
// (Japanese prose in a message) becomes \u escapes and escapes of ASCII
// characters become plain text, so the escapes are judged in the original
// bytes.
func jsLiteralSource(v *jsfacts.View, x *ast.StringLiteral) string {
	if !v.Prog.Transformed {
		return x.Literal
	}
	src := v.Prog.Orig
	a, _, ok := v.Prog.Range(x)
	if !ok || a >= len(src) || src[a] != '\'' && src[a] != '"' {
		return x.Literal
	}
	// the map gives where the literal starts; it ends at its closing quote
	for i := a + 1; i < len(src) && src[i] != '\n'; i++ {
		switch src[i] {
		case '\\':
			i++
		case src[a]:
			return string(src[a : i+1])
		}
	}
	return x.Literal
}

// jsIsPacker matches eval(function(p,a,c,k,e,d){...}(...)).
func jsIsPacker(v *jsfacts.View, c *ast.CallExpression) bool {
	if v.Callee(c) != "eval" || len(c.ArgumentList) != 1 {
		return false
	}
	inner, ok := c.ArgumentList[0].(*ast.CallExpression)
	if !ok {
		return false
	}
	fn, ok := inner.Callee.(*ast.FunctionLiteral)
	if !ok || fn.ParameterList == nil || len(fn.ParameterList.List) < 5 {
		return false
	}
	var names []string
	for _, b := range fn.ParameterList.List {
		if id, ok := b.Target.(*ast.Identifier); ok {
			names = append(names, id.Name.String())
		}
	}
	return strings.HasPrefix(strings.Join(names, ","), "p,a,c,k,e")
}

// jsCheckDecodedDanger reports a decode whose constant result, however
// short, is code or a command: the finding points at the decode site.
func jsCheckDecodedDanger(v *jsfacts.View, c *ast.CallExpression, reported map[ast.Node]bool) bool {
	if reported[c] {
		return true
	}
	var decodeSite *ast.CallExpression
	switch {
	case v.IsDecodeCall(c) && v.Callee(c) != "Buffer.from":
		decodeSite = c
	default:
		dot, ok := c.Callee.(*ast.DotExpression)
		if !ok {
			return false
		}
		switch dot.Identifier.Name.String() {
		case "toString":
			if inner, ok := dot.Left.(*ast.CallExpression); ok && v.IsDecodeCall(inner) {
				decodeSite = c
				reported[inner] = true
			}
		case "join":
			if inner, ok := dot.Left.(*ast.CallExpression); ok && v.IsDecodeCall(inner) {
				decodeSite = c
			}
		}
	}
	if decodeSite == nil {
		return false
	}
	s, ok := v.Info.Str(decodeSite)
	if !ok {
		return false
	}
	why := jsDecodedDanger(s)
	if why == "" {
		return false
	}
	reported[decodeSite] = true
	v.Report(decodeSite, High, "decodes to a string that "+why)
	return true
}

// jsCheckEncodedCall reports large encoded literals fed to decoders.
func jsCheckEncodedCall(v *jsfacts.View, c *ast.CallExpression, reported map[ast.Node]bool) {
	if reported[c] {
		return
	}
	callee := v.Callee(c)
	var kind string
	switch callee {
	case "atob":
		kind = "base64"
	case "Buffer.from":
		if len(c.ArgumentList) > 1 {
			if enc, ok := v.Info.Str(c.ArgumentList[1]); ok && (enc == "base64" || enc == "hex" || enc == "base64url") {
				kind = enc
			}
		}
	case "String.fromCharCode", "String.fromCodePoint":
		n := len(c.ArgumentList)
		if n == 1 {
			if sp, ok := c.ArgumentList[0].(*ast.SpreadElement); ok {
				if a, ok := v.Info.Strs(sp.Expression); ok {
					n = len(a)
				} else if al, ok := sp.Expression.(*ast.ArrayLiteral); ok {
					n = len(al.Value)
				}
			}
		}
		if n >= 12 {
			s, _ := v.Info.Str(c)
			sev, what := Medium, fmt.Sprintf("string built from %d character codes", n)
			if why := jsDecodedDanger(s); why != "" {
				sev, what = High, fmt.Sprintf("character codes that decode to a string that %s", why)
			}
			v.Report(c, sev, what)
		}
		return
	default:
		return
	}
	if len(c.ArgumentList) == 0 {
		return
	}
	raw, ok := v.Info.Str(c.ArgumentList[0])
	if !ok {
		return
	}
	min := 200
	if kind == "hex" {
		min = 64
	}
	if len(raw) < min || kind != "hex" && !jsB64Rx.MatchString(strings.TrimSpace(raw)) {
		return
	}
	dec, ok := v.Info.Str(c)
	if !ok {
		// Buffer.from(x,'base64') without toString: decode here
		if kind != "hex" {
			dec, ok = jsDecodeB64Loose(raw)
		} else if b, err := hex.DecodeString(raw); err == nil {
			dec, ok = string(b), true
		}
	}
	sev, what := Medium, fmt.Sprintf("large %s literal (%d characters) fed to a decoder", kind, len(raw))
	if ok {
		if why := jsDecodedDanger(dec); why != "" {
			sev, what = High, fmt.Sprintf("%s literal that decodes to a string that %s", kind, why)
		}
	}
	v.Report(c, sev, what)
}

// jsDecodedDanger says what a decoded string is when it is code or a
// command.
func jsDecodedDanger(s string) string {
	if why, bad := jsfacts.ShellDanger(s); bad {
		return why
	}
	if why := jsfacts.PayloadDanger(s); why != "" {
		return why
	}
	if jsfacts.LooksLikeShell(s) {
		return "reads like a shell command"
	}
	if jsPrintable(s) && jsfacts.Codeish.MatchString(s) {
		return "reads like code"
	}
	return ""
}

func jsPrintable(s string) bool {
	n := 0
	for _, r := range s {
		if !unicode.IsPrint(r) && !unicode.IsSpace(r) {
			n++
		}
	}
	return n*10 < len(s)
}

func jsDecodeB64Loose(s string) (string, bool) {
	s = strings.TrimRight(strings.NewReplacer("-", "+", "_", "/", "\n", "", "\r", "").Replace(s), "=")
	b, err := base64.RawStdEncoding.DecodeString(s)
	if err != nil {
		return "", false
	}
	return string(b), true
}
