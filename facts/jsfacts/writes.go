package jsfacts

import (
	"strings"

	"github.com/dop251/goja/ast"
)

// FileWrite is what a call writes to a file: its destination and, for
// calls that write text or a value, what they write.
type FileWrite struct {
	Callee string
	Path   ast.Expression // the file written (a copy's, move's or link's destination)
	Text   ast.Expression // what is written; nil for copies, moves, links and streams
	From   ast.Expression // a copy's, move's or link's source
	JSON   bool           // Text is a value written as JSON (fs-extra writeJson)
	Append bool           // the call appends to the file
}

// jsTextWrites are the calls that write a file from (path, text).
var jsTextWrites = map[string]bool{"module:fs.writeFileSync": true, "module:fs.writeFile": true,
	"module:fs-extra.outputFileSync": true, "module:fs-extra.outputFile": true, "module:fs-extra.writeFileSync": true,
	"module:fs-extra.writeFile": true, "module:graceful-fs.writeFileSync": true, "module:graceful-fs.writeFile": true,
	"module:write-file-atomic": true, "module:write-file-atomic.sync": true, "module:atomically.writeFile": true,
	"module:atomically.writeFileSync": true, "Bun.write": true, "Deno.writeTextFileSync": true, "Deno.writeTextFile": true,
	"Deno.writeFileSync": true, "Deno.writeFile": true}

// jsAppends are the calls that append text to a file from (path, text).
var jsAppends = map[string]bool{"module:fs.appendFileSync": true, "module:fs.appendFile": true,
	"module:fs-extra.appendFileSync": true, "module:fs-extra.appendFile": true}

// jsJSONWrites write a value as JSON from (path, value).
var jsJSONWrites = map[string]bool{"module:fs-extra.writeJson": true, "module:fs-extra.writeJsonSync": true,
	"module:fs-extra.writeJSON": true, "module:fs-extra.writeJSONSync": true, "module:fs-extra.outputJson": true,
	"module:fs-extra.outputJsonSync": true, "module:fs-extra.outputJSON": true, "module:fs-extra.outputJSONSync": true,
	"module:jsonfile.writeFile": true, "module:jsonfile.writeFileSync": true, "module:write-json-file": true,
	"module:write-json-file.writeJsonFile": true, "module:write-json-file.writeJsonFileSync": true}

// jsCopies copy, move or link (source, destination).
var jsCopies = map[string]bool{"module:fs.copyFileSync": true, "module:fs.copyFile": true, "module:fs.cpSync": true,
	"module:fs.cp": true, "module:fs.renameSync": true, "module:fs.rename": true, "module:fs.symlinkSync": true,
	"module:fs.symlink": true, "module:fs.linkSync": true, "module:fs.link": true, "module:fs-extra.copy": true,
	"module:fs-extra.copySync": true, "module:fs-extra.move": true, "module:fs-extra.moveSync": true,
	"module:fs-extra.copyFile": true, "module:fs-extra.copyFileSync": true, "module:fs-extra.cpSync": true,
	"module:fs-extra.renameSync": true, "module:fs-extra.rename": true, "module:fs-extra.ensureSymlink": true,
	"module:fs-extra.ensureSymlinkSync": true, "module:fs-extra.createSymlink": true, "module:fs-extra.createSymlinkSync": true,
	"Deno.copyFile": true, "Deno.copyFileSync": true, "Deno.rename": true, "Deno.renameSync": true}

// jsStreams open a file for writing from (path, flags or options).
var jsStreams = map[string]bool{"module:fs.createWriteStream": true, "module:fs-extra.createWriteStream": true,
	"module:fs.openSync": true, "module:fs.open": true, "module:fs-extra.openSync": true, "module:fs-extra.open": true}

// WriteOf returns what call c writes to a file, resolving its target
// through f.call/f.apply (EffectiveCall). fs.promises and fs/promises are
// fs. fs.open and fs.openSync count only with a writing flag ("w", "a",
// "r+", "wx"...).
func (v *View) WriteOf(c *ast.CallExpression) (FileWrite, bool) {
	callee, args := v.EffectiveCall(c)
	callee = strings.Replace(callee, "module:fs-extra.promises.", "module:fs-extra.", 1)
	w := FileWrite{Callee: callee}
	switch {
	case len(args) == 0:
		return w, false
	case jsTextWrites[callee] || jsAppends[callee] || jsJSONWrites[callee]:
		w.Path = args[0]
		if len(args) > 1 {
			w.Text = args[1]
		}
		w.Append = jsAppends[callee]
		w.JSON = jsJSONWrites[callee]
		if fl := v.writeFlag(args, 2); strings.HasPrefix(fl, "a") {
			w.Append = true
		}
	case jsCopies[callee] && len(args) > 1:
		w.From, w.Path = args[0], args[1]
	case jsStreams[callee]:
		fl := v.writeFlag(args, 1)
		if strings.HasSuffix(callee, "open") || strings.HasSuffix(callee, "openSync") {
			if fl == "" || fl == "r" || fl == "rs" {
				return w, false
			}
		}
		w.Path = args[0]
		w.Append = strings.HasPrefix(fl, "a")
	default:
		return w, false
	}
	return w, true
}

// writeFlag is the file flag a call passes at args[i], as a string or an
// options object's flag, or "".
func (v *View) writeFlag(args []ast.Expression, i int) string {
	if i >= len(args) {
		return ""
	}
	if s, ok := v.Info.Str(args[i]); ok {
		return s
	}
	if f := v.ObjProp(args[i], "flag"); f != nil {
		s, _ := v.Info.Str(f)
		return s
	}
	if f := v.ObjProp(args[i], "flags"); f != nil {
		s, _ := v.Info.Str(f)
		return s
	}
	return ""
}

// StreamTexts returns the constant texts written into the stream that
// call c opens (ws.write(text), ws.end(text) on the variable it is
// assigned to), and whether every write's text is known.
func (v *View) StreamTexts(c *ast.CallExpression) ([]string, bool) {
	var texts []string
	known := true
	for _, d := range v.Info.Calls() {
		dot, ok := d.Callee.(*ast.DotExpression)
		if !ok || len(d.ArgumentList) == 0 {
			continue
		}
		if n := dot.Identifier.Name.String(); n != "write" && n != "end" {
			continue
		}
		id, ok := dot.Left.(*ast.Identifier)
		if !ok {
			continue
		}
		def := v.Info.SingleDef(id)
		if def == nil || def.Init != c {
			continue
		}
		if s, ok := v.Info.Str(d.ArgumentList[0]); ok {
			texts = append(texts, s)
		} else {
			known = false
		}
	}
	return texts, known
}
