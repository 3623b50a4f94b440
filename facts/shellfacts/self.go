package shellfacts

import (
	"path"
	"strings"

	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/parse/shell"
)

// The expansions that name a script's own location, as scripts write
// them: "$0", "${BASH_SOURCE[0]}", $(readlink -f "$0"), $(dirname "$0"),
// $(cd "$(dirname "$0")" && pwd) (or "; pwd"), $(basename "$0").
const (
	selfArg  = `"?\$(?:0|\{0\}|\{?BASH_SOURCE(?:\[0\])?\}?)"?`
	selfFile = `\$\(\s*(?:readlink\s+-[fem]|realpath(?:\s+-[\w-]+)*)\s+` + selfArg + `\s*\)`
	selfDir  = `\$\(\s*dirname\s+(?:` + selfArg + `|"?` + selfFile + `"?)\s*\)`
)

var (
	selfFileRx     = match.MustRx(selfFile)
	selfCdDirRx    = match.MustRx(`\$\(\s*cd\s+"?` + selfDir + `(/\.\.)?"?\s*(?:>\s*/dev/null\s*)?(?:2>&1\s*)?(?:&&|;)\s*pwd(?:\s+-P)?\s*\)`)
	selfDirRx      = match.MustRx(selfDir + `(/\.\.)?`)
	selfBaseRx     = match.MustRx(`\$\(\s*basename\s+(?:` + selfArg + `|"?` + selfFile + `"?)\s*\)`)
	selfBareRx     = match.MustRx(`"?\$(?:0\b|\{0\}|\{BASH_SOURCE(?:\[0\])?\}|BASH_SOURCE\b)"?`)
	selfPwdRx      = match.MustRx(`\$\(\s*pwd\s*\)|\$\{?PWD\}?\b`)
	selfDateRx     = match.MustRx(`\\?\$\(\s*date(?:\s+[^()$]*)?\)`)
	selfProgRx     = match.MustRx(`\$\(\s*(?:command\s+-v|which)\s+([\w.+-]+)\s*\)`)
	selfCdVarRx    = match.MustRx(`\$\(\s*cd\s+"?(\.(?:/[^\s"()$]*)?)"?\s*(?:&&|;)\s*pwd\s*\)`)
	selfDirOfRx    = match.MustRx(`\$\(\s*dirname\s+"?(\.(?:/[^\s"()$]*)?)"?\s*\)`)
	selfVarRefRx   = match.MustRx(`\$\{([A-Za-z_]\w*)\}|\$([A-Za-z_]\w*)`)
	selfLeftoverRx = match.MustRx(`\$|` + "`")
	// ${INSTALL_DIR:-$HOME/.local/bin}: the default, when it is a path
	selfDefaultRx   = match.MustRx(`\$\{[A-Za-z_]\w*:?-((?:/|~|\$HOME|\$\{HOME\})[^}$]*)\}`)
	selfHomeRx      = match.MustRx(`\$\{HOME\}`)
	selfPathStartRx = match.MustRx(`^(?:\.|/|~|\$HOME)`)
)

// ResolveSelf rewrites, in text taken from script s (found in the skill
// file at filePath, relative to the skill's root), the expansions that
// name the script's own location into paths relative to the skill's root:
// $(cd "$(dirname "$0")" && pwd) and $(dirname "${BASH_SOURCE[0]}")
// become "./scripts", $(readlink -f "$0"), $(realpath "$0") and "$0"
// become "./scripts/run.sh", $(basename "$0") "run.sh", and a variable
// every assignment of which is such an expansion
// (SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)") or one fixed path
// (BIN_DIR="$HOME/.local/bin") its value; ${INSTALL_DIR:-/usr/local/bin}
// is its default path. $(pwd) is the
// directory the skill runs in ("."), $(date +%F) a date and $(command -v
// tool) the tool's name. Anything else is left as written, so a rule can
// still see a substitution it does not know. The job a script installs
// can then be judged by what it runs: the skill's own file or not.
func ResolveSelf(s *shell.Script, filePath, text string) string {
	if !strings.ContainsAny(text, "$`") {
		return text
	}
	file := "./" + strings.TrimPrefix(path.Clean(filePath), "./")
	dir := path.Dir(file)
	if dir == "" || dir == "/" {
		dir = "."
	}
	if !strings.HasPrefix(dir, ".") {
		dir = "./" + dir
	}
	parentOf := func(d string) string {
		if d == "." {
			return "."
		}
		p := path.Dir(strings.TrimPrefix(d, "./"))
		if p == "." {
			return "."
		}
		return "./" + p
	}
	resolve := func(t string) string {
		t = selfCdDirRx.ReplaceAllStringFunc(t, func(m string) string {
			if strings.Contains(m, "/..") {
				return parentOf(dir)
			}
			return dir
		})
		t = selfDirRx.ReplaceAllStringFunc(t, func(m string) string {
			if strings.HasSuffix(m, "/..") {
				return parentOf(dir)
			}
			return dir
		})
		t = selfBaseRx.ReplaceAllString(t, path.Base(file))
		t = selfFileRx.ReplaceAllString(t, file)
		t = selfBareRx.ReplaceAllString(t, file)
		t = selfPwdRx.ReplaceAllString(t, ".")
		t = selfDateRx.ReplaceAllString(t, "20260101")
		t = selfProgRx.ReplaceAllString(t, "$1")
		return selfDefaultRx.ReplaceAllString(t, "$1")
	}
	// $(cd "./scripts/.." && pwd), $(dirname "./scripts"): what a
	// resolved variable leaves
	local := func(t string) string {
		t = selfCdVarRx.ReplaceAllStringFunc(t, func(m string) string {
			d := selfCdVarRx.FindStringSubmatch(m)[1]
			if strings.HasSuffix(d, "/..") {
				return parentOf(strings.TrimSuffix(d, "/.."))
			}
			return d
		})
		return selfDirOfRx.ReplaceAllStringFunc(t, func(m string) string {
			return parentOf(selfDirOfRx.FindStringSubmatch(m)[1])
		})
	}
	text = resolve(text)
	if s == nil || !strings.Contains(text, "$") {
		return local(text)
	}
	// variables assigned only expansions of the script's own location
	vals := map[string]string{}
	text = selfVarRefRx.ReplaceAllStringFunc(text, func(m string) string {
		name := strings.Trim(m, "${}")
		v, ok := vals[name]
		if !ok {
			v = selfVarValue(s, name, resolve)
			vals[name] = v
		}
		if v == "" {
			return m
		}
		return v
	})
	return local(text)
}

// selfVarValue returns the one value every assignment of name in s
// resolves to, when it is a path (the script's own location, a fixed
// path, one under $HOME) with nothing left to run; "" when there is none
// or they differ.
func selfVarValue(s *shell.Script, name string, resolve func(string) string) string {
	val := ""
	for _, c := range s.Commands {
		for _, a := range c.Assigns {
			if !strings.HasPrefix(a.Raw, name+"=") {
				continue
			}
			v := selfHomeRx.ReplaceAllString(resolve(selfDefaultRx.ReplaceAllString(a.Value, "$1")), "$$HOME")
			if v == "" || selfLeftoverRx.MatchString(strings.ReplaceAll(v, "$HOME", "")) || !selfPathStartRx.MatchString(v) || val != "" && v != val {
				return ""
			}
			val = v
		}
	}
	return val
}
