package shellfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/shell"
)

// ProgramKind says where an interpreter's command line puts the program
// the interpreter runs.
type ProgramKind uint8

const (
	// ProgramStdin: no program among the words; the interpreter reads it
	// from stdin (python3, bash -s, node -, an interactive shell).
	ProgramStdin ProgramKind = iota
	// ProgramInline: the program's text is an argument (python -c, node
	// -e/-p, perl -e, ruby -e, sh -c, cmd /c, powershell -Command).
	ProgramInline
	// ProgramModule: the program is named, not given: python -m module,
	// node --run script.
	ProgramModule
	// ProgramFile: a script file is the program (the first positional
	// word, powershell -File, php -f).
	ProgramFile
	// ProgramUnknown: a word whose value is not known stands where an
	// option or the program could be, or a flag lacks its argument.
	ProgramUnknown
)

// Program is what an interpreter's argument words give it to run. Every
// word after the program (the code, module or script) is the program's
// own argv: data, whatever it looks like (python3 -m zipfile -e a.zip d:
// -e is zipfile's option).
type Program struct {
	Kind ProgramKind
	// Index is the word that holds the code, the module or the script;
	// -1 when there is none.
	Index int
	// Offset is where the code or name starts in that word: 0 for a word
	// of its own, more when it is attached to its flag (python3
	// -cprint(1), node --eval=x, perl -nex).
	Offset int
	// Flag is the option that introduced it as written ("-c", "-e", "/c",
	// "-Command", "--eval"); "" for a positional word.
	Flag string
}

// Text is the code, module or script name within words ("" when none).
func (p Program) Text(words []string) string {
	if p.Index < 0 || p.Index >= len(words) || p.Offset > len(words[p.Index]) {
		return ""
	}
	return words[p.Index][p.Offset:]
}

