package rules

import (
	"github.com/skillvet/skillvet/facts/match"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/pyfacts"
	"github.com/skillvet/skillvet/parse/python"
)

// PythonSQLInjection reports SQL text formatted from values the caller or
// the user chooses and handed to a database.
var PythonSQLInjection = register(&analyzer.Rule{
	ID:       "SV158",
	Name:     "python-sql-injection",
	Title:    "Python formats a caller's value into SQL text (SQL injection)",
	Severity: High,
	Category: analyzer.CatCommandInj,
	Tags:     []string{"security", "python", "CWE-89"},
	Inputs:   analyzer.InPython,
	Keywords: []string{"execute", "read_sql", "text", "raw", "sql", "query"},
	Doc: `Python code builds SQL text with an f-string, ` + "`%`" + `, ` + "`.format`" + ` or ` + "`+`" + ` and hands it to a
database: ` + "`cursor.execute`" + `, ` + "`executemany`" + `, ` + "`executescript`" + `, ` + "`pandas.read_sql`" + `,
SQLAlchemy's ` + "`text(…)`" + `, Django's ` + "`raw`" + `, DuckDB's ` + "`sql`" + `/` + "`query`" + `. A quote in an
interpolated value ends the literal and rewrites the query: ` + "`' OR '1'='1`" + ` reads every row,
` + "`'; DROP TABLE users; --`" + ` destroys them (SQL injection). The value is traced through
assignments, a variable holding the query, helper functions and their callers in the same file.
What it holds decides the severity:

- **high** — a parameter of a function nothing in the file calls (whoever calls it — the agent,
  on text from anywhere — chooses the value), or user input: command-line arguments and flags,
  ` + "`input()`" + `, stdin, a web request;
- **medium** — the environment, a file's content or downloaded data;
- **low** — values the skill computes itself (a loop over its own table names, a row it read).

Not reported: parameterised queries (` + "`execute(\"… WHERE id = ?\", (x,))`" + `, ` + "`%s`" + ` with a
parameters tuple), constants and module-level constant names, lookups in a constant allowlist
(` + "`COLUMNS[key]`" + `), numbers (` + "`int(x)`" + `, ` + "`len(x)`" + `, parameters annotated ` + "`int`" + `), placeholder lists
(` + "`\",\".join(\"?\" for _ in ids)`" + `), and identifiers validated before use (a regular-expression
match, ` + "`isidentifier()`" + `, membership in an allowlist, also as a comprehension's condition on its
loop variable, ` + "`[k for k in data if k in COLUMNS]`" + `, a validation function), and names rebuilt from word
characters (` + "`re.sub(r\"[^A-Za-z0-9_]+\", \"_\", name)`" + `, every occurrence replaced, also through a slug
function of the file that returns it): no quote, space or dash survives.

**Fix:** pass values as parameters; check identifiers (table and column names) against an
allowlist before formatting them into the query.

Bad:

` + "```python" + `
def find_user(conn, name):
    return conn.execute(f"SELECT * FROM users WHERE name = '{name}'").fetchall()
` + "```" + `

Good:

` + "```python" + `
def find_user(conn, name):
    return conn.execute("SELECT * FROM users WHERE name = ?", (name,)).fetchall()
` + "```",
	Run: runPythonSQLInjection,
})

// pySQLMethods are the methods that run SQL text handed to them.
var pySQLMethods = map[string]bool{"execute": true, "executemany": true, "executescript": true, "read_sql": true,
	"read_sql_query": true, "raw": true, "sql": true, "query": true, "exec_driver_sql": true, "mogrify": true}

// pySQLTextRx matches the statements of SQL in a query's literal parts.
var pySQLTextRx = match.MustRx(`(?is)\bselect\b.*\bfrom\b|\binsert\s+(or\s+\w+\s+)?into\b|\bupdate\b.*\bset\b|\bdelete\s+from\b|` +
	`\b(create|drop|alter)\s+(temp\w*\s+)?(table|index|view|trigger|database|schema)\b|\bpragma\s+\w|\breplace\s+into\b|\btruncate\s+table\b|\battach\s+database\b`)

