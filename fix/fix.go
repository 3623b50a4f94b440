// Package fix applies safe, mechanical fixes to SKILL.md frontmatter:
// quoting values that YAML misparses, setting a name that does not match a
// valid directory name, and trimming trailing whitespace. Fixes never touch
// the Markdown body and never change what a value means.
package fix

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// Edit replaces one line of SKILL.md.
type Edit struct {
	Line     int // 1-based
	Old, New string
	Why      string
}

var validName = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

// Plan returns the edits for a SKILL.md whose directory is named dirName.
func Plan(content []byte, dirName string) []Edit {
	m := skill.ParseManifest(content)
	if !m.Present || !m.Closed {
		return nil
	}
	lines := strings.Split(string(content), "\n")
	get := func(n int) string { return strings.TrimSuffix(lines[n-1], "\r") }
	cr := func(n int) string {
		if strings.HasSuffix(lines[n-1], "\r") {
			return "\r"
		}
		return ""
	}
	edits := map[int]*Edit{}
	set := func(n int, newText, why string) {
		if e := edits[n]; e != nil {
			e.New, e.Why = newText, e.Why+"; "+why
			return
		}
		edits[n] = &Edit{Line: n, Old: get(n), New: newText, Why: why}
	}
	cur := func(n int) string {
		if e := edits[n]; e != nil {
			return e.New
		}
		return get(n)
	}
	// Trailing whitespace in the frontmatter.
	for n := m.StartLine; n <= m.EndLine && n <= len(lines); n++ {
		if t := strings.TrimRight(get(n), " \t"); t != get(n) {
			set(n, t, "trailing whitespace")
		}
	}
	// Values YAML misparses: quote them (only when that makes YAML parse).
	for _, r := range m.Repairs {
		text := cur(r.Line)
		key, val, ok := strings.Cut(text, ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		set(r.Line, key+": "+singleQuote(val), "quote a value containing \": \"")
	}
	// Name that does not match a valid directory name.
	if m.Err == nil && validName.MatchString(dirName) && len(dirName) <= 64 {
		if k := m.Get("name"); k != nil && k.Value.Value != dirName && k.Line == k.Value.Line {
			set(k.Line, "name: "+dirName, fmt.Sprintf("name %q must equal the directory name", k.Value.Value))
		}
	}
	var out []Edit
	for n := 1; n <= len(lines); n++ {
		if e := edits[n]; e != nil && e.New != e.Old {
			e.New += cr(n)
			e.Old += cr(n)
			out = append(out, *e)
		}
	}
	return out
}

func singleQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// Apply returns content with the edits applied. The result is re-parsed:
// if the frontmatter no longer parses (or parses to different keys), Apply
// refuses.
func Apply(content []byte, edits []Edit) ([]byte, error) {
	lines := strings.Split(string(content), "\n")
	for _, e := range edits {
		if e.Line < 1 || e.Line > len(lines) || lines[e.Line-1] != e.Old {
			return nil, fmt.Errorf("line %d changed since the fix was planned", e.Line)
		}
		lines[e.Line-1] = e.New
	}
	out := []byte(strings.Join(lines, "\n"))
	before, after := skill.ParseManifest(content), skill.ParseManifest(out)
	if after.Err != nil {
		return nil, fmt.Errorf("fixed frontmatter does not parse: %v", after.Err)
	}
	if len(after.Repairs) > 0 {
		return nil, fmt.Errorf("fixed frontmatter still needs repairs at line %d", after.Repairs[0].Line)
	}
	if before.Err == nil && len(before.Keys) != len(after.Keys) {
		return nil, fmt.Errorf("fix would change the frontmatter keys")
	}
	return out, nil
}

// diffContext is the number of unchanged lines around each change, as in
// git diff.
const diffContext = 3

// Diff renders edits as a unified diff of path that git apply accepts:
// changes whose context would touch or overlap share one hunk, line
// endings are kept byte for byte, and a last line without a newline is
// marked as such.
func Diff(path string, content []byte, edits []Edit) string {
	if len(edits) == 0 {
		return ""
	}
	s := string(content)
	finalNL := strings.HasSuffix(s, "\n")
	lines := strings.SplitAfter(s, "\n")
	if finalNL {
		lines = lines[:len(lines)-1] // SplitAfter leaves an empty tail
	}
	byLine := map[int]Edit{}
	var order []int
	for _, e := range edits {
		if _, dup := byLine[e.Line]; !dup {
			order = append(order, e.Line)
		}
		byLine[e.Line] = e
	}
	sort.Ints(order)
	var b strings.Builder
	fmt.Fprintf(&b, "--- a/%s\n+++ b/%s\n", path, path)
	// line writes one line of the diff with its prefix; the file's last
	// line, when it has no newline, gets git's marker.
	line := func(prefix byte, text string, n int) {
		b.WriteByte(prefix)
		b.WriteString(strings.TrimSuffix(text, "\n"))
		b.WriteByte('\n')
		if n == len(lines) && !finalNL {
			b.WriteString("\\ No newline at end of file\n")
		}
	}
	for i := 0; i < len(order); {
		from := max(order[i]-diffContext, 1)
		to := min(order[i]+diffContext, len(lines))
		var whys []string
		j := i
		for ; j < len(order) && order[j]-diffContext <= to+1; j++ {
			to = min(order[j]+diffContext, len(lines))
			whys = append(whys, byLine[order[j]].Why)
		}
		n := to - from + 1
		fmt.Fprintf(&b, "@@ -%d,%d +%d,%d @@ %s\n", from, n, from, n, strings.Join(whys, "; "))
		for k := from; k <= to; {
			if _, changed := byLine[k]; !changed {
				line(' ', lines[k-1], k)
				k++
				continue
			}
			// A run of changed lines: all old lines, then all new ones.
			end := k
			for end+1 <= to && byLine[end+1].Line != 0 {
				end++
			}
			for _, side := range []byte{'-', '+'} {
				for m := k; m <= end; m++ {
					e := byLine[m]
					text := e.Old // Old and New keep a \r but not the \n
					if side == '+' {
						text = e.New
					}
					line(side, text, m)
				}
			}
			k = end + 1
		}
		i = j
	}
	return b.String()
}
