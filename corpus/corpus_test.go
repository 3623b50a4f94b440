// Package corpus holds the labelled corpus of malicious and benign skills
// used to measure skillvet's detectors. This test checks that the corpus is
// well-formed: every directory is labelled, labels are consistent with the
// files, every family is covered, skills parse, benign skills are lint-clean,
// and malicious samples only point at inert hosts.
package corpus

import (
	"bytes"
	"context"
	"fmt"
	"io/fs"
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/skillvet/skillvet/skill"
)

// Families is the THREATS.md taxonomy: 14 patterns in 4 families.
var Families = []string{
	"E1", "E2", "E3", "E4",
	"P1", "P2", "P3", "P4",
	"PE1", "PE2", "PE3",
	"SC1", "SC2", "SC3",
}

// Carriers is the vocabulary for where a sample's content sits.
var Carriers = []string{
	"prose", "code-block", "bang-command", "html-comment", "frontmatter", "reference",
	"js", "ts", "shell", "python", "powershell", "bytecode", "config",
}

const (
	minMalicious        = 80
	minBenign           = 60
	minPerFamily        = 4
	minCarriersPerFamly = 3
	maxBodyLines        = 500
)

// Label is one entry of labels.yaml.
type Label struct {
	Path     string   `yaml:"path"`
	Label    string   `yaml:"label"`
	Families []string `yaml:"families"`
	Carriers []string `yaml:"carriers"`
	Note     string   `yaml:"note"`
}

type labelFile struct {
	Skills []Label `yaml:"skills"`
}

func loadLabels(t *testing.T) []Label {
	t.Helper()
	b, err := os.ReadFile("labels.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var lf labelFile
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&lf); err != nil {
		t.Fatalf("labels.yaml: %v", err)
	}
	if len(lf.Skills) == 0 {
		t.Fatal("labels.yaml has no skills")
	}
	return lf.Skills
}

// skillDirs lists malicious/* and benign/* directories.
func skillDirs(t *testing.T) []string {
	t.Helper()
	var dirs []string
	for _, top := range []string{"malicious", "benign"} {
		ents, err := os.ReadDir(top)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if !e.IsDir() {
				t.Errorf("%s/%s: only skill directories belong here", top, e.Name())
				continue
			}
			dirs = append(dirs, top+"/"+e.Name())
		}
	}
	return dirs
}

func TestLabelsMatchDirectories(t *testing.T) {
	labels := loadLabels(t)
	dirs := skillDirs(t)
	seen := map[string]bool{}
	for _, l := range labels {
		if seen[l.Path] {
			t.Errorf("%s: labelled twice", l.Path)
		}
		seen[l.Path] = true
		if !slices.Contains(dirs, l.Path) {
			t.Errorf("%s: labelled but no such skill directory", l.Path)
		}
	}
	for _, d := range dirs {
		if !seen[d] {
			t.Errorf("%s: skill directory has no label", d)
		}
	}
}

func TestLabelSchema(t *testing.T) {
	for _, l := range loadLabels(t) {
		top, _, _ := strings.Cut(l.Path, "/")
		if l.Label != "malicious" && l.Label != "benign" {
			t.Errorf("%s: label %q is neither malicious nor benign", l.Path, l.Label)
		}
		if top != l.Label {
			t.Errorf("%s: label %q but directory is under %s/", l.Path, l.Label, top)
		}
		if strings.TrimSpace(l.Note) == "" {
			t.Errorf("%s: note is empty", l.Path)
		}
		if len(l.Carriers) == 0 {
			t.Errorf("%s: no carriers", l.Path)
		}
		for _, c := range l.Carriers {
			if !slices.Contains(Carriers, c) {
				t.Errorf("%s: unknown carrier %q", l.Path, c)
			}
		}
		for _, f := range l.Families {
			if !slices.Contains(Families, f) {
				t.Errorf("%s: unknown family %q", l.Path, f)
			}
		}
		switch l.Label {
		case "malicious":
			if len(l.Families) == 0 {
				t.Errorf("%s: malicious sample without a family", l.Path)
			}
		case "benign":
			if len(l.Families) != 0 {
				t.Errorf("%s: benign sample lists families %v", l.Path, l.Families)
			}
		}
	}
}

