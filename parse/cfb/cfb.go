// Package cfb reads legacy Microsoft Office documents (Word .doc, Excel
// .xls, PowerPoint .ppt): OLE2 Compound File Binary containers, a small
// file system of storages and streams. It says what a document holds
// that is more than data: a VBA project, an Excel 4.0 macro sheet, an
// embedded OLE package (Ole10Native, which wraps any file, executables
// included), an embedded OOXML package, or a part that cannot be read
// (an encrypted workbook or presentation, a Word format older than Word 97).
//
// The container is read with github.com/richardlehane/mscfb (which rejects
// cyclic FAT, DIFAT and directory chains); this package bounds what it
// reads on top of it (input size, stream size, nesting of embedded
// objects), never panics, and returns an error for a truncated or corrupt
// file. It is a pure function from bytes to a Doc, with no dependency on
// the analyzer.
package cfb

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/richardlehane/mscfb"
)

// Magic is the signature of a compound file.
const Magic = "\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"

// Limits on the work done for one file.
const (
	MaxInput   = 64 << 20 // bytes of compound file read
	maxStream  = 32 << 20 // bytes of one stream read (also capped by the input size)
	maxDepth   = 3        // PowerPoint objects embedded in embedded objects
	maxInflate = 64 << 20 // bytes decompressed from PowerPoint embedded objects, in all
)

// App is the Office application whose main stream sits at the root.
type App uint8

const (
	AppNone App = iota
	AppWord
	AppExcel
	AppPowerPoint
)

func (a App) String() string {
	return [...]string{"none", "Word", "Excel", "PowerPoint"}[a]
}

// Doc is what a compound file holds. Each field but App names the first
// part found of its class ("" when none), for messages.
type Doc struct {
	App App
	// Macros: a VBA project storage or stream, an Excel 4.0 macro sheet,
	// a VBA module sheet, PowerPoint's VBA project record.
	Macros string
	// Package: an embedded OLE package (Ole10Native), or a PowerPoint
	// embedded object whose storage does not read as a clean compound file.
	Package string
	// Embedded: an embedded OOXML document ("Package" stream), a zip
	// whose content is not inspected.
	Embedded string
	// Opaque: a part whose content cannot be read, so macros could hide
	// there (an encrypted workbook or presentation, Word before Word 97).
	Opaque string
}

// IsCompound reports the compound file signature.
func IsCompound(b []byte) bool { return strings.HasPrefix(string(b), Magic) }

// ErrCorrupt wraps every failure to read the container or one of the
// streams it inspects.
var ErrCorrupt = errors.New("corrupt compound file")

// Inspect reads the compound file b.
func Inspect(b []byte) (d *Doc, err error) {
	return inspect(b, &state{inflate: maxInflate}, 0)
}

// state is shared by a file and the objects embedded in it.
type state struct {
	inflate int64 // decompression budget left
}

