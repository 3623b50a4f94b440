package loader_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/skillvet/skillvet/loader"
)

// makeSkills writes a small skill tree for the examples: a clean skill and
// one that ships an ELF executable.
func makeSkills() string {
	root, err := os.MkdirTemp("", "skills")
	if err != nil {
		log.Fatal(err)
	}
	write := func(p string, b []byte) {
		p = filepath.Join(root, p)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, b, 0o644); err != nil {
			log.Fatal(err)
		}
	}
	write("pdf-summary/SKILL.md", []byte("---\nname: pdf-summary\ndescription: Summarise a PDF the user names.\n---\n"+
		"Summarise the PDF $ARGUMENTS in five bullet points.\nSee skill://pdf-summary/references/style.md for the house style.\n"))
	write("pdf-summary/references/style.md", []byte("Short sentences. No jargon.\n"))
	write("helper/SKILL.md", []byte("---\nname: helper\ndescription: Runs a bundled helper.\n---\nRun ./helper.\n"))
	write("helper/helper", append([]byte("\x7fELF\x02\x01\x01\x00"), make([]byte, 64)...))
	return root
}

// An agent embeds the loader: configure roots, load (every skill is
// scanned; only clean, eligible skills are served), inject the metadata
// prompt, render a skill's body when it is activated and serve its files.
func Example() {
	root := makeSkills()
	defer os.RemoveAll(root)

	l, err := loader.New(loader.Options{
		// In an agent: loader.DefaultRoots(loader.Defaults{App: "myagent", Home: home, Workspace: cwd}).
		Roots: []loader.Root{{Dir: root, Kind: loader.SourceUser, Priority: loader.PriorityUser}},
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx := context.Background()
	reg, err := l.Load(ctx)
	if err != nil {
		log.Fatal(err)
	}
	for _, e := range reg.Entries() {
		fmt.Printf("%s: %s\n", e.Name, e.Status)
	}
	e := reg.Lookup("helper")
	fmt.Println("helper kept out by", e.Findings[0].Rule, "in", e.Findings[0].Path)

	p := reg.Prompt(loader.PromptOptions{Location: loader.URILocation})
	fmt.Print(p.Text)

	out, err := reg.Render(ctx, "pdf-summary", loader.RenderOptions{Args: []string{"report.pdf"}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(out.Body)

	res, err := reg.Resolve("skill://pdf-summary/references/style.md")
	if err != nil {
		log.Fatal(err)
	}
	fmt.Print(string(res.Content))
	_, err = reg.Resolve("skill://pdf-summary/../helper/helper")
	fmt.Println(err != nil)
	// Output:
	// helper: refused
	// pdf-summary: admitted
	// helper kept out by SV003 in helper
	// <available_skills>
	// <skill>
	// <name>pdf-summary</name>
	// <description>Summarise a PDF the user names.</description>
	// <location>skill://pdf-summary</location>
	// </skill>
	// </available_skills>
	// Summarise the PDF report.pdf in five bullet points.
	// See skill://pdf-summary/references/style.md for the house style.
	// Short sentences. No jargon.
	// true
}

// An operator admits one exact version of a refused skill by its content
// hash. Any later change to any file of the skill gates it again.
func ExampleGate_Approve() {
	root := makeSkills()
	defer os.RemoveAll(root)
	l, err := loader.New(loader.Options{Roots: []loader.Root{{Dir: root}}})
	if err != nil {
		log.Fatal(err)
	}
	reg, _ := l.Load(context.Background())
	hash := reg.Lookup("helper").Hash
	if err := l.Gate().Approve(loader.Approval{Hash: hash, Reason: "helper binary built and verified in-house"}); err != nil {
		log.Fatal(err)
	}
	reg, _ = l.Load(context.Background())
	fmt.Println(reg.Lookup("helper").Status, "-", reg.Lookup("helper").Reason)

	os.WriteFile(filepath.Join(root, "helper", "SKILL.md"), []byte("---\nname: helper\ndescription: Updated.\n---\nRun ./helper.\n"), 0o644)
	reg, _ = l.Load(context.Background())
	fmt.Println(reg.Lookup("helper").Status)
	// Output:
	// admitted - approved by hash: helper binary built and verified in-house
	// refused
}

// Hot reload: Watch reloads on file changes and subscribers hear what was
// admitted or dropped.
func ExampleLoader_Watch() {
	root := makeSkills()
	defer os.RemoveAll(root)
	l, err := loader.New(loader.Options{Roots: []loader.Root{{Dir: root}}})
	if err != nil {
		log.Fatal(err)
	}
	changes := make(chan loader.Change, 8)
	defer l.Subscribe(func(c loader.Change) { changes <- c })()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go l.Watch(ctx, loader.WatchOptions{})
	fmt.Println("admitted:", (<-changes).Admitted)

	os.Remove(filepath.Join(root, "helper", "helper"))
	fmt.Println("admitted:", (<-changes).Admitted)
	// Output:
	// admitted: [pdf-summary]
	// admitted: [helper]
}

// DefaultRoots lists the conventional roots, lowest priority first.
func ExampleDefaultRoots() {
	for _, r := range loader.DefaultRoots(loader.Defaults{App: "myagent", Home: "/home/u", Workspace: "/src/proj", Bundled: []string{"/opt/myagent/skills"}}) {
		fmt.Println(r.Priority, r.Kind, r.Dir)
	}
	// Output:
	// 200 bundled /opt/myagent/skills
	// 300 managed /home/u/.config/myagent/skills
	// 301 user /home/u/.claude/skills
	// 302 user /home/u/.agents/skills
	// 400 workspace /src/proj/skills
	// 401 workspace /src/proj/.claude/skills
	// 402 workspace /src/proj/.agents/skills
}