func TestCounts(t *testing.T) {
	labels := loadLabels(t)
	var mal, ben int
	famSkills := map[string]int{}
	famCarriers := map[string]map[string]bool{}
	for _, l := range labels {
		switch l.Label {
		case "malicious":
			mal++
			for _, f := range l.Families {
				famSkills[f]++
				if famCarriers[f] == nil {
					famCarriers[f] = map[string]bool{}
				}
				for _, c := range l.Carriers {
					famCarriers[f][c] = true
				}
			}
		case "benign":
			ben++
		}
	}
	if mal < minMalicious {
		t.Errorf("%d malicious skills, want at least %d", mal, minMalicious)
	}
	if ben < minBenign {
		t.Errorf("%d benign skills, want at least %d", ben, minBenign)
	}
	for _, f := range Families {
		if famSkills[f] < minPerFamily {
			t.Errorf("family %s: %d malicious skills, want at least %d", f, famSkills[f], minPerFamily)
		}
		if n := len(famCarriers[f]); n < minCarriersPerFamly {
			t.Errorf("family %s: %d distinct carriers, want at least %d", f, n, minCarriersPerFamly)
		}
	}
	t.Logf("%d malicious, %d benign", mal, ben)
}

// carrierEvidence checks that a claimed carrier is backed by the files.
var carrierEvidence = map[string]func(files map[string][]byte) bool{
	"js":         hasExt(".js", ".mjs", ".cjs", ".jsx"),
	"ts":         hasExt(".ts", ".mts", ".cts", ".tsx"),
	"shell":      hasExt(".sh", ".bash", ".zsh"),
	"python":     hasExt(".py"),
	"powershell": hasExt(".ps1", ".psm1"),
	"bytecode":   hasExt(".pyc", ".pyo"),
	"config":     hasExt(".yaml", ".yml", ".json", ".toml", ".ini", ".cfg", ".conf", ".env"),
	"reference": func(files map[string][]byte) bool {
		for p := range files {
			if p != skill.ManifestName && strings.HasSuffix(p, ".md") {
				return true
			}
		}
		return false
	},
	"html-comment": mdContains(regexp.MustCompile(`<!--`)),
	// A fenced block, or an indented block (four spaces after a blank line).
	"code-block":   mdContains(regexp.MustCompile("(?m)(^[ \t>]*(```|~~~)|^[ \t]*\n(    |\t)[^ \t\n*0-9-])")),
	"bang-command": mdContains(regexp.MustCompile("(?m)(^[ \t]*!`|^[ \t]*![a-z~./$]|[^\\\\]!`[^`]+`|^```!)")),
	"frontmatter": func(files map[string][]byte) bool {
		m := skill.ParseManifest(files[skill.ManifestName])
		return len(m.Keys) > 0
	},
	"prose": mdContains(regexp.MustCompile(`(?m)^[ \t>]*[A-Za-z*#-]`)),
}

func hasExt(exts ...string) func(map[string][]byte) bool {
	return func(files map[string][]byte) bool {
		for p := range files {
			if slices.Contains(exts, path.Ext(p)) {
				return true
			}
		}
		return false
	}
}

func mdContains(rx *regexp.Regexp) func(map[string][]byte) bool {
	return func(files map[string][]byte) bool {
		for p, b := range files {
			if strings.HasSuffix(p, ".md") && rx.Match(b) {
				return true
			}
		}
		return false
	}
}

