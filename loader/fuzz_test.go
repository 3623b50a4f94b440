package loader

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzResolve feeds arbitrary skill:// URIs to the resolver of a registry
// holding one admitted skill. Whatever it serves must be a file of that
// skill, under a clean relative path, with exactly the scanned bytes.
func FuzzResolve(f *testing.F) {
	root := f.TempDir()
	dir := simpleSkill(f, root, "alpha", "body\n")
	writeFile(f, filepath.Join(dir, "references", "guide.md"), "# guide\n")
	writeFile(f, filepath.Join(root, "secret.txt"), "outside the skill\n")
	l, err := New(Options{Roots: []Root{{Dir: root}}, Rules: testRules(), Platform: "linux"})
	if err != nil {
		f.Fatal(err)
	}
	reg, err := l.Load(context.Background())
	if err != nil {
		f.Fatal(err)
	}
	s := entriesNamed(reg, "alpha")[0].Skill
	for _, u := range []string{"skill://alpha", "skill://alpha/references/guide.md", "skill://alpha/../secret.txt",
		"skill://alpha/%2e%2e/secret.txt", "skill://alpha/references/%2fetc", "skill://alpha//etc/passwd",
		"skill://alpha/references\\..\\..\\secret.txt", "skill://alpha/./SKILL.md", "skill://alpha/%252e%252e/x"} {
		f.Add(u)
	}
	f.Fuzz(func(t *testing.T, uri string) {
		res, err := reg.Resolve(uri)
		if err != nil {
			return
		}
		if res.Skill != "alpha" {
			t.Fatalf("%q served skill %q", uri, res.Skill)
		}
		if strings.Contains(res.Path, "..") || strings.HasPrefix(res.Path, "/") || strings.Contains(res.Path, "\\") {
			t.Fatalf("%q served unclean path %q", uri, res.Path)
		}
		file := s.File(res.Path)
		if file == nil || !bytes.Equal(file.Content, res.Content) {
			t.Fatalf("%q served %q, which is not a scanned file of the skill", uri, res.Path)
		}
	})
}

// FuzzAllowlist checks the dynamic-context allowlist on arbitrary entries
// and commands: no panic, and whatever it allows holds no shell
// metacharacter, starts with the entry's literal words, and carries only
// options the entry lists.
func FuzzAllowlist(f *testing.F) {
	for _, s := range [][2]string{
		{"git log [--oneline] [--max-count=<int>] <word>...", "git log --oneline --max-count=3 main"},
		{"git log [--oneline]", "git log --output=/tmp/x"},
		{"python3 -m json.tool", "python3 -m json.tool"},
		{"cat <path>", "cat ../x"},
		{"echo <text>...", "echo 'a b' \"c\""},
		{"date [-u]", "date -u -u"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, entry, cmd string) {
		e, err := ParseAllowEntry(entry)
		if err != nil {
			return
		}
		d := &DynamicOptions{Allow: []string{entry}}
		argv, err := d.Check(cmd)
		if err != nil {
			return
		}
		if strings.ContainsAny(cmd, shellMeta) || len(argv) < len(e.Command) {
			t.Fatalf("%q allowed %q", entry, cmd)
		}
		for i, w := range e.Command {
			if argv[i] != w {
				t.Fatalf("%q allowed %q: word %d", entry, cmd, i)
			}
		}
		for _, a := range argv[len(e.Command):] {
			if strings.HasPrefix(a, "-") && a != "-" {
				name, _, _ := strings.Cut(a, "=")
				if !e.Flags[a] && e.Valued[name] == "" {
					t.Fatalf("%q allowed option %q", entry, a)
				}
			}
		}
	})
}
