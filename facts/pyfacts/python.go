// Package pyfacts is the facts layer for Python: the parsed module of a
// pass (Module), the calls that start processes (SubprocessCalls,
// ShellStringCalls, ExecCalls, ShellCommand, CommandText), where data comes
// from (FromNetwork, FromDecoded, FromSocketRecv, FlowsFrom, SourceDesc,
// Origins with its cleaners and Guards),
// the paths a call reads, writes or walks (PathOf, WriteTargets, WalkRoot,
// DownloadedFiles), network sinks and their destinations (NetSink, Sends,
// SinkURL, ConfiguredDest), and reporting with the shared evidence format (Report).
package pyfacts

import (
	"github.com/skillvet/skillvet/facts/match"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/python"
)

// Module returns the parsed module, or nil when the file cannot be
// tokenised (SV008 reports that; other rules then have nothing to say).
func Module(p *analyzer.Pass) *python.Module {
	m, err := p.Python()
	if err != nil {
		return nil
	}
	return m
}

// HasPrefixAny reports whether s starts with one of ps.
func HasPrefixAny(s string, ps ...string) bool {
	for _, p := range ps {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// pyNetModules are modules whose calls talk to the network.
var pyNetModules = []string{"requests.", "httpx.", "urllib.request.", "urllib2.", "urllib.urlopen", "urllib3.",
	"http.client.", "httplib.", "aiohttp.", "pycurl.", "socket.", "smtplib.", "ftplib.", "websocket.",
	"websockets.", "paramiko.", "telnetlib.", "dns.resolver.", "grequests.", "treq.", "tornado.httpclient."}

// isNetRef matches any reference into a network module.
func isNetRef(r python.Ref) bool { return HasPrefixAny(r.Name, pyNetModules...) }

// pyNetHelpers are parts of network libraries that do not carry data from
// the network (quoting, exceptions, status codes, configuration).
var pyNetHelpers = []string{"requests.utils.", "requests.exceptions.", "requests.codes", "requests.adapters.",
	"requests.auth.", "requests.status_codes", "requests.structures", "urllib3.util", "urllib3.exceptions",
	"urllib3.disable_warnings", "httpx.URL", "httpx.Timeout", "httpx.HTTPError", "httpx.HTTPStatusError",
	"httpx.Limits", "httpx.BasicAuth", "aiohttp.ClientTimeout", "aiohttp.ClientError", "urllib.request.quote",
	"urllib.request.pathname2url", "socket.gethostname", "socket.timeout", "socket.error", "socket.AF_", "socket.SOCK_"}

// IsDownloadRef matches data that arrives from the network: responses of
// HTTP clients and socket reads.
func IsDownloadRef(r python.Ref) bool {
	n := r.Name
	if HasPrefixAny(n, pyNetHelpers...) {
		return false
	}
	if HasPrefixAny(n, "requests.", "httpx.", "urllib.request.urlopen", "urllib2.urlopen", "urllib.urlopen",
		"urllib3.", "aiohttp.", "pycurl.", "grequests.", "http.client.", "httplib.", "websocket.", "websockets.",
		"tornado.httpclient.") {
		return true
	}
	return HasPrefixAny(n, "socket.") && (strings.Contains(n, ".recv") || strings.Contains(n, ".makefile"))
}

// isRecvCall matches reads from a socket object held in a variable
// (s.recv(...) where s = socket.socket()).
func isRecvCall(m *python.Module, r python.Ref) bool {
	if !r.Call || !(strings.Contains(r.Name, ".recv") || strings.Contains(r.Name, ".makefile")) {
		return false
	}
	if r.Var == "" {
		return strings.HasPrefix(r.Name, "socket.")
	}
	_, ok := m.DerivesVar("socketobj", r.Var, IsSocketRef)
	return ok
}

// IsSocketRef matches calls that create or accept a socket.
func IsSocketRef(r python.Ref) bool {
	return HasPrefixAny(r.Name, "socket.socket", "socket.create_connection", "socket.fromfd", "ssl.wrap_socket") ||
		strings.HasSuffix(r.Name, ".wrap_socket") || strings.HasSuffix(r.Name, ".accept")
}

// FromNetwork reports whether tokens [a, b) derive from downloaded data.
func FromNetwork(m *python.Module, a, b int) (python.Ref, bool) {
	return m.Derives("download", a, b, func(r python.Ref) bool { return IsDownloadRef(r) || isRecvCall(m, r) })
}

// isDecodeRef matches decoding and decompression calls.
func isDecodeRef(r python.Ref) bool {
	n := r.Name
	if !r.Call {
		return false
	}
	return HasPrefixAny(n, "base64.", "binascii.a2b", "binascii.unhexlify", "bytes.fromhex", "codecs.decode",
		"zlib.decompress", "gzip.decompress", "bz2.decompress", "lzma.decompress", "marshal.loads", "zlib.decompressobj") ||
		strings.HasSuffix(n, "b64decode") || strings.HasSuffix(n, ".fromhex") || strings.HasSuffix(n, "decompress")
}

// FromDecoded reports whether tokens [a, b) derive from decoded or
// decompressed data.
func FromDecoded(m *python.Module, a, b int) (python.Ref, bool) {
	return m.Derives("decoded", a, b, isDecodeRef)
}

// IsEnvRef matches reads of the environment (whole or one variable).
func IsEnvRef(r python.Ref) bool {
	return HasPrefixAny(r.Name, "os.environ", "os.getenv", "os.environb", "posix.environ", "dotenv.dotenv_values")
}

// EnvWrite reports an environment reference that sets, removes or patches
// variables rather than reading them: the target of os.environ[K] = v or
// del os.environ[K], os.environ.update(...), .clear(), .__setitem__ and
// .__delitem__, .pop/.popitem/.setdefault whose result is discarded (a
// cleanup statement), and os.environ handed to mock's patch.dict
// (with patch.dict(os.environ, {"FLAG": "1"}): a test setting variables
// for the code under test). monkeypatch.setenv and os.putenv name no
// environment read to begin with.
func EnvWrite(m *python.Module, r python.Ref) bool {
	if !HasPrefixAny(r.Name, "os.environ", "os.environb", "posix.environ") || r.Var != "" {
		return false
	}
	base := r.Name
	for _, b := range []string{"os.environb", "os.environ", "posix.environ"} {
		if strings.HasPrefix(base, b) {
			base = b
			break
		}
	}
	method, _ := strings.CutPrefix(r.Name, base+".")
	switch {
	case r.Name == base && r.HasKey:
		// os.environ[K] = v, os.environ[K] += v, del os.environ[K]
		if r.Tok > 0 && m.Is(r.Tok-1, "del") {
			return true
		}
		if r.End < len(m.Toks) && m.Toks[r.End].Kind == python.Op {
			op := m.Text(r.End)
			return op == "=" || len(op) >= 2 && strings.HasSuffix(op, "=") && op != "==" && op != "<=" && op != ">=" && op != "!="
		}
		return false
	case r.Call && (method == "update" || method == "clear" || method == "__setitem__" || method == "__delitem__"):
		return true
	case r.Call && (method == "pop" || method == "popitem" || method == "setdefault"):
		return exprStatement(m, r.Tok, r.End)
	case r.Name == base && !r.Call && !r.HasKey && r.Tok >= 2 && m.Is(r.Tok-1, "("):
		c := m.CallAt(r.Tok - 1)
		if c == nil || !strings.HasSuffix(c.Name, "patch.dict") {
			return false
		}
		a, ok := c.Arg(0, "in_dict")
		return ok && a.Start == r.Tok && a.End == r.End
	}
	return false
}

// exprStatement reports tokens [lo, hi) that make up a whole expression
// statement, whose value nothing takes.
func exprStatement(m *python.Module, lo, hi int) bool {
	starts := m.Indent[lo] >= 0 || lo > 0 && (m.Is(lo-1, ";") || m.Is(lo-1, ":") && m.Toks[lo-1].Depth == 0)
	return starts && (hi >= len(m.Toks) || m.Toks[hi].Kind == python.Newline || m.Is(hi, ";"))
}

// isInputRef matches data a user or caller supplies.
func isInputRef(r python.Ref) bool {
	return HasPrefixAny(r.Name, "input", "raw_input", "sys.argv", "sys.stdin", "fileinput.", "flask.request", "request.args",
		"request.form", "request.json", "request.get_json", "request.values", "request.data", "os.environ", "os.getenv") ||
		strings.Contains(r.Name, "parse_args()") || strings.HasSuffix(r.Name, ".parse_args")
}

// SourceDesc says where an expression's data comes from, most alarming
// first; "" when it is none of network, decoded, environment or input.
func SourceDesc(m *python.Module, a, b int) (string, python.Ref) {
	if r, ok := FromNetwork(m, a, b); ok {
		return "downloaded data", r
	}
	if r, ok := FromDecoded(m, a, b); ok {
		return "decoded data", r
	}
	if r, ok := m.Derives("input", a, b, isInputRef); ok {
		if IsEnvRef(r) {
			return "the environment", r
		}
		return "user input", r
	}
	return "", python.Ref{}
}

// ArgList returns the element ranges of a list or tuple literal argument.
func ArgList(m *python.Module, a python.Arg) ([][2]int, bool) {
	if a.End-a.Start < 2 || !(m.Is(a.Start, "[") || m.Is(a.Start, "(")) || int(m.Match[a.Start]) != a.End-1 {
		return nil, false
	}
	var out [][2]int
	d := m.Toks[a.Start].Depth + 1
	start := a.Start + 1
	for k := a.Start + 1; k <= a.End-1; k++ {
		if k < a.End-1 && m.Match[k] > int32(k) && int(m.Match[k]) < a.End-1 {
			k = int(m.Match[k])
			continue
		}
		if k == a.End-1 || m.Toks[k].Depth == d && m.Is(k, ",") {
			if start < k {
				out = append(out, [2]int{start, k})
			}
			start = k + 1
		}
	}
	return out, true
}

// ShellNames are interpreters that run a command string.
var ShellNames = map[string]bool{"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "ash": true,
	"cmd": true, "cmd.exe": true, "powershell": true, "powershell.exe": true, "pwsh": true}

// BaseName is the last element of a slash- or backslash-separated path.
func BaseName(p string) string {
	if i := strings.LastIndexAny(p, `/\`); i >= 0 {
		return p[i+1:]
	}
	return p
}

// FileCalls read or name files; their arguments are checked as paths.
var FileCalls = map[string]bool{"open": true, "io.open": true, "codecs.open": true, "os.open": true,
	"pathlib.Path": true, "Path": true, "pathlib.PurePath": true, "os.path.expanduser": true, "os.path.join": true,
	"os.path.expandvars": true, "shutil.copy": true, "shutil.copyfile": true, "shutil.copy2": true,
	"shutil.copytree": true, "shutil.make_archive": true, "glob.glob": true, "glob.iglob": true,
	"os.listdir": true, "os.walk": true, "os.scandir": true, "sqlite3.connect": true, "os.path.exists": true,
	"os.path.isfile": true, "configparser.ConfigParser().read": true}

var homeRx = match.MustRx(`^(~|\$HOME|%USERPROFILE%|\$\{HOME\})`)

// pathText renders a path expression in tokens [a, b) as text: string
// literals joined with "/" where the code joins them (os.path.join
// arguments, the / operator of pathlib), and the home directory as "~".
// Several paths (a list of them) come out one per line.
func pathText(m *python.Module, a, b int) string {
	b = min(b, a+pyMaxExprTok)
	var sb strings.Builder
	sep := false
	for k := a; k < b; k++ {
		tk := &m.Toks[k]
		switch tk.Kind {
		case python.String:
			v, _ := m.Value(k)
			if v == "HOME" || v == "USERPROFILE" {
				v = "~"
			}
			switch {
			case sep && sb.Len() > 0 && strings.HasPrefix(v, "~"):
				sb.WriteByte('\n') // another path
			case sep && sb.Len() > 0 && !strings.HasSuffix(sb.String(), "/") && !strings.HasPrefix(v, "/"):
				sb.WriteByte('/')
			}
			sb.WriteString(v)
			sep = false
		case python.Name:
			switch m.Text(k) {
			case "home":
				if m.Is(k+1, "(") {
					if sb.Len() > 0 {
						sb.WriteByte('\n') // another path: [Path.home() / "a", Path.home() / "b"]
					}
					sb.WriteString("~")
					sep = false
				}
			case "HOME", "USERPROFILE":
				sb.WriteString("~")
			}
		case python.Op:
			if m.Is(k, "/") || m.Is(k, ",") {
				sep = true
			}
		}
	}
	s := strings.ReplaceAll(sb.String(), `\`, "/")
	return homeRx.ReplaceAllString(s, "~")
}

// OpenMode returns the mode argument of an open() call ("r" when it is
// absent or not constant).
func OpenMode(m *python.Module, c *python.Call) string {
	if a, ok := c.Arg(1, "mode"); ok {
		if s, ok := m.Fold(a.Start, a.End); ok {
			return s
		}
	}
	return "r"
}

// IsWriteMode reports whether an open() mode writes (w, a, x or +).
func IsWriteMode(mode string) bool { return strings.ContainsAny(mode, "wax+") }

// netSinks lists calls that send data, with the keyword arguments that
// carry the payload (all arguments when nil).
func isNetSinkName(n string) bool {
	if HasPrefixAny(n, "requests.", "httpx.", "grequests.", "aiohttp.", "urllib3.", "treq.") {
		return HasSuffixAny(n, ".post", ".put", ".patch", ".get", ".request", ".delete", ".head", ".options",
			".urlopen", ".post()", ".request()")
	}
	if HasPrefixAny(n, "urllib.request.urlopen", "urllib2.urlopen", "urllib.urlopen", "urllib.request.urlretrieve") {
		return true
	}
	if HasPrefixAny(n, "http.client.", "httplib.", "smtplib.", "ftplib.", "socket.", "websocket.", "websockets.", "paramiko.", "telnetlib.") {
		return HasSuffixAny(n, ".request", ".send", ".sendall", ".sendto", ".sendmail", ".send_message",
			".storbinary", ".storlines", ".putrequest", ".write", ".connect", "create_connection", ".putheader", ".getaddrinfo", ".gethostbyname")
	}
	return strings.HasPrefix(n, "dns.resolver.")
}

// HasSuffixAny reports whether s ends with one of ss.
func HasSuffixAny(s string, ss ...string) bool {
	for _, x := range ss {
		if strings.HasSuffix(s, x) {
			return true
		}
	}
	return false
}

var sendMethods = map[string]bool{"post": true, "put": true, "patch": true, "get": true, "request": true,
	"send": true, "sendall": true, "sendto": true, "sendmail": true, "send_message": true, "storbinary": true,
	"urlopen": true, "putheader": true}

// NetSink reports whether c sends over the network, including methods of
// client objects held in variables (s = requests.Session(); s.post(...)).
func NetSink(m *python.Module, c *python.Call) bool {
	if isNetSinkName(c.Name) {
		return true
	}
	if isRequestObject(c.Name) {
		return RequestOpened(m, c)
	}
	i := strings.LastIndexByte(c.Name, '.')
	if i < 0 || !sendMethods[c.Name[i+1:]] || m.Toks[c.Head].Kind != python.Name {
		return false
	}
	head := m.Text(c.Head)
	if _, alias := m.Aliases[head]; alias {
		return false
	}
	_, ok := m.DerivesObject("netobj", head, isNetClientRef)
	return ok
}

// isRequestObject matches the construction of a urllib request object,
// which sends nothing until an opener opens it.
func isRequestObject(n string) bool {
	return n == "urllib.request.Request" || n == "urllib2.Request"
}

// RequestOpened reports whether the request object built by call c is
// opened: its value reaches urlopen or an opener's open method
// (urllib.request.urlopen(req), opener.open(req), build_opener().open(req)),
// directly, through variables or through the return value of a function of
// the file, or a function returns it to callers outside the file. A
// request object only handed to other code (a redirect handler's
// redirect_request under test) or inspected is data, not a send.
func RequestOpened(m *python.Module, c *python.Call) bool {
	for _, o := range m.Calls {
		if o == c || !isOpenerCall(o.Name) {
			continue
		}
		if o.Open < c.Head && c.Close < o.Close || FlowsFrom(m, o, c) {
			return true
		}
	}
	// returned to a caller that the file does not show: it may open it
	for name, as := range m.Assigns {
		if !strings.HasSuffix(name, "()") {
			continue
		}
		for _, a := range as {
			if a.Start <= c.Head && c.Close < a.End {
				return !calledInFile(m, strings.TrimSuffix(name, "()"))
			}
			if _, ok := m.Derives("flow:"+strconv.Itoa(c.Open), a.Start, a.End, func(r python.Ref) bool {
				return r.Call && m.CallOf(r) == c
			}); ok {
				return !calledInFile(m, strings.TrimSuffix(name, "()"))
			}
		}
	}
	return false
}

// isOpenerCall matches calls that open a URL or request object: urlopen
// and the open method of an opener (OpenerDirector.open).
func isOpenerCall(n string) bool {
	return LastName(n) == "urlopen" || strings.HasSuffix(n, ".open") && !HasPrefixAny(n, "os.", "io.", "codecs.", "webbrowser.", "tarfile.", "zipfile.", "gzip.", "bz2.", "lzma.", "shelve.", "dbm.", "wave.", "PIL.")
}

// calledInFile reports whether a function of that name is called in the
// module (by name, methods through any receiver).
func calledInFile(m *python.Module, name string) bool {
	for _, c := range m.Calls {
		if c.Name == name || strings.HasSuffix(c.Name, "."+name) {
			return true
		}
	}
	return false
}

// isNetClientRef matches the construction of a network client object
// (requests.Session(), socket.socket(), smtplib.SMTP(), ...), whose send
// methods are sinks; a response's .get() is not.
func isNetClientRef(r python.Ref) bool {
	return isNetRef(r) && r.Call && HasSuffixAny(r.Name, "Session", "session", "socket", "create_connection", "accept",
		"SMTP", "SMTP_SSL", "LMTP", "HTTPConnection", "HTTPSConnection", "FTP", "FTP_TLS", "PoolManager", "ProxyManager",
		"Client", "AsyncClient", "ClientSession", "WebSocket", "connect", "build_opener", "SSHClient", "Telnet", "wrap_socket")
}

// SinkURL returns the destination of a network call when it can be
// determined: the folded URL argument, a URL literal inside it (also an
// f-string prefix), or one in the assignments of a variable it uses.
func SinkURL(m *python.Module, c *python.Call) string {
	if u := sinkArgURL(m, c); u != "" {
		return u
	}
	// conn = http.client.HTTPSConnection("host"); conn.request(...)
	var u string
	if m.Toks[c.Head].Kind == python.Name && c.Head+1 < c.Open {
		EachAssign(m, c.Head, c.Head+1, func(as python.Assign) bool {
			u = urlIn(m, as.Start, as.End, 0, true)
			return u != ""
		})
	}
	return u
}

func sinkArgURL(m *python.Module, c *python.Call) string {
	a, ok := c.Arg(0, "url")
	if !ok {
		if h, ok := c.Arg(0, "host"); ok {
			a = h
		} else {
			return ""
		}
	}
	if strings.HasSuffix(c.Name, ".connect") || strings.HasSuffix(c.Name, "create_connection") || strings.HasSuffix(c.Name, ".sendto") {
		// (host, port) tuples
		return urlIn(m, a.Start, a.End, 2, true)
	}
	if s, ok := m.Fold(a.Start, a.End); ok && (strings.Contains(s, "://") || HostLitRx.MatchString(s)) {
		return s
	}
	return urlIn(m, a.Start, a.End, 2, false)
}

// HostLitRx matches a bare host name or IPv4 address (intel.HostLitRx).
var HostLitRx = intel.HostLitRx

// urlIn finds a URL literal in tokens [a, b) or in the assignments of the
// variables used there; with hosts, a bare host name or IP literal counts.
func urlIn(m *python.Module, a, b, depth int, hosts bool) string {
	for k := a; k < min(b, a+4*pyMaxExprTok); k++ {
		if m.Toks[k].Kind != python.String {
			continue
		}
		v, _ := m.Value(k)
		if u := intel.URLRx.FindString(v); u != "" {
			return u
		}
		if hosts && HostLitRx.MatchString(v) {
			return v
		}
	}
	if depth == 0 {
		return ""
	}
	var u string
	EachAssign(m, a, b, func(as python.Assign) bool {
		u = urlIn(m, as.Start, as.End, depth-1, hosts)
		return u != ""
	})
	return u
}

// Bounds for following variables into their assignments: expressions that
// name paths and URLs are short, and a file with thousands of assignments
// to one name must not make every lookup slow.
const (
	pyMaxVars    = 8
	pyMaxAssigns = 4
	pyMaxExprTok = 256
)

// EachAssign calls f for the assignments of the variables used in tokens
// [a, b) — and of the self.X attributes, which a method or the class body
// binds — (at most pyMaxVars distinct variables, pyMaxAssigns assignments
// each) until f returns true.
func EachAssign(m *python.Module, a, b int, f func(python.Assign) bool) {
	seen := map[string]bool{}
	for _, r := range m.RefsIn(a, b) {
		if strings.HasPrefix(r.Attr, "self.") && !seen[r.Attr] {
			// self.X: what a method or the class body binds to it
			seen[r.Attr] = true
			for k, as := range m.Assigns[r.Attr] {
				if k == pyMaxAssigns {
					break
				}
				if f(as) {
					return
				}
			}
		}
		if r.Var == "" || seen[r.Var] {
			continue
		}
		if len(seen) == pyMaxVars {
			return
		}
		seen[r.Var] = true
		for k, as := range ScopedAssigns(m, r.Var, r.Tok) {
			if k == pyMaxAssigns {
				break
			}
			if f(as) {
				return
			}
		}
	}
}

// ClipStr collapses white space and clips s to n bytes for messages.
func ClipStr(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

// DownloadsAndRuns matches shell command text that downloads a script and
// runs it (curl | sh, bash -c "$(curl ...)", wget -O- | python).
var DownloadsAndRuns = match.MustRx(`(?i)(curl|wget|fetch|iwr|invoke-webrequest)\b[^|;&]*\|\s*(sudo\s+)?(-\S+\s+)*(ba|z|da|k)?sh\b|(curl|wget)\b[^|;&]*\|\s*(sudo\s+)?python[0-9.]*\b|(ba|z)?sh\s+-c\s+["']?\$\((curl|wget)|(ba|z)?sh\s+<\(\s*(curl|wget)|\|\s*iex\b|^\s*["']?\$\(\s*(curl|wget)\b`)

// DescribeCode summarises what a decoded or assembled piece of Python
// does: the sensitive calls it makes, following exec of further constant
// or decoded layers up to three deep. "" when it makes none.
func DescribeCode(s string) string {
	var names []string
	seen := map[string]bool{}
	var walk func(src string, depth int)
	walk = func(src string, depth int) {
		if depth == 0 || len(src) > 1<<20 {
			return
		}
		m, err := python.Parse([]byte(src))
		if err != nil {
			return
		}
		for _, c := range m.Calls {
			if Sensitive(c.Name) && !seen[c.Name] && len(names) < 6 {
				seen[c.Name] = true
				names = append(names, c.Name)
			}
			if ExecNames[c.Name] {
				if a, ok := c.Positional(0); ok {
					if inner, ok := m.Fold(a.Start, a.End); ok {
						walk(inner, depth-1)
					}
				}
			}
		}
	}
	walk(s, 3)
	if len(names) == 0 {
		return ""
	}
	return "calls " + strings.Join(names, ", ")
}

// ContainsAny reports whether s contains one of the words; rules use it
// to skip strings before running a regular expression on them.
func ContainsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// HostOr is h, or "the network" when the host is unknown.
func HostOr(h string) string {
	if h == "" {
		return "the network"
	}
	return h
}

// FlowsFrom reports whether an argument of sink derives from the value
// of call src.
func FlowsFrom(m *python.Module, sink, src *python.Call) bool {
	key := "flow:" + strconv.Itoa(src.Open)
	for _, a := range sink.Args {
		if _, ok := m.Derives(key, a.Start, a.End, func(r python.Ref) bool {
			return r.Call && m.CallOf(r) == src
		}); ok {
			return true
		}
	}
	return false
}

// Report reports d with its evidence taken from a bounded window of the
// source around d.Start: a whole line when it is short (what the engine
// would show), else up to 240 bytes of it. The engine's default copies the
// whole line per finding, which is quadratic on minified one-line files.
func Report(p *analyzer.Pass, m *python.Module, d analyzer.Diagnostic) {
	if d.Evidence == "" && d.File == "" {
		d.Evidence = pyEvidence(m.Src, d.Start)
	}
	p.Report(d)
}

const pyEvidenceMax = 240

func pyEvidence(src string, off int) string {
	off = max(0, min(off, len(src)))
	lo := off
	for lo > 0 && off-lo < pyEvidenceMax && src[lo-1] != '\n' {
		lo--
	}
	hi := off
	for hi < len(src) && hi-lo < 2*pyEvidenceMax && src[hi] != '\n' && src[hi] != '\r' {
		hi++
	}
	whole := (lo == 0 || src[lo-1] == '\n') && (hi == len(src) || src[hi] == '\n' || src[hi] == '\r')
	if !whole || hi-lo > pyEvidenceMax {
		lo = max(lo, off-pyEvidenceMax/4)
		hi = min(hi, lo+pyEvidenceMax)
	}
	for lo < off && lo < len(src) && !utf8.RuneStart(src[lo]) {
		lo++
	}
	for hi > lo && hi < len(src) && !utf8.RuneStart(src[hi]) {
		hi--
	}
	ev := strings.TrimSpace(src[lo:hi])
	if ev == "" {
		return "(empty line)"
	}
	return ev
}

func pyFirstNetSink(m *python.Module) *python.Call {
	for _, c := range m.Calls {
		if NetSink(m, c) {
			return c
		}
	}
	return nil
}

// SinkNote returns a function that says, once computed, whether the file
// sends data over the network: "" or " in a file that sends data over the
// network (requests.post, line 12)". Rules that escalate when a read and a
// way out share a file use it.
func SinkNote(m *python.Module) func() string {
	done, note := false, ""
	return func() string {
		if !done {
			done = true
			if s := pyFirstNetSink(m); s != nil {
				note = " in a file that sends data over the network (" + s.Name + ", line " + LineOf(m, s.Head) + ")"
			}
		}
		return note
	}
}

// DownloadedFiles lists the files the module writes from downloads.
func DownloadedFiles(m *python.Module) []DownloadFile {
	var files []DownloadFile
	for _, c := range m.Calls {
		if f, ok := pyDownloadTarget(m, c); ok {
			files = append(files, f)
		}
	}
	return files
}
