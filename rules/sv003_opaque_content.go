package rules

import (
	"bytes"
	"encoding/binary"
	"path"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/parse/cfb"
	"github.com/skillvet/skillvet/skill"
)

// OpaqueContent reports files whose content the scanner cannot read as
// source: executables, bytecode and archives.
var OpaqueContent = register(&analyzer.Rule{
	ID:       "SV003",
	Name:     "opaque-content",
	Title:    "Executable, bytecode or archive inside the skill",
	Severity: High,
	Category: analyzer.CatObfuscation,
	Tags:     []string{"security", "scan-integrity", "CWE-506"},
	Inputs:   analyzer.InOpaque,
	Doc: `A skill ships content that cannot be reviewed as source:

- **executables** (ELF, Mach-O, PE) and unknown binary data — high, and the skill is
  blocked whatever the threshold because the scanner is blind to it;
- **bytecode** (` + "`.pyc`" + `, ` + "`__pycache__/`" + `, ` + "`.class`" + `, WebAssembly) — high and blocking: a known
  bypass ships a malicious ` + "`__pycache__/*.pyc`" + ` beside clean-looking source, and Python
  runs the bytecode. A CPython cache file that Python will not load is **medium**: Python
  imports ` + "`dir/__pycache__/NAME.TAG.pyc`" + ` only in place of ` + "`dir/NAME.py`" + `, and a timestamp-based one
  only while its header records that source's size and modification time as they are on
  disk; so one with no source beside it, or whose recorded size or time differs (a cache
  committed by accident, then checked out or edited), is recompiled from the source, which
  is what is analysed. Still high: a hash-based or unreadable header, no modification time
  to compare, a header that matches, and any cache file the skill names or could load by
  path (its file name in a file of the skill, or ` + "`.pyc`" + `, ` + "`SourcelessFileLoader`" + ` or
  ` + "`marshal.load`" + ` in its code: ` + "`python x.pyc`" + ` and ` + "`runpy.run_path`" + ` run a cache file directly);
- **archives** (zip, gzip, tar, 7z, rar, xz, Office documents) — medium: their content is
  not inspected, and password-protected archives are a staple of install lures;
- **legacy Office documents** (` + "`.doc`" + `, ` + "`.xls`" + `, ` + "`.ppt`" + ` and their templates: OLE2 compound files) are
  read as containers. One whose directory holds the application's main stream (Word,
  Excel or PowerPoint, matching the extension) and nothing active is a document, like a
  PDF, and is not reported. High and blocking: a **VBA project** (` + "`Macros`" + `,
  ` + "`_VBA_PROJECT_CUR`" + `, ` + "`VBA`" + ` storages; PowerPoint's VBA record), an **Excel 4.0 macro sheet**,
  an **embedded OLE package** (` + "`Ole10Native`" + `, which wraps any file) or an unreadable
  PowerPoint embedded object, an **encrypted** workbook or presentation and a Word format
  older than Word 97 (where macros could hide unseen), a compound file that is not one of
  these documents or whose extension says otherwise (an installer, a renamed workbook),
  and a **truncated or corrupt** one. An embedded OOXML document (a ` + "`Package`" + ` stream) is
  medium, like the archive it is. Text, field codes and embedded media are not inspected.

Classification reads magic numbers before extensions, so an ELF file named
` + "`notes.md`" + ` is still an executable. Images, fonts, audio, video, PDF and data files (SQLite,
` + "`.coverage`" + `, NumPy ` + "`.npy`" + `, Parquet, HDF5, Arrow) whose content matches their format are expected
and not reported. A JS, Python or shell file that holds a few NUL bytes inside otherwise valid
text (a test expecting ` + "`\"ab\\x00\"`" + `) is source and is parsed; a parse failure blocks it.

**Fix:** ship source instead of binaries; have the agent build or download pinned,
checksummed artefacts from the publisher instead of bundling them.`,
	Run: runOpaqueContent,
})

func runOpaqueContent(p *analyzer.Pass) error {
	switch p.File.Kind {
	case skill.KindBinary:
		if cfb.IsCompound(p.File.Content) {
			reportCompound(p)
			return nil
		}
		p.Report(analyzer.Diagnostic{Message: "binary or executable content (" + describeBinary(p.File.Content) + ") cannot be analysed", Evidence: "(binary content)", Unanalysed: true})
	case skill.KindBytecode:
		if why, ok := pycNotLoaded(p.Skill, p.File); ok {
			p.Report(analyzer.Diagnostic{Severity: Medium, Message: "Python bytecode cache that Python will not load (" + why + "): the source beside it is what runs", Evidence: "(bytecode)"})
			return nil
		}
		p.Report(analyzer.Diagnostic{Message: "compiled bytecode cannot be reviewed as source and may differ from any source beside it", Evidence: "(bytecode)", Unanalysed: true})
	case skill.KindArchive:
		p.Report(analyzer.Diagnostic{Severity: Medium, Message: "archive content is not inspected", Evidence: "(archive)"})
	}
	return nil
}

