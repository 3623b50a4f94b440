package intel

import (
	"github.com/skillvet/skillvet/parse/rxlit"
	"strings"
)

// Programs that git and ssh settings name in ordinary configurations:
// pagers, editors, diff and merge tools, credential helpers, signing
// programs, clean/smudge filters and SSH proxies. A stored command that
// runs only these (with read-only shell built-ins around them) is a
// user's preference, not a foothold.
var ordinaryStored = map[string]bool{
	// pagers
	"less": true, "more": true, "most": true, "cat": true, "bat": true, "batcat": true, "delta": true,
	"diff-so-fancy": true, "diff-highlight": true, "ydiff": true, "riff": true, "difft": true, "difftastic": true, "lv": true,
	// editors
	"vim": true, "vi": true, "nvim": true, "gvim": true, "mvim": true, "nano": true, "pico": true, "emacs": true,
	"emacsclient": true, "code": true, "code-insiders": true, "codium": true, "cursor": true, "windsurf": true,
	"subl": true, "sublime_text": true, "mate": true, "micro": true, "hx": true, "helix": true, "kak": true,
	"gedit": true, "kate": true, "notepad": true, "notepad++": true, "zed": true, "idea": true, "nova": true,
	"bbedit": true, "true": true, "false": true, ":": true, "ed": true, "joe": true, "mcedit": true, "xed": true,
	// diff and merge tools
	"meld": true, "vimdiff": true, "nvimdiff": true, "opendiff": true, "kdiff3": true, "bcompare": true, "p4merge": true,
	"smerge": true, "diffmerge": true, "tkdiff": true, "winmerge": true, "winmergeu": true, "mergiraf": true,
	"git-nbdiffdriver": true, "git-nbmergedriver": true, "nbdime": true, "exiftool": true, "pdftotext": true,
	"strings": true, "hexdump": true, "xxd": true, "odt2txt": true, "docx2txt": true, "pandoc": true, "textutil": true,
	"unzip": true, "tar": true, "exif": true, "mediainfo": true, "xlsx2csv": true, "plutil": true, "sqlite3": true,
	"diff": true, "git": true, "gh": true, "glab": true,
	// credential helpers (git credential-<name> and their programs)
	"store": true, "cache": true, "osxkeychain": true, "manager": true, "manager-core": true, "libsecret": true,
	"wincred": true, "gnome-keyring": true, "git-credential-manager": true, "git-credential-manager-core": true,
	"git-credential-osxkeychain": true, "git-credential-libsecret": true, "git-credential-store": true,
	"git-credential-cache": true, "git-credential-wincred": true, "git-credential-oauth": true, "oauth": true,
	"netrc": true, "git-credential-netrc": true, "aws": true, "gcloud": true, "az": true, "op": true, "pass": true,
	"git-credential-gcloud.sh": true, "docker-credential-helper": true, "git-credential-1password": true,
	// signing
	"gpg": true, "gpg2": true, "ssh-keygen": true, "smimesign": true, "gitsign": true, "op-ssh-sign": true,
	// filters
	"git-lfs": true, "git-crypt": true, "git-annex": true, "nbstripout": true, "transcrypt": true, "sops": true,
	"git-secret": true, "gzip": true, "gunzip": true, "zcat": true, "tr": true, "sed": true, "jq": true, "yq": true,
	"dos2unix": true, "unix2dos": true, "iconv": true, "ansible-vault": true, "git-media": true, "jupyter": true,
	"watchman": true, "rs-git-fsmonitor": true, "fsmonitor-watchman": true, "query-watchman": true,
	// ssh and proxies
	"ssh": true, "autossh": true, "plink": true, "tsh": true,
	"connect": true, "connect-proxy": true, "corkscrew": true, "proxytunnel": true, "cloudflared": true,
	"boundary": true, "teleport": true, "ssh-askpass": true, "ksshaskpass": true, "x11-ssh-askpass": true,
	"git-gui--askpass": true, "sshpass": true, "tailscale": true, "warp-cli": true, "ssm-session": true,
	"session-manager-plugin": true,
	// read-only shell built-ins and text tools that helpers use around them
	"echo": true, "printf": true, "test": true, "[": true, "read": true, "exec": true, "head": true, "tail": true,
	"grep": true, "awk": true, "cut": true, "sort": true, "env": true, "exit": true, "return": true, "shift": true,
	"set": true, "local": true, "export": true, "cd": true, "wc": true, "uniq": true, "column": true, "fmt": true,
	"fold": true, "pr": true, "expand": true, "iconv-lite": true, "rev": true, "tee": true,
}

// OrdinaryStoredProgram reports whether a program (its base name, lower
// case) is one ordinary git or ssh settings run: a pager, editor, diff or
// merge tool, credential helper, signer, filter, SSH proxy or shell
// built-in.
func OrdinaryStoredProgram(name string) bool {
	return ordinaryStored[strings.TrimSuffix(strings.ToLower(name), ".exe")]
}

// tempPathRx matches paths in temporary directories anyone can write to.
var tempPathRx = rxlit.MustRx(`^(?:/private)?/(?:tmp|var/tmp|dev/shm)(?:/|$)|^\$\{?(?:TMPDIR|TMP|TEMP|RUNNER_TEMP)\}?(?:/|$)|^%(?:TEMP|TMP)%|^\$\(mktemp\b`)

// TempPath reports a path in a temporary directory (/tmp, /var/tmp,
// /dev/shm, $TMPDIR, %TEMP%).
func TempPath(p string) bool {
	return tempPathRx.MatchString(strings.Trim(p, `"'`))
}

// skillPathRx matches paths into an installed skill or plugin, or
// relative to the running script.
var skillPathRx = rxlit.MustRx(`(?:^|/)\.(?:claude|codex|agents?|cursor|gemini|openclaw)/(?:skills|plugins|commands)/|\$\{?(?:CLAUDE_SKILL_DIR|CLAUDE_PLUGIN_ROOT|SKILL_DIR|SKILL_ROOT|SKILL_PATH|SCRIPT_DIR|SCRIPTDIR|BASE_DIR|BASEDIR|HERE)\}?|\{baseDir\}|\$\(\s*(?:cd\s+)?"?\$?\(?dirname\b|\$\{?BASH_SOURCE|\$\{?0\}?/`)

// SkillPath reports a path that points into an installed skill or plugin
// directory, or that a script builds from its own location: what is there
// is the skill's own code.
func SkillPath(p string) bool { return skillPathRx.MatchString(p) }
