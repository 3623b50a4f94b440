package encoded

import (
	"bytes"
	"strings"

	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/skill"
)

// DataText is DataRun's name for text that reads as data.
const DataText = "data text"

// DataRun reports what a run of base64 (or another encoding DecodeRun
// reads) decodes to when that is data nobody runs: a binary container —
// an image, a PDF, a font, DER (a certificate, a key or a PKCS#12 key
// store) — with no command line inside it, or text that reads as data
// (JSON such as a token's claims, LDIF, key: value records) with no code,
// command, instruction, address or further encoding in it. It returns a
// short name for the data ("a PNG image", "DER data (a certificate or key
// store)", "data text") and true; what decodes to anything else — a
// script, sentences, another layer of encoding, an archive or compressed
// bytes, bytes with no known header — is not data and returns false.
//
// A documentation snapshot quotes an image upload or a certificate as
// base64 (a data: URI, a JSON "fileData" field, a bearer token); a hidden
// payload decodes to something a shell or an agent would follow. A run
// cut short by the writer ("MIIR… more base64 …") is judged on its whole
// groups of four.
func DataRun(s string) (string, bool) {
	s = stripSpace(s)
	if n := len(strings.TrimRight(s, "=")); n%4 == 1 {
		s = s[:n-1] // a run cut mid-group: judge the bytes before the cut
	}
	b, chain, ok := DecodeRun(s)
	if !ok || len(chain) != 1 {
		return "", false // compressed or layered: not how data is quoted
	}
	if Printable(b) {
		t := string(b)
		if dataText(t) {
			return DataText, true
		}
		return "", false
	}
	name := containerName(b)
	if name == "" || binaryHoldsCommand(b) {
		return "", false
	}
	return name, true
}

// containerName names the binary data format b starts with: an image,
// a document or a font (the asset signatures skill.Classify knows), or
// DER, whose first bytes are an ASN.1 SEQUENCE with a two- or three-byte
// length (certificates, keys, PKCS#12 key stores: base64 "MII…").
func containerName(b []byte) string {
	switch {
	case bytes.HasPrefix(b, []byte("\x89PNG\r\n\x1a\n")):
		return "a PNG image"
	case bytes.HasPrefix(b, []byte("\xff\xd8\xff")):
		return "a JPEG image"
	case bytes.HasPrefix(b, []byte("GIF87a")), bytes.HasPrefix(b, []byte("GIF89a")):
		return "a GIF image"
	case bytes.HasPrefix(b, []byte("RIFF")) && len(b) > 12 && string(b[8:12]) == "WEBP":
		return "a WebP image"
	case bytes.HasPrefix(b, []byte("%PDF-")):
		return "a PDF document"
	case bytes.HasPrefix(b, []byte("wOFF")), bytes.HasPrefix(b, []byte("wOF2")):
		return "a web font"
	case len(b) >= 4 && b[0] == 0x30 && (b[1] == 0x82 || b[1] == 0x83) && (b[2] != 0 || b[1] == 0x83):
		// SEQUENCE, long form length in 2 or 3 bytes, minimally encoded
		return "DER data (a certificate or key store)"
	}
	if skill.Classify("", b) == skill.KindAsset {
		return "a media file"
	}
	return ""
}

// binaryHoldsCommand reports a binary container with a line of text inside
// that reads as a command or a program (a polyglot: an image header followed
// by a script a shell would still run line by line).
func binaryHoldsCommand(b []byte) bool {
	for _, seg := range bytes.Split(b, []byte("\n")) {
		seg = bytes.TrimRight(seg, "\r")
		if len(seg) < 4 || !Printable(seg) {
			continue
		}
		l := string(seg)
		if commandLine(l) || shSyntaxRx.MatchString(l) || Classify(l) != skill.KindUnknown {
			return true
		}
	}
	return false
}

// dataQuotedRx matches a JSON-style quoted string.
var dataQuotedRx = match.MustRx(`"((?:[^"\\\n]|\\.){4,})"`)

// dataRecordRx matches a line of a record format: "key: value",
// "key=value" (LDIF, headers, properties) or LDIF's "-" separator.
var dataRecordRx = match.MustRx(`^(?:[A-Za-z][\w.;-]*\s*[:=].*|-)$`)

// dataText reports decoded text that is data: a JSON document, or records
// of "key: value" lines (two or more); Classify finds no program or
// sentences in it, and none of its lines or quoted values reads as a
// command, a program, a sentence or an address, or is itself encoded.
// Text without a data format's shape is not judged data.
func dataText(t string) bool {
	if Classify(t) != skill.KindUnknown || urlRx.MatchString(t) || shSyntaxRx.MatchString(t) {
		return false
	}
	if tt := strings.TrimSpace(t); !jsonLike(tt) {
		n := 0
		for _, l := range strings.Split(tt, "\n") {
			if l = strings.TrimSpace(l); l == "" {
				continue
			}
			if !dataRecordRx.MatchString(l) {
				return false
			}
			n++
		}
		if n < 2 {
			return false
		}
	}
	frags := strings.Split(t, "\n")
	for _, m := range dataQuotedRx.FindAllStringSubmatch(t, -1) {
		frags = append(frags, m[1])
	}
	for _, f := range frags {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		if commandLine(f) || Classify(f) != skill.KindUnknown {
			return false
		}
		if in := stripSpace(f); len(in) >= MinRun && allBytes(in, isB64Byte) && encodingLike(in) {
			if b, _, ok := DecodeRun(in); ok && Printable(b) {
				return false // another layer of encoding
			}
		}
	}
	return true
}

// DataTail reports a run that can be the rest of binary data a writer cut
// short ("MIIR… more of the key store … 5QJ1…"): decoded from each of the
// four positions a cut can leave it at, it is bytes that are not text and
// hold no command line. The caller establishes that the run follows a
// binary container (DataRun) across the elision; a run that decodes to
// text or to a script at any alignment is not a tail.
func DataTail(s string) bool {
	s = strings.TrimRight(stripSpace(s), "=")
	if len(s) < MinRun || !allBytes(s, isB64Byte) {
		return false
	}
	for skip := 0; skip < 4; skip++ {
		t := s[skip:]
		t = t[:len(t)-len(t)%4]
		b, ok := DecodeBase64(t)
		if !ok || Printable(b) || binaryHoldsCommand(b) {
			return false
		}
		if x, z := inflate(b); z != "" && len(x) > 0 {
			return false // compressed: what it holds is not seen here
		}
	}
	return true
}
