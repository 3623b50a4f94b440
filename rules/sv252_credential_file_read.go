package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/markdown"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// ShellCredentialRead reports commands that read credential stores.
var ShellCredentialRead = register(&analyzer.Rule{
	ID:       "SV252",
	Name:     "credential-file-read",
	Title:    "Command reads a credential file or keychain",
	Severity: High,
	Category: analyzer.CatCredentialFiles,
	Tags:     []string{"security", "CWE-522", "CWE-538"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds commands that read, copy or archive credential stores: ` + "`cat ~/.ssh/id_rsa`" + `,
` + "`cp ~/.aws/credentials …`" + ` (and ` + "`install -m 600 ~/.ssh/id_rsa …`" + `, ` + "`cp -t DIR …`" + `: every source is read), ` + "`tar czf x.tgz ~/.ssh ~/.gnupg`" + `, ` + "`base64 ~/.git-credentials`" + `,
` + "`security find-generic-password`" + ` / ` + "`dump-keychain`" + `, browser ` + "`Login Data`" + ` and wallet files, shell
history. What is read ends up in the agent's context or in a file another step can
send; sending it is reported by SV250 (critical). A ` + "`!read ~/.aws/credentials`" + ` directive, which
inlines the file at render time, is reported too.

Not reported: using a key the intended way (` + "`ssh -i ~/.ssh/deploy_key`" + `, ` + "`curl --key ~/.ssh/id_rsa sftp://…`" + `, ` + "`ssh-keygen`" + `,
` + "`chmod 600 ~/.ssh/id_ed25519`" + `, ` + "`ls ~/.ssh`" + `, ` + "`find ~/.ssh -exec chmod 600 {} \\;`" + `: names and permissions,
not contents), public material and settings wherever the directory comes from (` + "`cat \"$SSH_DIR/$name.pub\"`" + `,
` + "`known_hosts`" + `, ` + "`authorized_keys`" + `, the client's ` + "`~/.ssh/config`" + ` (host names and options, as an fzf host
picker reads it), ` + "`~/.gnupg/gpg-agent.conf`" + `, ` + "`pubring.kbx`" + `), a password manager named
in a URL or text rather than its store's path (` + "`https://vault.bitwarden.com`" + `), copying ` + "`.env.example`" + ` to ` + "`.env`" + `, reading the
project's own ` + "`.env`" + ` by relative path, presence checks that print nothing of the file
(` + "`grep -q`" + `, ` + "`grep -c`" + `, ` + "`grep -l`" + `), a grep whose pattern names a credential file (` + "`git diff --cached --name-only | grep -E '\\.npmrc|\\.pem$'`" + `:
a name it looks for in its input; files after the pattern, or after ` + "`-e`" + `/` + "`-f`" + `, are read), a grep that prints only the section headers of an INI
store (` + "`grep -E '^\\[.*\\]$' ~/.aws/credentials`" + `: profile names; with ` + "`-A`" + `/` + "`-C`" + ` context, ` + "`-v`" + `, ` + "`-z`" + ` or an
alternation it prints keys and stays **high**), ` + "`/etc/sudoers`" + ` (privilege rules, not secrets: reading it is an
audit; ` + "`/etc/shadow`" + `, ` + "`/etc/gshadow`" + ` and ` + "`/etc/master.passwd`" + ` hold password hashes), and a path handed to a program as an argument
(` + "`python3 deploy.py --env-file ~/.env`" + `: the program's own code is analysed where it is).
A file on a mounted disk image, with no path on this machine's own accounts (` + "`cp /mnt/evidence/etc/shadow /cases/c1/`" + `:
forensic collection), is **medium**; a copy's destination is written, not read (` + "`cp /opt/app/.env /mnt/share/`" + ` reads this machine's file).
An application's deployed ` + "`.env`" + ` (an absolute path outside every home directory) copied to a backup on this machine's
private disk (` + "`cp /opt/app/.env ./backup-env-$(date +%F)`" + `, ` + "`/var/backups/app/`" + `) is **medium**: settings saved before a
change; to ` + "`/tmp`" + `, a mount, a share, a web root, a synced folder or a destination held in a variable it stays **high**. An ` + "`awk -F:`" + ` over an account file whose program prints only the first field (` + "`awk -F: '($2 == \"\") {print $1}' /etc/shadow`" + `:
the accounts with no password, an audit) is **medium**; a program printing anything else, running a command or reading
more stays **high**. A single file of the user's home copied into a folder of the same
home (` + "`cp ~/.ssh/id_rsa ~/deployer-config`" + `: the user's key handed to a tool's configuration directory) is **medium**;
into the home itself, another account's home, a shared, synced or public folder, a variable, recursively, or opened to
others afterwards (` + "`chmod 644`" + `) it stays **high**. An ` + "`.npmrc`" + ` printed with its token lines dropped (` + "`cat ~/.npmrc | grep -v authToken`" + `) is **medium**.
A ` + "`.env`" + ` under the home directory read into a variable by an assignment or ` + "`export`" + `
(` + "`KEY=$(grep '^KEY=' ~/.openclaw/.env | cut -d= -f2)`" + `, ` + "`export $(cat ~/.env | xargs)`" + `) is **medium**:
the skill loading its settings; printed, it would reach the agent's context (**high**). A ` + "`.env`" + ` whose
pipeline keeps only the setting names (` + "`… | cut -d= -f1`" + `, ` + "`awk -F= '{print $1}'`" + `, a ` + "`sed`" + ` substitution dropping
` + "`=.*`" + `, after line filters such as ` + "`grep`" + ` and ` + "`sort`" + `) lists which keys are set and is **medium**; a ` + "`tee`" + `, a
` + "`grep -o`" + ` or a pattern that could run past the first ` + "`=`" + ` on the way keeps it **high**.
A key handed to its consumer is **medium**: ` + "`gh secret set DEPLOY_KEY < ~/.ssh/deploy_key`" + ` stores it, encrypted, as a
secret of the current checkout's repository (one the user administers; with ` + "`-R`" + `/` + "`--repo`" + `, ` + "`--org`" + ` or ` + "`--user`" + ` it
may be someone else's and stays **high**), and ` + "`cat ~/.ssh/deploy_key`" + ` printing only keys an ` + "`ssh-keygen -f`" + ` earlier in
the same block created (a new key shown so the user can paste it into the CI; a key that block did not create, or
one ` + "`ssh-keygen -l`" + `/` + "`-y`" + ` only inspected, stays **high**).

**Fix:** do not read credential files; ask the user for the one value needed, or use
the tool that owns the credential (` + "`gh auth token`" + `, ` + "`aws sts get-caller-identity`" + `).

Bad:

` + "```sh" + `
cat ~/.aws/credentials
` + "```" + `

Good:

` + "```sh" + `
aws sts get-caller-identity
` + "```",
	Run: shRunCredentialFileRead,
})

func shRunCredentialFileRead(p *analyzer.Pass) error {
	shReadDirectives(p)
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		s := site.Script
		// senderAfter[i]: some command at index >= i sends data.
		senderAfter := make([]bool, len(s.Commands)+1)
		for i := len(s.Commands) - 1; i >= 0; i-- {
			_, sends := shellfacts.SendsData(s.Commands[i])
			senderAfter[i] = senderAfter[i+1] || sends
		}
		for idx, c := range s.Commands {
			label, ok := shellfacts.ReadsCredential(c)
			if !ok || !site.Kind.Executes() && shLocalDotenv(c) || senderAfter[idx] || shSentByAncestor(s, c) {
				continue
			}
			sev, note := High, ""
			switch {
			case c.Name == "security" && shellfacts.OwnKeychainItem(c):
				sev = Medium
			case shCopiedToSameKind(c, label):
				sev, note = Medium, " and copies it to the same credential location of another account (it stays on this machine)"
			case shProjectCopy(c):
				sev, note = Medium, ": the project's own file, copied within this machine"
			case label == "npm token" && shSecretLinesDropped(s, c):
				sev, note = Medium, " with the secret lines filtered out (grep -v) before anything prints"
			case label == "dotenv file" && shAppEnvBackup(c):
				sev, note = Medium, ": an application's settings file copied to a local backup (nothing here prints or sends it)"
			case shCopiedWithinOwnHome(s, c):
				sev, note = Medium, " and copies it into a folder of the same user's home (it stays on this machine, private)"
			case shMountedImage(c):
				sev, note = Medium, " from a mounted disk image (another system's files, as in forensics; this machine's are not read)"
			case shGhSecretOwnRepo(c):
				sev, note = Medium, ": stored with gh secret set as a secret of the current repository (encrypted for its CI, the key's consumer; nothing prints)"
			case shFreshKeyShown(s, idx, c):
				sev, note = Medium, ": a key ssh-keygen created earlier in this block, shown to be handed to its consumer (not an existing credential)"
			case label == "system password file" && shAwkNamesOnly(c):
				sev, note = Medium, ": only account names come out (awk prints the first field, never the hash)"
			case label == "dotenv file" && shKeyNamesOnly(s, c):
				sev, note = Medium, ": only the names of its settings come out (the pipeline cuts each line at '='; the values are dropped)"
			case label == "dotenv file" && shCapturedSetting(s, c):
				sev, note = Medium, " into a variable (loading the skill's settings; nothing here prints or sends it)"
			}
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev,
				Message: c.Name + " reads " + label + note + shellfacts.Where(site)})
		}
	})
}

