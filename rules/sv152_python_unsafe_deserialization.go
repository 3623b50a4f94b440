package rules

import (
	"bytes"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonUnsafeDeserialization reports deserialisers that run code while
// loading.
var PythonUnsafeDeserialization = register(&analyzer.Rule{
	ID:       "SV152",
	Name:     "python-unsafe-deserialization",
	Title:    "Python deserialises data with a loader that can run code",
	Severity: Medium,
	Category: analyzer.CatRemoteExec,
	Tags:     []string{"security", "python", "CWE-502"},
	Inputs:   analyzer.InPython,
	Doc: `Loading a pickle runs whatever the pickle says: ` + "`pickle.loads`" + ` (also ` + "`cPickle`" + `,
` + "`dill`" + `, ` + "`cloudpickle`" + `, ` + "`jsonpickle.decode`" + `, ` + "`pandas.read_pickle`" + `, ` + "`joblib.load`" + `,
` + "`torch.load`" + ` without ` + "`weights_only=True`" + `, ` + "`numpy.load(allow_pickle=True)`" + `),
` + "`marshal.loads`" + ` yields code objects, and ` + "`yaml.load`" + ` without a safe loader constructs
arbitrary Python objects. ` + "`pickle.loads`" + ` of a download is a shape seen in malicious skills:
the payload never appears as source.

- **critical** when the data is downloaded (HTTP clients, sockets) or decoded from a literal
  (base64, zlib, hex) in the file; a decoder fed what a caller passes (a parameter of a function
  nothing in the skill calls) or user input is not a payload the skill carries and gets the
  ordinary grade;
- **medium** for files and other data: only as safe as whoever wrote the file. A file read at run
  time and then decompressed or decoded (a saved game) is data, not a hidden payload, unless the
  module opens a file by a relative path the skill could ship.

**Fix:** exchange JSON; use ` + "`yaml.safe_load`" + ` or ` + "`Loader=yaml.SafeLoader`" + `; load model
weights with ` + "`weights_only=True`" + ` or safetensors.

Bad:

` + "```python" + `
import pickle, requests
model = pickle.loads(requests.get(MODEL_URL).content)
` + "```" + `

Good:

` + "```python" + `
import json, requests, yaml
config = yaml.safe_load(open("config.yaml"))
data = json.loads(requests.get(API_URL).text)
` + "```",
	Run: runPythonUnsafeDeserialization,
})

var pyPickleLoaders = map[string]bool{
	"pickle.loads": true, "pickle.load": true, "cPickle.loads": true, "cPickle.load": true, "_pickle.loads": true,
	"_pickle.load": true, "dill.loads": true, "dill.load": true, "cloudpickle.loads": true, "cloudpickle.load": true,
	"jsonpickle.decode": true, "marshal.loads": true, "marshal.load": true, "pandas.read_pickle": true,
	"joblib.load": true, "shelve.open": true, "yaml.unsafe_load": true, "yaml.unsafe_load_all": true,
	"pickle.Unpickler": true, "dill.Unpickler": true, "torch.load": true, "numpy.load": true,
	"yaml.load": true, "yaml.load_all": true, "yaml.full_load": true, "yaml.full_load_all": true,
}

func runPythonUnsafeDeserialization(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	for _, c := range m.Calls {
		if !pyPickleLoaders[c.Name] || !pyUnsafeLoad(m, c) {
			continue
		}
		arg, ok := c.Arg(0, "")
		if !ok {
			for _, a := range c.Args {
				if a.Keyword != "" && a.Keyword != "Loader" {
					arg, ok = a, true
					break
				}
			}
		}
		start, end := m.Span(c)
		what := c.Name
		if strings.HasPrefix(c.Name, "yaml.") {
			what += " without a safe loader"
		}
		if ok {
			if r, ok := pyfacts.FromNetwork(m, arg.Start, arg.End); ok {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
					Message: what + " deserialises downloaded data (" + r.Name + "): loading runs code the server chooses"})
				continue
			}
			if r, ok := pyfacts.FromDecoded(m, arg.Start, arg.End); ok && !pyDecodesFileData(m, r) && !pyDecodesCallerData(p, m, r) {
				pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: Critical,
					Message: what + " deserialises data decoded in the file (" + r.Name + "): a hidden payload"})
				continue
			}
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end,
			Message: what + " can run code embedded in the data it loads"})
	}
	return nil
}

// pyUnsafeLoad filters out the safe forms of the loaders.
func pyUnsafeLoad(m *python.Module, c *python.Call) bool {
	switch c.Name {
	case "yaml.load", "yaml.load_all":
		a, ok := c.Arg(1, "Loader")
		if !ok {
			return true
		}
		l := m.ArgText(a)
		return !strings.Contains(l, "SafeLoader") && !strings.Contains(l, "BaseLoader")
	case "torch.load":
		w, ok := c.Kwarg("weights_only")
		return !ok || m.ArgText(w) != "True"
	case "numpy.load":
		w, ok := c.Kwarg("allow_pickle")
		return ok && m.ArgText(w) == "True"
	}
	return true
}

// pyDecodesCallerData reports a decoder whose input is what a caller
// passes (a parameter of a function nothing in the skill calls) or user
// input: the data is chosen at run time by whoever calls, not a payload
// the skill carries. A call in the file, or a file of the skill naming
// the function, may pass a literal blob: then the payload is the skill's.
func pyDecodesCallerData(p *analyzer.Pass, m *python.Module, r python.Ref) bool {
	a, ok := pyDecoderInput(m, r)
	if !ok {
		return false
	}
	t := pyfacts.NewOrigins(m, pyfacts.Cleaners{}).Of(a.Start, a.End)
	switch t.Origin {
	case pyfacts.OriginInput:
		return true
	case pyfacts.OriginCaller:
		for _, f := range p.Skill.Files {
			if f != p.File && f.Kind.IsText() && bytes.Contains(f.Content, []byte(t.Func)) {
				return false
			}
		}
		return true
	}
	return false
}

// pyDecodesFileData reports a decoder (zlib.decompress, base64.b64decode)
// whose input is read from a file at run time (a saved game, a cache) in
// a module that opens no file by a relative constant path (which could be
// one the skill ships): the data is the user's, not a payload hidden in
// the skill.
func pyDecodesFileData(m *python.Module, r python.Ref) bool {
	a, ok := pyDecoderInput(m, r)
	if !ok {
		return false
	}
	if _, ok := m.Derives("file-read", a.Start, a.End, func(x python.Ref) bool {
		return pyfacts.HasSuffixAny(x.Name, ".read", ".read_bytes", ".read_text", ".readlines", ".readline")
	}); !ok {
		return false
	}
	// a file named by a constant path may be one the skill ships: its
	// content is then the skill's own, possibly the payload
	for _, oc := range m.Calls {
		if pyfacts.Openish(oc.Name) {
			if pa, ok := oc.Arg(0, ""); ok {
				if v, ok := m.Fold(pa.Start, pa.End); ok && !strings.HasPrefix(v, "/") && !strings.HasPrefix(v, "~") {
					return false
				}
			}
		}
	}
	return true
}

// pyDecoderInput returns the first argument of decoder call r.
func pyDecoderInput(m *python.Module, r python.Ref) (python.Arg, bool) {
	c := m.CallOf(r)
	if c == nil {
		return python.Arg{}, false
	}
	return c.Arg(0, "")
}
