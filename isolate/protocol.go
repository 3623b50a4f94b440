package isolate

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/config"
	"github.com/skillvet/skillvet/skill"
)

// The protocol: the parent writes one request per line on the worker's
// stdin, the worker answers each with one response line on stdout. A line
// is one JSON object (encoding/json escapes newlines inside strings, and
// []byte travels as base64), so a frame is simply "JSON\n". Frames are
// bounded on both sides; a missing, truncated, oversized or malformed
// response fails the analysis closed.

// protocolVersion changes whenever a request or response field changes
// meaning; a worker refuses requests of another version (an embedder
// pointing at an installed skillvet of another release).
const protocolVersion = 2

// maxResponse bounds a response frame read by the parent.
const maxResponse = 64 << 20

// maxRequestFor bounds a request frame read by the worker: base64 inflates
// content by 4/3, plus JSON overhead per file.
func maxRequestFor(lim skill.Limits) int {
	if lim == (skill.Limits{}) {
		lim = skill.DefaultLimits
	}
	n := lim.MaxTotalBytes*2 + int64(lim.MaxFiles)*4096 + 16<<20
	if n > 1<<31-1 {
		n = 1<<31 - 1
	}
	return int(n)
}

type request struct {
	V        int             `json:"v"`
	Dir      string          `json:"dir"`
	DirName  string          `json:"dirName"`
	Name     string          `json:"name"`
	Hash     string          `json:"hash"`
	Files    []wireFile      `json:"files"`
	Problems []skill.Problem `json:"problems"`
	// Rules are built-in rule IDs (rules.All()); Custom are declarative
	// rules from .skillvet.yaml, rebuilt by the worker.
	Rules  []string            `json:"rules"`
	Custom []config.CustomRule `json:"custom,omitempty"`
	Engine analyzer.Options    `json:"engine"`
}

type wireFile struct {
	Path    string     `json:"path"`
	Kind    skill.Kind `json:"kind"`
	Content []byte     `json:"content"`
	Size    int64      `json:"size"`
	Note    string     `json:"note,omitempty"`
}

type response struct {
	V        int            `json:"v"`
	Hash     string         `json:"hash"`
	Err      string         `json:"err,omitempty"` // the request was refused (bad version, hash mismatch, unknown rule)
	Findings []wireFinding  `json:"findings"`
	Errors   []string       `json:"errors"`
	Caps     []analyzer.Cap `json:"caps,omitempty"`
}

type wirePos struct {
	Offset, Line, Column, Column16 int
}

type wireFinding struct {
	Rule        string                `json:"rule"`
	Severity    analyzer.Severity     `json:"severity"`
	Category    analyzer.Category     `json:"category"`
	Path        string                `json:"path"`
	Start       wirePos               `json:"start"`
	End         wirePos               `json:"end"`
	Message     string                `json:"message"`
	Evidence    string                `json:"evidence,omitempty"`
	Unanalysed  bool                  `json:"unanalysed,omitempty"`
	Suppression *analyzer.Suppression `json:"suppression,omitempty"`
	Kind        analyzer.Evidence     `json:"kind"`
	Steps       []wireStep            `json:"steps,omitempty"`
}

type wireStep struct {
	Path    string  `json:"path"`
	Start   wirePos `json:"start"`
	End     wirePos `json:"end"`
	Message string  `json:"message"`
}

func toWirePos(p skill.Position) wirePos {
	return wirePos{Offset: p.Offset, Line: p.Line, Column: p.Column, Column16: p.Column16}
}

func (p wirePos) position() skill.Position {
	return skill.Position{Offset: p.Offset, Line: p.Line, Column: p.Column, Column16: p.Column16}
}

func toWire(f analyzer.Finding) wireFinding {
	return wireFinding{Rule: f.Rule, Severity: f.Severity, Category: f.Category, Path: f.Path,
		Start: toWirePos(f.Start), End: toWirePos(f.End), Message: f.Message, Evidence: f.Evidence,
		Unanalysed: f.Unanalysed, Suppression: f.Suppression, Kind: f.Kind, Steps: toWireSteps(f.Steps)}
}

func toWireSteps(ss []analyzer.FindingStep) []wireStep {
	var out []wireStep
	for _, s := range ss {
		out = append(out, wireStep{Path: s.Path, Start: toWirePos(s.Start), End: toWirePos(s.End), Message: s.Message})
	}
	return out
}

func (w wireFinding) finding() analyzer.Finding {
	f := analyzer.Finding{Rule: w.Rule, Severity: w.Severity, Category: w.Category, Path: w.Path,
		Start: w.Start.position(), End: w.End.position(), Message: w.Message, Evidence: w.Evidence,
		Unanalysed: w.Unanalysed, Suppression: w.Suppression, Kind: w.Kind}
	for _, s := range w.Steps {
		f.Steps = append(f.Steps, analyzer.FindingStep{Path: s.Path, Start: s.Start.position(), End: s.End.position(), Message: s.Message})
	}
	return f
}

// newRequest serialises the skill's in-memory files (the bytes that were
// hashed; the disk is never read again) and problems.
func newRequest(s *skill.Skill, p *plan) request {
	req := request{V: protocolVersion, Dir: s.Dir, DirName: s.DirName, Name: s.Name, Hash: s.Hash,
		Problems: s.Problems, Rules: p.ids, Custom: p.custom, Engine: p.engine}
	for _, f := range s.Files {
		req.Files = append(req.Files, wireFile{Path: f.Path, Kind: f.Kind, Content: f.Content, Size: f.Size, Note: f.Note})
	}
	return req
}

var errFrameTooLarge = errors.New("frame too large")

// readFrame reads one line of at most max bytes (without the newline).
// It returns io.EOF only when no byte was read; a line cut short by EOF is
// io.ErrUnexpectedEOF.
func readFrame(r *bufio.Reader, max int) ([]byte, error) {
	var buf []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(buf)+len(chunk) > max+1 {
			return nil, errFrameTooLarge
		}
		buf = append(buf, chunk...)
		switch {
		case err == nil:
			return buf[:len(buf)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF):
			if len(buf) == 0 {
				return nil, io.EOF
			}
			return nil, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}

// writeFrame writes v as one JSON line.
func writeFrame(w io.Writer, v any) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b) // Encode appends the newline
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encoding frame: %w", err)
	}
	_, err := w.Write(b.Bytes())
	return err
}
