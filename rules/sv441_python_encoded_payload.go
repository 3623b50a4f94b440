package rules

import (
	"bytes"
	"compress/bzip2"
	"compress/gzip"
	"compress/zlib"
	"encoding/base64"
	"encoding/hex"
	"github.com/skillvet/skillvet/facts/match"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonEncodedPayload reports long base64 or hex literals and says what
// they decode to.
var PythonEncodedPayload = register(&analyzer.Rule{
	ID:       "SV441",
	Name:     "python-encoded-payload",
	Title:    "Python source embeds a long encoded payload",
	Severity: Medium,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "python", "obfuscation", "CWE-506"},
	Inputs:   analyzer.InPython,
	Doc: `A Python file holds a long base64 or hex string literal (adjacent literals are
joined, as Python joins them). skillvet decodes it — through up to three layers of
base64/hex and zlib, gzip or bzip2 compression, also reversed (` + "`[::-1]`" + `) — and reports what is
inside:

- **high** — code (Python with calls or imports, shell commands, PowerShell) or an
  executable (ELF, PE, Mach-O): a payload kept out of sight of review;
- **medium** — compressed or binary data of unknown kind;
- **low** — long encoded text.

Images, fonts, PDFs and audio (by magic number), ` + "`data:`" + ` URIs and PEM blocks
(certificates, public keys) are not reported.
Decoded payloads that reach ` + "`exec`" + ` are also reported by SV151.

**Fix:** ship code as source and data as files in ` + "`assets/`" + `.

Bad:

` + "```python" + `
BLOB = "aW1wb3J0IHNvY2tldCxzdWJwcm9jZXNzLG9zO3M9c29ja2V0LnNvY2tldCgpO3MuY29ubmVjdCgoIjEw…"
` + "```" + `

Good:

` + "```python" + `
ICON = Path(__file__).parent.parent / "assets" / "icon.png"
` + "```",
	Run: runPythonEncodedPayload,
})

const pyMinEncoded = 200

// pyDecodeBudget bounds the bytes one file may make the rule decode and
// inspect (compression can expand a literal a thousandfold).
const pyDecodeBudget = 64 << 20

var pyCodeTextRx = match.MustRx(`(?i)(/bin/(ba|z)?sh\b|\bcurl\s|\bwget\s|powershell|invoke-expression|\biex\b|subprocess|socket\.|os\.system|exec\(|eval\(|__import__|import\s+\w+|chmod\s+\+x)`)

func runPythonEncodedPayload(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	n := len(m.Toks)
	budget := pyDecodeBudget
	for i := 0; i < n && budget > 0; i++ {
		if m.Toks[i].Kind != python.String {
			continue
		}
		j := i
		var sb strings.Builder
		interp := false
		for j < n && m.Toks[j].Kind == python.String {
			v, _ := m.Value(j)
			sb.WriteString(v)
			interp = interp || m.Toks[j].Flags&python.FlagInterp != 0
			j++
		}
		first := i
		i = j - 1
		if interp || sb.Len() < pyMinEncoded {
			continue
		}
		s := strings.Join(strings.Fields(sb.String()), "")
		if len(s) < pyMinEncoded || strings.HasPrefix(s, "data:") || strings.Contains(s, "-----BEGIN") {
			continue
		}
		budget -= len(s)
		enc, data, ok := pyDecodeLayers(s)
		budget -= len(data)
		sev, what := analyzer.SevNone, ""
		if ok {
			sev, what = pyJudgePayload(data)
		}
		if sev < High {
			if renc, rdata, ok := pyDecodeLayers(reverse(s)); ok {
				if rsev, rwhat := pyJudgePayload(rdata); rsev == High || sev == analyzer.SevNone && rsev != analyzer.SevNone && enc == "" {
					enc, sev, what = "reversed "+renc, rsev, rwhat
				}
			}
		}
		if sev == analyzer.SevNone {
			continue
		}
		start, end := m.Toks[first].Start, m.Toks[j-1].End
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev,
			Message:  "long " + enc + " literal (" + strconv.Itoa(len(s)) + " characters) " + what,
			Evidence: pyfacts.ClipStr(m.Src[start:min(end, start+120)], 100)})
	}
	return nil
}

var b64Rx = match.MustRx(`^[A-Za-z0-9+/_-]+={0,2}$`)
var hexRx = match.MustRx(`^(0x)?[0-9a-fA-F]+$`)

