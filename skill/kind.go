package skill

import (
	"bytes"
	"path"
	"strings"
	"unicode/utf8"
)

// Kind classifies a file for analysis. Classification looks at content
// (magic numbers, shebangs) before the extension, so a renamed file cannot
// hide its type: an ELF binary called notes.md is KindBinary.
type Kind uint8

const (
	KindUnknown    Kind = iota
	KindMarkdown        // .md, .markdown, .mdx
	KindJS              // .js .mjs .cjs .jsx .ts .mts .cts .tsx, node shebang
	KindShell           // .sh .bash .zsh .ksh, sh/bash/zsh shebang
	KindPython          // .py .pyw, python shebang
	KindYAML            // .yaml .yml
	KindJSON            // .json
	KindText            // any other valid text file
	KindAsset           // images, fonts, audio, video, PDF: expected binary formats
	KindBinary          // executables and unknown binary content
	KindArchive         // zip, gzip, tar, 7z, rar, xz, bzip2 (content not inspected)
	KindBytecode        // .pyc, __pycache__, .class, .wasm
	KindPowerShell      // .ps1 .psm1
	KindBatch           // .bat .cmd
)

var kindNames = [...]string{
	KindUnknown: "unknown", KindMarkdown: "markdown", KindJS: "js", KindShell: "shell",
	KindPython: "python", KindYAML: "yaml", KindJSON: "json", KindText: "text",
	KindAsset: "asset", KindBinary: "binary", KindArchive: "archive", KindBytecode: "bytecode",
	KindPowerShell: "powershell", KindBatch: "batch",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// IsText reports whether files of this kind are analysed as text.
func (k Kind) IsText() bool {
	switch k {
	case KindMarkdown, KindJS, KindShell, KindPython, KindYAML, KindJSON, KindText, KindPowerShell, KindBatch:
		return true
	}
	return false
}

var extKinds = map[string]Kind{
	".md": KindMarkdown, ".markdown": KindMarkdown, ".mdx": KindMarkdown,
	".js": KindJS, ".mjs": KindJS, ".cjs": KindJS, ".jsx": KindJS,
	".ts": KindJS, ".mts": KindJS, ".cts": KindJS, ".tsx": KindJS,
	".sh": KindShell, ".bash": KindShell, ".zsh": KindShell, ".ksh": KindShell,
	".py": KindPython, ".pyw": KindPython,
	".yaml": KindYAML, ".yml": KindYAML,
	".json": KindJSON, ".jsonc": KindJSON, ".ipynb": KindJSON,
	".ps1": KindPowerShell, ".psm1": KindPowerShell, ".psd1": KindPowerShell,
	".bat": KindBatch, ".cmd": KindBatch,
	".pyc": KindBytecode, ".pyo": KindBytecode, ".class": KindBytecode, ".wasm": KindBytecode,
	".png": KindAsset, ".jpg": KindAsset, ".jpeg": KindAsset, ".gif": KindAsset, ".webp": KindAsset,
	".ico": KindAsset, ".bmp": KindAsset, ".pdf": KindAsset, ".woff": KindAsset, ".woff2": KindAsset,
	".ttf": KindAsset, ".otf": KindAsset, ".mp3": KindAsset, ".wav": KindAsset, ".ogg": KindAsset,
	".mp4": KindAsset, ".webm": KindAsset, ".ttc": KindAsset, ".eot": KindAsset, ".cur": KindAsset,
	".tif": KindAsset, ".tiff": KindAsset, ".avif": KindAsset, ".heic": KindAsset, ".flac": KindAsset,
	".m4a": KindAsset, ".m4v": KindAsset, ".mov": KindAsset, ".mkv": KindAsset, ".opus": KindAsset,
	".oga": KindAsset, ".ogv": KindAsset, ".aac": KindAsset, ".mid": KindAsset, ".midi": KindAsset,
	".psd": KindAsset, ".xcf": KindAsset,
	".zip": KindArchive, ".gz": KindArchive, ".tgz": KindArchive, ".tar": KindArchive, ".7z": KindArchive,
	".rar": KindArchive, ".xz": KindArchive, ".bz2": KindArchive, ".zst": KindArchive, ".jar": KindArchive,
	".docx": KindArchive, ".xlsx": KindArchive, ".pptx": KindArchive,
}

type magic struct {
	prefix []byte
	kind   Kind
}

var magics = []magic{
	{[]byte("\x7fELF"), KindBinary},
	{[]byte("\xfe\xed\xfa\xce"), KindBinary}, {[]byte("\xfe\xed\xfa\xcf"), KindBinary},
	{[]byte("\xce\xfa\xed\xfe"), KindBinary}, {[]byte("\xcf\xfa\xed\xfe"), KindBinary},
	{[]byte("\xca\xfe\xba\xbe"), KindBinary}, // Mach-O fat (also Java class)
	{[]byte("MZ"), KindBinary},
	{[]byte("\x00asm"), KindBytecode},
	{[]byte("PK\x03\x04"), KindArchive}, {[]byte("PK\x05\x06"), KindArchive},
	{[]byte("\x1f\x8b"), KindArchive}, {[]byte("7z\xbc\xaf\x27\x1c"), KindArchive},
	{[]byte("Rar!\x1a\x07"), KindArchive}, {[]byte("\xfd7zXZ\x00"), KindArchive},
	{[]byte("BZh"), KindArchive}, {[]byte("\x28\xb5\x2f\xfd"), KindArchive},
	{[]byte("\x89PNG\r\n\x1a\n"), KindAsset}, {[]byte("\xff\xd8\xff"), KindAsset},
	{[]byte("GIF87a"), KindAsset}, {[]byte("GIF89a"), KindAsset}, {[]byte("%PDF-"), KindAsset},
	{[]byte("wOFF"), KindAsset}, {[]byte("wOF2"), KindAsset}, {[]byte("ID3"), KindAsset},
}

// Classify decides a file's kind from its path and content. MZ is only
// trusted as an executable header when the PE offset field is plausible, so a
// text file that starts with "MZ" stays text.
func Classify(name string, content []byte) Kind {
	base := path.Base(name)
	ext := strings.ToLower(path.Ext(base))
	for _, m := range magics {
		if bytes.HasPrefix(content, m.prefix) {
			if string(m.prefix) == "MZ" && !looksLikePE(content) {
				continue
			}
			if m.kind == KindArchive && ext == ".jar" || m.kind == KindBinary && ext == ".class" {
				return KindBytecode
			}
			if m.kind == KindAsset {
				// An image or document named as code or text: the
				// signature and the name disagree, which is how a payload
				// hides (a polyglot, or bytes an interpreter is told to run).
				// Text that merely starts like a signature ("GIF89a is…")
				// is analysed as the text it claims to be.
				if k, ok := extKinds[ext]; ok && k.IsText() {
					if looksBinary(content) {
						return KindBinary
					}
					return k
				}
			}
			return m.kind
		}
	}
	if bytes.HasPrefix(content, []byte("RIFF")) && len(content) > 12 {
		return KindAsset // webp, wav, avi
	}
	if k, ok := mediaKind(ext, content); ok {
		return k
	}
	if isPyc(content) {
		return KindBytecode
	}
	if strings.Contains("/"+name, "/__pycache__/") {
		return KindBytecode
	}
	if bytes.HasPrefix(content, []byte("#!")) {
		if k := shebangKind(content); k != KindUnknown {
			return k
		}
	}
	if k, ok := extKinds[ext]; ok {
		if k == KindAsset || k == KindArchive || k == KindBytecode {
			// The extension claims a binary format but no magic matched.
			if looksBinary(content) {
				return KindBinary
			}
			// A text file pretending to be binary: analyse it as text.
			return KindText
		}
		if looksBinary(content) && !(parsedSource(k) && textWithNULs(content)) {
			return KindBinary
		}
		return k
	}
	if looksBinary(content) {
		return KindBinary
	}
	switch strings.ToLower(base) {
	case "makefile", "dockerfile", "license", "readme", "notice":
		return KindText
	}
	return KindText
}

// mediaMagics are media and font formats whose signatures are short or
// common enough to appear at the start of other binary data, so they count
// only when the file's extension names the same format. A file whose magic
// says "font" but whose name says anything else stays unknown binary data
// (and blocks): a mismatch is how a payload hides.
var mediaMagics = []struct {
	exts  []string
	match func([]byte) bool
}{
	{[]string{".ttf", ".otf", ".ttc"}, func(b []byte) bool {
		return bytes.HasPrefix(b, []byte("\x00\x01\x00\x00")) || bytes.HasPrefix(b, []byte("OTTO")) ||
			bytes.HasPrefix(b, []byte("true")) || bytes.HasPrefix(b, []byte("ttcf"))
	}},
	{[]string{".eot"}, func(b []byte) bool { return len(b) > 36 && b[34] == 'L' && b[35] == 'P' }},
	{[]string{".ico", ".cur"}, func(b []byte) bool {
		return len(b) > 6 && b[0] == 0 && b[1] == 0 && (b[2] == 1 || b[2] == 2) && b[3] == 0 && (b[4] != 0 || b[5] != 0)
	}},
	{[]string{".bmp"}, func(b []byte) bool { return len(b) > 26 && b[0] == 'B' && b[1] == 'M' }},
	{[]string{".tif", ".tiff"}, func(b []byte) bool {
		return bytes.HasPrefix(b, []byte("II*\x00")) || bytes.HasPrefix(b, []byte("MM\x00*"))
	}},
	{[]string{".ogg", ".oga", ".ogv", ".opus"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("OggS")) }},
	{[]string{".flac"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("fLaC")) }},
	{[]string{".webm", ".mkv"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("\x1a\x45\xdf\xa3")) }},
	{[]string{".mp4", ".m4a", ".m4v", ".mov", ".avif", ".heic"}, func(b []byte) bool {
		return len(b) > 12 && string(b[4:8]) == "ftyp"
	}},
	{[]string{".mp3", ".aac"}, func(b []byte) bool {
		return len(b) > 2 && b[0] == 0xff && b[1]&0xe0 == 0xe0 // MPEG audio frame sync
	}},
	{[]string{".mid", ".midi"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("MThd")) }},
	{[]string{".psd"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("8BPS")) }},
	{[]string{".xcf"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("gimp xcf")) }},
	// Data files: arrays, tables and databases that programs load and
	// nothing executes (coverage.py keeps its data in .coverage, SQLite).
	{[]string{".db", ".sqlite", ".sqlite3", ".coverage"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("SQLite format 3\x00")) }},
	{[]string{".npy"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("\x93NUMPY")) }},
	{[]string{".parquet"}, func(b []byte) bool {
		return bytes.HasPrefix(b, []byte("PAR1")) && bytes.HasSuffix(b, []byte("PAR1"))
	}},
	{[]string{".h5", ".hdf5", ".he5"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("\x89HDF\r\n\x1a\n")) }},
	{[]string{".arrow", ".feather"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("ARROW1")) }},
	// macOS Finder's folder metadata, copied along with a folder: a
	// "Bud1" store of icon positions that nothing runs
	{[]string{".ds_store"}, func(b []byte) bool { return bytes.HasPrefix(b, []byte("\x00\x00\x00\x01Bud1")) }},
}

