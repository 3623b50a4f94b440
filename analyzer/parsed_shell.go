package analyzer

import (
	"bytes"
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/parse/rxlit"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
	"go.yaml.in/yaml/v3"
)

type shellKey struct{}
type shellSitesKey struct{}
type shellRawSitesKey struct{}
type shellSessionKey struct{}
type shellSnippetKey struct {
	off  int
	text string
}

// Shell returns the analysis of a shell script file, built once per file.
// The Script is never nil: when the error is set (the source does not
// parse, or is over the limits) Commands still hold what the line-by-line
// and heuristic fallbacks extracted.
func (p *Pass) Shell() (*shell.Script, error) {
	f := p.File
	v, err := f.Memo(shellKey{}, func() (any, error) {
		return shell.Parse(string(f.Content), 0), nil
	})
	if err != nil { // the parser crashed
		return &shell.Script{}, &ParseError{What: "shell", Err: err}
	}
	s := v.(*shell.Script)
	return s, s.Err
}

// ShellSnippet analyses text found at file offset off (a code block's
// content, a `!command`), memoised per offset and text so rules share it.
func (p *Pass) ShellSnippet(text string, off int) *shell.Script {
	v, err := p.File.Memo(shellSnippetKey{off, text}, func() (any, error) {
		return shell.Parse(text, off), nil
	})
	if err != nil { // the parser crashed on this snippet
		return &shell.Script{Err: err, ErrOffset: off}
	}
	return v.(*shell.Script)
}

// ShellSiteKind says where shell text was found.
type ShellSiteKind uint8

const (
	SiteScript    ShellSiteKind = iota + 1 // a shell script file
	SiteCodeBlock                          // a Markdown code block (shell or unlabelled)
	SiteCodeSpan                           // a Markdown `code span`
	SiteDynamic                            // a `!cmd`, !`cmd` or ```! block: runs at render time
	SiteHook                               // a hook command (frontmatter or JSON hooks): runs on agent events
	SiteProse                              // a command line written in a paragraph, outside code
	SiteMCP                                // an MCP server a bundled JSON configuration registers: the agent starts it
)

var siteNames = map[ShellSiteKind]string{SiteScript: "script", SiteCodeBlock: "code block",
	SiteCodeSpan: "code span", SiteDynamic: "dynamic context command", SiteHook: "hook command", SiteProse: "command in prose",
	SiteMCP: "MCP server command"}

func (k ShellSiteKind) String() string { return siteNames[k] }

// Executes reports whether the site runs without a human deciding to run
// it (dynamic context, hooks, MCP servers of a bundled configuration).
func (k ShellSiteKind) Executes() bool { return k == SiteDynamic || k == SiteHook || k == SiteMCP }

// ShellSite is one piece of shell in a file.
type ShellSite struct {
	Kind       ShellSiteKind
	Script     *shell.Script
	Start, End int    // the carrier's range in the file
	Text       string // the shell text
	TextStart  int    // file offset of Text's first byte
	Lang       string // code block info language, lower case
	// Cautioned is set for code spans in a sentence that warns against
	// running them ("never run `rm -rf /`").
	Cautioned bool
	// Staged lists the variables this site reads that another piece of the
	// skill's instructions sets (see SessionEnv), by name; nil when the
	// site resolves on its own.
	Staged []StagedVar

	src string // what was parsed at TextStart, "" when the site cannot be re-parsed
}

// ShellSites returns every piece of shell in the file: the whole file for
// shell scripts, PowerShell and batch files; shell code blocks (labelled sh, bash, zsh, shell, console,
// terminal, PowerShell, or unlabelled/text blocks that parse as commands),
// code spans that parse as commands, piped command lines in prose,
// dynamic-context commands, the MCP servers and hook commands of JSON code blocks, for
// SKILL.md the frontmatter hook commands, and for JSON files the "command"
// strings under "hooks" and the MCP servers they list. Built once per
// file.
func (p *Pass) ShellSites() ([]ShellSite, error) {
	v, err := p.File.Memo(shellSitesKey{}, func() (any, error) {
		raw, err := p.rawShellSites()
		if raw == nil {
			return nil, err
		}
		return p.reseed(raw), err
	})
	if v == nil {
		return nil, err
	}
	return v.([]ShellSite), err
}

// rawShellSites are the file's shell sites, each parsed on its own.
func (p *Pass) rawShellSites() ([]ShellSite, error) {
	v, err := p.File.Memo(shellRawSitesKey{}, func() (any, error) {
		return p.buildShellSites()
	})
	if v == nil {
		var pe *ParseError
		if err != nil && !errors.As(err, &pe) {
			err = &ParseError{What: "shell", Err: err}
		}
		return nil, err
	}
	return v.([]ShellSite), err
}

// Sibling returns a pass over another file of the same skill that reads
// through the same memoised parses but cannot report: for facts that
// follow a chain across files (a download in one reference file, its run
// in another).
func (p *Pass) Sibling(f *skill.File) *Pass {
	if f == p.File {
		return p
	}
	return &Pass{Rule: p.Rule, Skill: p.Skill, File: f, Config: p.Config, ctx: p.ctx, fsys: p.fsys,
		report: func(Finding) {}, capture: func(Cap) {}}
}