// shGhSecretOwnRepo reports gh secret set reading the credential from a
// redirect (gh secret set DEPLOY_KEY < ~/.ssh/deploy_key) into the
// repository of the current checkout: gh encrypts the value for that
// repository's Actions, where the key is used (setting a secret needs
// admin rights on the repository, so it is the user's own). A secret set
// on a named repository, organisation or user (-R, --repo, -o, --org, -u,
// --user) may be one someone else's workflows can print: it stays high.
func shGhSecretOwnRepo(c *shell.Command) bool {
	if c.Name != "gh" || c.Arg(1) != "secret" || c.Arg(2) != "set" || c.PipeNext >= 0 {
		return false
	}
	if shellfacts.HasShortFlag(c, 'R', "--repo") || shellfacts.HasShortFlag(c, 'o', "--org") || shellfacts.HasShortFlag(c, 'u', "--user") {
		return false
	}
	for _, r := range c.Redirs {
		if r.Op == "<" && (r.Fd == "" || r.Fd == "0") {
			if _, ok := shellfacts.CredentialIn(r.Target.Value); ok {
				return true
			}
		}
	}
	return false
}

// shFreshKeyShown reports cat printing only keys that an ssh-keygen -f
// earlier in the same script created (ssh-keygen -t ed25519 -f
// ~/.ssh/deploy_key, then cat ~/.ssh/deploy_key to paste it into the CI's
// secrets): a new key the block made to hand out, not a credential the
// user already had. Its output must reach the terminal (no pipe, no
// redirect); any path not created there keeps the grade.
func shFreshKeyShown(s *shell.Script, idx int, c *shell.Command) bool {
	if c.Name != "cat" || c.PipeNext >= 0 || len(c.Redirs) > 0 {
		return false
	}
	made := map[string]bool{}
	for _, k := range s.Commands[:idx] {
		if k.Name != "ssh-keygen" || shKeygenReads(k) {
			continue
		}
		for i := 1; i+1 < len(k.Argv); i++ {
			if k.Argv[i].Value == "-f" {
				made[shellfacts.NormPath(k.Argv[i+1].Value)] = true
			}
		}
	}
	n := 0
	for _, a := range c.Params() {
		if strings.HasPrefix(a.Value, "-") {
			continue
		}
		if !made[shellfacts.NormPath(a.Value)] {
			return false
		}
		n++
	}
	return n > 0
}

