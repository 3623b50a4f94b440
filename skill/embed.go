package skill

import (
	"fmt"
	"sort"
	"strings"
)

// Embedding describes a file that is code found inside another file of the
// skill: a Markdown code block in a language the Markdown rules do not read
// as commands (Python, JavaScript), a notebook cell, a here-document fed to
// an interpreter, a `python -c` string, a package.json script. The engine
// analyses it as a file of its own kind; findings and capabilities are
// reported in the host file at the mapped positions.
type Embedding struct {
	Host *File
	// Context says where the code sits, for messages: "```python block",
	// "notebook code cell 3", "package.json scripts.postinstall".
	Context string
	// Segs map the embedded content onto the host, sorted by V: bytes
	// [V, V+N) of the content are host bytes [H, H+N). Content between
	// segments (escapes decoded from a JSON string, say) maps to the start
	// of the segment before it.
	Segs []Seg
	// Depth is 1 for code embedded in a file of the skill, 2 for code
	// embedded in embedded code, and so on.
	Depth int
	// Illustration, when set, says why the text around the code presents it
	// as an example of what not to do or as a quoted attack rather than as
	// something to run (see facts/coderole). The engine grades findings in
	// it one step lower (high → medium; critical stays).
	Illustration string
	// Instructed, when set, says why the text around the code tells the
	// agent to run it ("Run this first:"). Code neither instructed nor
	// illustrated is reference material: an example of how to write
	// something.
	Instructed string
}

// ExampleCode reports code shown in a Markdown document that no text tells
// the agent to run: reference material, an example of how to write
// something. A weakness in it (a function's parameter handed to eval or
// formatted into SQL) is for the reader to avoid where they copy it, not a
// hole in what the skill runs. Notebook cells, heredocs and scripts are
// not examples.
func (f *File) ExampleCode() bool {
	e := f.Embed
	return e != nil && e.Host != nil && e.Host.Kind == KindMarkdown && e.Instructed == ""
}

// Seg is one mapped run of an embedded file's bytes.
type Seg struct{ V, H, N int }

// NewEmbedded builds an embedded file of kind k whose content is copied
// from host bytes [start, end): the mapping is one segment. ext is the file
// name extension the code would have on its own (".py", ".ts", ".tsx"):
// parsers choose their dialect by it.
func NewEmbedded(host *File, k Kind, start, end int, context, ext string) *File {
	if start < 0 {
		start = 0
	}
	if end > len(host.Content) {
		end = len(host.Content)
	}
	if end < start {
		end = start
	}
	return NewEmbeddedMapped(host, k, host.Content[start:end:end], []Seg{{V: 0, H: start, N: end - start}}, context, ext)
}

// ContextDockerRun opens the context of a Dockerfile RUN instruction's
// shell, embedded as a file of its own.
const ContextDockerRun = "Dockerfile RUN"

// InImageBuild reports whether the file is the shell of a Dockerfile RUN
// instruction: it runs while a container image is built, on the image's
// file system, not the host's.
func (f *File) InImageBuild() bool {
	return f.Embed != nil && strings.HasPrefix(f.Embed.Context, ContextDockerRun)
}

// NewEmbeddedMapped builds an embedded file from content that is not a
// plain slice of the host (decoded JSON strings, joined lines), with its
// mapping.
func NewEmbeddedMapped(host *File, k Kind, content []byte, segs []Seg, context, ext string) *File {
	depth := 1
	if host.Embed != nil {
		depth = host.Embed.Depth + 1
	}
	sort.Slice(segs, func(i, j int) bool { return segs[i].V < segs[j].V })
	f := &File{Kind: k, Content: content, Size: int64(len(content)),
		Embed: &Embedding{Host: host, Context: context, Segs: segs, Depth: depth}}
	// A path of its own, so that nothing mistakes it for its host (the
	// frontmatter of SKILL.md, say); findings are reported in the host.
	root, off := f.Embed.HostOffset(0)
	f.Path = fmt.Sprintf("%s#L%d%s", root.Path, root.Pos(off).Line, ext)
	return f
}

// HostOffset maps an offset of the embedded content to the host file's
// content (through every level of embedding: the result is an offset of
// the real file), and returns that file.
func (e *Embedding) HostOffset(off int) (*File, int) {
	h := e.Host.Content
	k := sort.Search(len(e.Segs), func(i int) bool { return e.Segs[i].V > off }) - 1
	ho := 0
	switch {
	case k < 0 && len(e.Segs) > 0:
		ho = e.Segs[0].H
	case k >= 0:
		s := e.Segs[k]
		d := off - s.V
		if d > s.N {
			d = s.N
		}
		ho = s.H + d
	}
	if ho > len(h) {
		ho = len(h)
	}
	if e.Host.Embed != nil {
		return e.Host.Embed.HostOffset(ho)
	}
	return e.Host, ho
}

// Root returns the real file an embedded file is in (f itself when it is
// not embedded).
func (f *File) Root() *File {
	for f.Embed != nil {
		f = f.Embed.Host
	}
	return f
}
