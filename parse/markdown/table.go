package markdown

import "bytes"

// maxTableScan bounds how many lines above a row are searched for its
// table's delimiter row.
const maxTableScan = 200

// TableColumnHeader returns the header cell of the table column that holds
// byte offset off of src: the line holding off is a table row (it has an
// unescaped "|"), the rows above it run up to a delimiter row (|---|:--:|),
// and the line above that is the header. Cells are split at unescaped
// pipes, as GFM does (a pipe inside a code span splits too unless written
// "\|"). ok is false when off is not in a body row of a table.
func TableColumnHeader(src []byte, off int) (header string, ok bool) {
	if off < 0 || off >= len(src) {
		return "", false
	}
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	le := len(src)
	if k := bytes.IndexByte(src[off:], '\n'); k >= 0 {
		le = off + k
	}
	line := src[ls:le]
	pipes := tablePipes(line)
	if len(pipes) == 0 || isDelimiterRow(line, pipes) {
		return "", false
	}
	col := cellIndex(line, pipes, off-ls)
	// up over the body rows to the delimiter row
	end := ls - 1
	for n := 0; n < maxTableScan && end > 0; n++ {
		start := bytes.LastIndexByte(src[:end], '\n') + 1
		above := src[start:end]
		ap := tablePipes(above)
		if len(ap) == 0 {
			return "", false
		}
		if isDelimiterRow(above, ap) {
			if start == 0 {
				return "", false
			}
			hs := bytes.LastIndexByte(src[:start-1], '\n') + 1
			head := src[hs : start-1]
			hp := tablePipes(head)
			if len(hp) == 0 {
				return "", false
			}
			cells := splitCells(head, hp)
			if col < 0 || col >= len(cells) {
				return "", false
			}
			return string(bytes.TrimSpace(cells[col])), true
		}
		end = start - 1
	}
	return "", false
}

// tablePipes returns the offsets of the unescaped pipes of a line.
func tablePipes(line []byte) []int {
	var out []int
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case '\\':
			i++
		case '|':
			out = append(out, i)
		}
	}
	return out
}

// leadingPipe reports whether a row opens with its pipe (| a | b |).
func leadingPipe(line []byte, pipes []int) bool {
	return len(bytes.TrimSpace(line[:pipes[0]])) == 0
}

// cellIndex is the column of offset rel in a row.
func cellIndex(line []byte, pipes []int, rel int) int {
	n := 0
	for _, p := range pipes {
		if p < rel {
			n++
		}
	}
	if leadingPipe(line, pipes) {
		n--
	}
	return n
}

// splitCells splits a row at its pipes, dropping the empty edges of a row
// written with leading and trailing pipes.
func splitCells(line []byte, pipes []int) [][]byte {
	var cells [][]byte
	prev := 0
	for _, p := range pipes {
		cells = append(cells, line[prev:p])
		prev = p + 1
	}
	cells = append(cells, line[prev:])
	if leadingPipe(line, pipes) {
		cells = cells[1:]
	}
	if len(cells) > 0 && len(bytes.TrimSpace(cells[len(cells)-1])) == 0 {
		cells = cells[:len(cells)-1]
	}
	return cells
}

// isDelimiterRow reports a GFM delimiter row: every cell dashes with
// optional colons.
func isDelimiterRow(line []byte, pipes []int) bool {
	cells := splitCells(line, pipes)
	if len(cells) == 0 {
		return false
	}
	for _, c := range cells {
		c = bytes.TrimSpace(c)
		c = bytes.TrimPrefix(c, []byte(":"))
		c = bytes.TrimSuffix(c, []byte(":"))
		if len(c) == 0 || len(bytes.Trim(c, "-")) != 0 {
			return false
		}
	}
	return true
}