// shKeygenReads reports an ssh-keygen that works on an existing key
// instead of creating one: -l (fingerprint), -y (public half), -p (new
// passphrase), -e/-i (convert), -c (comment), -B, -L, -D, -s, -Y, -k,
// -Q, -R, -F, -H.
func shKeygenReads(c *shell.Command) bool {
	for _, w := range c.Params() {
		v := w.Value
		if len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.ContainsAny(v[1:], "lypeicBLDsYkQRFH") {
			return true
		}
	}
	return false
}

// shMountRx matches a path on a mounted disk or image: /mnt/evidence/…,
// /media/usb/…, /Volumes/Backup/….
var shMountRx = match.MustRx(`^["']?/(?:mnt|media|Volumes)/[^/]+/`)

// shLocalCredRx matches a path on this machine's own accounts.
var shLocalCredRx = match.MustRx(`^["']?(?:~|\$\{?HOME\b|/home/|/root/|/Users/|/etc/|/var/|\.\.?/|\$)`)

// shMountedImage reports a command whose paths include one on a mounted
// disk and none on this machine's own accounts (cp /mnt/evidence/etc/shadow
// /cases/…): the files read are another system's. A copy's destination is
// written, not read: cp /opt/app/.env /mnt/share/ reads this machine's file.
func shMountedImage(c *shell.Command) bool {
	mounted := false
	var words []string
	if srcs := shellfacts.CopySources(c); srcs != nil {
		words = srcs
	} else {
		for _, a := range c.Argv[1:] {
			words = append(words, a.Value)
		}
	}
	for _, v := range words {
		switch {
		case strings.HasPrefix(v, "-"):
		case shMountRx.MatchString(v):
			mounted = true
		case shLocalCredRx.MatchString(v):
			return false
		}
	}
	return mounted
}

