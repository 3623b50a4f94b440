package synth

import (
	"fmt"
	"strings"
)

// sentence is 6–22 words of instruction prose, sometimes with inline code,
// emphasis or a link.
func (g *gen) sentence() string {
	n := g.between(5, 16)
	w := make([]string, 0, n+2)
	for i := 0; i < n; i++ {
		switch x := g.intn(40); {
		case x == 0:
			w = append(w, "`"+pick(g, idents)+"`")
		case x == 1:
			w = append(w, "**"+pick(g, prose)+"**")
		case x == 2:
			w = append(w, "`"+pick(g, scriptBases)+"."+pick(g, []string{"py", "js", "sh", "json", "md"})+"`")
		case x == 3 && i > 2:
			w = append(w, "["+pick(g, nouns)+" docs](https://"+pick(g, hosts)+"/"+pick(g, nouns)+")")
		default:
			w = append(w, pick(g, prose))
		}
	}
	s := strings.Join(w, " ")
	return title(s) + pick(g, []string{".", ".", ".", ".", ":", "!"})
}

func (g *gen) paragraph(lines int) string {
	var b strings.Builder
	for i := 0; i < lines; i++ {
		b.WriteString(g.sentence())
		if g.chance(0.25) {
			b.WriteString(" " + g.sentence())
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// markdown writes about n lines of Markdown: headings, prose, lists, code
// blocks, tables, quotes and links. scripts and refs are mentioned by path.
func (g *gen) markdown(n int, topic string, scripts, refs []string) string {
	var b strings.Builder
	lines := 0
	emit := func(s string) {
		b.WriteString(s)
		lines += strings.Count(s, "\n")
	}
	emit(fmt.Sprintf("# %s %s\n\n", title(pick(g, verbs)), title(pick(g, nouns))))
	emit(g.paragraph(g.between(1, 3)) + "\n")
	if len(scripts) > 0 {
		emit("## Scripts\n\n")
		for _, s := range scripts {
			emit(fmt.Sprintf("- `%s`: %s\n", s, g.sentence()))
		}
		emit("\n")
	}
	if len(refs) > 0 {
		emit("## References\n\n")
		for _, r := range refs {
			emit(fmt.Sprintf("- [%s](%s) — %s\n", strings.TrimSuffix(strings.TrimPrefix(r, "references/"), ".md"), r, g.sentence()))
		}
		emit("\n")
	}
	for lines < n {
		level := pick(g, []int{2, 2, 3, 3, 3, 4})
		emit(fmt.Sprintf("%s %s %s\n\n", strings.Repeat("#", level), title(pick(g, verbs)), pick(g, nouns)))
		switch g.intn(10) {
		case 0, 1:
			emit(g.paragraph(g.between(1, 4)) + "\n")
		case 2, 3:
			emit(g.list(g.between(3, 9), g.chance(0.4)) + "\n")
		case 4, 5:
			emit(g.paragraph(1) + "\n")
			emit(g.codeBlock(scripts) + "\n")
		case 6:
			emit(g.table() + "\n")
		case 7:
			emit("> " + g.sentence() + "\n> " + g.sentence() + "\n\n")
		case 8:
			emit(g.paragraph(1) + "\n" + g.list(g.between(2, 5), true) + "\n" + g.codeBlock(scripts) + "\n")
		case 9:
			emit(g.workflow(scripts) + "\n")
		}
	}
	return b.String()
}

func (g *gen) list(n int, ordered bool) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if ordered {
			fmt.Fprintf(&b, "%d. %s\n", i+1, g.sentence())
		} else {
			fmt.Fprintf(&b, "- %s\n", g.sentence())
		}
		if g.chance(0.15) {
			fmt.Fprintf(&b, "   - %s\n", g.sentence())
		}
	}
	return b.String()
}

func (g *gen) table() string {
	cols := g.between(2, 5)
	var b strings.Builder
	b.WriteString("|")
	for c := 0; c < cols; c++ {
		b.WriteString(" " + title(pick(g, idents)) + " |")
	}
	b.WriteString("\n|")
	for c := 0; c < cols; c++ {
		b.WriteString("---|")
	}
	b.WriteByte('\n')
	for r := g.between(2, 10); r > 0; r-- {
		b.WriteString("|")
		for c := 0; c < cols; c++ {
			switch g.intn(4) {
			case 0:
				b.WriteString(" `" + pick(g, idents) + "` |")
			case 1:
				fmt.Fprintf(&b, " %d |", g.intn(1000))
			default:
				b.WriteString(" " + pick(g, prose) + " " + pick(g, prose) + " " + pick(g, nouns) + " |")
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// workflow is a numbered procedure that runs the skill's scripts.
func (g *gen) workflow(scripts []string) string {
	var b strings.Builder
	b.WriteString(g.sentence() + "\n\n")
	for i := 1; i <= g.between(3, 7); i++ {
		if len(scripts) > 0 && g.chance(0.4) {
			s := pick(g, scripts)
			fmt.Fprintf(&b, "%d. Run `%s %s --%s %s.json`\n", i, runner(s), s, pick(g, idents), pick(g, nouns))
		} else {
			fmt.Fprintf(&b, "%d. %s\n", i, g.sentence())
		}
	}
	return b.String()
}

func runner(script string) string {
	switch {
	case strings.HasSuffix(script, ".py"):
		return "python3"
	case strings.HasSuffix(script, ".ts"):
		return "npx tsx"
	case strings.HasSuffix(script, ".js"):
		return "node"
	}
	return "bash"
}

func (g *gen) codeBlock(scripts []string) string {
	switch g.intn(6) {
	case 0:
		var b strings.Builder
		b.WriteString("```bash\n")
		for i := g.between(1, 5); i > 0; i-- {
			switch g.intn(5) {
			case 0:
				fmt.Fprintf(&b, "npm install %s\n", pick(g, npmPkgs))
			case 1:
				fmt.Fprintf(&b, "pip install %s\n", pick(g, pyPkgs))
			case 2:
				if len(scripts) > 0 {
					s := pick(g, scripts)
					fmt.Fprintf(&b, "%s %s --input %s.json --out out/\n", runner(s), s, pick(g, nouns))
				} else {
					fmt.Fprintf(&b, "git log --oneline -n %d\n", g.between(5, 50))
				}
			case 3:
				fmt.Fprintf(&b, "curl -s https://%s/v1/%s | jq '.%s'\n", pick(g, hosts), pick(g, nouns), pick(g, idents))
			default:
				fmt.Fprintf(&b, "%s %s\n", pick(g, shCmds), pick(g, idents))
			}
		}
		b.WriteString("```\n")
		return b.String()
	case 1:
		return "```json\n" + g.jsonValue(2) + "\n```\n"
	case 2:
		return "```python\n" + g.pyFunc(0) + "```\n"
	case 3:
		return "```javascript\n" + g.jsFunc(false, nil) + "```\n"
	case 4:
		var b strings.Builder
		b.WriteString("```yaml\n")
		for i := g.between(2, 8); i > 0; i-- {
			fmt.Fprintf(&b, "%s: %s\n", pick(g, idents), pick(g, []string{"true", "false", "\"" + pick(g, nouns) + "\"", fmt.Sprint(g.intn(500))}))
		}
		b.WriteString("```\n")
		return b.String()
	}
	var b strings.Builder
	b.WriteString("```\n")
	for i := g.between(2, 6); i > 0; i-- {
		fmt.Fprintf(&b, "%s/%s/%s.%s\n", pick(g, idents), pick(g, nouns), pick(g, idents), pick(g, []string{"md", "json", "csv", "txt"}))
	}
	b.WriteString("```\n")
	return b.String()
}

func (g *gen) jsonValue(depth int) string {
	var b strings.Builder
	b.WriteString("{\n")
	n := g.between(2, 6)
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "%s  \"%s\": ", strings.Repeat("  ", 2-depth), pick(g, idents))
		switch {
		case depth > 0 && g.chance(0.25):
			b.WriteString(g.jsonValue(depth - 1))
		case g.chance(0.3):
			fmt.Fprint(&b, g.intn(10000))
		case g.chance(0.2):
			b.WriteString(pick(g, []string{"true", "false", "null"}))
		default:
			fmt.Fprintf(&b, "\"%s %s\"", pick(g, prose), pick(g, nouns))
		}
		if i < n-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString(strings.Repeat("  ", 2-depth) + "}")
	return b.String()
}
