package cfb

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"strings"
	"testing"
)

func TestInspect(t *testing.T) {
	for _, tc := range []struct {
		name string
		b    []byte
		want Doc
	}{
		{"plain word", plainWord(), Doc{App: AppWord}},
		{"word with vba", macroWord(), Doc{App: AppWord, Macros: `VBA project ("Macros")`}},
		{"word with ole package", packageWord(), Doc{App: AppWord, Package: `embedded OLE package ("ObjectPool/_1234567890/Ole10Native")`}},
		{"word 95", build([]node{stream("WordDocument", []byte{0xec, 0xa5, 0x68, 0x00})}), Doc{App: AppWord, Opaque: "Word document older than Word 97 (macros live in the document stream)"}},
		{"word with embedded docx", build([]node{stream("WordDocument", wordStream()), storage("ObjectPool"), storage("ObjectPool/_1"), stream("ObjectPool/_1/Package", []byte("PK\x03\x04"))}),
			Doc{App: AppWord, Embedded: `embedded OOXML package ("ObjectPool/_1/Package")`}},
		{"plain workbook", plainWorkbook(), Doc{App: AppExcel}},
		{"workbook with macro sheet", macroSheetWorkbook(), Doc{App: AppExcel, Macros: "Excel 4.0 macro sheet"}},
		{"workbook with vba", build([]node{stream("Workbook", workbookStream(0)), storage("_VBA_PROJECT_CUR"), storage("_VBA_PROJECT_CUR/VBA")}),
			Doc{App: AppExcel, Macros: `VBA project ("_VBA_PROJECT_CUR")`}},
		{"encrypted workbook", build([]node{stream("Workbook", append(biff(biffBOF, 0, 6, 5, 0), biff(biffFilePass, 0, 0)...))}),
			Doc{App: AppExcel, Opaque: "encrypted workbook (sheet types cannot be read)"}},
		{"plain presentation", plainPresentation(), Doc{App: AppPowerPoint}},
		{"presentation with vba", vbaPresentation(true), Doc{App: AppPowerPoint, Macros: "VBA project"}},
		{"presentation saved without macros", vbaPresentation(false), Doc{App: AppPowerPoint}},
		{"presentation with embedded workbook", build([]node{stream("PowerPoint Document", presentationStream(embedded(plainWorkbook())))}), Doc{App: AppPowerPoint}},
		{"presentation with embedded macro workbook", build([]node{stream("PowerPoint Document", presentationStream(embedded(macroSheetWorkbook())))}),
			Doc{App: AppPowerPoint, Macros: "Excel 4.0 macro sheet in an embedded object"}},
		{"presentation with embedded garbage", build([]node{stream("PowerPoint Document", presentationStream(ppt(0, 1, pptExOleObjStg, []byte{0, 1, 0, 0, 1, 2, 3})))}),
			Doc{App: AppPowerPoint, Package: "unreadable embedded OLE object"}},
		{"installer", build([]node{stream("\u4840\u3f3f\u4577", []byte("x"))}), Doc{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := Inspect(tc.b)
			if err != nil {
				t.Fatal(err)
			}
			if *d != tc.want {
				t.Errorf("got %+v, want %+v", *d, tc.want)
			}
		})
	}
}

// embedded is a compressed PowerPoint ExOleObjStg record holding b.
func embedded(b []byte) []byte {
	var z bytes.Buffer
	w := zlib.NewWriter(&z)
	w.Write(b)
	w.Close()
	return ppt(0, 1, pptExOleObjStg, binary.LittleEndian.AppendUint32(nil, uint32(len(b))), z.Bytes())
}

func TestCorrupt(t *testing.T) {
	plain := plainWord()
	cyclic := append([]byte(nil), plain...)
	binary.LittleEndian.PutUint32(cyclic[512+4:], 1) // the directory's only sector points to itself
	overrun := build([]node{stream("Workbook", biff(biffBOF, 0, 6, 5, 0)[:6])})
	noEOF := build([]node{stream("Workbook", biff(biffBOF, 0, 6, 5, 0))})
	pptOverrun := build([]node{stream("PowerPoint Document", ppt(1, 0, 0x03e9, make([]byte, 8))[:12])})
	for name, b := range map[string][]byte{
		"truncated header": plain[:300], "truncated directory": plain[:1200], "truncated stream": plain[:len(plain)-700],
		"truncated unread stream": build([]node{stream("WordDocument", wordStream()), stream("Data", make([]byte, 5000))})[:9000],
		"cyclic directory":        cyclic,
		"workbook record overrun": overrun, "workbook without EOF": noEOF, "presentation record overrun": pptOverrun,
		"not a compound file": []byte(strings.Repeat("x", 600)),
	} {
		t.Run(name, func(t *testing.T) {
			d, err := Inspect(b)
			if !errors.Is(err, ErrCorrupt) || d != nil {
				t.Fatalf("got %+v, %v; want ErrCorrupt", d, err)
			}
		})
	}
}