// shSharedDestRx matches a destination others can read or that leaves
// the machine's private disk: temporary and shared-memory directories,
// mounts and network shares, web roots and public folders, synced
// folders, a host:path.
var shSharedDestRx = match.MustRx(`(?i)^/(?:tmp|var/tmp|dev/shm|mnt|media|Volumes|var/www|srv|usr/share/nginx|dev)(?:/|$)|(?:^|/)(?:public|public_html|www|htdocs|html|static|shared?|uploads?|outbox|Dropbox|Google Drive|OneDrive[^/]*|iCloud[^/]*|Mobile Documents|Nextcloud|ownCloud)(?:/|$)|^[\w.-]+@|^[\w.-]+:|://`)

// shScratchSrcRx matches a temporary or mounted directory: a file there
// is not an application's deployed settings.
var shScratchSrcRx = match.MustRx(`^/(?:tmp|var/tmp|dev/shm|mnt|media|Volumes)/`)

// shDateSubstRx matches a date stamp computed into a file name:
// ./backup-$(date +%Y%m%d).
var shDateSubstRx = match.MustRx(`\$\(date(?:\s[^()$\x60]*)?\)`)

// shAppEnvBackup reports a local copy (cp, install) of an application's
// deployed .env, at an absolute path outside every home directory
// (/opt/app/.env, /srv/app/.env), to a backup file on this machine's
// private disk (./backup-env-$(date +%F), /var/backups/app/): the server's
// settings saved before a change. Nothing is printed into the agent's
// context, and sending the copy is SV250's chain. A destination in /tmp, a
// mount, a share, a web root or a synced folder, or one held in a variable
// whose value is not read here, stays high; so does a .env from a home
// directory (the user's own store).
func shAppEnvBackup(c *shell.Command) bool {
	srcs, rawDest, ok := shPlainCopy(c)
	if !ok {
		return false
	}
	for _, v := range srcs {
		if l, ok := shellfacts.CredentialIn(v); !ok || l != "dotenv file" {
			return false
		}
		if !strings.HasPrefix(v, "/") || strings.Contains(v, "$") || shScratchSrcRx.MatchString(v) || shUnderHome(v) {
			return false // relative (the project's, judged above), a variable, /tmp, a mount, a home
		}
	}
	dest := shDateSubstRx.Regexp().ReplaceAllString(rawDest, "DATE")
	if dest == "" || dest == "-" || strings.ContainsAny(dest, "$\x60") || shSharedDestRx.MatchString(shellfacts.NormPath(dest)) {
		return false
	}
	if _, ok := shellfacts.CredentialIn(dest); ok && !strings.HasSuffix(path.Base(dest), ".env") {
		return false // into another credential store
	}
	return true
}

// shPlainCopy returns the sources and the destination of a cp or install
// that names its destination last (no -t), quotes trimmed; ok is false for
// any other command or one with no source.
func shPlainCopy(c *shell.Command) (srcs []string, dest string, ok bool) {
	if c.Name != "cp" && c.Name != "install" || shellfacts.HasShortFlag(c, 't', "--target-directory") {
		return nil, "", false
	}
	for _, src := range shellfacts.CopySources(c) {
		srcs = append(srcs, strings.Trim(src, `"'`))
	}
	if len(srcs) == 0 {
		return nil, "", false
	}
	ops := c.Params()
	return srcs, strings.Trim(ops[len(ops)-1].Value, `"'`), true
}