// pyDecodeLayers decodes s as hex or base64 (also reversed), then peels up
// to two more layers of encoding and any compression.
func pyDecodeLayers(s string) (enc string, data []byte, ok bool) {
	dec := func(x string) (string, []byte, bool) {
		switch {
		case hexRx.MatchString(x) && len(x)%2 == 0:
			b, err := hex.DecodeString(strings.TrimPrefix(x, "0x"))
			return "hex", b, err == nil
		case b64Rx.MatchString(x) && classes(x) >= 3:
			t := strings.TrimRight(x, "=")
			if b, err := base64.RawStdEncoding.DecodeString(t); err == nil {
				return "base64", b, true
			}
			if b, err := base64.RawURLEncoding.DecodeString(t); err == nil {
				return "base64", b, true
			}
		}
		return "", nil, false
	}
	enc, data, ok = dec(s)
	if !ok {
		return "", nil, false
	}
	for layer := 0; layer < 3; layer++ {
		if u, ok := decompressAny(data); ok {
			data = u
			enc += "+compressed"
			continue
		}
		t := strings.TrimSpace(string(data))
		if len(t) >= 16 {
			if _, d, ok := dec(t); ok {
				data = d
				continue
			}
			if _, d, ok := dec(reverse(t)); ok {
				data = d
				continue
			}
		}
		break
	}
	return enc, data, true
}

func classes(s string) int {
	var lo, up, dg bool
	for i := 0; i < len(s); i++ {
		c := s[i]
		lo = lo || c >= 'a' && c <= 'z'
		up = up || c >= 'A' && c <= 'Z'
		dg = dg || c >= '0' && c <= '9'
	}
	n := 0
	for _, b := range []bool{lo, up, dg} {
		if b {
			n++
		}
	}
	return n
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}

func decompressAny(b []byte) ([]byte, bool) {
	var r io.Reader
	var err error
	switch {
	case len(b) > 2 && b[0] == 0x78 && (b[1] == 0x01 || b[1] == 0x5e || b[1] == 0x9c || b[1] == 0xda):
		r, err = zlib.NewReader(bytes.NewReader(b))
	case len(b) > 2 && b[0] == 0x1f && b[1] == 0x8b:
		r, err = gzip.NewReader(bytes.NewReader(b))
	case len(b) > 3 && string(b[:3]) == "BZh":
		r = bzip2.NewReader(bytes.NewReader(b))
	default:
		return nil, false
	}
	if err != nil {
		return nil, false
	}
	var out bytes.Buffer
	n, err := io.Copy(&out, io.LimitReader(r, 4<<20))
	if err != nil && n == 0 {
		return nil, false
	}
	return out.Bytes(), true
}

var pyMediaMagic = []string{"\x89PNG", "\xff\xd8\xff", "GIF8", "%PDF", "wOFF", "wOF2", "RIFF", "ID3", "OggS",
	"\x00\x00\x01\x00", "<svg", "<?xml", "\x00\x01\x00\x00", "OTTO", "fLaC", "PK\x03\x04"}

// pyJudgePayload says what decoded data is and how bad that is.
func pyJudgePayload(b []byte) (analyzer.Severity, string) {
	s := string(b)
	if len(b) > 256<<10 {
		b = b[:256<<10] // judging the start is enough
	}
	s = string(b)
	for _, mg := range pyMediaMagic {
		if strings.HasPrefix(s, mg) {
			return analyzer.SevNone, ""
		}
	}
	switch {
	case strings.HasPrefix(s, "\x7fELF"), strings.HasPrefix(s, "MZ"), strings.HasPrefix(s, "\xcf\xfa\xed\xfe"), strings.HasPrefix(s, "\xca\xfe\xba\xbe"):
		return High, "decodes to an executable"
	}
	if utf8.ValidString(s) && printableRatio(s) > 0.9 {
		if pyCodeTextRx.MatchString(s) || pyHasCallsOrImports(s) {
			what := "decodes to code: " + pyfacts.ClipStr(pyfacts.Printable(s), 80)
			if d := pyfacts.DescribeCode(s); d != "" {
				what += " (" + d + ")"
			}
			return High, what
		}
		return Low, "decodes to text: " + pyfacts.ClipStr(pyfacts.Printable(s), 60)
	}
	return Medium, "decodes to binary data"
}

func pyHasCallsOrImports(s string) bool {
	m, err := python.Parse([]byte(s))
	if err != nil {
		return false
	}
	for i := range m.Toks {
		if m.Is(i, "import") {
			return true
		}
	}
	for _, c := range m.Calls {
		if pyfacts.Sensitive(c.Name) {
			return true
		}
	}
	return false
}

func printableRatio(s string) float64 {
	if s == "" {
		return 0
	}
	good := 0
	total := 0
	for _, r := range s {
		total++
		if r >= 0x20 && r != 0x7f && r != utf8.RuneError || r == '\n' || r == '\t' || r == '\r' {
			good++
		}
	}
	return float64(good) / float64(total)
}