func (p *Pass) buildShellSites() ([]ShellSite, error) {
	f := p.File
	switch f.Kind {
	case skill.KindShell:
		s, _ := p.Shell()
		text := string(f.Content)
		return []ShellSite{{Kind: SiteScript, Script: s, Start: 0, End: len(f.Content), Text: text, TextStart: 0, src: text}}, nil
	case skill.KindPowerShell:
		// Not bash: the line-by-line fallback and token heuristics still
		// see pipelines, download cradles and -EncodedCommand.
		text := string(f.Content)
		return []ShellSite{{Kind: SiteScript, Script: p.ShellSnippet(text, 0), Start: 0, End: len(f.Content), Text: text, Lang: "powershell"}}, nil
	case skill.KindBatch:
		// cmd.exe syntax is not bash either, but its command lines are
		// words: with the echo-suppressing @ and the rem/:: comment lines
		// blanked (offsets kept), the fallbacks see the programs it runs.
		text := batchText(f.Content)
		return []ShellSite{{Kind: SiteScript, Script: p.ShellSnippet(text, 0), Start: 0, End: len(f.Content), Text: text, Lang: "batch"}}, nil
	case skill.KindJSON:
		return p.jsonHookSites(), nil
	case skill.KindMarkdown:
	default:
		return nil, nil
	}
	var sites []ShellSite
	if f.Path == skill.ManifestName && p.Skill.Manifest != nil {
		sites = append(sites, p.hookSites()...)
	}
	doc, err := p.Markdown()
	if err != nil {
		return sites, nil // the Markdown rules report unparsable Markdown
	}
	dynamic := map[int]bool{}
	for i := range doc.Tokens {
		if t := &doc.Tokens[i]; t.Kind == markdown.InlineCommand {
			dynamic[t.TextStart] = true
		}
	}
	for i := range doc.Tokens {
		t := &doc.Tokens[i]
		switch t.Kind {
		case markdown.Command, markdown.InlineCommand, markdown.CommandBlock:
			text := t.Text
			if t.Kind == markdown.CommandBlock {
				text = p.verbatim(t)
			}
			sites = append(sites, ShellSite{Kind: SiteDynamic, Script: p.ShellSnippet(text, t.TextStart), Start: t.Start, End: t.End, Text: text, TextStart: t.TextStart, src: text})
		case markdown.CodeBlock:
			lang := strings.ToLower(strings.TrimSpace(t.Info))
			if i := strings.IndexAny(lang, " \t{,"); i >= 0 {
				lang = lang[:i]
			}
			shellLang := shellLangs[lang]
			if (lang == "json" || lang == "jsonc" || lang == "json5") && (mcpKeyRx.MatchString(t.Text) || strings.Contains(t.Text, `"hooks"`)) {
				// an MCP configuration to add (to ~/.cursor/mcp.json, …)
				// or hooks to merge into an agent's settings: the
				// servers' command lines and the hook commands are what
				// would run
				var doc any
				if json.Unmarshal([]byte(t.Text), &doc) == nil {
					for _, l := range mcpCommandLines(doc) {
						sites = append(sites, ShellSite{Kind: SiteCodeBlock, Script: shell.ParseAnchored(l.line, t.TextStart, t.End),
							Start: t.Start, End: t.End, Text: l.line, TextStart: t.TextStart, Lang: lang})
					}
					from := t.TextStart
					for _, cmd := range jsonHookCommands(doc) {
						// documentation: <you> in /Users/<you>/… is a
						// placeholder, not two redirections
						site := p.jsonSite(cmd, &from, true)
						site.Kind, site.Lang = SiteCodeBlock, lang
						sites = append(sites, site)
					}
				}
				continue
			}
			if !shellLang && !looseLangs[lang] {
				continue
			}
			text := p.verbatim(t)
			src := shell.Placeholders(shell.StripPrompts(text))
			s := p.ShellSnippet(src, t.TextStart)
			if !shellLang && !LooksLikeCommands(s) {
				continue
			}
			if !posixLangs[lang] {
				src = "" // PowerShell and cmd name variables differently
			}
			sites = append(sites, ShellSite{Kind: SiteCodeBlock, Script: s, Start: t.Start, End: t.End, Text: text, TextStart: t.TextStart, Lang: lang, src: src})
		case markdown.Paragraph:
			sites = append(sites, p.proseSites(t)...)
		case markdown.CodeSpan:
			if dynamic[t.TextStart] {
				continue // the !`cmd` itself: already a dynamic site
			}
			if plainNoCommand(t.Text) {
				continue // LooksLikeCommands would say no: skip the parse
			}
			src := shell.Placeholders(t.Text)
			s := p.ShellSnippet(src, t.TextStart)
			if !LooksLikeCommands(s) {
				continue
			}
			sites = append(sites, ShellSite{Kind: SiteCodeSpan, Script: s, Start: t.Start, End: t.End, Text: t.Text, TextStart: t.TextStart, Cautioned: cautioned(doc, i) || leadInCautioned(p.File.Content, doc, i) || refusedColumnCell(p.File.Content, t.Start), src: src})
		}
	}
	return sites, nil
}

// batchText blanks what cmd.exe does not run in a batch file, keeping
// every byte offset: a leading @ (echo suppression), and comment lines
// (rem, ::). Labels (:name) are left alone; they parse as commands that
// no rule knows.
func batchText(b []byte) string {
	out := []byte(string(b))
	for i := 0; i < len(out); {
		j := bytes.IndexByte(out[i:], '\n')
		if j < 0 {
			j = len(out) - i
		}
		line := out[i : i+j]
		k := 0
		for k < len(line) && (line[k] == ' ' || line[k] == '\t') {
			k++
		}
		if k < len(line) && line[k] == '@' {
			line[k] = ' '
			k++
		}
		rest := bytes.ToLower(line[k:])
		if bytes.HasPrefix(rest, []byte("::")) || bytes.HasPrefix(rest, []byte("rem")) && (len(rest) == 3 || rest[3] == ' ' || rest[3] == '\t' || rest[3] == '\r') {
			for x := k; x < len(line); x++ {
				if line[x] != '\r' {
					line[x] = ' '
				}
			}
		}
		i += j + 1
	}
	return string(out)
}