func runPythonSQLInjection(p *analyzer.Pass) error {
	m := pyfacts.Module(p)
	if m == nil {
		return nil
	}
	guards := pyfacts.NewGuards(m)
	clean := func(r python.Ref) bool { return pySQLClean(r) || r.Call && pySQLWordSafe(m, r.Tok, r.End, 0) }
	origins := pyfacts.NewOrigins(m, pyfacts.Cleaners{Clean: clean, Checked: func(r python.Ref) bool {
		return pySQLChecked(m, guards, r)
	}})
	for _, c := range m.Calls {
		arg, ok := pySQLArg(c)
		if !ok {
			continue
		}
		if _, ok := m.Fold(arg.Start, arg.End); ok {
			continue // constant SQL: parameters, if any, travel apart
		}
		sql, how := pySQLTemplate(m, arg.Start, arg.End, 0)
		if !sql {
			continue // no SQL text written here: a whole query from elsewhere
		}
		if how == "" {
			how = "a run-time value"
		}
		t := origins.Of(arg.Start, arg.End)
		start, end := m.Span(c)
		var sev analyzer.Severity
		switch t.Origin {
		case pyfacts.OriginCaller, pyfacts.OriginInput:
			sev = High
		case pyfacts.OriginEnv, pyfacts.OriginFile, pyfacts.OriginNetwork:
			sev = Medium
		case pyfacts.OriginLocal:
			sev = Low
		default:
			continue
		}
		msg := c.Name + " runs SQL text built with " + how + " from " + t.Desc()
		if sev >= High {
			msg += ": a quote in it rewrites the query (SQL injection); pass values as parameters and check identifiers against an allowlist"
		} else {
			msg += "; pass values as parameters"
		}
		if sev >= High && p.File.ExampleCode() {
			sev, msg = Medium, msg+" (in example code no text tells the agent to run: a weakness to fix where it is copied)"
		}
		pyfacts.Report(p, m, analyzer.Diagnostic{Start: start, End: end, Severity: sev, Message: msg})
	}
	return nil
}

// pySQLArg returns the SQL argument of a call that runs SQL text.
func pySQLArg(c *python.Call) (python.Arg, bool) {
	switch {
	case c.Name == "sqlalchemy.text" || c.Name == "sqlalchemy.sql.text" || c.Name == "sqlalchemy.sql.expression.text":
		return c.Arg(0, "text")
	case strings.HasPrefix(c.Name, "pandas.read_sql") || c.Name == "duckdb.sql" || c.Name == "duckdb.query" || c.Name == "duckdb.execute":
	case strings.Contains(c.Name, ".") && pySQLMethods[pyfacts.LastName(c.Name)]:
	default:
		return python.Arg{}, false
	}
	for _, kw := range []string{"sql", "query", "statement", "operation", "sql_script"} {
		if a, ok := c.Arg(0, kw); ok {
			return a, true
		}
	}
	return python.Arg{}, false
}

// pySQLMaxAssigns bounds the assignments of one variable read to find
// the SQL text it holds.
const pySQLMaxAssigns = 8

// pySQLTemplate reports whether the expression in tokens [lo, hi) holds
// SQL text the skill wrote and how it is formatted ("an f-string", "%
// formatting", ".format", "concatenation"; "" when it cannot tell),
// following variables into the assignments that build them
// (query = "SELECT …"; query += f" AND {cond}").
func pySQLTemplate(m *python.Module, lo, hi, depth int) (sql bool, how string) {
	if depth > 3 || lo >= hi {
		return false, ""
	}
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		as := pyfacts.ScopedAssigns(m, m.Text(lo), lo)
		for _, as := range as[:min(len(as), pySQLMaxAssigns)] {
			s, h := pySQLTemplate(m, as.Start, as.End, depth+1)
			sql = sql || s
			if how == "" {
				how = h
			}
		}
		return sql, how
	}
	base := m.Toks[lo].Depth
	for k := lo; k < hi; k++ {
		tk := m.Toks[k]
		if tk.Depth != base {
			continue
		}
		switch {
		case tk.Kind == python.String:
			v, _ := m.Value(k)
			sql = sql || pySQLTextRx.MatchString(v)
			switch {
			case how != "":
			case tk.Flags&python.FlagInterp != 0:
				how = "an f-string"
			case m.Is(k+1, "%"):
				how = "% formatting"
			case m.Is(k+1, ".") && m.Is(k+2, "format"):
				how = ".format"
			}
		case m.Is(k, "+"):
			if how == "" {
				how = "concatenation"
			}
		case tk.Kind == python.Name && !m.Is(k+1, "(") && !m.Is(k+1, ".") && !m.Is(k+1, "[") && (k == lo || !m.Is(k-1, ".")):
			// a piece held in a variable: q = base + where
			s, h := pySQLTemplate(m, k, k+1, depth+1)
			sql = sql || s
			if how == "" {
				how = h
			}
		}
	}
	return sql, how
}

