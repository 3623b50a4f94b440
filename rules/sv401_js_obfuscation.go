package rules

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"unicode"

	"github.com/dop251/goja/ast"

	"github.com/skillvet/skillvet/analyzer"
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
	jsHexIdentRx = regexp.MustCompile(`^_0x[0-9a-f]{3,8}$`)
	jsEscRunRx   = regexp.MustCompile(`(?:\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]+\}){24,}`)
	jsB64Rx      = regexp.MustCompile(`^[A-Za-z0-9+/_-]{200,}={0,2}$`)
)

func runJSObfuscation(p *analyzer.Pass) error {
	v := jsOf(p)
	if v == nil {
		return nil
	}
	hexIdents := map[string]bool{}
	var firstHex ast.Node
	rotation := false
	reported := map[ast.Node]bool{}
	jsWalkNodes(v.prog.AST, func(n ast.Node) {
		switch x := n.(type) {
		case *ast.Identifier:
			if jsHexIdentRx.MatchString(x.Name.String()) {
				if firstHex == nil {
					firstHex = x
				}
				hexIdents[x.Name.String()] = true
			}
		case *ast.CallExpression:
			if v.isPacker(x) {
				v.report(x, High, "Dean Edwards packer: eval(function(p,a,c,k,e,d){…})")
				reported[x] = true
				return
			}
			// arr.push(arr.shift()): string-array rotation
			if dot, ok := x.Callee.(*ast.DotExpression); ok && len(x.ArgumentList) == 1 {
				name := dot.Identifier.Name.String()
				if name == "push" || v.memberKey(x.Callee) == "push" {
					if inner, ok := x.ArgumentList[0].(*ast.CallExpression); ok && v.memberKey(inner.Callee) == "shift" {
						rotation = true
					}
				}
			} else if b, ok := x.Callee.(*ast.BracketExpression); ok && len(x.ArgumentList) == 1 {
				if k, _ := v.in.Str(b.Member); k == "push" {
					if inner, ok := x.ArgumentList[0].(*ast.CallExpression); ok && v.memberKey(inner.Callee) == "shift" {
						rotation = true
					}
				}
			}
			if !v.checkDecodedDanger(x, reported) {
				v.checkEncodedCall(x, reported)
			}
		case *ast.StringLiteral:
			if m := jsEscRunRx.FindString(x.Literal); m != "" {
				s := x.Value.String()
				sev, what := Medium, "long run of escape sequences in a string"
				if why := jsDecodedDanger(s); why != "" {
					sev, what = High, "escape-encoded string that "+why
				}
				v.report(x, sev, what)
			}
		}
	})
	if len(hexIdents) >= 5 && firstHex != nil {
		msg := fmt.Sprintf("obfuscator-style _0x identifiers (%d distinct)", len(hexIdents))
		if rotation {
			msg += " with a rotated string array"
		}
		v.report(firstHex, High, msg)
	}
	return nil
}

// memberKey names the member a callee accesses (dot or constant bracket).
func (v *jsView) memberKey(e ast.Expression) string {
	switch x := e.(type) {
	case *ast.DotExpression:
		return x.Identifier.Name.String()
	case *ast.BracketExpression:
		s, _ := v.in.Str(x.Member)
		return s
	}
	return ""
}

// isPacker matches eval(function(p,a,c,k,e,d){...}(...)).
func (v *jsView) isPacker(c *ast.CallExpression) bool {
	if v.callee(c) != "eval" || len(c.ArgumentList) != 1 {
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

// checkDecodedDanger reports a decode whose constant result, however
// short, is code or a command: the finding points at the decode site.
func (v *jsView) checkDecodedDanger(c *ast.CallExpression, reported map[ast.Node]bool) bool {
	if reported[c] {
		return true
	}
	var decodeSite *ast.CallExpression
	switch {
	case v.isDecodeCall(c) && v.callee(c) != "Buffer.from":
		decodeSite = c
	default:
		dot, ok := c.Callee.(*ast.DotExpression)
		if !ok {
			return false
		}
		switch dot.Identifier.Name.String() {
		case "toString":
			if inner, ok := dot.Left.(*ast.CallExpression); ok && v.isDecodeCall(inner) {
				decodeSite = c
				reported[inner] = true
			}
		case "join":
			if inner, ok := dot.Left.(*ast.CallExpression); ok && v.isDecodeCall(inner) {
				decodeSite = c
			}
		}
	}
	if decodeSite == nil {
		return false
	}
	s, ok := v.in.Str(decodeSite)
	if !ok {
		return false
	}
	why := jsDecodedDanger(s)
	if why == "" {
		return false
	}
	reported[decodeSite] = true
	v.report(decodeSite, High, "decodes to a string that "+why)
	return true
}

// checkEncodedCall reports large encoded literals fed to decoders.
func (v *jsView) checkEncodedCall(c *ast.CallExpression, reported map[ast.Node]bool) {
	if reported[c] {
		return
	}
	callee := v.callee(c)
	var kind string
	switch callee {
	case "atob":
		kind = "base64"
	case "Buffer.from":
		if len(c.ArgumentList) > 1 {
			if enc, ok := v.in.Str(c.ArgumentList[1]); ok && (enc == "base64" || enc == "hex" || enc == "base64url") {
				kind = enc
			}
		}
	case "String.fromCharCode", "String.fromCodePoint":
		n := len(c.ArgumentList)
		if n == 1 {
			if sp, ok := c.ArgumentList[0].(*ast.SpreadElement); ok {
				if a, ok := v.in.Strs(sp.Expression); ok {
					n = len(a)
				} else if al, ok := sp.Expression.(*ast.ArrayLiteral); ok {
					n = len(al.Value)
				}
			}
		}
		if n >= 12 {
			s, _ := v.in.Str(c)
			sev, what := Medium, fmt.Sprintf("string built from %d character codes", n)
			if why := jsDecodedDanger(s); why != "" {
				sev, what = High, fmt.Sprintf("character codes that decode to a string that %s", why)
			}
			v.report(c, sev, what)
		}
		return
	default:
		return
	}
	if len(c.ArgumentList) == 0 {
		return
	}
	raw, ok := v.in.Str(c.ArgumentList[0])
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
	dec, ok := v.in.Str(c)
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
	v.report(c, sev, what)
}

// jsDecodedDanger says what a decoded string is when it is code or a
// command.
func jsDecodedDanger(s string) string {
	if why, bad := jsShellDanger(s); bad {
		return why
	}
	if why := jsPayloadDanger(s); why != "" {
		return why
	}
	if jsLooksLikeShell(s) {
		return "reads like a shell command"
	}
	if jsPrintable(s) && jsCodeish.MatchString(s) {
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