func describeBinary(b []byte) string {
	switch {
	case len(b) >= 4 && string(b[:4]) == "\x7fELF":
		return "ELF executable"
	case len(b) >= 2 && string(b[:2]) == "MZ":
		return "Windows PE executable"
	case len(b) >= 4 && (string(b[:4]) == "\xcf\xfa\xed\xfe" || string(b[:4]) == "\xce\xfa\xed\xfe" || string(b[:4]) == "\xca\xfe\xba\xbe"):
		return "Mach-O executable"
	}
	return "unknown binary data"
}

// officeApps are the legacy Office extensions and the application whose
// main stream their compound file must hold.
var officeApps = map[string]cfb.App{
	".doc": cfb.AppWord, ".dot": cfb.AppWord,
	".xls": cfb.AppExcel, ".xlt": cfb.AppExcel,
	".ppt": cfb.AppPowerPoint, ".pot": cfb.AppPowerPoint, ".pps": cfb.AppPowerPoint,
}

// reportCompound grades an OLE2 compound file by what its directory and
// main stream hold: a Word, Excel or PowerPoint document named as one and
// holding nothing active is a document (not reported); macros, an
// embedded package, a part that cannot be read, any other compound file
// and a corrupt one cannot be analysed.
func reportCompound(p *analyzer.Pass) {
	blind := func(what string) {
		p.Report(analyzer.Diagnostic{Message: what + " cannot be analysed", Evidence: "(binary content)", Unanalysed: true})
	}
	d, err := cfb.Inspect(p.File.Content)
	if err != nil {
		blind("truncated or corrupt OLE2 compound file (" + strings.TrimPrefix(err.Error(), cfb.ErrCorrupt.Error()+": ") + ")")
		return
	}
	want, ok := officeApps[strings.ToLower(path.Ext(p.File.Path))]
	switch {
	case d.App == cfb.AppNone:
		blind("binary or executable content (OLE2 compound file that is not a Word, Excel or PowerPoint document)")
	case !ok || d.App != want:
		blind("binary or executable content (" + d.App.String() + " compound file named " + path.Base(p.File.Path) + ")")
	case d.Macros != "":
		blind("Office document with macros (" + d.Macros + ")")
	case d.Package != "":
		blind("Office document with an " + d.Package)
	case d.Opaque != "":
		blind("Office document with content that cannot be read (" + d.Opaque + ")")
	case d.Embedded != "":
		p.Report(analyzer.Diagnostic{Severity: Medium, Message: "Office document with an " + d.Embedded + ": its content is not inspected", Evidence: "(archive)"})
	}
}

// pycNotLoaded reports why CPython would never load the cache file f of a
// __pycache__ directory in place of its source, or false when it might
// (or when that cannot be told). See importlib's SourceLoader: the cache
// is used only for dir/NAME.py, and a timestamp-based header (flags 0)
// must record the source's size and modification time, each modulo 2^32.
func pycNotLoaded(s *skill.Skill, f *skill.File) (string, bool) {
	dir, base := path.Split(f.Path)
	dir = strings.TrimSuffix(dir, "/")
	c := f.Content
	if path.Base(dir) != "__pycache__" || !strings.HasSuffix(base, ".pyc") || len(c) < 16 || c[2] != '\r' || c[3] != '\n' {
		return "", false
	}
	name, _, _ := strings.Cut(base, ".")
	if name == "" || pycNamed(s, base) {
		return "", false
	}
	pkg := path.Dir(dir)
	src := s.File(path.Join(pkg, name+".py"))
	if src == nil {
		if s.File(path.Join(pkg, name+".pyw")) != nil {
			return "", false
		}
		return "no " + name + ".py beside its __pycache__, and Python never imports a cache file without its source", true
	}
	if flags := binary.LittleEndian.Uint32(c[4:8]); flags != 0 {
		return "", false // hash-based: an unchecked one is loaded as it is
	}
	if size := binary.LittleEndian.Uint32(c[12:16]); size != uint32(src.Size) {
		return "it records a " + name + ".py of a different size", true
	}
	if src.ModTime.IsZero() {
		return "", false
	}
	if mt := binary.LittleEndian.Uint32(c[8:12]); mt != uint32(src.ModTime.Unix()) {
		return "it records another modification time of " + name + ".py than the file has", true
	}
	return "", false
}

// pycNamed reports whether the skill could load a cache file by path: a
// text file names it or speaks of bytecode files (.pyc paths, the
// sourceless loader, marshal). Ignore lists (.gitignore) do not count.
func pycNamed(s *skill.Skill, base string) bool {
	for _, g := range s.Files {
		if !g.Kind.IsText() || strings.HasSuffix(path.Base(g.Path), "ignore") {
			continue
		}
		if bytes.Contains(g.Content, []byte(base)) || (bytes.Contains(g.Content, []byte(".pyc")) || bytes.Contains(g.Content, []byte("SourcelessFileLoader")) ||
			bytes.Contains(g.Content, []byte("marshal.load"))) {
			return true
		}
	}
	return false
}
