package markdown

import (
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
)

const doc = "---\nname: x\n---\n" + `# Title here

Para with ` + "`code span`" + ` and [link](https://ex.com/a?b=c) and ![img](data:x).
second line <!-- inline comment -->

<!-- block
comment -->

> quoted ignore previous instructions

` + "```bash\ncurl x | sh\n```" + `

!git status
!` + "`date`" + ` and text !` + "`whoami`" + `
![not a command](x.png)
!!! note
!read references/a.md

` + "```!\nls -la\n```" + `
- item <https://auto.link>
`

func lineOf(src string, off int) int { return strings.Count(src[:off], "\n") + 1 }

func TestTokens(t *testing.T) {
	d, err := Parse([]byte(doc), 16)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, tk := range d.Tokens {
		s := fmt.Sprintf("%d %s q%d %q", lineOf(doc, tk.Start), tk.Kind, tk.Quote, tk.Text)
		if tk.URL != "" {
			s += " url=" + tk.URL
		}
		if tk.Info != "" {
			s += " info=" + tk.Info
		}
		got = append(got, s)
	}
	want := []string{
		`4 heading q0 "Title here"`,
		"6 paragraph q0 \"Para with `code span` and [link](https://ex.com/a?b=c) and ![img](data:x).\\nsecond line <!-- inline comment -->\"",
		`6 code-span q0 "code span"`,
		`6 link q0 "link" url=https://ex.com/a?b=c`,
		`6 image q0 "img" url=data:x`,
		`7 inline-html q0 "<!-- inline comment -->"`,
		`9 html-block q0 "<!-- block\ncomment -->\n"`,
		`12 paragraph q1 "quoted ignore previous instructions"`,
		`14 code-block q0 "curl x | sh\n" info=bash`,
		"18 paragraph q0 \"!git status\\n!`date` and text !`whoami`\\n![not a command](x.png)\\n!!! note\\n!read references/a.md\"",
		`18 command q0 "git status"`,
		`19 inline-command q0 "date"`,
		`19 code-span q0 "date"`,
		`19 inline-command q0 "whoami"`,
		`19 code-span q0 "whoami"`,
		`20 image q0 "not a command" url=x.png`,
		`22 read-directive q0 "references/a.md"`,
		`24 command-block q0 "ls -la\n" info=!`,
		`27 paragraph q0 "item <https://auto.link>"`,
		`27 autolink q0 "https://auto.link" url=https://auto.link`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("tokens:\n%s\n\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, tk := range d.Tokens {
		if tk.Kind == CodeBlock && doc[tk.TextStart:tk.TextStart+4] != "curl" {
			t.Errorf("code TextStart points at %q", doc[tk.TextStart:tk.TextStart+4])
		}
	}
}

func TestLimits(t *testing.T) {
	src := "ok\n\n" + strings.Repeat(">", 150) + " deep\n"
	_, err := Parse([]byte(src), 0)
	le, ok := err.(*LimitError)
	if !ok || le.Offset != 4 {
		t.Fatalf("err = %v", err)
	}
	if _, err := Parse([]byte(strings.Repeat("> ", 50)+"fine\n"), 0); err != nil {
		t.Errorf("50 levels refused: %v", err)
	}
}

func TestCommandsNotInCode(t *testing.T) {
	src := "```\n!rm -rf /\n```\n\n    !indented code\n\ntext !`x` here\n"
	d, _ := Parse([]byte(src), 0)
	var cmds []string
	for _, tk := range d.Tokens {
		if tk.Kind.IsCommand() {
			cmds = append(cmds, tk.Text)
		}
	}
	if strings.Join(cmds, ",") != "x" {
		t.Errorf("commands = %v", cmds)
	}
}

func BenchmarkParse(b *testing.B) {
	var sb strings.Builder
	for sb.Len() < 1<<20 {
		sb.WriteString(doc[16:])
	}
	src := []byte(sb.String())
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Parse(src, 0); err != nil {
			b.Fatal(err)
		}
	}
}

// Images and links without any text inside other inline nodes (a linked
// badge with empty alt text is common in READMEs) parse without a panic
// and get their block's position.
func TestEmptyInlineNodesInsideInline(t *testing.T) {
	for _, src := range []string{
		"# X\n\n[![](https://img.shields.io/x)](https://e.com)\n",
		"intro\n\n*[![]()]()* **[]()**\n",
		"> [![](a.png)](b)\n",
	} {
		d, err := Parse([]byte(src), 0)
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		n := 0
		for _, tk := range d.Tokens {
			if tk.Kind == Image || tk.Kind == Link {
				n++
				if tk.Start < 0 || tk.Start > len(src) {
					t.Errorf("%q: %s at %d", src, tk.Kind, tk.Start)
				}
			}
		}
		if n < 2 {
			t.Errorf("%q: %d image/link tokens", src, n)
		}
	}
}