// shSecretLineRx names every line of an .npmrc that holds a secret:
// _authToken, _auth, _password (an .npmrc keeps nothing else secret).
var shSecretLineRx = match.MustRx(`(?i)auth|_password`)

// shSecretLinesDropped reports a read of an .npmrc whose output passes,
// before anything else, through grep -v with a pattern naming its secret
// lines (cat ~/.npmrc | grep -v authToken): the registry settings are
// shown, the token is not.
func shSecretLinesDropped(s *shell.Script, c *shell.Command) bool {
	if c.PipeNext <= 0 || c.PipeNext >= len(s.Commands) {
		return false
	}
	g := s.Commands[c.PipeNext]
	if g.Name != "grep" && g.Name != "egrep" || !shellfacts.HasShortFlag(g, 'v', "--invert-match") {
		return false
	}
	for _, w := range g.Params() {
		if v := strings.Trim(w.Value, `"'`); v != "" && !strings.HasPrefix(v, "-") {
			return shSecretLineRx.MatchString(v)
		}
	}
	return false
}

// shNameFieldRx matches a sed substitution that keeps only what precedes
// the '=' of a NAME=value line: s/^…([A-Z0-9_]+)=.*/\1/ or s/=.*//
// (the replacement holds no text of its own).
var shNameFieldRx = match.MustRx(`^s([/|#])([^=]*)=\.\*\$?([/|#])((?:\\[1-9])*)([/|#])g?$`)

// shKeyNamesOnly reports a read of a dotenv-style file whose pipeline keeps
// only the setting names: after line filters (grep, sort, uniq, head,
// tail), a stage that cuts each line at '=' and keeps the first field (cut
// -d= -f1, awk -F= '{print $1}', or a sed substitution dropping '=.*').
// Which keys are set is listed; no value reaches the output.
func shKeyNamesOnly(s *shell.Script, c *shell.Command) bool {
	if (c.Name == "grep" || c.Name == "egrep") && shellfacts.HasShortFlag(c, 'o', "--only-matching") {
		return false // it prints what its pattern matched, which need not hold the '='
	}
	cur := c
	for n := 0; cur.PipeNext > 0 && cur.PipeNext < len(s.Commands) && n < 8; n++ {
		cur = s.Commands[cur.PipeNext]
		var ps []string
		for _, w := range cur.Params() {
			ps = append(ps, strings.Trim(w.Value, `"'`))
		}
		switch cur.Name {
		case "grep", "egrep", "sort", "uniq", "head", "tail":
			if shellfacts.HasShortFlag(cur, 'o', "--only-matching") {
				return false // what it prints is the pattern's, not the line's
			}
			continue
		case "cut":
			j := strings.Join(ps, "")
			return j == "-d=-f1" || j == "-f1-d="
		case "awk":
			return len(ps) == 2 && ps[0] == "-F=" && strings.ReplaceAll(ps[1], " ", "") == "{print$1}"
		case "sed":
			if len(ps) == 2 && (ps[0] == "-E" || ps[0] == "-r") {
				ps = ps[1:]
			}
			if len(ps) != 1 {
				return false
			}
			m := shNameFieldRx.FindStringSubmatch(ps[0])
			// no '.' before the '=': a wildcard there could run past the
			// first '=' into the value
			return m != nil && m[1] == m[3] && m[3] == m[5] && !strings.ContainsAny(m[2], ".\\")
		}
		return false
	}
	return false
}

// shAwkPrintNameRx matches the one output statement an account audit
// keeps: print $1, the name field of a colon-separated account file.
var shAwkPrintNameRx = match.MustRx(`\bprint\s*\(?\s*\$1\s*\)?\s*(?:[;}]|$)`)

