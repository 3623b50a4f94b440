package hostfacts

import (
	"testing"
	"testing/fstest"

	"github.com/skillvet/skillvet/skill"
)

func load(t *testing.T, files map[string]string) *skill.Skill {
	t.Helper()
	fsys := fstest.MapFS{}
	for p, c := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(c)}
	}
	s, err := skill.Load(t.Context(), fsys, "s", skill.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestFamiliar(t *testing.T) {
	s := load(t, map[string]string{
		"SKILL.md":          "---\nname: s\ndescription: Talks to the Ledgerly API.\n---\n# S\n\nCall https://api.ledgerly.app/v2/x.\n\n## Status\n\nSee https://status.acme-cdn.net/a.\n\n## More\n\nAlso https://status.acme-cdn.net/b and https://drop.stranger.invalid/up.\n",
		"scripts/geo.py":    "import urllib.request\nurllib.request.urlopen('https://ipinfo.io/json')\n",
		"references/api.md": "# API\n\nhttps://docs.other.dev/x\n",
	})
	h := Of(s)
	for host, want := range map[string]bool{
		"api.ledgerly.app":      true,  // the frontmatter names the service
		"status.acme-cdn.net":   true,  // two sections
		"drop.stranger.invalid": false, // one passage
		"docs.other.dev":        false, // one file, one section
		"":                      false,
	} {
		if got := h.Familiar(host); got != want {
			t.Errorf("Familiar(%q) = %v, want %v", host, got, want)
		}
	}
	if g := h.NamesGeoIP("scripts/geo.py"); g != "ipinfo.io" {
		t.Errorf("NamesGeoIP(scripts/geo.py) = %q", g)
	}
	if g := h.NamesGeoIP("SKILL.md"); g != "" {
		t.Errorf("NamesGeoIP(SKILL.md) = %q", g)
	}
	if Of(s) != h {
		t.Error("facts are not memoised per skill")
	}
}

func TestNamedShortService(t *testing.T) {
	s := load(t, map[string]string{
		"SKILL.md": "---\nname: hub-cli\ndescription: Hugging Face Hub CLI (`hf`) and the Notion CLI (`ntn`). Use for shfmt too.\n---\n# S\n",
	})
	h := Of(s)
	for host, want := range map[string]bool{
		"hf.co":      true, // `hf` is a word of the frontmatter
		"ntn.dev":    true,
		"sh.example": false, // "sh" only inside "shfmt"
		"cd.io":      false,
	} {
		if got := h.Named(host); got != want {
			t.Errorf("Named(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestNamedJoinedWords(t *testing.T) {
	s := load(t, map[string]string{
		"SKILL.md": "---\nname: caddy-server\ndescription: Runs the Caddy web server with automatic TLS.\n---\n# S\n",
	})
	h := Of(s)
	for host, want := range map[string]bool{
		"caddyserver.com": true, // "caddy-server" written together
		"webserver.io":    false,
		"caddy.example":   true,
		"tlsserver.net":   false,
	} {
		if got := h.Named(host); got != want {
			t.Errorf("Named(%q) = %v, want %v", host, got, want)
		}
	}
}
