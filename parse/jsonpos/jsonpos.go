// Package jsonpos walks a JSON document and reports every string value with
// its path and the byte offset of its text in the document, so that code
// kept in JSON strings (notebook cells, package.json scripts, hook
// commands) can be analysed and reported at the right line.
package jsonpos

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// Value is one string value of the document.
type Value struct {
	// Path is the keys and array indexes from the root, indexes written
	// as decimal strings: ["cells", "3", "source", "0"].
	Path []string
	Text string // the decoded string
	Off  int    // offset of the string's first byte after the opening quote
}

// Strings calls fn for every string value (not keys) in document order. It
// stops at the first syntax error and returns it; values before it have
// been reported.
func Strings(b []byte, fn func(Value)) error {
	type frame struct {
		object    bool
		key       string
		expectKey bool
		index     int
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	var st []frame
	path := func() []string {
		out := make([]string, 0, len(st))
		for _, f := range st {
			if f.object {
				out = append(out, f.key)
			} else {
				out = append(out, strconv.Itoa(f.index))
			}
		}
		return out
	}
	afterValue := func() {
		if n := len(st); n > 0 {
			if st[n-1].object {
				st[n-1].expectKey = true
			} else {
				st[n-1].index++
			}
		}
	}
	for {
		off := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			if err.Error() == "EOF" {
				return nil
			}
			return err
		}
		n := len(st)
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				st = append(st, frame{object: t == '{', expectKey: t == '{'})
			case '}', ']':
				if n > 0 {
					st = st[:n-1]
				}
				afterValue()
			}
			continue
		case string:
			if n > 0 && st[n-1].object && st[n-1].expectKey {
				st[n-1].key = t
				st[n-1].expectKey = false
				continue
			}
			q := off + bytes.IndexByte(b[off:], '"') + 1
			fn(Value{Path: path(), Text: t, Off: q})
		}
		afterValue()
	}
}
