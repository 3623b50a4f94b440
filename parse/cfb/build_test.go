package cfb

import (
	"bytes"
	"encoding/binary"
	"flag"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode/utf16"
)

// node is one entry of a compound file built for tests: a storage when
// data is nil and stream is false.
type node struct {
	path   string // "Macros/VBA/dir"
	data   []byte
	stream bool
}

func stream(path string, data []byte) node { return node{path: path, data: data, stream: true} }
func storage(path string) node             { return node{path: path} }

const (
	endOfChain = 0xfffffffe
	freeSect   = 0xffffffff
	fatSect    = 0xfffffffd
	noStream   = 0xffffffff
)

// build writes a version 3 compound file (512-byte sectors, one FAT
// sector, one mini FAT sector): streams shorter than the 4096-byte cutoff
// live in the mini stream, as in files Office writes. Children of a
// storage are chained through right siblings in name order (a degenerate
// but valid tree).
func build(nodes []node) []byte {
	const ss = 512
	type ent struct {
		name        string
		typ         byte
		child       uint32
		right       uint32
		start, size uint32
		data        []byte
	}
	ents := []*ent{{name: "Root Entry", typ: 5, child: noStream, right: noStream, start: endOfChain}}
	index := map[string]int{"": 0}
	children := map[int][]int{}
	for _, n := range nodes {
		parent, name := "", n.path
		if i := strings.LastIndexByte(n.path, '/'); i >= 0 {
			parent, name = n.path[:i], n.path[i+1:]
		}
		e := &ent{name: name, typ: 1, child: noStream, right: noStream, start: endOfChain}
		if n.stream {
			e.typ, e.data, e.size = 2, n.data, uint32(len(n.data))
		}
		index[n.path] = len(ents)
		children[index[parent]] = append(children[index[parent]], len(ents))
		ents = append(ents, e)
	}
	for p, cs := range children {
		sort.Slice(cs, func(i, j int) bool {
			a, b := ents[cs[i]].name, ents[cs[j]].name
			if len(a) != len(b) {
				return len(a) < len(b)
			}
			return strings.ToUpper(a) < strings.ToUpper(b)
		})
		ents[p].child = uint32(cs[0])
		for i := 0; i+1 < len(cs); i++ {
			ents[cs[i]].right = uint32(cs[i+1])
		}
	}
	fat := []uint32{fatSect}
	chain := func(n int) uint32 { // allocates n regular sectors in a row
		start := uint32(len(fat))
		for i := 0; i < n; i++ {
			next := uint32(len(fat) + 1)
			if i == n-1 {
				next = endOfChain
			}
			fat = append(fat, next)
		}
		return start
	}
	dirSectors := (len(ents)*128 + ss - 1) / ss
	chain(dirSectors)
	var mini bytes.Buffer
	var minifat []uint32
	for _, e := range ents {
		if e.typ != 2 || len(e.data) == 0 || len(e.data) >= 4096 {
			continue
		}
		e.start = uint32(len(minifat))
		n := (len(e.data) + 63) / 64
		for i := 0; i < n; i++ {
			next := uint32(len(minifat) + 1)
			if i == n-1 {
				next = endOfChain
			}
			minifat = append(minifat, next)
		}
		mini.Write(e.data)
		mini.Write(make([]byte, n*64-len(e.data)))
	}
	var body bytes.Buffer
	miniFATStart := uint32(endOfChain)
	if len(minifat) > 0 {
		if len(minifat) > ss/4 {
			panic("test compound file too large for one mini FAT sector")
		}
		miniFATStart = chain(1)
		sector := make([]byte, ss)
		for i := range ss / 4 {
			v := uint32(freeSect)
			if i < len(minifat) {
				v = minifat[i]
			}
			binary.LittleEndian.PutUint32(sector[4*i:], v)
		}
		body.Write(sector)
		n := (mini.Len() + ss - 1) / ss
		ents[0].start, ents[0].size = chain(n), uint32(mini.Len())
		body.Write(mini.Bytes())
		body.Write(make([]byte, n*ss-mini.Len()))
	}
	for _, e := range ents {
		if e.typ != 2 || len(e.data) < 4096 {
			continue
		}
		n := (len(e.data) + ss - 1) / ss
		e.start = chain(n)
		body.Write(e.data)
		body.Write(make([]byte, n*ss-len(e.data)))
	}
	if len(fat) > ss/4 {
		panic("test compound file too large for one FAT sector")
	}
	out := make([]byte, ss, ss*(len(fat)+1))
	copy(out, Magic)
	le := binary.LittleEndian
	le.PutUint16(out[24:], 0x3e)
	le.PutUint16(out[26:], 3)
	le.PutUint16(out[28:], 0xfffe)
	le.PutUint16(out[30:], 9)
	le.PutUint16(out[32:], 6)
	le.PutUint32(out[44:], 1)    // FAT sectors
	le.PutUint32(out[48:], 1)    // first directory sector
	le.PutUint32(out[56:], 4096) // mini stream cutoff
	le.PutUint32(out[60:], miniFATStart)
	if miniFATStart != endOfChain {
		le.PutUint32(out[64:], 1)
	}
	le.PutUint32(out[68:], endOfChain) // no DIFAT sectors
	le.PutUint32(out[76:], 0)          // the FAT is sector 0
	for i := 1; i < 109; i++ {
		le.PutUint32(out[76+4*i:], freeSect)
	}
	fatSector := make([]byte, ss)
	for i := range ss / 4 {
		v := uint32(freeSect)
		if i < len(fat) {
			v = fat[i]
		}
		le.PutUint32(fatSector[4*i:], v)
	}
	out = append(out, fatSector...)
	dir := make([]byte, dirSectors*ss)
	for i := range dirSectors * ss / 128 {
		rec := dir[i*128:]
		le.PutUint32(rec[68:], noStream)
		le.PutUint32(rec[72:], noStream)
		le.PutUint32(rec[76:], noStream)
		if i >= len(ents) {
			continue
		}
		e := ents[i]
		u := utf16.Encode([]rune(e.name))
		for j, c := range u {
			le.PutUint16(rec[2*j:], c)
		}
		le.PutUint16(rec[64:], uint16(2*len(u)+2))
		rec[66], rec[67] = e.typ, 1
		le.PutUint32(rec[72:], e.right)
		le.PutUint32(rec[76:], e.child)
		le.PutUint32(rec[116:], e.start)
		le.PutUint32(rec[120:], e.size)
	}
	out = append(out, dir...)
	return append(out, body.Bytes()...)
}

