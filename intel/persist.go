package intel

import "github.com/skillvet/skillvet/parse/rxlit"

// Places that make code run again later, and settings that switch an
// agent's approvals off: what the persistence and agent-configuration
// rules of every language look for.

// startupFileRx matches a shell start-up file: ~/.bashrc, ~/.zshrc,
// ~/.profile, fish's config.fish, /etc/profile.d/….
var startupFileRx = rxlit.MustRx(`(?i)(^|/)(\.bashrc|\.bash_profile|\.bash_login|\.profile|\.zshrc|\.zprofile|\.zshenv|\.zlogin|\.config/fish/config\.fish|\.cshrc|\.tcshrc|\.kshrc)$|^/etc/(profile|bash\.bashrc|zshrc|zprofile|environment)|^/etc/profile\.d/`)

// autostartPathRx matches where launch agents, services, cron jobs and
// desktop autostart entries live.
var autostartPathRx = rxlit.MustRx(`(?i)(Library/LaunchAgents/|Library/LaunchDaemons/|/etc/systemd/|\.config/systemd/|/lib/systemd/system/|/etc/cron|/var/spool/cron|/etc/init\.d/|/etc/rc\.local|\.config/autostart/|/etc/xdg/autostart/)`)

// approvalOffRx matches settings that turn an agent's approvals off.
var approvalOffRx = rxlit.MustRx(`(?i)bypassPermissions|dangerously[-_]skip[-_]permissions|"Bash\(\*\)"|auto[-_ ]?approve|"defaultMode"\s*:\s*"(?:bypassPermissions|acceptEdits)"|yolo`)

// StartupFile reports a path named like a shell start-up file (~/.bashrc,
// .zshrc, /etc/profile.d/x.sh). Whether a shell reads it there (not a
// dotfiles repository's copy) is the caller's question.
func StartupFile(p string) bool { return startupFileRx.MatchString(p) }

// AutostartPath reports a path in a directory whose files run on their own:
// ~/Library/LaunchAgents, systemd unit directories, /etc/cron*, XDG
// autostart, /etc/init.d, /etc/rc.local.
func AutostartPath(p string) bool { return autostartPathRx.MatchString(p) }

// ApprovalOff reports agent settings text that turns approvals off:
// bypassPermissions, dangerously-skip-permissions, "Bash(*)",
// auto-approve, yolo.
func ApprovalOff(text string) bool { return approvalOffRx.MatchString(text) }

// accessGrantRx matches files whose lines grant access to the machine:
// authorized_keys, sudoers, ld.so.preload, the account databases and PAM.
var accessGrantRx = rxlit.MustRx(`(?i)(/etc/sudoers|\.ssh/authorized_keys2?$|/etc/ld\.so\.preload|/etc/passwd$|/etc/shadow$|/etc/pam\.d/)`)

// AccessGrantPath reports a file whose lines grant lasting access or load
// code into every process: ~/.ssh/authorized_keys, /etc/sudoers(.d),
// /etc/ld.so.preload, /etc/passwd, /etc/shadow, /etc/pam.d/.
func AccessGrantPath(p string) bool { return accessGrantRx.MatchString(p) }

// AuthorizedKeysPath reports ~/.ssh/authorized_keys (or authorized_keys2).
func AuthorizedKeysPath(p string) bool { return authorizedKeysRx.MatchString(p) }

var authorizedKeysRx = rxlit.MustRx(`\.ssh/authorized_keys2?$`)

// keyPlaceholderRx: a key the reader fills in ("ssh-rsa AAAA...", "<your
// public key>", "$PUBKEY" left as a short stub).
var keyPlaceholderRx = rxlit.MustRx(`(?i)\.\.\.|…|<[^>]*>|\byour[\s_-]|\bx{4,}|^\s*(?:ssh-[a-z0-9-]+|ecdsa-[\w-]+)\s+[A-Za-z0-9+/=]{0,40}\s*$`)

// KeyPlaceholder reports authorized_keys text that stands for the user's
// own key rather than being one: an ellipsis, <your key>, a stub.
func KeyPlaceholder(text string) bool { return keyPlaceholderRx.MatchString(text) }

// gitHookRx matches a hook git runs by itself, in a repository's hooks
// directory (.git/hooks/pre-commit, .git/modules/sub/hooks/post-merge);
// the shipped *.sample files do not run.
var gitHookRx = rxlit.MustRx(`(?:^|/)\.git/(?:modules/[^/]+/)?hooks/(?:applypatch-msg|pre-applypatch|post-applypatch|pre-commit|pre-merge-commit|prepare-commit-msg|commit-msg|post-commit|pre-rebase|post-checkout|post-merge|pre-push|pre-receive|update|proc-receive|post-receive|post-update|reference-transaction|push-to-checkout|pre-auto-gc|post-rewrite|sendemail-validate|fsmonitor-watchman|post-index-change)$`)

// GitHookPath reports a git hook file that git runs on its own
// (.git/hooks/pre-commit): code written there runs at every commit,
// checkout, merge or push, after the session.
func GitHookPath(p string) bool { return gitHookRx.MatchString(p) }
