package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellPrivilege reports setuid bits, world-writable modes and scripted
// sudo.
var ShellPrivilege = register(&analyzer.Rule{
	ID:       "SV603",
	Name:     "privilege-weakening",
	Title:    "setuid bit, world-writable permissions or scripted sudo password",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "CWE-732", "CWE-250"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds commands that weaken the system's privilege boundaries:

- setting the setuid or setgid bit: ` + "`chmod u+s`" + `, ` + "`chmod +s`" + `, ` + "`chmod 4755`" + `, ` + "`chmod 2755`" + ` (**high**);
  not the setgid bit alone on a directory the script knows is one (made by ` + "`mkdir`" + `, tested with ` + "`-d`" + `
  before, or written with a trailing ` + "`/`" + `), without ` + "`-R`" + `: there it only makes new files take the
  directory's group. The bit lends the file owner's identity, so it gains a privilege only on a file root
  owns: it stays **high** as root (` + "`sudo`" + `, or a ` + "`sudo`" + `, ` + "`chown`" + ` or ` + "`chgrp`" + ` earlier in the same shell), on a
  system path, a shell or interpreter, a file copied from an installed program, a variable, a glob, or a
  temporary or hidden path; on the user's own file named plainly (` + "`chmod 4755 ./report`" + `) it runs as the
  user: **medium**, as is a ` + "`chmod 4755`" + ` that names no file;
- world-writable permissions: ` + "`chmod 777`" + `, ` + "`chmod -R 777`" + `, ` + "`chmod a+w`" + `, ` + "`o+w`" + ` (**medium**;
  **high** on system paths);
- a sudo password fed from the script: ` + "`echo pass | sudo -S …`" + ` (**high**);
- ` + "`sudo`" + ` running a downloaded program or a shell read from stdin is reported by SV120.

**Fix:** use the narrowest mode that works (` + "`chmod 755`" + ` / ` + "`644`" + `), never setuid; let the user
run privileged steps themselves.

Bad:

` + "```sh" + `
sudo chmod u+s /usr/bin/python3
` + "```" + `

Good:

` + "```sh" + `
chmod 755 ./scripts/run.sh
` + "```",
	Run: shRunPrivilegeCommand,
})

var shOctalModeRx = match.MustRx(`^0?([0-7])?([0-7])([0-7])([0-7])$`)

// shSystemPathRx matches the file system's root and the directories the
// system runs from (programs, libraries, configuration, boot, devices,
// state); a data directory (/srv/share, /mnt/x, /data, /var/www) is not.
var shSystemPathRx = match.MustRx(`^/(?:$|\*|(?:etc|usr|bin|sbin|lib|lib32|lib64|libexec|boot|root|dev|proc|sys|opt|snap|var/(?:lib|log|spool|run|db|cache|mail|backups)|run|Applications|Library|System|private/etc|private/var|Windows|Program Files)(?:/|$))`)

func shPrivilege(site *analyzer.ShellSite, c *shell.Command) (analyzer.Severity, string) {
	s := site.Script
	switch c.Name {
	case "chmod":
		var mode string
		var targets []string
		var targetWords []shell.Word
		recursive := false
		for _, w := range c.Params() {
			v := w.Value
			if strings.HasPrefix(v, "-") && len(v) > 1 && (v[1] < '0' || v[1] > '7') && !strings.ContainsAny(v, "=+") {
				recursive = recursive || v == "--recursive" || v[1] != '-' && strings.Contains(v, "R")
				continue
			}
			if mode == "" {
				mode = v
				continue
			}
			targets = append(targets, v)
			targetWords = append(targetWords, w)
		}
		if !recursive && shSetgidOnly(mode) && shAllDirs(site, c, targetWords) {
			return analyzer.SevNone, "" // setgid on a directory: new files take its group
		}
		system := false
		for _, t := range targets {
			t = shellfacts.NormPath(t)
			if strings.HasPrefix(t, "/path/to/") || strings.HasPrefix(t, "/your/") || strings.Contains(t, "_") && shell.IsPlaceholder(strings.Trim(t[strings.LastIndexByte(t, '/')+1:], "/")) {
				continue // a placeholder the reader fills in, not a system path
			}
			if shSystemPathRx.MatchString(t) || t == "~/" || t == "~" || strings.HasPrefix(t, "~/.") {
				system = true
			}
		}
		if m := shOctalModeRx.FindStringSubmatch(mode); m != nil {
			if m[1] == "1" {
				return analyzer.SevNone, "" // sticky world-writable directories (/tmp style) are intended
			}
			if m[1] == "4" || m[1] == "6" || m[1] == "2" || m[1] == "3" || m[1] == "5" || m[1] == "7" {
				return shSetidGrade(site, c, mode, targets)
			}
			if m[4] == "7" || m[4] == "6" || m[4] == "2" || m[4] == "3" {
				if system {
					return High, "chmod " + mode + " makes system files world-writable"
				}
				return Medium, "chmod " + mode + " makes files world-writable"
			}
			return analyzer.SevNone, ""
		}
		if strings.Contains(mode, "+s") || strings.Contains(mode, "=s") || strings.Contains(mode, "+xs") || strings.Contains(mode, "+sx") {
			return shSetidGrade(site, c, mode, targets)
		}
		if who, perm, ok := strings.Cut(mode, "+"); ok && strings.Contains(perm, "w") && strings.ContainsAny(who, "oa") {
			if system {
				return High, "chmod " + mode + " makes system files world-writable"
			}
			return Medium, "chmod " + mode + " makes files world-writable"
		}
	}
	if c.Sudo && shHasSudoStdin(c) && c.PipePrev >= 0 {
		if prev := s.Commands[c.PipePrev]; prev.Name == "echo" || prev.Name == "printf" || prev.Name == "cat" {
			return High, "feeds the sudo password from the script (sudo -S)"
		}
	}
	return analyzer.SevNone, ""
}

