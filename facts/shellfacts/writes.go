package shellfacts

import (
	"strings"

	"github.com/skillvet/skillvet/parse/shell"
)

// Write is a file a command writes, with the text written when known
// ("(edited in place)" for sed -i).
type Write struct{ Path, Text string }

// WriteTargets returns the files c writes: redirections, tee, cp/mv/ln/
// install/rsync destinations and in-place edits.
func WriteTargets(s *shell.Script, c *shell.Command) []Write {
	var out []Write
	text := ""
	if c.OutputKnown {
		text = c.Output
	} else if c.Name == "echo" || c.Name == "printf" {
		// the words as written, variables unresolved: enough to tell an
		// assignment line from a command
		var ws []string
		for _, w := range c.Params() {
			if !strings.HasPrefix(w.Value, "-") {
				ws = append(ws, w.Value)
			}
		}
		text = strings.Join(ws, " ")
	}
	for _, r := range c.Redirs {
		switch r.Op {
		case ">", ">>", ">|", "&>", "&>>":
			body := text
			for _, r2 := range c.Redirs {
				if r2.Body != nil {
					body = r2.Body.Value
				}
			}
			out = append(out, Write{NormPath(r.Target.Value), body})
		}
	}
	switch c.Name {
	case "tee":
		in := ""
		if c.PipePrev >= 0 && s.Commands[c.PipePrev].OutputKnown {
			in = s.Commands[c.PipePrev].Output
		}
		for _, r := range c.Redirs {
			if r.Body != nil && in == "" {
				in = r.Body.Value // tee FILE <<EOF
			}
		}
		for _, w := range c.Params() {
			if !strings.HasPrefix(w.Value, "-") {
				out = append(out, Write{NormPath(w.Value), in})
			}
		}
	case "cp", "mv", "ln", "install", "rsync":
		if len(c.Argv) > 2 {
			out = append(out, Write{NormPath(c.Argv[len(c.Argv)-1].Value), ""})
		}
	case "sed", "perl":
		if HasShortFlag(c, 'i', "--in-place") {
			for _, w := range c.Argv[2:] {
				if !strings.HasPrefix(w.Value, "-") {
					out = append(out, Write{NormPath(w.Value), "(edited in place)"})
				}
			}
		}
	}
	return out
}