// pySQLClean matches values safe to format into SQL whatever goes in:
// quoting and identifier helpers of the database libraries.
func pySQLClean(r python.Ref) bool {
	if !r.Call {
		return false
	}
	n := r.Name
	return pyfacts.HasPrefixAny(n, "psycopg2.sql.", "psycopg.sql.", "sqlalchemy.") && !pyfacts.HasSuffixAny(n, "text", "literal_column") ||
		pyfacts.HasSuffixAny(n, "quote_identifier", "quote_ident", "quote_name", "escape_string", "escape_identifier", ".literal", "sqlite3.Binary")
}

// pySQLWordSub reports re.sub(r"[^A-Za-z0-9_]+", "_", x): every character
// outside a class of letters, digits and "_" (or \W) is replaced, at every
// occurrence, with letters, digits or "_", so only an identifier comes
// out whatever goes in: no quote, space, dash or parenthesis survives.
func pySQLWordSub(m *python.Module, r python.Ref) bool {
	if !r.Call || r.Name != "re.sub" && r.Name != "regex.sub" {
		return false
	}
	c := m.CallOf(r)
	if c == nil {
		return false
	}
	if _, ok := c.Arg(3, "count"); ok {
		return false // only the first occurrences are replaced
	}
	pa, ok1 := c.Arg(0, "pattern")
	ra, ok2 := c.Arg(1, "repl")
	if !ok1 || !ok2 {
		return false
	}
	pat, ok1 := m.Fold(pa.Start, pa.End)
	repl, ok2 := m.Fold(ra.Start, ra.End)
	if !ok1 || !ok2 || !pySQLWordRepl(repl) {
		return false
	}
	pat = strings.TrimRight(pat, "+*")
	if pat == `\W` {
		return true
	}
	if len(pat) < 4 || !strings.HasPrefix(pat, "[^") || !strings.HasSuffix(pat, "]") {
		return false
	}
	return pySQLWordClass(pat[2 : len(pat)-1])
}

// pySQLWordStrMethods keep a string of word characters one: they change
// case or remove characters.
var pySQLWordStrMethods = map[string]bool{"lower": true, "upper": true, "casefold": true, "title": true,
	"capitalize": true, "strip": true, "lstrip": true, "rstrip": true}

