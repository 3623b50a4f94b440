package skill

import (
	"crypto/sha256"
	"fmt"
	"runtime/debug"
	"sort"
	"sync"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// File is one file of a skill, held in memory. Content is exactly the bytes
// that were read (and hashed); analysis never re-reads the disk, so what the
// gate admits is what was scanned.
type File struct {
	Path    string // slash-separated, relative to the skill directory
	Kind    Kind
	Content []byte
	Size    int64 // size on disk (may exceed len(Content) when truncated)
	// ModTime is the modification time the file had when it was read
	// (zero for files that were not read from a file system, such as
	// embedded code): Python's bytecode cache is validated against it.
	ModTime time.Time
	// Note says why the file's content is not analysed as-is, e.g.
	// "invalid UTF-8 at byte 12" or "UTF-16 text converted". Empty for
	// ordinary files.
	Note string
	// Embed is set for code embedded in another file (see Embedding); such
	// files are never in Skill.Files and are not part of the skill's hash.
	Embed *Embedding

	once  sync.Once
	lines []int // byte offset of the start of each line

	mu   sync.Mutex
	memo map[any]*memoEntry

	colMu    sync.Mutex
	colMarks map[int][]colMark // long lines: where column counting can resume

	sumMu  sync.Mutex
	sum    [32]byte // SHA-256 of the bytes as read, once hasSum
	hasSum bool
}

// SHA256 returns the SHA-256 of the file's bytes as they were read, before
// the conversion Note describes (UTF-16 text is converted for analysis;
// the digest is of the original bytes). ok is false when the content was
// released (Release) before the digest was first taken. The digest is
// computed once and kept.
func (f *File) SHA256() (sum [32]byte, ok bool) {
	f.sumMu.Lock()
	defer f.sumMu.Unlock()
	if !f.hasSum {
		if f.Content == nil && f.Size > 0 {
			return sum, false
		}
		f.sum, f.hasSum = sha256.Sum256(f.Content), true
	}
	return f.sum, true
}

// colStep is how far apart colMarks are: Pos on a long line counts at most
// this many bytes, so many findings on one minified line stay linear.
const colStep = 4096

type colMark struct{ off, col, col16 int }

// colMark returns the last mark at or before off on line (0-based) that
// starts at lineStart, building the line's marks on first use.
func (f *File) colMark(line, lineStart, off int) (int, int, int) {
	f.colMu.Lock()
	defer f.colMu.Unlock()
	marks, ok := f.colMarks[line]
	if !ok {
		end := f.lineEnd(line)
		marks = []colMark{{lineStart, 1, 1}}
		col, col16 := 1, 1
		for i := lineStart; i < end; {
			r, n := utf8.DecodeRune(f.Content[i:end])
			i += n
			col++
			col16 += utf16.RuneLen(r)
			if i-marks[len(marks)-1].off >= colStep {
				marks = append(marks, colMark{i, col, col16})
			}
		}
		if f.colMarks == nil {
			f.colMarks = make(map[int][]colMark)
		}
		f.colMarks[line] = marks
	}
	k := sort.Search(len(marks), func(i int) bool { return marks[i].off > off }) - 1
	return marks[k].off, marks[k].col, marks[k].col16
}

type memoEntry struct {
	once sync.Once
	val  any
	err  error
}

// Memo returns the value built by build for key, building it at most once
// per file. Parsers use it so that every rule shares one parse of a file.
func (f *File) Memo(key any, build func() (any, error)) (any, error) {
	f.mu.Lock()
	if f.memo == nil {
		f.memo = make(map[any]*memoEntry)
	}
	e := f.memo[key]
	if e == nil {
		e = &memoEntry{}
		f.memo[key] = e
	}
	f.mu.Unlock()
	e.once.Do(func() {
		defer func() {
			if r := recover(); r != nil {
				// A parser crash must not leave a nil value behind for
				// the next caller: every caller gets the same error.
				e.val, e.err = nil, &PanicError{Value: r, Stack: debug.Stack()}
			}
		}()
		e.val, e.err = build()
	})
	return e.val, e.err
}

// PanicError is what Memo returns when building a value panicked (a parser
// bug): every caller for that key gets it.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// ForgetParses drops every value Memo built (parse trees, token streams), so
// that a file kept after its analysis holds only its content. A later Memo
// call builds the value again.
func (f *File) ForgetParses() {
	f.mu.Lock()
	f.memo = nil
	f.mu.Unlock()
}

func (f *File) index() []int {
	f.once.Do(func() {
		// Lines end at \n, \r\n or a lone \r, as in JavaScript, Python,
		// YAML, CommonMark and editors: a lone CR must not shift lines.
		lines := make([]int, 1, 64)
		c := f.Content
		for i := 0; i < len(c); i++ {
			switch c[i] {
			case '\n':
				lines = append(lines, i+1)
			case '\r':
				if i+1 < len(c) && c[i+1] == '\n' {
					continue
				}
				lines = append(lines, i+1)
			}
		}
		f.lines = lines
	})
	return f.lines
}

// LineCount is the number of lines in the file.
func (f *File) LineCount() int {
	idx := f.index()
	n := len(idx)
	if n > 1 && idx[n-1] == len(f.Content) {
		n-- // trailing newline does not start a new line
	}
	return n
}

// Position is a location in a file. Line and Column are 1-based; Column
// counts Unicode code points, Column16 counts UTF-16 code units (SARIF's
// default column kind). Offset is the 0-based byte offset.
type Position struct {
	Offset   int `json:"-"`
	Line     int `json:"line"`
	Column   int `json:"column"`
	Column16 int `json:"-"`
}

// Pos converts a byte offset into a Position. Offsets outside the content are
// clamped.
func (f *File) Pos(off int) Position {
	if off < 0 {
		off = 0
	}
	if off > len(f.Content) {
		off = len(f.Content)
	}
	idx := f.index()
	line := sort.Search(len(idx), func(i int) bool { return idx[i] > off }) - 1
	start := idx[line]
	col, col16 := 1, 1
	if off-start > colStep {
		start, col, col16 = f.colMark(line, start, off)
	}
	seg := f.Content[start:off]
	for len(seg) > 0 {
		r, n := utf8.DecodeRune(seg)
		seg = seg[n:]
		col++
		col16 += utf16.RuneLen(r) // an invalid byte decodes as U+FFFD: one unit
	}
	return Position{Offset: off, Line: line + 1, Column: col, Column16: col16}
}

// Offset converts a 1-based line and 1-based byte column into a byte offset.
func (f *File) Offset(line, byteCol int) int {
	idx := f.index()
	if line < 1 {
		return 0
	}
	if line > len(idx) {
		return len(f.Content)
	}
	off := idx[line-1] + byteCol - 1
	end := f.lineEnd(line - 1)
	if off > end {
		off = end
	}
	if off < idx[line-1] {
		off = idx[line-1]
	}
	return off
}

// lineEnd returns the offset of the terminator of 0-based line i (or the
// end of the content).
func (f *File) lineEnd(i int) int {
	idx := f.index()
	if i+1 < len(idx) {
		end := idx[i+1] - 1
		if f.Content[end] == '\n' && end > idx[i] && f.Content[end-1] == '\r' {
			end--
		}
		return end
	}
	return len(f.Content)
}

// Line returns the text of 1-based line n without its line terminator.
func (f *File) Line(n int) string { return string(f.LineBytes(n)) }

// LineBytes is Line without the copy: a slice of Content that callers must
// not modify. Use it on hot paths (a minified file is one long line).
func (f *File) LineBytes(n int) []byte {
	idx := f.index()
	if n < 1 || n > len(idx) {
		return nil
	}
	return f.Content[idx[n-1]:f.lineEnd(n-1)]
}

// LineStart returns the byte offset at which 1-based line n starts.
func (f *File) LineStart(n int) int { return f.Offset(n, 1) }

// Release drops the file's bytes and everything derived from them, keeping
// its path, kind and size. A batch scan calls it (through Skill.Release)
// once a skill's result is complete: findings carry their own excerpts, and
// keeping every file of every skill until the report is written would make
// memory grow with the corpus instead of with the largest skill.
func (f *File) Release() {
	f.mu.Lock()
	f.memo = nil
	f.mu.Unlock()
	f.colMu.Lock()
	f.colMarks = nil
	f.colMu.Unlock()
	f.once.Do(func() {})
	f.lines = []int{0} // an empty file: positions stay valid, at 1:1
	f.Content = nil
}