// mediaKind recognises a media or font file whose extension and signature
// agree.
func mediaKind(ext string, content []byte) (Kind, bool) {
	for _, m := range mediaMagics {
		for _, e := range m.exts {
			if e == ext && m.match(content) {
				return KindAsset, true
			}
		}
	}
	return KindUnknown, false
}

func looksLikePE(b []byte) bool {
	if len(b) < 0x40 {
		return false
	}
	off := int(b[0x3c]) | int(b[0x3d])<<8 | int(b[0x3e])<<16 | int(b[0x3f])<<24
	return off >= 0x40 && off+4 <= len(b) && string(b[off:off+4]) == "PE\x00\x00"
}

func isPyc(b []byte) bool {
	// CPython .pyc: 2-byte magic number followed by "\r\n".
	return len(b) >= 16 && b[2] == '\r' && b[3] == '\n' && b[1] < 0x10 && b[0] != 0 && bytes.IndexByte(b[:16], 0) >= 0
}

func shebangKind(content []byte) Kind {
	line := content
	if i := bytes.IndexByte(line, '\n'); i >= 0 {
		line = line[:i]
	}
	s := strings.TrimSpace(string(line[2:]))
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return KindUnknown
	}
	interp := path.Base(fields[0])
	if interp == "env" {
		for _, f := range fields[1:] {
			if !strings.HasPrefix(f, "-") {
				interp = path.Base(f)
				break
			}
		}
	}
	switch {
	case interp == "sh" || interp == "bash" || interp == "zsh" || interp == "ksh" || interp == "dash" || interp == "ash":
		return KindShell
	case strings.HasPrefix(interp, "python"):
		return KindPython
	case interp == "node" || interp == "deno" || interp == "bun" || interp == "tsx" || interp == "ts-node":
		return KindJS
	case interp == "pwsh" || interp == "powershell":
		return KindPowerShell
	}
	return KindUnknown
}

