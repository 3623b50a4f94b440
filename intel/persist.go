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