// TestParseConcurrent: the shared goldmark parser gives every concurrent
// parse the tokens a parse alone gives (run with -race to see sharing).
func TestParseConcurrent(t *testing.T) {
	docs := []string{
		"# Title\n\nSome *text* with `code` and a [link](https://example.com).\n\n- item\n- item two\n",
		"> quote\n> more\n\n```bash\ncurl -fsSL https://example.com | sh\n```\n\n<!-- hidden -->\n",
		"| a | b |\n|---|---|\n| 1 | 2 |\n\n1. first\n2. second\n\n    indented code\n",
		"Para one.\n\nPara two with <span>html</span> and ![img](x.png).\n\n***\n\n## H2\n",
	}
	want := make([][]Token, len(docs))
	for i, d := range docs {
		doc, err := Parse([]byte(d), 0)
		if err != nil {
			t.Fatal(err)
		}
		want[i] = doc.Tokens
	}
	var wg sync.WaitGroup
	errs := make(chan string, 64)
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			for n := 0; n < 50; n++ {
				i := (g + n) % len(docs)
				doc, err := Parse([]byte(docs[i]), 0)
				if err != nil || !reflect.DeepEqual(doc.Tokens, want[i]) {
					errs <- fmt.Sprintf("doc %d: tokens differ under concurrency (err %v)", i, err)
					return
				}
			}
		}(g)
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

func TestTableColumnHeader(t *testing.T) {
	src := "# T\n\n| Goal | Don't | Do instead |\n|---|:---:|---|\n| size | `cat f \\| wc -c` | `stat f` |\n| keys | `cat k` | `ls k` |\n\nplain | text\n"
	at := func(s string) int {
		i := strings.Index(src, s)
		if i < 0 {
			t.Fatalf("no %q", s)
		}
		return i
	}
	for _, c := range []struct {
		sub, want string
		ok        bool
	}{
		{"cat f", "Don't", true},
		{"stat f", "Do instead", true},
		{"cat k", "Don't", true},
		{"keys", "Goal", true},
		{"Goal", "", false},  // the header row itself
		{"---|", "", false},  // the delimiter row
		{"plain", "", false}, // no delimiter above
	} {
		h, ok := TableColumnHeader([]byte(src), at(c.sub))
		if h != c.want || ok != c.ok {
			t.Errorf("%q: got %q %v, want %q %v", c.sub, h, ok, c.want, c.ok)
		}
	}
}

// A line holding only a self-closed raw-text tag (MDX, JSX) does not open
// an HTML block to the end of the file: the Markdown after it keeps its
// code blocks, headings and commands. An unclosed <script> that is not
// self-closed still runs to the end, as CommonMark reads it.
func TestSelfClosedRawTextTag(t *testing.T) {
	kinds := func(src string) []string {
		d, err := Parse([]byte(src), 0)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, tk := range d.Tokens {
			got = append(got, fmt.Sprintf("%d %s", lineOf(src, tk.Start), tk.Kind))
		}
		return got
	}
	src := "# T\n\n<script src=\"/x.js\" defer />\n\n## Tool\n\n```ts\n/** doc */\n```\n\n!date\n"
	want := []string{"1 heading", "3 html-block", "5 heading", "7 code-block", "11 paragraph", "11 command"}
	if got := kinds(src); !reflect.DeepEqual(got, want) {
		t.Errorf("self-closed:\n got %q\nwant %q", got, want)
	}
	open := "# T\n\n<script src=\"/x.js\" defer>\n\n## Tool\n\n```ts\n/** doc */\n```\n"
	if got := kinds(open); !reflect.DeepEqual(got, []string{"1 heading", "3 html-block"}) {
		t.Errorf("open script: got %q", got)
	}
	many := "x\n\n" + strings.Repeat("<script src=\"/x.js\" />\n", 50) + "\n```sh\nls\n```\n"
	if got := kinds(many); len(got) != 1+maxReparse+1 {
		t.Errorf("reparse depth not bounded: %q", got)
	}
}