// looksBinary reports NUL bytes in the first 8 KiB, unless the content is
// UTF-16 text with a byte-order mark (which Load converts and reports).
func looksBinary(b []byte) bool {
	if hasUTF16BOM(b) {
		return false
	}
	n := len(b)
	if n > 8192 {
		n = 8192
	}
	return bytes.IndexByte(b[:n], 0) >= 0
}

// parsedSource are the kinds whose parsers read every byte of the file:
// a stray NUL in a string there is parsed like any character, and a file
// that does not parse is reported as unanalysable.
func parsedSource(k Kind) bool {
	return k == KindJS || k == KindPython || k == KindShell
}

// textWithNULs reports text that holds a few literal NUL bytes (a test
// expecting "ab\x00", a placeholder delimiter in a string) and no other
// binary: valid UTF-8, no control bytes but tab, newlines, form feed and
// escape, and at most one NUL per 512 bytes.
func textWithNULs(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	nuls := 0
	for _, c := range b {
		switch {
		case c == 0:
			nuls++
		case c < 0x20 && c != '\t' && c != '\n' && c != '\r' && c != '\f' && c != '\v' && c != 0x1b:
			return false
		}
	}
	return nuls <= max(4, len(b)/512)
}

func hasUTF16BOM(b []byte) bool {
	return len(b) >= 2 && (b[0] == 0xff && b[1] == 0xfe || b[0] == 0xfe && b[1] == 0xff)
}
