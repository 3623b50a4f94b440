package encoded

import (
	"encoding/json"
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// What decoded text reads as decides which rules read it: commands go to
// the shell rules, programs to their language's rules, sentences to the
// Markdown (prose) rules. Data — JSON, keys, binary, identifiers — is
// nothing anyone follows and is left alone.

var (
	shebangRx = match.MustRx(`^#!\s*\S*/(?:env\s+)?(\w+)`)
	pyCodeRx  = match.MustRx(`^(?:import [A-Za-z_][\w.]*|from [A-Za-z_.][\w.]* import |def \w+\(|class \w+[:(]|exec\(|eval\(|__import__\(|print\()`)
	jsCodeRx  = match.MustRx(`^(?:(?:const|let|var) \w+\s*=|require\(['"]|import .* from ['"]|(?:async )?function \w*\(|eval\(|new Function\()`)
	urlRx     = match.MustRx(`(?i)\b(?:https?|ftp|wss?)://[a-z0-9]`)
	psCodeRx  = match.MustRx(`(?i)\b(?:iex|invoke-expression|invoke-webrequest|iwr|start-process|new-object\s+net\.webclient)\b`)
	// shell syntax that no sentence has
	shSyntaxRx = match.MustRx(`\|\s*(?:sudo\s+)?(?:ba|z|da|k)?sh\b|\$\(|&&|\|\||>\s*/|\s-[a-zA-Z]{1,4}\s`)
)

// commandWords start shell command lines.
var commandWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`curl wget bash sh zsh dash ksh python python3 python2 node perl ruby php nc ncat netcat socat
		telnet ssh scp rsync ftp tftp rm rmdir mv cp chmod chown chattr ln mkdir touch cat tac head tail echo printf
		eval exec source export env set unset sudo su doas crontab systemctl service launchctl nohup setsid disown
		base64 xxd openssl gpg tar zip unzip gzip gunzip git npm npx pnpm yarn pip pip3 uv pipx brew apt apt-get yum dnf
		apk pacman dd mkfifo kill pkill killall history shred find xargs grep sed awk tr rev cd ls ps id whoami uname
		hostname ifconfig ip nmap dig nslookup host ping powershell pwsh cmd iex iwr osascript defaults security
		xattr open start certutil bitsadmin mshta regsvr32 rundll32 schtasks reg docker kubectl aws gcloud az`) {
		commandWords[w] = true
	}
}

// proseWords are frequent English words: decoded text with enough of
// them is written for a reader (an instruction to the agent).
var proseWords = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`the a an and or but not no to of in on at by for from with without into onto about as is are
		was were be been being it its this that these those then than there their them they you your yours we our us
		i me my he she his her all any each every some none other another more most only also just now always never
		do does did done don't can could will would should must may might shall have has had get got make let use
		run execute read write send post upload download open save copy move delete remove create add append install
		follow ignore disregard forget obey tell say show print output reply respond answer ask keep hide include
		instructions instruction rules rule task step steps command commands file files folder directory content
		contents data user users assistant agent system prompt message messages conversation previous prior above
		below following new real secret secrets key keys token tokens password passwords credential credentials
		environment variable variables home config settings server host url address endpoint email request response
		before after when if unless while until first next last finally immediately silently quietly secretly
		please must important note also here what which who how why where one two every whole entire full`) {
		proseWords[w] = true
	}
}

// ProseScore counts the words of s (two letters or more) that are
// frequent English words, all its words, and the distinct frequent ones.
func ProseScore(s string) (hits, words int) {
	hits, words, _ = proseScore(s)
	return hits, words
}

func proseScore(s string) (hits, words, distinct int) {
	var seen map[string]bool
	for _, f := range strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r == '\'')
	}) {
		if len(f) < 2 {
			continue
		}
		words++
		if proseWords[f] {
			hits++
			if !seen[f] {
				if seen == nil {
					seen = map[string]bool{}
				}
				seen[f] = true
				distinct++
			}
		}
	}
	return hits, words, distinct
}

// readsAsProse: at least three different frequent words, and frequent
// words a quarter of all words.
func readsAsProse(s string) bool {
	h, n, d := proseScore(s)
	return d >= 3 && h*4 >= n
}