// shSetidGrade grades chmod setting the setuid or setgid bit. The bit
// lends the file owner's identity to whoever runs it, so it gains a
// privilege only on a file root owns: one set as root (sudo), on a system
// path (only root may change it), on a file chowned to root or copied
// from an installed program before, on a shell or an interpreter, or in a
// temporary or hidden place where a planted copy waits. Any chown, chgrp
// or sudo before it in the same piece of shell counts as root at work.
// Without any of these it is the user's own file made to run as the user: **medium**. A
// chmod that names no file changes nothing it can be judged on: medium.
func shSetidGrade(site *analyzer.ShellSite, c *shell.Command, mode string, targets []string) (analyzer.Severity, string) {
	what := "chmod " + mode + " sets the setuid/setgid bit"
	if c.Sudo {
		return High, what
	}
	if len(targets) == 0 {
		return Medium, what + " (no file named)"
	}
	for _, o := range site.Script.Commands {
		if o.Start >= c.Start {
			break
		}
		if o.Name == "chown" || o.Name == "chgrp" || o.Sudo {
			return High, what // ownership changed, or root at work, before
		}
		for _, src := range shellfacts.CopySources(o) {
			if strings.HasPrefix(src, "/") || strings.Contains(src, "$(") || strings.Contains(src, "`") {
				return High, what // a copy of an installed program
			}
		}
	}
	for _, t := range targets {
		t = shellfacts.NormPath(t)
		base := shBaseName(strings.TrimRight(t, "/"))
		if shSystemPathRx.MatchString(t) || strings.HasPrefix(t, "~") || strings.HasPrefix(t, "$") ||
			strings.HasPrefix(t, "/tmp/") || strings.HasPrefix(t, "/var/tmp/") || strings.HasPrefix(t, "/dev/shm/") ||
			strings.Contains(t, "/.") || strings.HasPrefix(t, ".") && !strings.HasPrefix(t, "./") && !strings.HasPrefix(t, "../") ||
			shell.IsShell(base) || shellfacts.IsInterpreter(base) || strings.ContainsAny(t, "*?") {
			return High, what
		}
	}
	return Medium, what + " on the user's own file, not as root (it runs as the user, no privilege is gained)"
}

// shSetgidOnly reports a mode that sets the setgid bit and not the setuid
// bit: g+s, g=rwxs, 2775.
func shSetgidOnly(mode string) bool {
	if m := shOctalModeRx.FindStringSubmatch(mode); m != nil {
		return m[1] == "2" || m[1] == "3"
	}
	for _, clause := range strings.Split(mode, ",") {
		i := strings.IndexAny(clause, "+-=")
		if i < 0 {
			return false
		}
		if strings.Contains(clause[i:], "s") && clause[:i] != "g" {
			return false
		}
	}
	return strings.Contains(mode, "s")
}

// shAllDirs reports targets that are all directories: written with a
// trailing slash, made by mkdir, or tested with -d earlier in the same
// piece of shell.
func shAllDirs(site *analyzer.ShellSite, c *shell.Command, ws []shell.Word) bool {
	if len(ws) == 0 {
		return false
	}
	before := ""
	if k := c.Start - site.TextStart; k > 0 && k <= len(site.Text) {
		before = site.Text[:k]
	}
	for _, w := range ws {
		if strings.HasSuffix(w.Value, "/") || strings.Contains(before, "-d "+w.Raw) {
			continue
		}
		made := false
		for _, o := range site.Script.Commands {
			if o.Name == "mkdir" && o.Start < c.Start {
				for _, a := range o.Params() {
					made = made || !strings.HasPrefix(a.Value, "-") && shellfacts.SameFile(a.Value, w.Value)
				}
			}
		}
		if !made {
			return false
		}
	}
	return true
}

func shBaseName(s string) string {
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	return strings.ToLower(s)
}

func shHasSudoStdin(c *shell.Command) bool {
	i := 0
	for i < len(c.Args) && shBaseName(c.Args[i].Value) != "sudo" {
		i++
	}
	if i == len(c.Args) {
		return false
	}
	for _, w := range c.Args[i+1:] {
		v := w.Value
		if v == "--stdin" || len(v) > 1 && v[0] == '-' && v[1] != '-' && strings.Contains(v, "S") {
			return true
		}
		if !strings.HasPrefix(v, "-") {
			return false
		}
	}
	return false
}

func shRunPrivilegeCommand(p *analyzer.Pass) error {
	return shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		sev, what := shPrivilege(site, c)
		if sev == analyzer.SevNone {
			return
		}
		if c.Sudo && !strings.Contains(what, "sudo") {
			what += " as root"
		}
		shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev, Message: what + shellfacts.Where(site)})
	})
}