func inspect(b []byte, st *state, depth int) (d *Doc, err error) {
	defer func() {
		if r := recover(); r != nil {
			d, err = nil, fmt.Errorf("%w: %v", ErrCorrupt, r)
		}
	}()
	if len(b) > MaxInput {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrCorrupt, MaxInput)
	}
	if !IsCompound(b) || len(b) < 512 {
		return nil, fmt.Errorf("%w: no compound file header", ErrCorrupt)
	}
	r, err := mscfb.New(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%w: %s", ErrCorrupt, why(err))
	}
	d = &Doc{}
	limit := min(int64(len(b)), maxStream)
	var total int64 // bytes of stream read
	for _, f := range r.File {
		name := strings.ToLower(f.Name)
		if len(f.Path) == 0 {
			switch name {
			case "worddocument":
				d.App = AppWord
			case "workbook", "book":
				d.App = AppExcel
			case "powerpoint document":
				d.App = AppPowerPoint
			}
		}
		switch name {
		case "macros", "_vba_project_cur", "vba", "_vba_project", "project", "projectwm":
			set(&d.Macros, "VBA project ("+quote(f)+")")
		case "ole10native":
			set(&d.Package, "embedded OLE package ("+quote(f)+")")
		case "package":
			set(&d.Embedded, "embedded OOXML package ("+quote(f)+")")
		case "encryptedsummary":
			set(&d.Opaque, "encrypted presentation")
		}
		if f.FileInfo().IsDir() {
			continue
		}
		// Every stream is read to its end, so that a truncated file or a
		// broken chain is corrupt wherever it is. Streams do not share
		// sectors, so together they fit in the file: that bounds the work.
		if f.Size > limit || f.Size > int64(len(b))-total {
			return nil, fmt.Errorf("%w: stream %s of %d bytes does not fit in the file", ErrCorrupt, quote(f), f.Size)
		}
		total += f.Size
		var scan func(*Doc, []byte, *state, int) error
		switch name {
		case "worddocument":
			scan = scanWord
		case "workbook", "book":
			scan = scanWorkbook
		case "powerpoint document":
			scan = scanPresentation
		}
		if scan == nil {
			if _, err := io.Copy(io.Discard, f); err != nil {
				return nil, fmt.Errorf("%w: stream %s: %s", ErrCorrupt, quote(f), why(err))
			}
			continue
		}
		buf := make([]byte, f.Size)
		if _, err := io.ReadFull(f, buf); err != nil {
			return nil, fmt.Errorf("%w: stream %s: %s", ErrCorrupt, quote(f), why(err))
		}
		if err := scan(d, buf, st, depth); err != nil {
			return nil, fmt.Errorf("%w: stream %s: %s", ErrCorrupt, quote(f), why(err))
		}
	}
	return d, nil
}

// why is the reason a read failed, without the library's prefix and
// the number it appends.
func why(err error) string {
	s := strings.TrimPrefix(err.Error(), "mscfb: ")
	if i := strings.LastIndex(s, "; "); i >= 0 {
		s = s[:i]
	}
	return s
}

func set(field *string, s string) {
	if *field == "" {
		*field = s
	}
}

func quote(f *mscfb.File) string {
	return fmt.Sprintf("%q", strings.Join(append(append([]string(nil), f.Path...), f.Name), "/"))
}

// scanWord reads the Word File Information Block: Word 97 and later keep
// macros in the Macros storage, older versions inside the document stream.
func scanWord(d *Doc, b []byte, _ *state, _ int) error {
	if len(b) < 4 {
		return errors.New("no file information block")
	}
	if binary.LittleEndian.Uint16(b) != 0xa5ec || binary.LittleEndian.Uint16(b[2:]) < 0x00c1 {
		set(&d.Opaque, "Word document older than Word 97 (macros live in the document stream)")
	}
	return nil
}

// BIFF records of the workbook globals.
const (
	biffBOF        = 0x0809
	biffEOF        = 0x000a
	biffFilePass   = 0x002f
	biffBoundSheet = 0x0085
)

// scanWorkbook reads the globals substream of a BIFF5/BIFF8 workbook up
// to its end: the sheet list says which sheets are Excel 4.0 macro sheets
// or VBA module sheets. An encrypted workbook hides the sheet types.
func scanWorkbook(d *Doc, b []byte, _ *state, _ int) error {
	for pos, first := 0, true; ; first = false {
		if pos+4 > len(b) {
			return errors.New("workbook globals end before their EOF record")
		}
		typ, n := binary.LittleEndian.Uint16(b[pos:]), int(binary.LittleEndian.Uint16(b[pos+2:]))
		data := b[pos+4:]
		if n > len(data) {
			return fmt.Errorf("record 0x%04x overruns the stream", typ)
		}
		data = data[:n]
		pos += 4 + n
		switch {
		case first && typ != biffBOF:
			set(&d.Opaque, "workbook in a format older than Excel 5")
			return nil
		case typ == biffEOF:
			return nil
		case typ == biffFilePass:
			set(&d.Opaque, "encrypted workbook (sheet types cannot be read)")
			return nil
		case typ == biffBoundSheet && n >= 6:
			switch data[5] {
			case 0x01:
				set(&d.Macros, "Excel 4.0 macro sheet")
			case 0x06:
				set(&d.Macros, "VBA module sheet")
			}
		}
	}
}