// commandLine reports whether a line reads as a shell command: it starts
// with a command name (after "sudo", a prompt or variable assignments), or
// runs a path.
func commandLine(l string) bool {
	l = strings.TrimSpace(l)
	l = strings.TrimPrefix(strings.TrimPrefix(l, "$ "), "sudo ")
	f := strings.Fields(l)
	for len(f) > 1 && assignRx.MatchString(f[0]) {
		f = f[1:]
	}
	if len(f) == 0 {
		return false
	}
	w := f[0]
	if strings.HasPrefix(w, "./") && len(w) > 2 && !strings.HasSuffix(w, "/") {
		return len(f) == 1 || shSyntaxRx.MatchString(l) || !readsAsProse(l)
	}
	if strings.HasPrefix(w, "/") && strings.Count(w, "/") >= 2 && !strings.HasSuffix(w, "/") && len(f) >= 2 {
		// /tmp/x --quiet, /bin/bash -c …: a path alone is a path
		return shSyntaxRx.MatchString(l) || !readsAsProse(l)
	}
	if commandWords[strings.ToLower(w)] {
		// "open the file and read it" starts with a command word too
		return len(f) == 1 || !readsAsProse(l) || shSyntaxRx.MatchString(l) || strings.Contains(l, "://")
	}
	return false
}

var assignRx = match.MustRx(`^[A-Za-z_]\w*=\S*$`)

// Score rates how readable text is: frequent words and command names
// count, so that of several candidate decodings the real one wins.
func Score(s string) int {
	h, _ := ProseScore(s)
	for _, l := range strings.Split(s, "\n") {
		if commandLine(l) {
			h += 3
		}
	}
	return h
}

// Classify says what decoded text reads as: KindShell, KindPython,
// KindJS, KindPowerShell, KindMarkdown (sentences, an instruction to the
// agent), or KindUnknown (data, or too short to judge).
func Classify(s string) skill.Kind {
	t := strings.TrimSpace(s)
	if len(t) < 8 || !Printable([]byte(t)) {
		return skill.KindUnknown
	}
	var lines []string
	for _, l := range strings.Split(t, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			lines = append(lines, l)
		}
	}
	first := lines[0]
	if m := shebangRx.FindStringSubmatch(first); m != nil {
		switch {
		case strings.HasPrefix(m[1], "python"):
			return skill.KindPython
		case m[1] == "node":
			return skill.KindJS
		}
		return skill.KindShell
	}
	code := first
	for _, l := range lines {
		if !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "//") {
			code = l
			break
		}
	}
	switch {
	case pyCodeRx.MatchString(code):
		return skill.KindPython
	case jsCodeRx.MatchString(code):
		return skill.KindJS
	}
	cmd := 0
	for _, l := range lines {
		if commandLine(l) {
			cmd++
		}
	}
	switch {
	case cmd > 0 && cmd*2 >= len(lines):
		if psCodeRx.MatchString(t) && !shSyntaxRx.MatchString(t) {
			return skill.KindPowerShell
		}
		return skill.KindShell
	case psCodeRx.MatchString(first):
		return skill.KindPowerShell
	case jsonLike(t):
		return skill.KindUnknown // data: a signed statement, a config, an API response
	case readsAsProse(t):
		return skill.KindMarkdown
	case len(t) <= 512 && len(lines) <= 3 && urlRx.MatchString(t) && !jsonLike(t):
		return skill.KindMarkdown // a URL: the rules that judge destinations read it
	}
	return skill.KindUnknown
}

// jsonLike: a JSON object or array (data, whatever strings it holds).
func jsonLike(t string) bool {
	if t == "" || t[0] != '{' && t[0] != '[' {
		return false
	}
	return json.Valid([]byte(t)) || strings.Count(t, "\":") >= 3
}

// Ext is the file name extension an embedded file of kind k gets.
func Ext(k skill.Kind) string {
	switch k {
	case skill.KindShell:
		return ".sh"
	case skill.KindPython:
		return ".py"
	case skill.KindJS:
		return ".js"
	case skill.KindPowerShell:
		return ".ps1"
	}
	return ".md"
}