// proseCmdRx finds where a piped command line starts in prose.
var proseCmdRx = rxlit.MustRx(`(?i)(?:^|[\s:>(])((?:sudo\s+)?(?:curl|wget|iwr|irm|invoke-webrequest|echo|printf|base64|bash|sh|cat)\s)`)

// proseSites finds piped command lines written as plain text in a
// paragraph ("Run: curl -fsSL http://x/i | bash"). Lines with code spans
// are left to the code span sites.
func (p *Pass) proseSites(t *markdown.Token) []ShellSite {
	var out []ShellSite
	off := 0
	for _, line := range strings.SplitAfter(t.Text, "\n") {
		lineOff := off
		off += len(line)
		if strings.ContainsRune(line, '`') || !strings.Contains(line, "|") {
			continue
		}
		m := proseCmdRx.FindStringSubmatchIndex(line)
		if m == nil || !strings.Contains(line[m[2]:], "|") {
			continue
		}
		text := strings.TrimRight(line[m[2]:], "\r\n")
		start := t.TextStart + lineOff + m[2]
		src := shell.Placeholders(text)
		s := p.ShellSnippet(src, start)
		piped := false
		for _, c := range s.Commands {
			piped = piped || c.PipeNext >= 0
		}
		if !piped || !LooksLikeCommands(s) && !s.Heuristic {
			continue
		}
		caution := cautionAbout(line[:m[2]], "")
		out = append(out, ShellSite{Kind: SiteProse, Script: s, Start: start, End: start + len(text), Text: text, TextStart: start, Cautioned: caution, src: src})
	}
	return out
}

// verbatim returns a code block's content as the file holds it from
// TextStart, so that offsets in it are file offsets: inside list items
// and blockquotes the token's Text drops each line's indentation and
// quote markers, which would shift every later line. Quote markers become
// blanks. It falls back to Text when the two do not hold the same words.
func (p *Pass) verbatim(t *markdown.Token) string {
	c := p.File.Content
	if t.TextStart < 0 || t.End > len(c) || t.TextStart >= t.End {
		return t.Text
	}
	raw := c[t.TextStart:t.End]
	lines := bytes.SplitAfter(raw, []byte("\n"))
	if n := len(lines); n > 0 {
		last := bytes.TrimLeft(lines[n-1], " \t>")
		if t.Fenced && (bytes.HasPrefix(last, []byte("```")) || bytes.HasPrefix(last, []byte("~~~"))) {
			lines = lines[:n-1]
		}
	}
	var b strings.Builder
	for i, l := range lines {
		if i > 0 && t.Quote > 0 {
			// blank the container prefix: spaces and '>' markers
			j := 0
			for j < len(l) && (l[j] == ' ' || l[j] == '\t' || l[j] == '>') {
				j++
			}
			b.WriteString(strings.Repeat(" ", j))
			b.Write(l[j:])
			continue
		}
		b.Write(l)
	}
	v := b.String()
	if strings.Join(strings.Fields(v), " ") != strings.Join(strings.Fields(t.Text), " ") {
		return t.Text
	}
	return v
}

var shellLangs = map[string]bool{"sh": true, "bash": true, "zsh": true, "shell": true, "console": true,
	"terminal": true, "shell-session": true, "shellsession": true, "ksh": true, "fish": true, "cmd": true,
	"powershell": true, "pwsh": true, "ps1": true, "ps": true, "bat": true, "batch": true, "command": true}

// posixLangs are the code block languages whose variables are POSIX
// shell variables (unlabelled blocks included).
var posixLangs = map[string]bool{"sh": true, "bash": true, "zsh": true, "shell": true, "console": true,
	"terminal": true, "shell-session": true, "shellsession": true, "ksh": true, "command": true,
	"": true, "text": true, "txt": true, "plaintext": true, "plain": true}

var looseLangs = map[string]bool{"": true, "text": true, "txt": true, "plaintext": true, "plain": true}

// commonCommands are programs whose presence makes unlabelled text look
// like commands rather than prose or output.
var commonCommands = map[string]bool{
	"curl": true, "wget": true, "bash": true, "sh": true, "zsh": true, "sudo": true, "chmod": true, "chown": true,
	"rm": true, "cp": true, "mv": true, "cat": true, "echo": true, "printf": true, "export": true, "cd": true,
	"git": true, "npm": true, "npx": true, "pnpm": true, "yarn": true, "bun": true, "pip": true, "pip3": true,
	"python": true, "python3": true, "node": true, "brew": true, "apt": true, "apt-get": true, "yum": true,
	"dnf": true, "docker": true, "kubectl": true, "make": true, "go": true, "cargo": true, "eval": true,
	"source": true, "base64": true, "xxd": true, "nc": true, "ncat": true, "socat": true, "tar": true,
	"unzip": true, "7z": true, "xattr": true, "crontab": true, "systemctl": true, "launchctl": true,
	"ssh": true, "scp": true, "rsync": true, "dd": true, "mkfifo": true, "iwr": true, "iex": true,
	"invoke-webrequest": true, "invoke-expression": true, "irm": true, "invoke-restmethod": true,
	"powershell": true, "pwsh": true, "perl": true, "ruby": true, "php": true, "uv": true, "uvx": true,
	"deno": true, "xmrig": true, "open": true, "osascript": true, "security": true, "env": true, "printenv": true,
	"ls": true, "mkdir": true, "touch": true, "tee": true, "dig": true, "nslookup": true, "ftp": true, "tftp": true,
	"telnet": true, "certutil": true, "mshta": true, "rundll32": true, "regsvr32": true, "msiexec": true, "start": true,
	"bitsadmin": true, "setx": true, "reg": true, "schtasks": true, "nohup": true, "xargs": true, "awk": true, "sed": true,
	"grep": true, "find": true, "pkill": true, "kill": true, "mkfs": true, "shred": true,
	// security controls switched on, off or read (SV606, SV123)
	"add-mppreference": true, "set-mppreference": true, "get-mppreference": true, "set-executionpolicy": true,
	"netsh": true, "wevtutil": true, "vssadmin": true, "bcdedit": true, "auditpol": true, "csrutil": true, "spctl": true,
	"setenforce": true, "getenforce": true, "ufw": true, "iptables": true, "auditctl": true, "aa-disable": true,
}

