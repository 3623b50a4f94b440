package loader

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/skillvet/skillvet/skill"
)

// ErrNotFound is wrapped by errors for skills and files that do not exist.
var ErrNotFound = errors.New("not found")

// ErrBadURI is wrapped by errors for skill:// URIs that are refused.
var ErrBadURI = errors.New("invalid skill URI")

// RefusedError says a skill exists but is not served.
type RefusedError struct {
	Name   string
	Status Status
	Reason string // for people: may quote the skill
	Code   Code   // for a model: Code.Message is fixed text
}

func (e *RefusedError) Error() string {
	return fmt.Sprintf("skill %q is %s: %s", e.Name, e.Status, e.Reason)
}

// Scheme is the URI scheme of skill resources.
const Scheme = "skill://"

// Resource is a file of an admitted skill, served from the bytes that were
// scanned.
type Resource struct {
	URI     string
	Skill   string
	Path    string // slash path relative to the skill directory
	Kind    skill.Kind
	Content []byte
}

// Resolve serves skill://<name> (the skill's SKILL.md) and
// skill://<name>/<rel> (a file of the skill). Only admitted skills and
// only files in the scanned set are served; absolute paths, "." and ".."
// segments, percent-encoded separators or dots, backslashes, NUL and
// control characters are refused.
func (r *Registry) Resolve(uri string) (*Resource, error) {
	name, rel, err := ParseURI(uri)
	if err != nil {
		return nil, err
	}
	e, err := r.Get(name)
	if err != nil {
		return nil, err
	}
	if rel == "" {
		rel = skill.ManifestName
	}
	f := e.Skill.File(rel)
	if f == nil {
		if e.Skill.HasDir(rel) {
			return nil, fmt.Errorf("%s: is a directory, not a file: %w", uri, ErrNotFound)
		}
		return nil, fmt.Errorf("%s: file not found in skill %q: %w", uri, name, ErrNotFound)
	}
	return &Resource{URI: Scheme + name + "/" + rel, Skill: name, Path: rel, Kind: f.Kind,
		Content: append([]byte(nil), f.Content...)}, nil
}

// ParseURI splits skill://<name>[/<rel>] and checks it. rel is empty for
// the skill itself.
func ParseURI(uri string) (name, rel string, err error) {
	bad := func(why string) (string, string, error) {
		return "", "", fmt.Errorf("%w %q: %s", ErrBadURI, clipName(uri), why)
	}
	rest, ok := strings.CutPrefix(uri, Scheme)
	if !ok {
		return bad("must start with " + Scheme)
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		return bad("query and fragment are not allowed")
	}
	lower := strings.ToLower(rest)
	for _, enc := range []string{"%2e", "%2f", "%5c", "%00"} {
		if strings.Contains(lower, enc) {
			return bad("percent-encoded dots, slashes, backslashes and NUL are not allowed")
		}
	}
	dec, err := url.PathUnescape(rest)
	if err != nil {
		return bad("bad percent-encoding")
	}
	if strings.ContainsRune(dec, '%') {
		return bad("double percent-encoding is not allowed")
	}
	for _, c := range dec {
		switch {
		case c == '\\':
			return bad("backslashes are not allowed")
		case c == 0:
			return bad("NUL is not allowed")
		case c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0):
			return bad("control characters are not allowed")
		}
	}
	if strings.HasPrefix(dec, "/") {
		return bad("absolute paths are not allowed")
	}
	dec = strings.TrimSuffix(dec, "/")
	segs := strings.Split(dec, "/")
	for _, s := range segs {
		switch s {
		case "":
			return bad("empty path segment")
		case ".", "..":
			return bad(`"." and ".." segments are not allowed`)
		}
		if len(s) >= 2 && s[1] == ':' {
			return bad("drive letters are not allowed")
		}
	}
	return segs[0], strings.Join(segs[1:], "/"), nil
}