// pySQLWordSafe reports an expression in tokens [lo, hi) whose value is
// made of letters, digits and "_" whatever its inputs: a word-character
// substitution (pySQLWordSub) or a constant, through case changes and
// strips, "or", str(), further re.sub calls with a word-character
// replacement, local variables every binding of which is such, and
// functions of the file (def slug(name): return re.sub(...)) every return
// of which is.
func pySQLWordSafe(m *python.Module, lo, hi, depth int) bool {
	if depth > 6 || lo >= hi {
		return false
	}
	if v, ok := m.Fold(lo, hi); ok {
		return pySQLWordRepl(v)
	}
	base := m.Toks[lo].Depth
	for k := lo; k < hi; k++ {
		if m.Toks[k].Depth == base && m.Is(k, "or") {
			return pySQLWordSafe(m, lo, k, depth+1) && pySQLWordSafe(m, k+1, hi, depth+1)
		}
	}
	if hi-lo == 1 && m.Toks[lo].Kind == python.Name {
		as, scope := m.Bindings(m.Text(lo), lo)
		if len(as) == 0 || scope < 0 || len(as) > pySQLMaxAssigns {
			return false
		}
		for _, a := range as {
			if a.Aug || !pySQLWordSafe(m, a.Start, a.End, depth+1) {
				return false
			}
		}
		return true
	}
	if !m.Is(hi-1, ")") || int(m.Match[hi-1]) < lo {
		return false
	}
	open := int(m.Match[hi-1])
	if open-2 >= lo && m.Is(open-2, ".") && pySQLWordStrMethods[m.Text(open-1)] {
		return pySQLWordSafe(m, lo, open-2, depth+1) // s.strip("_").lower()
	}
	var r python.Ref
	for _, x := range m.RefsIn(lo, lo+1) {
		r = x
	}
	if !r.Call || r.End != hi {
		return false
	}
	c := m.CallOf(r)
	if c == nil {
		return false
	}
	switch {
	case pySQLWordSub(m, r):
		return true
	case r.Name == "re.sub" || r.Name == "regex.sub":
		ra, ok1 := c.Arg(1, "repl")
		sa, ok2 := c.Arg(2, "string")
		if !ok1 || !ok2 {
			return false
		}
		v, ok := m.Fold(ra.Start, ra.End)
		return ok && pySQLWordRepl(v) && pySQLWordSafe(m, sa.Start, sa.End, depth+1)
	case r.Name == "str" && len(c.Args) == 1:
		return pySQLWordSafe(m, c.Args[0].Start, c.Args[0].End, depth+1)
	case r.Var != "" && r.Name == r.Var:
		rets := m.Assigns[r.Var+"()"]
		if len(rets) == 0 || len(rets) > pySQLMaxAssigns {
			return false
		}
		for _, a := range rets {
			if !pySQLWordSafe(m, a.Start, a.End, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// pySQLWordClass reports a character class body made only of letters,
// digits, "_", ranges within a-z, A-Z or 0-9, \w and \d.
func pySQLWordClass(b string) bool {
	if b == "" {
		return false
	}
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case c == '\\':
			if i+1 >= len(b) || b[i+1] != 'w' && b[i+1] != 'd' {
				return false
			}
			i++
		case i+2 < len(b) && b[i+1] == '-':
			lo, hi := c, b[i+2]
			if lo > hi || !(pySQLBetween(lo, hi, 'a', 'z') || pySQLBetween(lo, hi, 'A', 'Z') || pySQLBetween(lo, hi, '0', '9')) {
				return false
			}
			i += 2
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9':
		default:
			return false
		}
	}
	return true
}

func pySQLBetween(lo, hi, a, z byte) bool { return lo >= a && hi <= z }

// pySQLWordRepl reports a replacement made of letters, digits and "_".
func pySQLWordRepl(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// pyValidates lists the method and function names that test a value's
// shape.
var pySQLValidators = map[string]bool{"match": true, "fullmatch": true, "search": true, "isidentifier": true,
	"isalnum": true, "isalpha": true, "isdigit": true, "isdecimal": true, "isnumeric": true, "isinstance": true}

// pySQLChecked reports a variable validated before its use at r.Tok: a
// guard that tests it with a regular expression, a str.is* method or
// membership, or a call of a validation function with it.
func pySQLChecked(m *python.Module, guards *pyfacts.Guards, r python.Ref) bool {
	if pySQLFilteredComprehension(m, r.Tok) {
		return true
	}
	for _, g := range guards.Before(r) {
		for k := g[0]; k < g[1]; k++ {
			if m.Is(k, "in") {
				return true // membership: an allowlist (or a test for quotes)
			}
		}
		for _, gr := range m.RefsIn(g[0], g[1]) {
			if !gr.Call {
				continue
			}
			last := strings.ToLower(pyfacts.LastName(gr.Name))
			if pySQLValidators[last] || pyfacts.IsValidatorName(last) {
				return true
			}
		}
	}
	return false
}

// pySQLFilteredComprehension reports token at inside a comprehension whose
// condition tests its loop variable's membership ([k for k in data if k in
// COLUMNS]): only the elements the allowlist holds come out. A "not in"
// test is a denylist and does not count.
func pySQLFilteredComprehension(m *python.Module, at int) bool {
	for {
		open := pySQLEnclosing(m, at)
		if open < 0 {
			return false
		}
		if comp, ok := pySQLComprehensionChecked(m, open); comp {
			return ok
		}
		at = open
	}
}

// pySQLEnclosing returns the opening bracket that encloses token at, or -1.
func pySQLEnclosing(m *python.Module, at int) int {
	d := m.Toks[at].Depth
	if d == 0 {
		return -1
	}
	for open := at - 1; open >= 0; open-- {
		if m.Toks[open].Depth == d-1 && int(m.Match[open]) > at && (m.Is(open, "[") || m.Is(open, "(") || m.Is(open, "{")) {
			return open
		}
	}
	return -1
}

// pySQLComprehensionChecked reports whether the brackets opening at open
// hold a comprehension (comp) and whether its condition tests a loop
// variable's membership (ok).
func pySQLComprehensionChecked(m *python.Module, open int) (comp, ok bool) {
	close := int(m.Match[open])
	d := m.Toks[open].Depth + 1
	var loopVars []string
	inIf := false
	for k := open + 1; k < close; k++ {
		if m.Toks[k].Depth != d {
			continue
		}
		switch {
		case m.Is(k, "for"):
			comp, inIf = true, false
			for j := k + 1; j < close && !m.Is(j, "in"); j++ {
				if m.Toks[j].Kind == python.Name {
					loopVars = append(loopVars, m.Text(j))
				}
			}
		case m.Is(k, "if") && comp:
			inIf = true
		case inIf && m.Is(k, "in") && !m.Is(k-1, "not") && m.Toks[k-1].Kind == python.Name:
			for _, v := range loopVars {
				if m.Text(k-1) == v {
					ok = true
				}
			}
		}
	}
	return comp, ok
}
