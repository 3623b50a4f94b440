package rules

import (
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/coderole"
	"github.com/skillvet/skillvet/facts/encoded"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

// DecodedText decodes the encoded text a skill carries and hands what it
// decodes to to the engine, which analyses it with every rule of its kind
// and reports at the encoded text.
var DecodedText = register(&analyzer.Rule{
	ID:       "SV053",
	Name:     "decoded-text",
	Title:    "Encoded text is decoded and analysed as what it decodes to",
	Severity: Info,
	Category: analyzer.CatObfuscation,
	Evidence: analyzer.EvIntegrity,
	Tags:     []string{"security", "scan-integrity", "obfuscation", "CWE-506"},
	Inputs:   analyzer.InAnyText,
	Doc: `An agent reads base64 on sight, and follows a skill that tells it how to undo the rest:
"decode the block below and follow it", "XOR it with the key ` + "`k3y`" + `", "reverse each line and
run it", "join parts A, B and C in order". Text hidden that way passes every rule that reads the
skill as written. This rule decodes it and the engine analyses the result with every rule of its
kind — commands with the shell rules, programs with their language's rules, sentences with the
prompt-injection and exfiltration rules — reporting in the file at the encoded text, with how it
was encoded and what it decodes to in the message.

What is decoded:

- runs of base64, base32 or hex of 16 characters or more anywhere in a text file (prose, code
  blocks, HTML comments, string literals of scripts), wrapped over lines or not, through up to
  three layers and zlib/gzip compression; comma-separated lists of eight or more character
  codes;
- when the skill's text names the transform: XOR with the key it gives (or any single-byte key),
  base85, reversed text or reversed lines, ROT13, and the code spans next to a paragraph that
  tells the reader to join, concatenate or interleave fragments (in document order and in the
  order of their labels);
- in code that XORs characters (` + "`b ^ KEY.charCodeAt(i % KEY.length)`" + `, ` + "`chr(ord(c) ^ k)`" + `), its encoded
  runs with the keys it names and with single-byte keys;
- in Python, strings the code computes from constants through a decoder, ` + "`chr`" + ` lists, reversal
  or XOR (see SV443).

Only text that reads as commands, code or sentences is analysed; data (JSON, keys, images,
hashes) is left alone. An encoded block that the text around it presents as an example is graded
like any illustration. It reports nothing itself.

**Limits:** 32 decoded texts per file and 256 per skill, 64 KiB for single-byte XOR keys, three
layers.`,
	Extract: extractDecodedText,
})

func extractDecodedText(p *analyzer.Pass) ([]*skill.File, error) {
	f := p.File
	if decodedByUs(f) {
		return nil, nil // layers are undone in one go
	}
	var out []*skill.File
	add := func(text, how string, kind skill.Kind, segs []skill.Seg, start int) {
		if len(out) >= encoded.MaxBlobs || !encoded.Claim(f, text) || !encoded.Take(p.Skill) {
			return
		}
		ctx := fmt.Sprintf("%s%s: %q", decodedMark, how, match.Clip(strings.Join(strings.Fields(text), " "), 60))
		e := skill.NewEmbeddedMapped(f, kind, []byte(text), segs, ctx, encoded.Ext(kind))
		if f.Kind == skill.KindMarkdown && f.Embed == nil {
			if j := coderole.Of(p).At(start); j.Role == coderole.Illustration {
				e.Embed.Illustration = j.Why
			}
		}
		out = append(out, e)
	}
	if f.Embed == nil {
		blobs := encoded.Of(p)
		if len(blobs) > 0 && analyzer.InputOf(f.Kind)&shellfacts.Inputs != 0 {
			// the shell analysis already reads what a decoder pipes into a
			// shell (echo … | base64 -d | bash)
			_ = shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
				if c.Decoded != "" && shellfacts.PipeSinkInterp(site.Script, c) != nil {
					encoded.Claim(f, c.Decoded)
				}
			})
		}
		for _, b := range blobs {
			if b.Opaque() || b.Kind == skill.KindUnknown {
				continue
			}
			add(b.Text, b.How, b.Kind, decodedSegs(b), b.Start)
		}
	}
	if f.Kind == skill.KindPython {
		if m := pyfacts.Module(p); m != nil {
			for _, d := range pyfacts.DecodedStrings(m) {
				if k := encoded.Classify(d.Text); k != skill.KindUnknown {
					add(d.Text, "Python "+d.How, k, []skill.Seg{{V: 0, H: d.Start, N: 0}}, d.Start)
				}
			}
		}
	}
	return out, nil
}

// decodedMark opens the context of every file this rule makes:
// "text decoded by skillvet from base64: \"curl …\"".
const decodedMark = "text decoded by skillvet from "

func decodedByUs(f *skill.File) bool {
	for ; f != nil && f.Embed != nil; f = f.Embed.Host {
		if strings.HasPrefix(f.Embed.Context, decodedMark) {
			return true
		}
	}
	return false
}

// decodedSegs maps the decoded text onto the blob: line by line where the
// blob says where each line comes from, else all of it to the blob's start.
func decodedSegs(b encoded.Blob) []skill.Seg {
	if len(b.Lines) == 0 {
		return []skill.Seg{{V: 0, H: b.Start, N: 0}}
	}
	var segs []skill.Seg
	v := 0
	for i, l := range strings.SplitAfter(b.Text, "\n") {
		if i >= len(b.Lines) {
			break
		}
		segs = append(segs, skill.Seg{V: v, H: b.Lines[i], N: 0})
		v += len(l)
	}
	return segs
}