// shAwkNamesOnly reports an awk run on a colon-separated account file
// (awk -F: '($2 == "" || $2 == "!") {print $1}' /etc/shadow: accounts with
// no password) whose program prints only the first field: the names. Any
// other print, printf, $0, a command (system, getline, a pipe) or more
// than one program word keeps the read high.
func shAwkNamesOnly(c *shell.Command) bool {
	if c.Name != "awk" && c.Name != "gawk" && c.Name != "mawk" {
		return false
	}
	ps := c.Params()
	if len(ps) < 3 || (ps[0].Value != "-F:" && ps[0].Value != "-F':'") {
		return false
	}
	prog := ps[1].Value
	if !shAwkPrintNameRx.MatchString(prog) {
		return false
	}
	rest := shAwkPrintNameRx.ReplaceAllString(prog, "}")
	rest = strings.ReplaceAll(rest, "||", "")
	for _, bad := range []string{"print", "system", "getline", "$0", "|", "ENVIRON"} {
		if strings.Contains(rest, bad) {
			return false
		}
	}
	for _, w := range ps[2:] {
		if strings.HasPrefix(w.Value, "-") || strings.Contains(w.Value, "=") {
			return false // more options or assignments after the program
		}
		if l, ok := shellfacts.CredentialIn(w.Value); !ok || l != "system password file" {
			return false // another file, whose first field may be a whole line
		}
	}
	return true
}

// shCapturedSetting reports a read whose output (after the pipeline's
// filters) is captured into a variable by an assignment or export:
// KEY=$(grep '^KEY=' ~/.env | cut -d= -f2), export $(cat ~/.env | xargs).
// The values stay in the script; printed, they would reach the agent.
func shCapturedSetting(s *shell.Script, c *shell.Command) bool {
	last := c
	for n := 0; last.PipeNext > 0 && last.PipeNext < len(s.Commands) && n < 8; n++ {
		last = s.Commands[last.PipeNext]
	}
	if last.Via != shell.ViaSubst || last.Parent < 0 || last.Parent >= len(s.Commands) {
		return false
	}
	parent := s.Commands[last.Parent]
	switch parent.Name {
	case "":
		return len(parent.Assigns) > 0 // KEY=$(…)
	case "export", "local", "declare", "readonly", "typeset":
		return true
	}
	return false
}

// shCopiedToSameKind reports a local copy (cp, install) whose destination
// is a credential file of the same kind: a login shared with another
// local account (~/.docker/config.json into /home/u/.docker/), not staged
// for sending.
func shCopiedToSameKind(c *shell.Command, label string) bool {
	if c.Name != "cp" && c.Name != "install" || shellfacts.HasShortFlag(c, 't', "--target-directory") {
		return false // with -t the last word is a source
	}
	args := c.Params()
	if len(args) < 2 {
		return false
	}
	dl, ok := shellfacts.CredentialIn(args[len(args)-1].Value)
	return ok && dl == label
}

// shLocalDotenv reports a read of the project's own .env by relative path
// and of nothing else.
func shLocalDotenv(c *shell.Command) bool {
	vals := make([]string, 0, len(c.Argv))
	for _, w := range c.Params() {
		vals = append(vals, w.Value)
	}
	for _, r := range c.Redirs {
		if r.Op == "<" {
			vals = append(vals, r.Target.Value)
		}
	}
	found := false
	for _, v := range vals {
		l, ok := shellfacts.CredentialIn(v)
		if !ok {
			continue
		}
		v = shellfacts.NormPath(v)
		if l != "dotenv file" || strings.HasPrefix(v, "~/") || strings.HasPrefix(v, "/") {
			return false
		}
		found = true
	}
	return found
}

// shSentByAncestor reports whether a command containing c sends data.
func shSentByAncestor(s *shell.Script, c *shell.Command) bool {
	found := false
	shellfacts.Ancestors(s, c, func(a *shell.Command) bool {
		_, found = shellfacts.SendsData(a)
		return !found
	})
	return found
}

// shReadDirectives reports `!read path` directives that inline a
// credential file at render time.
func shReadDirectives(p *analyzer.Pass) {
	if p.File.Kind != skill.KindMarkdown {
		return
	}
	doc, err := p.Markdown()
	if err != nil {
		return
	}
	for _, t := range doc.Tokens {
		if t.Kind != markdown.ReadDirective {
			continue
		}
		if l, ok := shellfacts.CredentialIn(t.Text); ok {
			p.Report(analyzer.Diagnostic{Start: t.Start, End: t.End,
				Message: "!read inlines " + l + " (" + shellfacts.ClipText(t.Text, 60) + ") into the agent's context at render time"})
		}
	}
}

