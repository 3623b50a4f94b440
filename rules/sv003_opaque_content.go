package rules

import (
	"github.com/skillvet/skillvet/analyzer"
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
  runs the bytecode;
- **archives** (zip, gzip, tar, 7z, rar, xz, Office documents) — medium: their content is
  not inspected, and password-protected archives are a staple of install lures.

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
		p.Report(analyzer.Diagnostic{Message: "binary or executable content (" + describeBinary(p.File.Content) + ") cannot be analysed", Evidence: "(binary content)", Unanalysed: true})
	case skill.KindBytecode:
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