// PowerPoint record types.
const (
	pptExOleObjStg   = 0x1011 // an embedded OLE storage, or the VBA project's
	pptVbaInfoAtom   = 0x0400
	pptCryptSession  = 0x2f14
	pptContainerVers = 0xf
)

// scanPresentation walks the records of a PowerPoint document stream,
// entering every container. PowerPoint keeps the VBA project and
// embedded objects in the stream, as (usually zlib-compressed) storages:
// a VBA record is a macro project; an embedded storage is inspected as a
// compound file of its own.
func scanPresentation(d *Doc, b []byte, st *state, depth int) error {
	for pos := 0; pos < len(b); {
		if pos+8 > len(b) {
			return errors.New("record header overruns the stream")
		}
		verInst := binary.LittleEndian.Uint16(b[pos:])
		typ := binary.LittleEndian.Uint16(b[pos+2:])
		n := binary.LittleEndian.Uint32(b[pos+4:])
		if uint64(n) > uint64(len(b)-pos-8) {
			return fmt.Errorf("record 0x%04x overruns the stream", typ)
		}
		switch typ {
		case pptVbaInfoAtom:
			// persistIdRef, fHasMacros, version: a presentation saved
			// without macros may keep the atom with fHasMacros clear (the
			// project's storage, if any, is inspected as an embedded
			// object below)
			if n < 8 || binary.LittleEndian.Uint32(b[pos+12:]) != 0 {
				set(&d.Macros, "VBA project")
			}
		case pptCryptSession:
			set(&d.Opaque, "encrypted presentation")
		}
		if verInst&0xf == pptContainerVers {
			pos += 8 // enter the container: its children follow
			continue
		}
		if typ == pptExOleObjStg {
			embeddedStorage(d, b[pos+8:pos+8+int(n)], verInst>>4 == 1, st, depth)
		}
		pos += 8 + int(n)
	}
	return nil
}

// embeddedStorage inspects a PowerPoint embedded OLE storage: a compound
// file, zlib-compressed after its 4-byte decompressed size when compressed.
func embeddedStorage(d *Doc, b []byte, compressed bool, st *state, depth int) {
	if d.Package != "" {
		return
	}
	if depth+1 >= maxDepth {
		set(&d.Package, "embedded OLE object nested too deep")
		return
	}
	if compressed {
		if len(b) < 4 {
			set(&d.Package, "unreadable embedded OLE object")
			return
		}
		size := binary.LittleEndian.Uint32(b)
		if int64(size) > st.inflate {
			set(&d.Package, "embedded OLE object too large")
			return
		}
		st.inflate -= int64(size)
		zr, err := zlib.NewReader(bytes.NewReader(b[4:]))
		if err != nil {
			set(&d.Package, "unreadable embedded OLE object")
			return
		}
		out, err := io.ReadAll(io.LimitReader(zr, int64(size)+1))
		if err != nil || len(out) != int(size) {
			set(&d.Package, "unreadable embedded OLE object")
			return
		}
		b = out
	}
	inner, err := inspect(b, st, depth+1)
	if err != nil {
		set(&d.Package, "unreadable embedded OLE object")
		return
	}
	if inner.Macros != "" {
		set(&d.Macros, inner.Macros+" in an embedded object")
	}
	if inner.Package != "" {
		set(&d.Package, inner.Package+" in an embedded object")
	}
	if inner.Embedded != "" {
		set(&d.Embedded, inner.Embedded+" in an embedded object")
	}
	if inner.Opaque != "" {
		set(&d.Opaque, inner.Opaque+" in an embedded object")
	}
}
