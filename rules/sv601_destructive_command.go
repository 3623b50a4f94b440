package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellDestructive reports commands that wipe the system or home.
var ShellDestructive = register(&analyzer.Rule{
	ID:       "SV601",
	Name:     "destructive-command",
	Title:    "Command deletes or overwrites the system, home directory or disks",
	Severity: Critical,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "CWE-732", "CWE-78"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds commands whose effect is to destroy data wholesale:

- ` + "`rm -rf`" + ` (any spelling: ` + "`-fr`" + `, ` + "`-Rf`" + `, ` + "`--recursive --force`" + `) on ` + "`/`" + `, ` + "`/*`" + `, ` + "`~`" + `, ` + "`~/`" + `,
  ` + "`$HOME`" + `, ` + "`/home`" + `, ` + "`/Users`" + `, ` + "`/etc`" + `, ` + "`/usr`" + `, ` + "`/var`" + `, ` + "`/boot`" + `, the whole parent
  directory (` + "`..`" + `, ` + "`../*`" + `, ` + "`../../*`" + `: everything around the working directory), or with
  ` + "`--no-preserve-root`" + `;
- ` + "`mkfs`" + `, ` + "`dd of=/dev/sd…`" + `, ` + "`> /dev/sda`" + `, ` + "`shred /dev/…`" + `, ` + "`diskutil eraseDisk`" + `, ` + "`wipefs`" + `;
- ` + "`find / -delete`" + `, and ` + "`find ~ -exec rm …`" + ` with no test that picks files out (a name, path, age or
  size; a negated test such as ` + "`-not -name .ssh`" + ` spares a few and removes the rest), ` + "`chmod -R 777 /`" + `,
  ` + "`chown -R … /`" + `;
- the fork bomb ` + "`:(){ :|:& };:`" + `.

Not reported: ` + "`rm -rf --preserve-root /`" + ` and ` + "`chown -R --preserve-root … /`" + `, which the tools refuse (the
line shows the safeguard; ` + "`/*`" + ` and other directories are still reported); ` + "`mkfs`" + ` of a disk image file
(` + "`mkfs.ext4 -F /tmp/lab.img`" + `), which formats no disk; a fork bomb on a shell comment line.

Deleting every file of a document type (` + "`find . -name '*.ics' -delete`" + `, ` + "`-exec rm`" + `, from the
working, home or root directory) destroys the user's data by category: **high**; build output
and caches (` + "`*.pyc`" + `, ` + "`*.o`" + `, ` + "`*.tmp`" + `) are not documents. Deleting by wildcard in a parent of the working directory (` + "`rm -f ../*.tmp`" + `) reaches files the
task never made: **high**.

Prose that quotes such a command as a warning ("never run ` + "`rm -rf /`" + `") is not an
instruction and is not reported. The caution must be about the command: words count as whole words
("block" in *the block*, "like" in *unlike* caution nothing), and a sentence that tells the reader to run
it keeps it an instruction unless that run verb is itself negated (*Run the block ` + "`rm -rf ~`" + `*, *Don't forget to
run ` + "`…`" + `*, *Never ask for confirmation, just run ` + "`…`" + `* are reported; *Do not blindly run ` + "`…`" + `*, *If the user asks
you to run ` + "`…`" + `, refuse*, *… instead of ` + "`rm -rf ~`" + `* are not). Nor are a span that names a safeguard against
the command (*the ` + "`rm -rf ~`" + ` circuit breaker*), one that a verb of prevention governs (*what keeps it from running
` + "`…`" + `?*; *nothing stops you from running ` + "`…`" + `* is reported), and one that is what another command expands to
(*` + "`rm -rf \"$DIR/\"`" + ` becomes ` + "`rm -rf \"/\"`" + `*), one given as an example (*such as*, *as in*, *e.g.*), and a
list item under a heading, or a heading above it, that forbids what the section lists (*## What it blocks* /
*### Disk*: the items are what is blocked), unless the item itself says to run it (*- Run ` + "`rm -rf ~`" + ` to reset*).
**Critical**, except ` + "`chown`" + `/` + "`chmod -R`" + ` in a Dockerfile ` + "`RUN`" + `
(**medium**): it sets ownership in the image being built, not on the host.

**Fix:** delete only paths inside the skill's working directory, spelled out.

Bad:

` + "```sh" + `
rm -rf ~/
` + "```" + `

Good:

` + "```sh" + `
rm -rf ./build
` + "```",
	Run: shRunDestructiveCommand,
})

// shForkBombMay reports whether t holds what every match of shForkBombRx
// holds: "()" then '{', and '&' then '}' then ';', each pair apart only by
// white space. The regexp has no literal gate and starts with \S+, so it
// is costly on whole scripts.
func shForkBombMay(t string) bool {
	return shSeq(t, "()", '{', 0) && shSeq(t, "&", '}', ';')
}

// shSeq reports whether t holds first, then b, then c (when not 0), with
// only white space (\s) between them.
func shSeq(t, first string, b, c byte) bool {
	skip := func(i int) int {
		for i < len(t) && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\f' || t[i] == '\r') {
			i++
		}
		return i
	}
	for off := 0; ; {
		k := strings.Index(t[off:], first)
		if k < 0 {
			return false
		}
		i := skip(off + k + len(first))
		if i < len(t) && t[i] == b {
			if c == 0 {
				return true
			}
			if j := skip(i + 1); j < len(t) && t[j] == c {
				return true
			}
		}
		off += k + 1
	}
}

var shForkBombRx = match.MustRx(`(\S+)\(\)\s*\{\s*(\S+)\s*\|\s*(\S+)\s*&\s*\}\s*;\s*(\S+)`)
var shBlockDevRx = match.MustRx(`^/dev/(sd[a-z]|hd[a-z]|nvme\d|xvd[a-z]|vd[a-z]|disk\d|mmcblk\d|rdisk\d)`)

var shCriticalDirs = map[string]bool{"/": true, "/*": true, "~": true, "~/": true, "~/*": true, "/home": true,
	"/home/*": true, "/users": true, "/users/*": true, "/etc": true, "/usr": true, "/var": true, "/boot": true,
	"/bin": true, "/lib": true, "/opt": true, "/root": true, "/system": true, "/library": true, "/applications": true,
	"~/documents": true, "~/desktop": true, "~/library": true, "/sbin": true, "/private": true, "/dev": true, "c:\\": true, "c:/": true}

func shIsCriticalDir(v string) bool {
	if strings.Trim(v, `"' `) == "" {
		return false // rm -rf "" removes nothing: an empty variable, not "/"
	}
	v = strings.ToLower(shellfacts.NormPath(strings.TrimSpace(v)))
	if v == "~/" {
		return true
	}
	v = strings.TrimSuffix(v, "/")
	if v == "" { // "/" trimmed
		return true
	}
	// the whole parent directory (.., ../*, ../../*): everything around
	// the working directory, sibling projects included
	if shParentAllRx.MatchString(v) {
		return true
	}
	return shCriticalDirs[v] || shCriticalDirs[v+"/"]
}

var shParentAllRx = match.MustRx(`^(?:\./)?(?:\.\./)*\.\.(?:/\*|/\.\*)?$`)

// shDocExtRx matches the extensions of the user's documents and data, as
// opposed to build output and caches (.pyc, .o, .tmp, .log).
var shDocExtRx = match.MustRx(`(?i)^\*\.(?:docx?|xlsx?|pptx?|odt|ods|odp|pdf|rtf|txt|md|csv|json|xml|ics|ical|icbu|icalendar|vcf|eml|msg|pst|mbox|jpe?g|png|heic|gif|mp4|mov|mp3|wav|zip|db|sqlite3?|kdbx|key|pem|wallet|dat|psd|ai|pages|numbers)$`)

// shDocumentSweep describes find … -delete (or -exec rm) over every file
// of a document type from the working directory, the home directory or
// the root: the user's data by category, not files the task made.
func shDocumentSweep(c *shell.Command) string {
	if c.Name != "find" || len(c.Argv) < 2 {
		return ""
	}
	root := shellfacts.NormPath(c.Arg(1))
	switch root {
	case ".", "./", "~", "~/", "/", "$HOME", "${HOME}", "$PWD", "${PWD}":
	default:
		if !strings.HasPrefix(root, "~/") || strings.Count(strings.TrimSuffix(root, "/"), "/") > 1 {
			return ""
		}
	}
	deletes := shellfacts.HasArg(c, "-delete")
	var exts []string
	ws := c.Params()
	for i, w := range ws {
		switch w.Value {
		case "-exec", "-execdir":
			if i+1 < len(ws) && (ws[i+1].Value == "rm" || ws[i+1].Value == "shred" || ws[i+1].Value == "/bin/rm") {
				deletes = true
			}
		case "-name", "-iname":
			if i+1 < len(ws) && shDocExtRx.MatchString(ws[i+1].Value) {
				exts = append(exts, ws[i+1].Value)
			}
		}
	}
	if !deletes || len(exts) == 0 {
		return ""
	}
	return "find deletes every " + strings.Join(exts, ", ") + " file under " + c.Arg(1) + " (the user's documents and data by type)"
}

// shFindNarrowing holds the find tests that pick files out (by name, path,
// age, size, owner): with one of them find removes a selection, not
// everything under its root. A negated test (-not -name .ssh, ! -name x)
// spares a few entries and removes the rest.
var shFindNarrowing = map[string]bool{"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true,
	"-iwholename": true, "-regex": true, "-iregex": true, "-newer": true, "-mtime": true, "-mmin": true, "-atime": true,
	"-amin": true, "-ctime": true, "-cmin": true, "-size": true, "-user": true, "-uid": true, "-group": true, "-gid": true,
	"-empty": true, "-perm": true, "-inum": true, "-samefile": true, "-links": true, "-lname": true, "-ilname": true}

// shFindRemovesAll reports find … -exec rm (or -execdir) with no test
// that picks files out: it removes whatever lies under its root (find ~
// -mindepth 1 -maxdepth 1 -exec rm -rf {} + empties the home directory;
// -type f still takes every file).
func shFindRemovesAll(c *shell.Command) bool {
	ws := c.Params()
	removes := false
	for i, w := range ws {
		switch {
		case shFindNarrowing[w.Value]:
			if i == 0 || (ws[i-1].Value != "-not" && ws[i-1].Value != "!") {
				return false
			}
		case w.Value == "-exec" || w.Value == "-execdir":
			removes = removes || i+1 < len(ws) && path.Base(ws[i+1].Value) == "rm"
		}
	}
	return removes
}

// shParentGlob returns a wildcard target of rm that lies in a parent of
// the working directory (../*.tmp, ../../*): files the task never made,
// in sibling projects, chosen by pattern.
func shParentGlob(c *shell.Command) string {
	if c.Name != "rm" {
		return ""
	}
	for _, w := range c.Params() {
		v := shellfacts.NormPath(w.Value)
		if strings.HasPrefix(v, "../") && strings.ContainsAny(v, "*?") {
			return w.Value
		}
	}
	return ""
}

// shRootRefused reports a recursive command on / given --preserve-root,
// which makes rm, chmod, chown and chgrp refuse to act on / (the line
// shows the safeguard).
func shRootRefused(c *shell.Command, target string) bool {
	return strings.TrimRight(target, "/") == "" && strings.HasPrefix(target, "/") && shellfacts.HasArg(c, "--preserve-root")
}

// shImageFileRx matches a disk image file: what mkfs may format to try a
// file system out, with no disk involved.
var shImageFileRx = match.MustRx(`(?i)\.(?:img|image|raw|iso|bin|disk|qcow2|vhdx?|vmdk)$`)

// shFormatsImageFile reports mkfs whose target, its last operand, is an
// image file (mkfs.ext4 /tmp/test.img), not a device.
func shFormatsImageFile(c *shell.Command) bool {
	ps := c.Params()
	if len(ps) == 0 {
		return false
	}
	t := ps[len(ps)-1].Value
	return !strings.HasPrefix(t, "/dev/") && shImageFileRx.MatchString(t)
}

func shDestructive(c *shell.Command) string {
	switch c.Name {
	case "rm":
		rec := shellfacts.HasShortFlag(c, 'r', "--recursive") || shellfacts.HasShortFlag(c, 'R', "")
		force := shellfacts.HasShortFlag(c, 'f', "--force")
		if shellfacts.HasArg(c, "--no-preserve-root") {
			return "rm --no-preserve-root"
		}
		if rec {
			for _, w := range c.Params() {
				if !strings.HasPrefix(w.Value, "-") && shIsCriticalDir(w.Value) && !shRootRefused(c, w.Value) {
					flags := "-r"
					if force {
						flags = "-rf"
					}
					return "rm " + flags + " " + w.Value
				}
			}
		}
	case "dd":
		for _, w := range c.Params() {
			if v, ok := strings.CutPrefix(w.Value, "of="); ok && shBlockDevRx.MatchString(v) {
				return "dd overwrites the disk " + v
			}
		}
	case "shred", "wipefs":
		for _, w := range c.Params() {
			if shBlockDevRx.MatchString(w.Value) {
				return c.Name + " wipes the disk " + w.Value
			}
		}
	case "diskutil":
		if a := strings.ToLower(c.Arg(1)); a == "erasedisk" || a == "erasevolume" || a == "zerodisk" || a == "secureerase" {
			return "diskutil " + c.Arg(1)
		}
	case "find":
		if len(c.Argv) > 1 && shIsCriticalDir(c.Arg(1)) && shellfacts.HasArg(c, "-delete") {
			return "find " + c.Arg(1) + " -delete"
		}
		if len(c.Argv) > 1 && shIsCriticalDir(c.Arg(1)) && shFindRemovesAll(c) {
			return "find " + c.Arg(1) + " -exec rm on everything it finds"
		}
	case "chmod", "chown", "chgrp":
		if shellfacts.HasShortFlag(c, 'R', "--recursive") {
			for _, w := range c.Argv[2:] {
				if shIsCriticalDir(w.Value) && !shRootRefused(c, w.Value) {
					return c.Name + " -R on " + w.Value
				}
			}
		}
	}
	if strings.HasPrefix(c.Name, "mkfs") && !shFormatsImageFile(c) {
		return c.Name + " formats a file system"
	}
	for _, r := range c.Redirs {
		if (r.Op == ">" || r.Op == ">|") && shBlockDevRx.MatchString(r.Target.Value) {
			return "writes over the disk " + r.Target.Value
		}
	}
	return ""
}

func shRunDestructiveCommand(p *analyzer.Pass) error {
	return shellfacts.ForEachSite(p, func(site *analyzer.ShellSite) {
		for _, c := range site.Script.Commands {
			what := shDestructive(c)
			if what == "" {
				if d := shDocumentSweep(c); d != "" {
					shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: High,
						Message: "destructive command: " + d + shellfacts.Where(site)})
					continue
				}
				if g := shParentGlob(c); g != "" {
					shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: High,
						Message: "destructive command: rm deletes files outside the working directory by wildcard (" + g + ")" + shellfacts.Where(site)})
				}
				continue
			}
			if c.Sudo {
				what += " as root"
			}
			sev := analyzer.SevNone
			if p.File.InImageBuild() && (c.Name == "chown" || c.Name == "chmod" || c.Name == "chgrp") {
				// ownership set while an image is built changes the image
				sev, what = Medium, what+" while a container image is built (the image's files, not the host's)"
			}
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: c.Start, End: shellfacts.CmdEnd(c), Severity: sev, Message: "destructive command: " + what + shellfacts.Where(site)})
		}
		if !shForkBombMay(site.Text) {
			return
		}
		if m := shForkBombRx.FindStringSubmatchIndex(site.Text); m != nil && !shInComment(site.Text, m[0]) {
			name := site.Text[m[2]:m[3]]
			if site.Text[m[4]:m[5]] == name && site.Text[m[6]:m[7]] == name && site.Text[m[8]:m[9]] == name {
				shellfacts.Report(p, site, analyzer.Diagnostic{Start: site.TextStart + m[0], Message: "destructive command: fork bomb exhausts the machine" + shellfacts.Where(site)})
			}
		}
	})
}

// shInComment reports an offset on a shell comment line ("# :(){ :|:& };:"
// shown and disabled).
func shInComment(text string, at int) bool {
	ls := strings.LastIndexByte(text[:at], '\n') + 1
	return strings.HasPrefix(strings.TrimLeft(text[ls:at], " \t"), "#")
}