// nestedAgentCLIs are agent command-line programs; one started with its
// approval prompts off is a command worth judging (SV127).
var nestedAgentCLIs = map[string]bool{"claude": true, "codex": true, "gemini": true, "cursor-agent": true, "opencode": true}

// approvalsOffCommand reports an agent CLI command that switches its
// approval prompts off.
func approvalsOffCommand(c *shell.Command) bool {
	if !nestedAgentCLIs[c.Name] {
		return false
	}
	for _, w := range c.Argv[1:] {
		switch w.Value {
		case "--dangerously-skip-permissions", "--dangerously-bypass-approvals-and-sandbox", "--yolo", "bypassPermissions",
			"--permission-mode=bypassPermissions", "--approval-mode=yolo":
			return true
		}
	}
	return false
}

// LooksLikeCommands reports whether a snippet parsed as shell and at least
// one command is a known program or a path to one.
func LooksLikeCommands(s *shell.Script) bool {
	if s.Err != nil || len(s.Commands) == 0 {
		return false
	}
	for _, c := range s.Commands {
		if commonCommands[c.Name] || approvalsOffCommand(c) {
			return true
		}
		if len(c.Argv) > 0 && (strings.HasPrefix(c.Argv[0].Value, "./") || strings.HasPrefix(c.Argv[0].Value, "/")) {
			return true
		}
	}
	return false
}

// plainNoCommand reports whether a code span is plain words (ASCII
// letters, digits and _ . , : + - /, separated by spaces) none of which
// can name a program LooksLikeCommands accepts: a common command (by its
// base name, lower case, without .exe) or a path from ./ or /. Such a
// span parses as one simple command whose words are the span's own, with
// no expansion, quoting or redirection: every program the parse could
// find (after wrappers such as sudo) is one of the words, so
// LooksLikeCommands would reject it. Most code spans (`config.yaml`,
// `--verbose`, `src/index.ts`) are such words, and the check is far
// cheaper than a parse. Placeholders leaves such text alone (it rewrites
// only <name>).
func plainNoCommand(text string) bool {
	for i := 0; i < len(text); i++ {
		switch c := text[i]; {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == ' ', c == '_', c == '.', c == ',', c == ':', c == '+', c == '-', c == '/':
		default:
			return false
		}
	}
	var buf [32]byte
	for i := 0; i < len(text); {
		for i < len(text) && text[i] == ' ' {
			i++
		}
		j := i
		for j < len(text) && text[j] != ' ' {
			j++
		}
		w := text[i:j]
		i = j
		if w == "" {
			continue
		}
		if strings.HasPrefix(w, "./") || strings.HasPrefix(w, "/") {
			return false
		}
		if k := strings.LastIndexByte(w, '/'); k >= 0 && k < len(w)-1 {
			w = w[k+1:]
		}
		w = strings.TrimSuffix(w, ".exe")
		if len(w) > len(buf) {
			if commonCommands[strings.ToLower(w)] {
				return false
			}
			continue
		}
		b := buf[:len(w)]
		for k := 0; k < len(w); k++ {
			c := w[k]
			if c >= 'A' && c <= 'Z' {
				c += 'a' - 'A'
			}
			b[k] = c
		}
		if commonCommands[string(b)] {
			return false
		}
	}
	return true
}

// cautionWordRx finds a word that warns against what a sentence quotes, or
// presents it as an example, matched as a whole word: "block" in "the
// block", "like" in "unlike", "never" in "nevertheless" are not cautions.
var cautionWordRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:never|don[’']?t|do not|dont|avoid(?:s|ed|ing)?|must not|mustn[’']?t|should not|shouldn[’']?t|not run|dangerous|destructive|catastrophic|disastrous|warning|forbidden|prohibited|refuse[sd]?|block|blocked|blocks|blocking|block ?list(?:ed)?|such as|as in|e\.g\.|like)(?:$|[^\pL])`)

// blockNounRx finds "block" as a noun ("the block", "this code block"),
// which cautions against nothing; as a verb ("Block destructive patterns
// (`rm -rf /`)") it does.
var blockNounRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:the|a|an|this|that|these|those|each|every|next|following|previous|first|last|code|bash|shell|script|command|same|one|its)\s+(?:[\pL-]+\s+)?blocks?(?:$|[^\pL])`)

// cautionCJK are caution words of languages written without spaces.
var cautionCJK = []string{"危险", "禁止", "不要", "切勿", "危険", "위험", "금지"}

// runVerbRx finds a verb of running whose object the quoted command can be.
var runVerbRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(run|runs|running|execute|executes|executing|exec|invoke|invoking|call|calling|type|typing|paste|pasting|use|using|enter|try|trying)(?:$|[^\pL'’])`)