// Minimal main streams.

// wordStream is a Word 97 File Information Block start.
// padded to 4096 bytes as Word writes it (so it lives in regular sectors).
func wordStream() []byte { return append([]byte{0xec, 0xa5, 0xc1, 0x00}, make([]byte, 4092)...) }

// biff is a BIFF8 record.
func biff(typ uint16, data ...byte) []byte {
	b := binary.LittleEndian.AppendUint16(nil, typ)
	b = binary.LittleEndian.AppendUint16(b, uint16(len(data)))
	return append(b, data...)
}

// workbookStream holds a globals substream with one sheet of each given
// type (0 worksheet, 1 Excel 4.0 macro sheet, 6 VBA module).
func workbookStream(sheetTypes ...byte) []byte {
	b := biff(biffBOF, 0x00, 0x06, 0x05, 0x00)
	for _, dt := range sheetTypes {
		b = append(b, biff(biffBoundSheet, 0, 0, 0, 0, 0, dt, 1, 0, 'S')...)
	}
	return append(b, biff(biffEOF)...)
}

// ppt is a PowerPoint record; ver 0xf makes a container of the
// concatenated children.
func ppt(ver, inst uint16, typ uint16, data ...[]byte) []byte {
	body := bytes.Join(data, nil)
	b := binary.LittleEndian.AppendUint16(nil, ver|inst<<4)
	b = binary.LittleEndian.AppendUint16(b, typ)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(body)))
	return append(b, body...)
}

