package shellfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/shell"
)

// shHostIsSuspicious reports whether any URL of the command is on a host
// class legitimate skills rarely use.
func shHostIsSuspicious(c *shell.Command) bool {
	cl, _, _ := HostRisk(URLs(c))
	return cl.Suspicious()
}

// NetworkTools are commands that connect to other hosts.
var NetworkTools = map[string]bool{"nc": true, "ncat": true, "netcat": true, "ssh": true, "scp": true, "sftp": true,
	"rsync": true, "telnet": true, "socat": true, "ftp": true, "tftp": true, "dig": true, "nslookup": true,
	"ping": true, "nmap": true}

func shIsNetworkSink(c *shell.Command) bool {
	if _, ok := SendsData(c); ok {
		return true
	}
	return IsDownloader(c) || NetworkTools[c.Name]
}

// EnvDestination returns the network command that receives c's output.
func EnvDestination(s *shell.Script, idx int, c *shell.Command) string {
	for n, k := 0, c; k.PipeNext >= 0 && n < 16; n++ {
		k = s.Commands[k.PipeNext]
		if shIsNetworkSink(k) {
			return k.Name
		}
	}
	to := ""
	Ancestors(s, c, func(a *shell.Command) bool {
		if shIsNetworkSink(a) {
			to = a.Name
			return false
		}
		return true
	})
	if to != "" {
		return to
	}
	if f, ok := OutputFile(c); ok && f != "" && f != "/dev/null" {
		for _, n := range Ahead(s, idx) {
			if shIsNetworkSink(n) && shMentionsFile(n, f) {
				return n.Name + " (through " + f + ")"
			}
		}
	}
	return ""
}

// shMentionsFile reports whether any argument or input redirection of c
// refers to file f (also as @f or name=@f).
func shMentionsFile(c *shell.Command, f string) bool {
	for _, w := range c.Params() {
		v := w.Value
		if i := strings.LastIndex(v, "@"); i >= 0 {
			v = v[i+1:]
		}
		if SameFile(v, f) || strings.HasSuffix(v, "="+f) {
			return true
		}
	}
	for _, r := range c.Redirs {
		if r.Op == "<" && SameFile(r.Target.Value, f) {
			return true
		}
	}
	return false
}