// InterpreterFamily is the family an interpreter name belongs to
// ("python" for python3.12, pypy3 and py; "node" for nodejs; "sh" for the
// POSIX shells; "" when the name is not one InterpreterProgram models).
func InterpreterFamily(name string) string {
	n := strings.ToLower(name)
	if i := strings.LastIndexAny(n, `/\`); i >= 0 {
		n = n[i+1:]
	}
	n = strings.TrimSuffix(n, ".exe")
	switch {
	case n == "py" || interpVersionRx("python", n) || interpVersionRx("pypy", n):
		return "python"
	case n == "node" || n == "nodejs":
		return "node"
	case interpVersionRx("perl", n):
		return "perl"
	case interpVersionRx("ruby", n):
		return "ruby"
	case interpVersionRx("php", n):
		return "php"
	case interpVersionRx("lua", n) || n == "luajit":
		return "lua"
	case n == "sh" || n == "bash" || n == "zsh" || n == "dash" || n == "ksh" || n == "ash" || n == "mksh" ||
		n == "csh" || n == "tcsh" || n == "yash":
		return "sh"
	case n == "fish", n == "deno", n == "bun", n == "osascript", n == "rscript", n == "tclsh", n == "cmd",
		n == "powershell", n == "pwsh":
		return n
	}
	return ""
}

// interpVersionRx matches base, base3, base3.12, base-3.12, base5.36.0.
func interpVersionRx(base, n string) bool {
	if !strings.HasPrefix(n, base) {
		return false
	}
	rest := n[len(base):]
	if rest == "" {
		return true
	}
	rest = strings.TrimPrefix(rest, "-")
	return rest != "" && strings.Trim(rest, "0123456789.") == ""
}

// InterpreterProgram finds the program an interpreter runs, given its
// name (a path or base name in any case) and its argument words (without
// the name). known[i] false marks a word whose value is not known at scan
// time (nil: every word is known). ok is false when the interpreter is not
// one it models.
//
// Which flag gives inline code depends on the interpreter (python -c;
// node -e/--eval/-p/--print; perl -e/-E; ruby -e; php -r; sh -c; cmd /c;
// powershell -Command/-EncodedCommand), and the interpreter's options end
// at its first positional word (a script file) or at a flag that names
// the program (python -m, powershell -File): every word after is the
// program's argv, data even when it looks like a code flag.
func InterpreterProgram(name string, words []string, known []bool) (Program, bool) {
	fam := InterpreterFamily(name)
	isKnown := func(i int) bool { return known == nil || i >= len(known) || known[i] }
	switch fam {
	case "":
		return Program{Kind: ProgramUnknown, Index: -1}, false
	case "sh":
		return shProgram(words, isKnown), true
	case "cmd":
		return cmdProgram(words, isKnown), true
	case "powershell", "pwsh":
		return psProgram(fam == "pwsh", words, isKnown), true
	case "deno", "bun":
		return subcommandProgram(fam, words, isKnown), true
	}
	return optProgram(interpSpecs[fam], 0, words, isKnown), true
}

// CommandProgram is InterpreterProgram for a parsed shell command: its
// parameters are the words, each taken by its value.
func CommandProgram(c *shell.Command) (Program, []string, bool) {
	params := c.Params()
	words := make([]string, len(params))
	for i, w := range params {
		words[i] = w.Value
	}
	p, ok := InterpreterProgram(c.Name, words, nil)
	return p, words, ok
}

// interpSpec describes an interpreter with getopt-like options.
type interpSpec struct {
	cluster bool // short flags combine (-uc, -ne)
	// short letters: code, module and file take an argument (the rest of
	// the word or the next word); value letters take one that is not the
	// program; rest letters consume the rest of the word only (perl -i.bak)
	code, module, file, value, rest string
	// whole words (long options, node's short options)
	longCode, longModule, longFile, longValue map[string]bool
}

func set(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

var interpSpecs = map[string]*interpSpec{
	"python": {cluster: true, code: "c", module: "m", value: "WXQ",
		longValue: set("--check-hash-based-pycs")},
	"node": {
		longCode: set("-e", "--eval", "-p", "--print", "-pe", "-ep"), longModule: set("--run"),
		longValue: set("-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions",
			"--input-type", "--title", "--env-file", "--env-file-if-exists", "--inspect-port", "--debug-port",
			"--disable-warning", "--redirect-warnings", "--icu-data-dir", "--openssl-config", "--tls-cipher-list",
			"--unhandled-rejections", "--diagnostic-dir", "--report-dir", "--report-directory", "--report-filename",
			"--report-signal", "--heapsnapshot-signal", "--cpu-prof-dir", "--cpu-prof-name", "--heap-prof-dir",
			"--heap-prof-name", "--dns-result-order", "--experimental-policy", "--policy-integrity",
			"--secure-heap", "--secure-heap-min", "--watch-path", "--test-reporter", "--test-reporter-destination",
			"--test-name-pattern", "--test-skip-pattern", "--test-shard", "--experimental-config-file",
			"--localstorage-file", "--trace-event-categories", "--trace-event-file-pattern", "--snapshot-blob",
			"--experimental-sea-config", "--experimental-default-type", "--stack-trace-limit", "--max-http-header-size")},
	"perl": {cluster: true, code: "eE", value: "I", rest: "ixdDFMmC0l"},
	"ruby": {cluster: true, code: "e", value: "rICE", rest: "iFWKTx0l",
		longValue: set("--encoding", "--external-encoding", "--internal-encoding")},
	"php": {cluster: true, code: "rBRE", file: "fF", value: "cdzSt",
		longCode: set("--run", "--process-begin", "--process-code", "--process-end"), longFile: set("--file", "--process-file"),
		longValue: set("--php-ini", "--define", "--zend-extension", "--server", "--docroot")},
	"lua":       {cluster: true, code: "e", value: "l"},
	"fish":      {cluster: true, code: "c", value: "Cpdof", longCode: set("--command"), longValue: set("--init-command", "--profile", "--debug", "--debug-output", "--features")},
	"osascript": {cluster: true, code: "e", value: "ls"},
	"rscript":   {longCode: set("-e")},
	"tclsh":     {longValue: set("-encoding")},
}

// optProgram reads getopt-like options from words[from:].
func optProgram(sp *interpSpec, from int, words []string, known func(int) bool) Program {
	arg := func(kind ProgramKind, i, off int, flag string) Program {
		if off > 0 && off < len(words[i]) {
			return Program{Kind: kind, Index: i, Offset: off, Flag: flag}
		}
		if i+1 < len(words) {
			return Program{Kind: kind, Index: i + 1, Flag: flag}
		}
		return Program{Kind: ProgramUnknown, Index: -1, Flag: flag}
	}
	for i := from; i < len(words); i++ {
		if !known(i) {
			return Program{Kind: ProgramUnknown, Index: i}
		}
		w := words[i]
		switch {
		case w == "--":
			if i+1 < len(words) {
				return Program{Kind: ProgramFile, Index: i + 1}
			}
			return Program{Kind: ProgramStdin, Index: -1}
		case w == "-":
			return Program{Kind: ProgramStdin, Index: i}
		case !strings.HasPrefix(w, "-"):
			return Program{Kind: ProgramFile, Index: i}
		}
		// a whole-word option (--eval, --eval=x, node's -e)
		name, _, eq := strings.Cut(w, "=")
		off := 0
		if eq {
			off = len(name) + 1
		}
		switch {
		case sp.longCode[name]:
			return arg(ProgramInline, i, off, name)
		case sp.longModule[name]:
			return arg(ProgramModule, i, off, name)
		case sp.longFile[name]:
			return arg(ProgramFile, i, off, name)
		case sp.longValue[name]:
			if !eq {
				i++
			}
			continue
		case strings.HasPrefix(w, "--") || !sp.cluster:
			continue // a flag
		}
		// a cluster of short flags: -u, -uc, -cprint(1), -ne, -Wignore
	letters:
		for j := 1; j < len(w); j++ {
			ch := string(w[j])
			switch {
			case strings.Contains(sp.code, ch):
				return arg(ProgramInline, i, j+1, "-"+ch)
			case strings.Contains(sp.module, ch):
				return arg(ProgramModule, i, j+1, "-"+ch)
			case strings.Contains(sp.file, ch):
				return arg(ProgramFile, i, j+1, "-"+ch)
			case strings.Contains(sp.value, ch):
				if j+1 == len(w) {
					i++ // the value is the next word
				}
				break letters
			case strings.Contains(sp.rest, ch):
				if ch == "0" || ch == "l" {
					// perl -l, -0777 and ruby -l, -0: octal digits only
					for j+1 < len(w) && w[j+1] >= '0' && w[j+1] <= '9' {
						j++
					}
					continue
				}
				break letters
			}
		}
	}
	return Program{Kind: ProgramStdin, Index: -1}
}

// shProgram reads a POSIX shell's (or csh's) options: -c is a flag, and
// the command string is the first operand after all options (bash -lc
// 'cmd', bash -c -e 'cmd', bash -o pipefail -c 'cmd').
func shProgram(words []string, known func(int) bool) Program {
	dashC, dashS := false, false
	flag := ""
	for i := 0; i < len(words); i++ {
		w := words[i]
		operand := func() Program {
			switch {
			case dashC:
				return Program{Kind: ProgramInline, Index: i, Flag: flag}
			case dashS:
				return Program{Kind: ProgramStdin, Index: -1}
			}
			return Program{Kind: ProgramFile, Index: i}
		}
		if !known(i) {
			if dashC {
				return operand() // sh -c "$cmd"
			}
			return Program{Kind: ProgramUnknown, Index: i}
		}
		switch {
		case w == "--" || w == "-":
			if i+1 < len(words) {
				i++
				return operand()
			}
			if dashC {
				return Program{Kind: ProgramUnknown, Index: -1, Flag: flag}
			}
			return Program{Kind: ProgramStdin, Index: -1}
		case w == "--rcfile" || w == "--init-file" || w == "--emulate":
			i++
		case strings.HasPrefix(w, "--"):
		case len(w) > 1 && (w[0] == '-' || w[0] == '+'):
			for j := 1; j < len(w); j++ {
				switch w[j] {
				case 'c':
					dashC, flag = true, w
				case 's':
					dashS = true
				case 'o', 'O':
					if j+1 == len(w) {
						i++ // -o pipefail
					}
					j = len(w)
				}
			}
		default:
			return operand()
		}
	}
	if dashC {
		return Program{Kind: ProgramUnknown, Index: -1, Flag: flag}
	}
	return Program{Kind: ProgramStdin, Index: -1}
}

// cmdProgram reads cmd.exe's switches: /c, /k and /r run the rest of the
// line.
func cmdProgram(words []string, known func(int) bool) Program {
	for i, w := range words {
		if !known(i) {
			return Program{Kind: ProgramUnknown, Index: i}
		}
		if !strings.HasPrefix(w, "/") || len(w) < 2 {
			return Program{Kind: ProgramStdin, Index: -1} // not a switch: cmd ignores it
		}
		switch w[1] {
		case 'c', 'C', 'k', 'K', 'r', 'R':
			if len(w) > 2 && w[2] != ':' {
				return Program{Kind: ProgramInline, Index: i, Offset: 2, Flag: w[:2]}
			}
			if i+1 < len(words) {
				return Program{Kind: ProgramInline, Index: i + 1, Flag: w}
			}
			return Program{Kind: ProgramUnknown, Index: -1, Flag: w}
		}
	}
	return Program{Kind: ProgramStdin, Index: -1}
}

// psParams are PowerShell's parameters: their kind ('c' code, 'f' file,
// 'v' takes a value, 'x' a switch) and, after the name, the short aliases
// that override prefix matching.
var psParams = []struct {
	name, kind string
	alias      []string
}{
	{"command", "c", []string{"c"}},
	{"encodedcommand", "c", []string{"e", "ec", "enc"}},
	{"file", "f", []string{"f"}},
	{"executionpolicy", "v", []string{"ex", "ep", "exec"}},
	{"windowstyle", "v", []string{"w"}},
	{"inputformat", "v", []string{"inp", "if"}},
	{"outputformat", "v", []string{"o", "of"}},
	{"configurationname", "v", []string{"config"}},
	{"configurationfile", "v", nil},
	{"custompipename", "v", nil},
	{"settingsfile", "v", []string{"settings"}},
	{"workingdirectory", "v", []string{"wd"}},
	{"psconsolefile", "v", nil},
	{"encodedarguments", "v", []string{"ea", "encodeda"}},
	{"version", "v", []string{"v"}},
	{"noprofile", "x", []string{"nop"}},
	{"noninteractive", "x", []string{"noni"}},
	{"nologo", "x", []string{"nol"}},
	{"noexit", "x", []string{"noe"}},
	{"noprofileloadtime", "x", nil},
	{"interactive", "x", []string{"i"}},
	{"login", "x", []string{"l"}},
	{"sta", "x", nil},
	{"mta", "x", nil},
	{"sshservermode", "x", []string{"sshs"}},
	{"help", "x", []string{"h", "?"}},
}

// psParamKind resolves a PowerShell parameter name (without its dash) by
// alias, then by unique prefix; "x" when unknown or ambiguous.
func psParamKind(name string, pwsh bool) (string, string) {
	n := strings.ToLower(name)
	for _, p := range psParams {
		if n == p.name {
			return p.kind, p.name
		}
		for _, a := range p.alias {
			if n == a {
				if p.name == "version" && pwsh {
					return "x", p.name // pwsh -v prints its version
				}
				return p.kind, p.name
			}
		}
	}
	kind, full := "", ""
	for _, p := range psParams {
		if strings.HasPrefix(p.name, n) {
			if kind != "" {
				return "x", "" // ambiguous
			}
			kind, full = p.kind, p.name
		}
	}
	if kind == "" {
		return "x", ""
	}
	if full == "version" && pwsh {
		return "x", full
	}
	return kind, full
}

// psParamName returns the name of a PowerShell parameter (-NoProfile,
// --command, /c, -ExecutionPolicy:Bypass); ok is false for a positional
// word (a command, a script path such as /tmp/x.ps1).
func psParamName(w string) (string, bool) {
	var name string
	switch {
	case strings.HasPrefix(w, "--"):
		name = w[2:]
	case strings.HasPrefix(w, "-"), strings.HasPrefix(w, "/"):
		name = w[1:]
	default:
		return "", false
	}
	name, _, _ = strings.Cut(name, ":")
	if name == "" {
		return "", false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r == '?') {
			return "", false
		}
	}
	return name, true
}

// psProgram reads powershell.exe's or pwsh's parameters. The first word
// that is not a parameter is the command for powershell.exe (-Command is
// its default) and the script file for pwsh (-File is).
func psProgram(pwsh bool, words []string, known func(int) bool) Program {
	for i := 0; i < len(words); i++ {
		if !known(i) {
			return Program{Kind: ProgramUnknown, Index: i}
		}
		w := words[i]
		name, ok := psParamName(w)
		if !ok {
			if pwsh {
				return Program{Kind: ProgramFile, Index: i}
			}
			return Program{Kind: ProgramInline, Index: i}
		}
		kind, _ := psParamKind(name, pwsh)
		switch kind {
		case "c", "f":
			if i+1 >= len(words) {
				return Program{Kind: ProgramUnknown, Index: -1, Flag: w}
			}
			if words[i+1] == "-" && known(i+1) {
				return Program{Kind: ProgramStdin, Index: i + 1, Flag: w}
			}
			if kind == "f" {
				return Program{Kind: ProgramFile, Index: i + 1, Flag: w}
			}
			return Program{Kind: ProgramInline, Index: i + 1, Flag: w}
		case "v":
			i++
		}
	}
	return Program{Kind: ProgramStdin, Index: -1}
}

// subcommandProgram reads deno's and bun's command lines: deno eval code,
// deno run file, bun -e code, bun run file, and a bare script.
func subcommandProgram(fam string, words []string, known func(int) bool) Program {
	sp := denoSpec
	if fam == "bun" {
		sp = bunSpec
	}
	p := optProgram(sp, 0, words, known)
	if p.Kind != ProgramFile || p.Flag != "" {
		return p
	}
	switch sub := words[p.Index]; {
	case sub == "run" || sub == "eval" && fam == "deno":
		q := optProgram(sp, p.Index+1, words, known)
		if q.Kind == ProgramFile && q.Flag == "" {
			q.Flag = sub // deno run file.ts: named as the program
			if sub == "eval" {
				q.Kind = ProgramInline
			}
		}
		if q.Kind == ProgramStdin && q.Index < 0 {
			return Program{Kind: ProgramUnknown, Index: -1, Flag: sub}
		}
		return q
	}
	return p
}

var (
	denoSpec = &interpSpec{cluster: true, value: "cL",
		longValue: set("--config", "--import-map", "--ext", "--cert", "--location", "--seed", "--log-level", "--lock")}
	bunSpec = &interpSpec{longCode: set("-e", "--eval", "-p", "--print"),
		longValue: set("-r", "--preload", "--cwd", "-c", "--config", "--env-file", "--tsconfig-override", "--conditions")}
)