// readSkill returns every regular file of a skill directory, keyed by its
// slash-separated path relative to the directory.
func readSkill(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	files := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type()&fs.ModeSymlink != 0 {
			t.Errorf("%s: symlinks are not allowed in the corpus", p)
			return nil
		}
		if d.IsDir() {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		files[filepath.ToSlash(rel)] = b
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

var nameRx = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func TestSkillsParse(t *testing.T) {
	for _, l := range loadLabels(t) {
		t.Run(l.Path, func(t *testing.T) {
			dir := filepath.FromSlash(l.Path)
			files := readSkill(t, dir)
			content, ok := files[skill.ManifestName]
			if !ok {
				t.Fatalf("no %s", skill.ManifestName)
			}
			for p := range files {
				if strings.HasSuffix(p, ".go") {
					t.Errorf("%s: Go files inside skill directories would be compiled; use another extension", p)
				}
			}
			m := skill.ParseManifest(content)
			if !m.Present || !m.Closed {
				t.Fatalf("frontmatter missing or not closed")
			}
			if m.Err != nil {
				t.Fatalf("frontmatter: %v", m.Err)
			}
			if len(m.Repairs) > 0 {
				t.Errorf("frontmatter only parses after repairs at %v; quote the values", m.Repairs)
			}
			dirName := path.Base(l.Path)
			if m.Name != dirName {
				t.Errorf("name %q differs from directory %q", m.Name, dirName)
			}
			if !nameRx.MatchString(m.Name) || len(m.Name) > 64 {
				t.Errorf("name %q is not 1-64 chars of [a-z0-9-] without leading, trailing or double hyphens", m.Name)
			}
			if d := len([]rune(m.Description)); d == 0 || d > 1024 {
				t.Errorf("description is %d characters, want 1-1024", d)
			}
			for _, c := range l.Carriers {
				if ev := carrierEvidence[c]; ev != nil && !ev(files) {
					t.Errorf("carrier %q claimed but no matching content found", c)
				}
			}
			if l.Label == "benign" {
				lintBenign(t, files, m)
			}
		})
	}
}

var mdLinkRx = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// lintBenign applies the Agent Skills spec checks that a clean skill passes.
func lintBenign(t *testing.T, files map[string][]byte, m *skill.Manifest) {
	t.Helper()
	content := files[skill.ManifestName]
	body := content[m.BodyStart:]
	if n := bytes.Count(body, []byte("\n")); n >= maxBodyLines {
		t.Errorf("SKILL.md body has %d lines, want under %d", n, maxBodyLines)
	}
	for p, b := range files {
		if !strings.HasSuffix(p, ".md") {
			continue
		}
		for _, sm := range mdLinkRx.FindAllSubmatch(stripCode(b), -1) {
			target := string(sm[1])
			if strings.Contains(target, ":") || strings.HasPrefix(target, "#") || strings.HasPrefix(target, "/") {
				continue // URL, data URI, mailto, anchor or absolute path
			}
			target, _, _ = strings.Cut(target, "#")
			rel := path.Clean(path.Join(path.Dir(p), target))
			if _, ok := files[rel]; !ok && !isDir(files, rel) {
				t.Errorf("%s: relative link %q points at a missing file", p, sm[1])
			}
		}
	}
}

var (
	fenceRx = regexp.MustCompile("(?ms)^[ \t]*(```|~~~)[^\n]*\n.*?^[ \t]*(```|~~~)[ \t]*$")
	spanRx  = regexp.MustCompile("`[^`\n]+`")
)

// stripCode removes fenced code blocks and code spans, where link syntax is
// literal text.
func stripCode(b []byte) []byte {
	return spanRx.ReplaceAll(fenceRx.ReplaceAll(b, nil), nil)
}

func isDir(files map[string][]byte, dir string) bool {
	for p := range files {
		if strings.HasPrefix(p, dir+"/") {
			return true
		}
	}
	return false
}

var (
	ipv4Rx = regexp.MustCompile(`\d{1,3}(?:\.\d{1,3}){3}`)
	urlRx  = regexp.MustCompile(`(?i)\b(?:https?|wss?|stratum\+tcp|stratum\+ssl)://([a-z0-9.\-]+|\[[0-9a-f:]+\])`)
)

// inertPrefixes are the only networks a sample may name by address:
// RFC 5737 documentation ranges for attacker hosts, and private, loopback and
// link-local ranges for reconnaissance targets.
var inertPrefixes = []netip.Prefix{
	netip.MustParsePrefix("192.0.2.0/24"),
	netip.MustParsePrefix("198.51.100.0/24"),
	netip.MustParsePrefix("203.0.113.0/24"),
	netip.MustParsePrefix("10.0.0.0/8"),
	netip.MustParsePrefix("172.16.0.0/12"),
	netip.MustParsePrefix("192.168.0.0/16"),
	netip.MustParsePrefix("127.0.0.0/8"),
	netip.MustParsePrefix("169.254.0.0/16"),
	netip.MustParsePrefix("0.0.0.0/32"),
}

// publicResolvers are well-known public DNS resolvers that a sample may use
// as a decoy measurement target; they are never the attacker's host.
var publicResolvers = []string{"1.1.1.1", "8.8.8.8", "9.9.9.9"}

func isDigitOrDot(c byte) bool { return c == '.' || c >= '0' && c <= '9' }

// realHosts are real services a malicious sample may name, because detectors
// key on them (paste sites, tunnels, webhook catchers) or because attackers
// link them as decoys. Samples use random, non-existent paths on them, and
// anonymous upload services (where any upload would succeed) are not listed.
var realHosts = []string{
	"pastebin.com", "rentry.co", "paste.ee", "hastebin.com",
	"trycloudflare.com", "ngrok-free.app", "ngrok.io", "webhook.site", "pipedream.net",
	"discord.com", "api.telegram.org", "oast.fun", "interact.sh",
	"github.com", "raw.githubusercontent.com", "gist.githubusercontent.com",
	"developers.notion.com", "api.notion.com", "docs.anthropic.com", "api.openai.com",
	"polymarket.com", "img.shields.io", "www.youtube.com", "youtu.be", "api.github.com",
	"ipinfo.io", // an IP geolocation service: its answer is the user's location
}

func hostAllowed(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if a, err := netip.ParseAddr(strings.Trim(host, "[]")); err == nil {
		return addrInert(a)
	}
	// Reserved test names, plus private-use names (.internal, .local) that
	// only reconnaissance samples use, as internal targets.
	for _, suf := range []string{".invalid", ".example", ".test", ".localhost", ".internal", ".local", "example.com", "example.org", "example.net"} {
		if strings.HasSuffix(host, suf) {
			return true
		}
	}
	if host == "localhost" {
		return true
	}
	for _, h := range realHosts {
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}

func addrInert(a netip.Addr) bool {
	if a.Is6() {
		return a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast()
	}
	for _, p := range inertPrefixes {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// TestMaliciousSamplesAreInert checks that every IPv4 literal and every URL
// host in a malicious sample is a documentation, private or reserved
// address, a reserved test domain, or a listed real host used for shape.
func TestMaliciousSamplesAreInert(t *testing.T) {
	for _, l := range loadLabels(t) {
		if l.Label != "malicious" {
			continue
		}
		files := readSkill(t, filepath.FromSlash(l.Path))
		paths := make([]string, 0, len(files))
		for p := range files {
			paths = append(paths, p)
		}
		sort.Strings(paths)
		for _, p := range paths {
			b := files[p]
			for _, loc := range ipv4Rx.FindAllIndex(b, -1) {
				if loc[0] > 0 && isDigitOrDot(b[loc[0]-1]) || loc[1] < len(b) && isDigitOrDot(b[loc[1]]) {
					continue // part of a longer dotted number, such as a version
				}
				a, err := netip.ParseAddr(string(b[loc[0]:loc[1]]))
				if err != nil {
					continue // not an address, such as 1.2.3.400
				}
				if !addrInert(a) && !slices.Contains(publicResolvers, a.String()) {
					t.Errorf("%s/%s: address %s is not in a documentation, private or reserved range", l.Path, p, a)
				}
			}
			for _, sm := range urlRx.FindAllSubmatch(b, -1) {
				if !hostAllowed(string(sm[1])) {
					t.Errorf("%s/%s: URL host %s is not inert (use .invalid, .example, a documentation IP or a listed shape host)", l.Path, p, sm[1])
				}
			}
		}
	}
}

// TestSkillsLoad loads every skill the way the scanner does and checks that
// nothing is skipped: no problems, every file on disk present, no file
// truncated or re-decoded.
func TestSkillsLoad(t *testing.T) {
	for _, l := range loadLabels(t) {
		t.Run(l.Path, func(t *testing.T) {
			dir := filepath.FromSlash(l.Path)
			root, err := skill.OpenDir(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()
			s, err := skill.Load(context.Background(), root, dir, skill.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range s.Problems {
				t.Errorf("load problem %s: %s %s", p.Path, p.Kind, p.Detail)
			}
			onDisk := readSkill(t, dir)
			if len(s.Files) != len(onDisk) {
				t.Errorf("loaded %d files, %d on disk", len(s.Files), len(onDisk))
			}
			for _, f := range s.Files {
				want, ok := onDisk[f.Path]
				if !ok {
					t.Errorf("%s: loaded but not on disk", f.Path)
					continue
				}
				if f.Note != "" {
					t.Errorf("%s: %s", f.Path, f.Note)
				}
				if f.Kind.IsText() && !bytes.Equal(f.Content, want) {
					t.Errorf("%s: loaded content differs from the file", f.Path)
				}
				if path.Ext(f.Path) == ".pyc" && f.Kind != skill.KindBytecode {
					t.Errorf("%s: kind %v, want bytecode", f.Path, f.Kind)
				}
			}
		})
	}
}

// Counts per family and carrier, as printed in README.md.
type tally struct {
	famSkills   map[string]int
	malCarriers map[string]int
	benCarriers map[string]int
	mal, ben    int
}

func count(labels []Label) tally {
	c := tally{famSkills: map[string]int{}, malCarriers: map[string]int{}, benCarriers: map[string]int{}}
	for _, l := range labels {
		if l.Label == "malicious" {
			c.mal++
			for _, f := range l.Families {
				c.famSkills[f]++
			}
			for _, k := range l.Carriers {
				c.malCarriers[k]++
			}
		} else {
			c.ben++
			for _, k := range l.Carriers {
				c.benCarriers[k]++
			}
		}
	}
	return c
}

// TestReadmeCounts checks that the tables in README.md match labels.yaml.
func TestReadmeCounts(t *testing.T) {
	b, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	c := count(loadLabels(t))
	want := []string{fmt.Sprintf("| **total** | **%d** | **%d** |", c.mal, c.ben)}
	for _, f := range Families {
		want = append(want, fmt.Sprintf("| %s | %d |", f, c.famSkills[f]))
	}
	for _, k := range Carriers {
		want = append(want, fmt.Sprintf("| %s | %d | %d |", k, c.malCarriers[k], c.benCarriers[k]))
	}
	for _, w := range want {
		if !strings.Contains(readme, w) {
			t.Errorf("README.md lacks the row %q (regenerate the tables: scripts/corpus-counts.py)", w)
		}
	}
}