// presentationStream holds a Document container with the given children.
func presentationStream(children ...[]byte) []byte {
	return ppt(0xf, 0, 0x03e8, append([][]byte{ppt(0x1, 0, 0x03e9, make([]byte, 40))}, children...)...)
}

// Documents used by the tests, the fuzz seeds and the SV003 fixtures.

func plainWord() []byte {
	return build([]node{stream("WordDocument", wordStream()), stream("1Table", nil), stream("\x05SummaryInformation", nil)})
}

func macroWord() []byte {
	return build([]node{
		stream("WordDocument", wordStream()), stream("1Table", nil),
		storage("Macros"), stream("Macros/PROJECT", nil), storage("Macros/VBA"),
		stream("Macros/VBA/_VBA_PROJECT", nil), stream("Macros/VBA/dir", nil), stream("Macros/VBA/ThisDocument", nil),
	})
}

func packageWord() []byte {
	return build([]node{
		stream("WordDocument", wordStream()), stream("1Table", nil),
		storage("ObjectPool"), storage("ObjectPool/_1234567890"),
		stream("ObjectPool/_1234567890/\x01Ole", nil), stream("ObjectPool/_1234567890/\x01Ole10Native", nil),
	})
}

func plainWorkbook() []byte {
	return build([]node{stream("Workbook", workbookStream(0, 0)), stream("\x05SummaryInformation", nil)})
}

func macroSheetWorkbook() []byte {
	return build([]node{stream("Workbook", workbookStream(0, 1))})
}

func plainPresentation() []byte {
	return build([]node{stream("PowerPoint Document", presentationStream()), stream("Current User", nil)})
}

// pptVbaInfo is the VBAInfoContainer record type.
const pptVbaInfo = 0x03ff

// vbaPresentation is a presentation whose VBAInfoAtom has fHasMacros set
// (hasMacros) or clear.
func vbaPresentation(hasMacros bool) []byte {
	atom := make([]byte, 12) // persistIdRef, fHasMacros, version
	if hasMacros {
		atom[4] = 1
	}
	return build([]node{stream("PowerPoint Document", presentationStream(
		ppt(0xf, 0, pptVbaInfo, ppt(0x2, 0, pptVbaInfoAtom, atom)),
	)), stream("Current User", nil)})
}

// TestWriteFixtures writes the compound files of the SV003 rule fixtures
// (go test ./parse/cfb -run TestWriteFixtures -write-fixtures); without
// the flag it checks that the committed files are the ones built here.
func TestWriteFixtures(t *testing.T) {
	const dir = "../../testdata/rules/SV003/"
	plain := plainWord()
	for path, b := range map[string][]byte{
		"fp-office-documents/fixtures/text.doc":    plain,
		"fp-office-documents/fixtures/sheet.xls":   plainWorkbook(),
		"fp-office-documents/fixtures/pres.ppt":    plainPresentation(),
		"tp-office-documents/fixtures/macro.doc":   macroWord(),
		"tp-office-documents/fixtures/package.doc": packageWord(),
		"tp-office-documents/fixtures/xlm.xls":     macroSheetWorkbook(),
		"tp-office-documents/fixtures/vba.ppt":     vbaPresentation(true),
		"tp-office-documents/fixtures/cut.doc":     plain[:len(plain)-700],
		"tp-office-documents/fixtures/sheet.doc":   plainWorkbook(),
	} {
		if *writeFixtures {
			if err := os.MkdirAll(filepath.Dir(dir+path), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(dir+path, b, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(dir + path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, b) {
			t.Errorf("%s differs from the file built by the test: run with -write-fixtures", path)
		}
	}
}

var writeFixtures = flag.Bool("write-fixtures", false, "write the SV003 compound file fixtures")