// shProjectCopy reports a local copy (cp, install, ln) of credential
// files that are not the user's (under the home directory) but the
// project's: cp "$WORKSPACE/.npmrc" "$DEPS_DIR/" hands a build its
// registry settings, and nothing leaves the machine.
func shProjectCopy(c *shell.Command) bool {
	switch c.Name {
	case "cp", "install", "ln":
	default:
		return false
	}
	srcs := shellfacts.CopySources(c)
	if len(srcs) == 0 {
		return false
	}
	for _, src := range srcs {
		v := strings.Trim(src, `"'`)
		if shUnderHome(v) {
			return false
		}
		if !strings.HasPrefix(v, "$") && !strings.HasPrefix(v, "./") && !strings.HasPrefix(v, ".") && strings.HasPrefix(v, "/") {
			return false // an absolute system path (/etc/…)
		}
		if !shProjectConfigs[path.Base(v)] {
			return false // keys, wallets, cloud credentials: never the project's
		}
	}
	return true
}

// shUnderHome reports a path in a home directory, however it is written.
func shUnderHome(v string) bool {
	for _, home := range []string{"~", "$HOME", "${HOME}", "/root/", "/home/", "/Users/", "/var/root/", "%USERPROFILE%", "$env:USERPROFILE"} {
		if strings.HasPrefix(v, home) {
			return true
		}
	}
	return false
}

// shProjectConfigs are the credential-bearing files a project keeps at
// its root for its package managers.
var shProjectConfigs = map[string]bool{".npmrc": true, ".yarnrc": true, ".yarnrc.yml": true, ".pypirc": true,
	"pip.conf": true, "bunfig.toml": true, ".env": true}

// shOwnHomeRx matches a path in the current user's home, written as ~ or
// $HOME (not /home/<name>: another account's).
var shOwnHomeRx = match.MustRx(`^(?:~|\$HOME|\$\{HOME\})/`)

// shOpenModeRx matches a chmod mode that lets the group or others read:
// 644, 0755, 777, o+r, a+r, go+rw, +r.
var shOpenModeRx = match.MustRx(`^0?[0-7][4-7][0-7]$|^0?[0-7][0-7][4-7]$|^[ugoa]*[go]+[ugoa]*\+[rwx]*r|^a?\+[rwx]*r`)

// shCopiedWithinOwnHome reports a plain copy (cp, install; one file, not a
// tree) of a file of the current user's home into a folder of that same
// home (cp ~/.ssh/id_rsa ~/deployer-config): the user's own key handed to
// a tool's configuration directory, as an installer's steps do. Nothing
// leaves the machine or reaches the agent's context; a send later in the
// script is judged as the chain it is. A destination in a shared, synced or
// public folder, the home itself, a variable, another account's home or
// anywhere outside the home (/tmp, a mount, a web root), a recursive copy,
// and a copy the script then opens to group or others (chmod 644) stay high.
func shCopiedWithinOwnHome(s *shell.Script, c *shell.Command) bool {
	srcs, raw, ok := shPlainCopy(c)
	if !ok || shellfacts.HasShortFlag(c, 'r', "--recursive") || shellfacts.HasShortFlag(c, 'R', "--recursive") || shellfacts.HasShortFlag(c, 'a', "--archive") {
		return false
	}
	for _, v := range srcs {
		if !shOwnHomeRx.MatchString(v) || strings.Count(v, "$") > 1 || strings.ContainsAny(v, "*?\x60") {
			return false
		}
	}
	dest := strings.TrimRight(shellfacts.NormPath(raw), "/")
	if !shOwnHomeRx.MatchString(raw) || strings.Count(raw, "$") > 1 || strings.ContainsAny(raw, "\x60*?") ||
		dest == "~" || strings.Contains(dest, "/../") || shSharedDestRx.MatchString(dest) {
		return false
	}
	// a chmod that opens what was copied to the group or others
	for _, o := range s.Commands {
		if o.Name != "chmod" {
			continue
		}
		ps := o.Params()
		if len(ps) < 2 || !shOpenModeRx.MatchString(ps[0].Value) {
			continue
		}
		for _, w := range ps[1:] {
			if strings.HasPrefix(strings.TrimRight(shellfacts.NormPath(strings.Trim(w.Value, `"'`)), "/"), dest) {
				return false
			}
		}
	}
	return true
}