// notImperativeRx marks a run verb that is not an order to the reader: a
// condition, a request quoted from someone else, a relative clause or a
// modal ("if the user asks you to run", "scripts that run", "could run").
var notImperativeRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:if|when|whenever|unless|asks?|asked|requests?|requested|tells?|told|wants?|tries|attempts?|that|which|who|could|might|would|may)(?:$|[^\pL'’])`)

// negationRx finds a negation that can govern a run verb a few words on.
// A verb of prevention governs the run verb after its "from" ("what stops
// it from running", "keeps the agent from executing").
var negationRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:never|not|no|don[’']?t|dont|doesn[’']?t|cannot|can[’']?t|won[’']?t|mustn[’']?t|shouldn[’']?t|avoid|refuse|without|instead of|rather than|(?:stop|prevent|keep|block|bar|forbid|prohibit)(?:s|ped|ping|ed|ing)?\s+(?:[\pL’'-]+\s+){0,3}from)(?:$|[^\pL'’])`)

// licenceRx ends the words before a verb of prevention that deny it, which
// turns it into a licence: "nothing stops you from", "no rule keeps the
// agent from", "doesn't prevent it from".
var licenceRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:nothing|no|not|never|none|nobody|\pL*n[’']t)\s+(?:[\pL’'-]+\s+){0,2}$`)

// reversalRx: a verb between a negation and the run verb that turns the
// sentence into an order to run ("don't forget to run", "never ask for
// confirmation before running", "do not hesitate to execute"), or a word
// that starts a new order ("don't worry, just run").
var reversalRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:forget|forgetting|hesitate|fail|skip|omit|neglect|miss|worry|wait|delay|stop|pause|bother|ask(?:ing)? (?:for|the user|permission|before)|confirm|prompt|just|simply|then|now|instead)(?:$|[^\pL'’])`)

// directNegationRx ends the text before a span that the span is contrasted
// with or forbidden: "… instead of `x`", "… not `x`", "never `x`".
var directNegationRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:never|not|instead of|rather than|avoid|avoiding)\s*[("“]?\s*$`)

// expansionResultRx ends the text before a span that is what another
// command turns into ("`rm -rf "$DIR/"` becomes `rm -rf "/"` when DIR is
// unset"): the span describes a failure, it is not given to run.
var expansionResultRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:becomes?|became|turns? into|turned into|expands? (?:to|into)|expanded (?:to|into)|evaluates? to|resolves? to)\s*$`)

// safeguardNounRx starts the text after a span (and the spans listed with
// it) that names a safeguard against it: "the `rm -rf /` / `rm -rf ~`
// circuit breakers", "a `mkfs` guard". The span qualifies the noun; it is
// not given to run.
var safeguardNounRx = rxlit.MustRx("(?i)^`*\\s*(?:(?:/|,|or|and|&)\\s*(?:or\\s+|and\\s+)?`[^`]*`\\s*)*(?:circuit[- ]?breakers?|guard(?:rail)?s?|safeguards?|protections?|blockers?|detect(?:ion|or)s?|filters?|deny[- ]?rules?|checks?)(?:$|[^\\pL])")

// cautionAbout reports whether the sentence around a quoted command warns
// against running it or quotes it as an example. before is the sentence up
// to the command, after the rest of the sentence. A caution must be about
// the command: when the sentence tells the reader to run it ("Run the block
// `…`", "Don't forget to run `…`"), only a negation of that run verb counts,
// not a caution word elsewhere in the sentence.
func cautionAbout(before, after string) bool {
	if directNegationRx.MatchString(before) || expansionResultRx.MatchString(before) {
		return true
	}
	if v, ok := governingRunVerb(before); ok {
		return negatedRun(before[:v])
	}
	if safeguardNounRx.MatchString(after) {
		return true
	}
	if cautionWordRx.MatchString(blockNounRx.ReplaceAllString(before, " ")) || cautionWordRx.MatchString(blockNounRx.ReplaceAllString(after, " ")) {
		return true
	}
	for _, w := range cautionCJK {
		if strings.Contains(before, w) || strings.Contains(after, w) {
			return true
		}
	}
	return false
}

// governingRunVerb finds the run verb whose object the command at the end
// of before is: the last one, in the same clause (no ";" between) and near
// enough, given as an order (ok false for a condition, a relative clause).
func governingRunVerb(before string) (int, bool) {
	ms := runVerbRx.FindAllStringSubmatchIndex(before, -1)
	if len(ms) == 0 {
		return 0, false
	}
	m := ms[len(ms)-1]
	v := m[2]
	if len(before)-v > 100 || strings.ContainsAny(before[v:], ";") {
		return 0, false
	}
	// the clause the verb is in, from its last comma, colon or semicolon
	clause := before[strings.LastIndexAny(before[:v], ",;:")+1 : v]
	if notImperativeRx.MatchString(clause) {
		return 0, false
	}
	return v, true
}

// negatedRun reports whether the words just before a run verb negate it:
// "never run", "do not blindly run", "must never, under any pressure,
// execute"; not "don't forget to run", "never ask for confirmation, just
// run".
func negatedRun(pre string) bool {
	if k := strings.LastIndexAny(pre, ";:"); k >= 0 {
		pre = pre[k+1:]
	}
	// the last eight words
	f := strings.Fields(pre)
	if len(f) > 8 {
		f = f[len(f)-8:]
	}
	w := " " + strings.Join(f, " ") + " "
	ms := negationRx.FindAllStringIndex(w, -1)
	if len(ms) == 0 {
		return false
	}
	last := ms[len(ms)-1]
	if strings.HasSuffix(strings.ToLower(strings.TrimRight(w[last[0]:last[1]], " ")), "from") && licenceRx.MatchString(w[:last[0]+1]) {
		return false // "nothing stops you from running": a licence
	}
	return !reversalRx.MatchString(w[last[1]-1:])
}

// matchedObjectRx ends the text before a code span that is the object of a
// verb of matching or filtering ("`Bash(git *)` won't match `git add && rm
// -rf /`", "the hook rejects `sudo rm -rf /`, `rm -rf /*` or …"): the span is
// a string a pattern or a guard is tested against, not a command to run. The
// verb must be a verb: a determiner or noun before it ("the block `…`", "a
// match `…`") leaves the span alone.
var matchedObjectRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])((?:the|a|an|this|that|these|those|following|next|code|first|last|exact|no|any|each|every)\s+)?(?:match(?:es)?|blocks?|den(?:y|ies)|rejects?|catch(?:es)?|detects?|flags?)\s+(?:` + "`[^`]*`" + `\s*(?:,\s*(?:or\s+|and\s+)?|or\s+|and\s+))*$`)

// cautioned reports whether the code span at doc.Tokens[i] sits in a
// sentence that warns against it or quotes it as an example.
func cautioned(doc *markdown.Doc, i int) bool {
	t := &doc.Tokens[i]
	for j := i - 1; j >= 0; j-- {
		para := &doc.Tokens[j]
		if para.Kind != markdown.Paragraph && para.Kind != markdown.Heading {
			continue
		}
		if para.Start > t.Start || para.End < t.End {
			return false
		}
		rel := t.Start - para.TextStart
		if rel < 0 || rel > len(para.Text) {
			return false
		}
		// The sentence holding the span.
		from := sentenceStart(para.Text[:rel])
		to := len(para.Text)
		if k := strings.IndexAny(para.Text[rel:], ".!?\n"); k >= 0 {
			// skip the span itself, which may contain dots
			if e := t.End - para.TextStart; e > rel && e <= len(para.Text) {
				if k2 := strings.IndexAny(para.Text[e:], ".!?\n"); k2 >= 0 {
					to = e + k2
				} else {
					to = len(para.Text)
				}
			} else {
				to = rel + k
			}
		}
		if from <= rel {
			// the span's Start is past its opening backticks
			if m := matchedObjectRx.FindStringSubmatch(strings.TrimRight(para.Text[from:rel], "`")); m != nil && m[1] == "" {
				return true
			}
		}
		if from > rel {
			return false
		}
		after := ""
		if e := t.End - para.TextStart; e >= rel && e <= to {
			after = para.Text[e:to]
		}
		return cautionAbout(strings.TrimRight(para.Text[from:rel], "`"), after)
	}
	return false
}

// abbrevEndRx matches an abbreviation whose dots end no sentence.
var abbrevEndRx = rxlit.MustRx(`(?i)(?:^|[^\pL])(e\.g\.|i\.e\.|etc\.|vs\.|cf\.)$`)

// sentenceStart returns where the last sentence of text starts: after its
// last ".", "!", "?" or line break that is not the dot of an abbreviation
// ("so the strictest result wins (e.g. `…`": one sentence).
func sentenceStart(text string) int {
	for {
		k := strings.LastIndexAny(text, ".!?\n")
		if k < 0 {
			return 0
		}
		if text[k] == '.' {
			// only the tail can hold the abbreviation: matching the
			// whole text before it would make a long paragraph quadratic
			lo := max(0, k+1-16)
			if m := abbrevEndRx.FindStringSubmatchIndex(text[lo : k+1]); m != nil {
				text = text[:lo+m[2]]
				continue
			}
		}
		return k + 1
	}
}

// refusingHeaderRx: a table column header that says its cells are what
// not to do ("NG（本文取得）", "Don't", "❌ Bad", "Avoid", "禁止", "悪い例").
var refusingHeaderRx = rxlit.MustRx("^[\\s*_~>`]*(?:[❌✗✘🚫⛔×]|(?i:ng|bad|don'?t|do not|never|avoid|wrong|incorrect|insecure|unsafe|forbidden|prohibited|not allowed|disallowed|anti-?patterns?|vulnerable)(?:$|[^\\pL\\pN-])|禁止|悪い例|不可|非推奨|避ける|错误|錯誤|不要|금지)")

// RefusedColumn reports whether offset off of Markdown source src lies in
// a body cell of a table column whose header refuses its cells (NG,
// Don't, Avoid, Bad, ✗, ❌, 禁止, 悪い例): a column of what not to do, next
// to one of what to do instead. It returns the header. A cell under a
// neutral header (Command, Step, Example) is not refused, nor is a cell
// of the same row in the column that says what to do.
func RefusedColumn(src []byte, off int) (string, bool) {
	h, ok := markdown.TableColumnHeader(src, off)
	if !ok || !refusingHeaderRx.MatchString(h) {
		return "", false
	}
	return h, true
}

func refusedColumnCell(src []byte, off int) bool {
	_, ok := RefusedColumn(src, off)
	return ok
}

// prohibitLeadWords open a list or table of what must not be run:
// "Workers must never execute these:", "Blocked commands:", "What the
// tool does not do:" (not "If it does not start:", which leads to steps).
// They are matched as words ("never" is not in "nevertheless"), and a
// negation that turns into an order ("Do not skip these:", "Never ask
// before running these:") is not a prohibition.
var prohibitLeadRx = rxlit.MustRx(`(?i)(?:^|[^\pL'’])(?:never|don[’']?t|do not|(?:does|will|would)\s+not\s+do|(?:doesn|won|wouldn)[’']?t\s+do|must not|should not|shouldn[’']?t|forbidden|prohibited|blocked|blocks|block ?list(?:ed)?|deny ?list(?:ed)?|denied|not allowed|disallowed|dangerous|refuse[sd]?|avoid)(?:$|[^\pL'’])`)

// leadInCautioned reports a code span in a table row or list item whose
// list or table is introduced by a prohibition ending in a colon:
// "Workers must never execute these:" followed by a table of `rm -rf /`,
// `mkfs.*`. The rows are what is forbidden, not steps.
func leadInCautioned(src []byte, doc *markdown.Doc, i int) bool {
	t := &doc.Tokens[i]
	item := func(tok *markdown.Token) bool {
		if tok.Start < 0 || tok.Start >= len(src) {
			return false
		}
		ls := bytes.LastIndexByte(src[:tok.Start], '\n') + 1 // list markers sit before the item's text
		line := bytes.TrimLeft(src[ls:min(len(src), tok.Start+8)], " \t>")
		if len(line) == 0 {
			return false
		}
		switch c := line[0]; {
		case c == '|' || c == '-' || c == '*' || c == '+':
			return true
		case c >= '0' && c <= '9':
			k := bytes.IndexAny(line, ".)")
			return k > 0
		}
		return false
	}
	// the block holding the span
	j := i - 1
	for ; j >= 0; j-- {
		b := &doc.Tokens[j]
		if (b.Kind == markdown.Paragraph || b.Kind == markdown.Heading) && b.Start <= t.Start && b.End >= t.End {
			break
		}
	}
	if j < 0 || doc.Tokens[j].Kind != markdown.Paragraph || !item(&doc.Tokens[j]) {
		return false
	}
	// back over the other items of the list or table to its lead-in
	for n, k := 0, j-1; k >= 0 && n < 64; k-- {
		b := &doc.Tokens[k]
		if b.Kind != markdown.Paragraph && b.Kind != markdown.Heading {
			continue
		}
		if b.Kind == markdown.Paragraph && item(b) {
			n++
			continue
		}
		if b.Kind == markdown.Heading {
			return headingCautioned(doc, k, &doc.Tokens[j], t)
		}
		lead := strings.ToLower(strings.TrimSpace(b.Text))
		if !strings.HasSuffix(lead, ":") {
			return false
		}
		if k := strings.LastIndexAny(lead[:len(lead)-1], ".!?\n"); k >= 0 {
			lead = lead[k+1:]
		}
		return prohibitingLead(lead)
	}
	return false
}

// headingCautioned reports a code span in a list or table that opens the
// section of heading doc.Tokens[h], when that heading or one of the
// headings it sits under forbids what the section lists ("## What It
// Blocks" / "### Filesystem", "## Dangerous commands"): the items name
// what is blocked, they are not steps. An item that itself tells the
// reader to run the span ("- Run `…` to reset") keeps it an instruction.
func headingCautioned(doc *markdown.Doc, h int, item, span *markdown.Token) bool {
	if rel := span.Start - item.TextStart; rel >= 0 && rel <= len(item.Text) {
		before := strings.TrimRight(item.Text[:rel], "`")
		before = before[sentenceStart(before):]
		if v, ok := governingRunVerb(before); ok && !negatedRun(before[:v]) {
			return false
		}
	}
	level := doc.Tokens[h].Level + 1
	for k := h; k >= 0; k-- {
		b := &doc.Tokens[k]
		if b.Kind != markdown.Heading || b.Level >= level {
			continue
		}
		level = b.Level
		if prohibitingLead(strings.ToLower(strings.TrimSpace(b.Text))) {
			return true
		}
		if level <= 1 {
			break
		}
	}
	return false
}

// conditionLeadRx matches a lead-in whose items finish a condition: "If
// the script is about to:", "When a user asks you to:". The items say what
// might be attempted ("- Run `rm -rf /`"), not what to do; a condition
// followed by steps ("If the build fails:", "If so, you need to:") is not
// one.
var conditionLeadRx = rxlit.MustRx(`(?i)(?:^|[^\pL])(?:if|when|whenever|unless|before|should)\s[^:]*\b(?:about to|tries to|try to|attempts? to|wants? to|going to|asks?(?: you)? to|asked(?: you)? to|requests?(?: you)? to|is told to)\s*:$`)

// prohibitingLead reports whether the sentence introducing a list forbids
// what the list holds.
func prohibitingLead(lead string) bool {
	if conditionLeadRx.MatchString(lead) {
		return true
	}
	if v, ok := governingRunVerb(lead); ok {
		return negatedRun(lead[:v])
	}
	for _, w := range cautionCJK {
		if strings.Contains(lead, w) {
			return true
		}
	}
	lead = blockNounRx.ReplaceAllString(lead, " ") // "the code blocks:" forbids nothing
	m := prohibitLeadRx.FindAllStringIndex(lead, -1)
	if len(m) == 0 {
		return false
	}
	last := lead[m[len(m)-1][0]:]
	return !negationRx.MatchString(last) || !reversalRx.MatchString(last)
}

// hookSites finds the `command` entries of the frontmatter `hooks`.
func (p *Pass) hookSites() []ShellSite {
	m := p.Skill.Manifest
	k := m.Get("hooks")
	if k == nil {
		return nil
	}
	var out []ShellSite
	var walk func(n *yaml.Node, depth int)
	walk = func(n *yaml.Node, depth int) {
		if n == nil || depth > 16 {
			return
		}
		if n.Kind == yaml.MappingNode {
			for i := 0; i+1 < len(n.Content); i += 2 {
				key, val := n.Content[i], n.Content[i+1]
				if key.Value == "command" && val.Kind == yaml.ScalarNode && val.Value != "" {
					out = append(out, p.hookSite(val))
					continue
				}
				walk(val, depth+1)
			}
			return
		}
		for _, c := range n.Content {
			walk(c, depth+1)
		}
	}
	walk(k.Value, 0)
	return out
}

func (p *Pass) hookSite(n *yaml.Node) ShellSite {
	f := p.File
	start := f.Offset(n.Line, 1)
	line := f.Line(n.Line)
	// Column counts code points; find the byte column of the value.
	col := 0
	for i := range line {
		if col == n.Column-1 {
			start += i
			break
		}
		col++
	}
	end := f.Offset(n.Line, len(line)+1)
	var s *shell.Script
	rest := ""
	if start <= end && end <= len(f.Content) {
		rest = string(f.Content[start:end])
	}
	textStart := start
	switch {
	case strings.HasPrefix(rest, n.Value):
		s = shell.Parse(n.Value, start)
	case len(rest) > 0 && (rest[0] == '"' || rest[0] == '\'') && strings.HasPrefix(rest[1:], n.Value):
		textStart = start + 1
		s = shell.Parse(n.Value, textStart)
	default:
		s = shell.ParseAnchored(n.Value, start, end)
	}
	return ShellSite{Kind: SiteHook, Script: s, Start: start, End: end, Text: n.Value, TextStart: textStart}
}

// jsonHookSites finds the commands JSON files of the skill make the agent
// run: every "command" string under a "hooks" key (a plugin's
// hooks/hooks.json, a bundled .claude/settings.json), and the MCP servers
// it lists (mcpCommandLines).
func (p *Pass) jsonHookSites() []ShellSite {
	f := p.File
	hooks, mcp := bytes.Contains(f.Content, []byte(`"hooks"`)), mcpKeyRx.Match(f.Content)
	if !hooks && !mcp {
		return nil
	}
	var doc any
	if json.Unmarshal(f.Content, &doc) != nil {
		return nil
	}
	var out []ShellSite
	if mcp {
		// .mcp.json, claude_desktop_config.json: the agent starts every
		// server it lists when the skill or plugin is enabled
		from := 0
		for _, l := range mcpCommandLines(doc) {
			at := p.jsonSite(l.command, &from, false)
			out = append(out, ShellSite{Kind: SiteMCP, Script: shell.ParseAnchored(l.line, at.Start, at.End),
				Start: at.Start, End: at.End, Text: l.line, TextStart: at.Start})
		}
	}
	from := 0
	for _, cmd := range jsonHookCommands(doc) {
		out = append(out, p.jsonSite(cmd, &from, false))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}

// jsonHookCommands returns every non-empty "command" string under a
// "hooks" key of a JSON document, keys in sorted order.
func jsonHookCommands(doc any) []string {
	var out []string
	var walk func(v any, inHooks bool, depth int)
	walk = func(v any, inHooks bool, depth int) {
		if depth > 32 {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				if cmd, ok := v[k].(string); ok && inHooks && k == "command" && cmd != "" {
					out = append(out, cmd)
					continue
				}
				walk(v[k], inHooks || k == "hooks", depth+1)
			}
		case []any:
			for _, e := range v {
				walk(e, inHooks, depth+1)
			}
		}
	}
	walk(doc, false, 0)
	return out
}

// mcpKeyRx finds the keys under which JSON configurations list MCP
// servers.
var mcpKeyRx = rxlit.MustRx(`"(?:mcpServers|mcp_servers)"\s*:`)

// mcpLine is one MCP server's command line: the "command" value as
// written and the whole line with its arguments, quoted for the shell.
type mcpLine struct{ command, line string }

// mcpCommandLines returns the command lines of the MCP servers a JSON
// document lists ("mcpServers": {name: {"command": …, "args": […]}}), in
// the order of their names.
func mcpCommandLines(doc any) []mcpLine {
	var out []mcpLine
	var walk func(v any, depth int)
	walk = func(v any, depth int) {
		if depth > 16 {
			return
		}
		switch v := v.(type) {
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				servers, ok := v[k].(map[string]any)
				if !ok || k != "mcpServers" && k != "mcp_servers" {
					walk(v[k], depth+1)
					continue
				}
				for _, n := range slices.Sorted(maps.Keys(servers)) {
					srv, _ := servers[n].(map[string]any)
					cmd, _ := srv["command"].(string)
					if strings.TrimSpace(cmd) == "" {
						continue
					}
					line := cmd
					if args, ok := srv["args"].([]any); ok {
						line = shell.Quote(cmd)
						for _, a := range args {
							if s, ok := a.(string); ok {
								line += " " + shell.Quote(s)
							}
						}
					}
					out = append(out, mcpLine{cmd, line})
				}
			}
		case []any:
			for _, e := range v {
				walk(e, depth+1)
			}
		}
	}
	walk(doc, 0)
	return out
}

// jsonSite places a JSON string value in the file: exactly when it is
// written without escapes, else at the string. A command in documentation
// (doc: a JSON code block of a Markdown file) is parsed with its
// <placeholders> as words, as the shell blocks around it are.
func (p *Pass) jsonSite(cmd string, from *int, doc bool) ShellSite {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(cmd)
	lit := bytes.TrimSpace(buf.Bytes())
	src := cmd
	if doc {
		src = shell.Placeholders(cmd) // same length: offsets hold
	}
	c := p.File.Content
	i := bytes.Index(c[*from:], lit)
	if i < 0 {
		i = bytes.Index(c, lit)
	} else {
		i += *from
	}
	if i < 0 {
		return ShellSite{Kind: SiteHook, Script: shell.ParseAnchored(src, 0, 0), Text: cmd}
	}
	*from = i + len(lit)
	if string(lit) == `"`+cmd+`"` {
		return ShellSite{Kind: SiteHook, Script: shell.Parse(src, i+1), Start: i, End: i + len(lit), Text: cmd, TextStart: i + 1}
	}
	return ShellSite{Kind: SiteHook, Script: shell.ParseAnchored(src, i, i+len(lit)), Start: i, End: i + len(lit), Text: cmd, TextStart: i}
}
