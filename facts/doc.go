// Package facts documents the facts layer; the layer itself is its
// sub-packages, one per input language plus shared infrastructure:
//
//	prose       Markdown prose: segments, contexts, sentences, phrases, lexicons
//	shellfacts  shell sites and commands
//	pyfacts     Python modules, process calls, data flow, paths, sinks
//	jsfacts     JavaScript/TypeScript view of calls, sources and destinations
//	coderole    the role of code in Markdown: instruction or illustration
//	hostfacts   the hosts a skill is about: named in its frontmatter or in several places
//	encoded     encoded text (base64, hex, base85, char codes, XOR, reversal, fragments) and what it decodes to
//	manifest    SKILL.md frontmatter values, lint reporting, allowed-tools
//	match       required literals, literal index, capped reporter
//
// Facts sit between parse/… and rules: computed once per file (memoised in
// skill.File.Memo under keys the facts package owns) and read by rules.
// Facts packages may import analyzer, skill, parse/…, intel and each other
// (without cycles), never rules; rules import facts and never use another
// rule's helpers. Tests enforce both (rules/layering_test.go and
// facts_test.go here).
package facts
