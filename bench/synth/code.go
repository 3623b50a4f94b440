package synth

import (
	"fmt"
	"strings"
)

// scope hands out identifiers that are unique within it, so generated code
// declares nothing twice (parsers reject that).
type scope map[string]bool

func (sc scope) fresh(name string) string {
	n := name
	for i := 2; sc[n]; i++ {
		n = fmt.Sprintf("%s%d", name, i)
	}
	sc[n] = true
	return n
}

func camel(a, b string) string {
	b = strings.ReplaceAll(b, "-", "")
	return a + title(b)
}

func snake(a, b string) string {
	return a + "_" + strings.ReplaceAll(b, "-", "_")
}

func (g *gen) strLit() string {
	switch g.intn(6) {
	case 0:
		return fmt.Sprintf("https://%s/v%d/%s", pick(g, hosts), g.between(1, 3), pick(g, nouns))
	case 1:
		return pick(g, idents) + "/" + pick(g, nouns) + "." + pick(g, []string{"json", "csv", "md", "txt", "yaml"})
	case 2:
		return title(pick(g, prose)) + " " + pick(g, prose) + " " + pick(g, nouns) + ": %s"
	case 3:
		return "application/json"
	}
	return pick(g, idents)
}

// js writes a Node.js (or TypeScript) script of 40–420 lines; about 5% of
// files are minified bundles with a few very long lines.
func (g *gen) js(ts bool) string {
	var b strings.Builder
	if g.chance(0.3) {
		b.WriteString("#!/usr/bin/env node\n")
	}
	if g.chance(0.05) {
		b.WriteString(g.minified(g.between(1, 4)))
		return b.String()
	}
	esm := ts || g.chance(0.5)
	top := scope{"main": true, "BASE_URL": true, "DEFAULTS": true}
	mods := map[string]bool{}
	for i := g.between(2, 7); i > 0; i-- {
		m := pick(g, jsModules)
		v := strings.NewReplacer("node:", "", "/", "", "_", "").Replace(m)
		if g.chance(0.35) {
			m = pick(g, npmPkgs)
			v = strings.NewReplacer("@", "", "/", "", "-", "", ".", "").Replace(m)
		}
		if mods[m] {
			continue
		}
		mods[m] = true
		v = top.fresh(v)
		if esm {
			fmt.Fprintf(&b, "import %s from '%s';\n", v, m)
		} else {
			fmt.Fprintf(&b, "const %s = require('%s');\n", v, m)
		}
	}
	b.WriteByte('\n')
	if ts {
		for i := g.between(1, 3); i > 0; i-- {
			fmt.Fprintf(&b, "interface %s {\n", title(pick(g, idents))+title(pick(g, []string{"Options", "Result", "Row", "Config"})))
			for j := g.between(2, 7); j > 0; j-- {
				fmt.Fprintf(&b, "  %s%s: %s;\n", pick(g, idents), pick(g, []string{"", "?"}), pick(g, []string{"string", "number", "boolean", "string[]", "Record<string, unknown>", "Date | null"}))
			}
			b.WriteString("}\n\n")
		}
	}
	fmt.Fprintf(&b, "const BASE_URL = process.env.BASE_URL || 'https://%s';\n", pick(g, hosts))
	fmt.Fprintf(&b, "const %s = process.env.%s || '%s';\n", top.fresh(strings.ToUpper(pick(g, idents))), pick(g, envNames), g.strLit())
	fmt.Fprintf(&b, "const DEFAULTS = { %s: %d, %s: '%s', retries: %d };\n\n", pick(g, idents), g.intn(100), pick(g, idents), g.strLit(), g.between(1, 5))
	target := g.between(20, 260)
	for strings.Count(b.String(), "\n") < target {
		switch g.intn(5) {
		case 0:
			b.WriteString(g.jsClass(ts, top))
		default:
			b.WriteString(g.jsFunc(ts, top))
		}
		b.WriteByte('\n')
	}
	if !top["mainDefined"] {
		b.WriteString("async function main(argv) {\n  console.log(argv.join(' '));\n}\n\n")
	}
	if esm {
		b.WriteString("export default main;\n")
	} else {
		b.WriteString("module.exports = { main };\n")
	}
	b.WriteString("\nmain(process.argv.slice(2)).catch((err) => {\n  console.error(err);\n  process.exit(1);\n});\n")
	return b.String()
}

// jsFunc writes a function declared in top (nil: a standalone snippet).
func (g *gen) jsFunc(ts bool, top scope) string {
	var b strings.Builder
	if top == nil {
		top = scope{}
	}
	var name string
	if !top["mainDefined"] && g.chance(0.15) {
		name = "main"
		top["mainDefined"] = true
	} else {
		name = top.fresh(camel(pick(g, verbs), pick(g, nouns)))
	}
	local := scope{}
	arg := local.fresh(pick(g, idents))
	arg2 := local.fresh(pick(g, idents))
	typ := ""
	if ts {
		typ = ": " + pick(g, []string{"string", "number", "unknown", "Record<string, string>"})
	}
	async := g.chance(0.5)
	if async {
		fmt.Fprintf(&b, "async function %s(%s%s, %s = {}) {\n", name, arg, typ, arg2)
	} else {
		fmt.Fprintf(&b, "function %s(%s%s, %s = {}) {\n", name, arg, typ, arg2)
	}
	for i := g.between(3, 14); i > 0; i-- {
		v := local.fresh(pick(g, idents) + fmt.Sprint(g.intn(10)))
		switch g.intn(11) {
		case 0:
			if async {
				fmt.Fprintf(&b, "  const %s = await fetch(`${BASE_URL}/%s/${%s}`, { headers: { 'Content-Type': 'application/json' } });\n", v, pick(g, nouns), arg)
				fmt.Fprintf(&b, "  if (!%s.ok) throw new Error(`request failed: ${%s.status}`);\n", v, v)
			} else {
				fmt.Fprintf(&b, "  const %s = JSON.parse(fs.readFileSync(path.join(__dirname, '%s'), 'utf8'));\n", v, g.strLit())
			}
		case 1:
			fmt.Fprintf(&b, "  const %s = %s.%s.map((x) => x.%s).filter(Boolean);\n", v, arg, pick(g, idents), pick(g, idents))
		case 2:
			fmt.Fprintf(&b, "  if (!%s || %s.length === 0) {\n    console.warn('%s');\n    return null;\n  }\n", arg, arg, g.strLit())
		case 3:
			fmt.Fprintf(&b, "  for (const %s of Object.keys(%s)) {\n    %s[%s] = String(%s[%s]).trim();\n  }\n", "k", arg2, arg2, "k", arg2, "k")
		case 4:
			fmt.Fprintf(&b, "  const %s = `%s ${%s}`;\n", v, pick(g, prose), arg)
		case 5:
			fmt.Fprintf(&b, "  try {\n    fs.writeFileSync('%s', JSON.stringify(%s, null, 2));\n  } catch (e) {\n    console.error('%s', e.message);\n  }\n", g.strLit(), arg, g.strLit())
		case 6:
			fmt.Fprintf(&b, "  // %s\n", g.sentence())
		case 7:
			fmt.Fprintf(&b, "  const %s = new Map(%s.map((r) => [r.%s, r]));\n", v, arg, pick(g, idents))
		case 8:
			fmt.Fprintf(&b, "  const { %s, %s } = %s;\n", local.fresh(pick(g, idents)), local.fresh(pick(g, idents)+"1"), arg2)
		case 9:
			if g.chance(0.15) {
				fmt.Fprintf(&b, "  const %s = execFileSync('%s', ['%s', '%s'], { encoding: 'utf8' });\n", v, pick(g, []string{"git", "node", "npx", "pandoc"}), pick(g, idents), pick(g, nouns))
			} else {
				fmt.Fprintf(&b, "  const %s = %s.reduce((acc, x) => acc + (x.%s || 0), 0);\n", v, arg, pick(g, idents))
			}
		default:
			fmt.Fprintf(&b, "  let %s = %s.%s ?? DEFAULTS.%s;\n", v, arg2, pick(g, idents), pick(g, idents))
		}
	}
	fmt.Fprintf(&b, "  return %s;\n}\n", arg)
	return b.String()
}

func (g *gen) jsClass(ts bool, top scope) string {
	var b strings.Builder
	name := title(pick(g, nouns)) + title(pick(g, []string{"client", "store", "parser", "builder", "cache"}))
	name = top.fresh(strings.ReplaceAll(name, "-", ""))
	fmt.Fprintf(&b, "class %s {\n", name)
	if ts {
		fmt.Fprintf(&b, "  private %s: Map<string, unknown> = new Map();\n\n", pick(g, idents))
	}
	fmt.Fprintf(&b, "  constructor(options = {}) {\n    this.options = { ...DEFAULTS, ...options };\n    this.%s = [];\n  }\n\n", pick(g, idents))
	methods := scope{"constructor": true}
	for i := g.between(1, 4); i > 0; i-- {
		m := methods.fresh(camel(pick(g, verbs), pick(g, idents)))
		fmt.Fprintf(&b, "  async %s(%s) {\n", m, pick(g, idents))
		for j := g.between(1, 5); j > 0; j-- {
			fmt.Fprintf(&b, "    this.%s.push(%s);\n", pick(g, idents), "'"+g.strLit()+"'")
		}
		b.WriteString("    return this;\n  }\n\n")
	}
	b.WriteString("}\n")
	return b.String()
}

// minified writes bundle-style lines of 3–20 KB each.
func (g *gen) minified(lines int) string {
	var b strings.Builder
	b.WriteString("/*! " + pick(g, npmPkgs) + " v" + fmt.Sprintf("%d.%d.%d", g.intn(5), g.intn(30), g.intn(20)) + " | MIT */\n")
	vars := "abcdefghijklmnopqrstuvwxyz"
	v := func() string { return string(vars[g.intn(26)]) }
	upper := "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	for l := 0; l < lines; l++ {
		fns := scope{}
		size := g.between(3000, 20000)
		start := b.Len()
		b.WriteString("!function(e,t){\"use strict\";")
		for b.Len()-start < size {
			switch g.intn(7) {
			case 0:
				fmt.Fprintf(&b, "var %s=%s(%d),%s=%s.%s||{};", v(), v(), g.intn(999), v(), v(), pick(g, idents))
			case 1:
				p, q := v(), v()
				for q == p {
					q = v()
				}
				fn := fns.fresh(string(upper[g.intn(26)]) + v())
				fmt.Fprintf(&b, "function %s(%s,%s){return %s&&%s.%s?%s[%q]:%s}", fn, p, q, p, q, pick(g, idents), q, pick(g, idents), p)
			case 2:
				fmt.Fprintf(&b, "for(var %s=0;%s<%s.length;%s++)%s.push(%s[%s]);", "n", "n", v(), "n", v(), v(), "n")
			case 3:
				fmt.Fprintf(&b, "%s.prototype.%s=function(){return this.%s};", v(), pick(g, idents), pick(g, idents))
			case 4:
				fmt.Fprintf(&b, "if(!%s)throw new TypeError(%q);", v(), pick(g, prose)+" "+pick(g, idents))
			case 5:
				fmt.Fprintf(&b, "%s=%s.replace(/[%s]+/g,%q);", v(), v(), pick(g, []string{"a-z", "\\s", "0-9"}), pick(g, idents))
			default:
				fmt.Fprintf(&b, "%s=%s?%s:%d;", v(), v(), v(), g.intn(100))
			}
		}
		b.WriteString("}(this,function(){return{}});\n")
	}
	return b.String()
}

// shell writes a bash script of 30–350 lines.
func (g *gen) shell() string {
	var b strings.Builder
	b.WriteString(pick(g, []string{"#!/usr/bin/env bash\n", "#!/bin/bash\n"})) // the scripts use bash syntax
	fmt.Fprintf(&b, "# %s\n", g.sentence())
	b.WriteString("set -euo pipefail\n\n")
	fmt.Fprintf(&b, "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\n")
	fmt.Fprintf(&b, "OUT_DIR=\"${OUTPUT_DIR:-$SCRIPT_DIR/../out}\"\n")
	fmt.Fprintf(&b, "%s=\"${%s:-%s}\"\n\n", strings.ToUpper(pick(g, idents)), pick(g, envNames), pick(g, idents))
	b.WriteString("usage() {\n  echo \"usage: $0 [-v] <" + pick(g, idents) + ">\" >&2\n  exit 2\n}\n\n")
	b.WriteString("log() { printf '%s %s\\n' \"$(date +%H:%M:%S)\" \"$*\" >&2; }\n\n")
	target := g.between(20, 250)
	for strings.Count(b.String(), "\n") < target {
		name := snake(pick(g, verbs), pick(g, nouns))
		fmt.Fprintf(&b, "%s() {\n  local %s=\"$1\"\n", name, pick(g, idents))
		for i := g.between(2, 10); i > 0; i-- {
			switch g.intn(9) {
			case 0:
				fmt.Fprintf(&b, "  if [[ ! -f \"$%s\" ]]; then\n    log \"missing %s: $%s\"\n    return 1\n  fi\n", "1", pick(g, nouns), "1")
			case 1:
				fmt.Fprintf(&b, "  for f in \"$OUT_DIR\"/*.%s; do\n    [ -e \"$f\" ] || continue\n    %s \"$f\" >> \"$OUT_DIR/%s.log\"\n  done\n", pick(g, []string{"json", "md", "csv"}), pick(g, []string{"wc -l", "head -n 5", "sha256sum"}), pick(g, idents))
			case 2:
				fmt.Fprintf(&b, "  curl -fsS -H \"Authorization: Bearer ${%s}\" \"https://%s/%s\" | jq -r '.%s[] | .%s' > \"$OUT_DIR/%s.txt\"\n", pick(g, envNames), pick(g, hosts), pick(g, nouns), pick(g, idents), pick(g, idents), pick(g, idents))
			case 3:
				fmt.Fprintf(&b, "  case \"${%s:-}\" in\n    %s) log \"%s\" ;;\n    %s|%s) shift ;;\n    *) usage ;;\n  esac\n", "1", pick(g, idents), pick(g, prose), pick(g, idents), pick(g, idents))
			case 4:
				fmt.Fprintf(&b, "  %s=$(%s \"$%s\" | %s)\n", pick(g, idents), pick(g, []string{"grep -c TODO", "git rev-parse HEAD", "jq length", "wc -l <"}), "1", pick(g, []string{"tr -d ' '", "head -n1", "sort -u", "cut -d, -f2"}))
			case 5:
				fmt.Fprintf(&b, "  mkdir -p \"$OUT_DIR/%s\"\n  cp -r \"$SCRIPT_DIR/../%s\" \"$OUT_DIR/%s/\"\n", pick(g, idents), pick(g, []string{"templates", "assets", "references"}), pick(g, idents))
			case 6:
				fmt.Fprintf(&b, "  # %s\n", g.sentence())
			case 7:
				fmt.Fprintf(&b, "  python3 \"$SCRIPT_DIR/%s.py\" --%s \"$%s\" || log \"%s failed\"\n", pick(g, scriptBases), pick(g, idents), "1", pick(g, verbs))
			default:
				fmt.Fprintf(&b, "  %s %s \"$%s\" | %s\n", pick(g, shCmds), pick(g, []string{"-n", "-r", "--quiet", "-v", ""}), "1", pick(g, []string{"sort", "uniq -c", "tee -a \"$OUT_DIR/run.log\"", "xargs -n1 echo"}))
			}
		}
		b.WriteString("}\n\n")
	}
	b.WriteString("main() {\n  [ $# -ge 1 ] || usage\n  mkdir -p \"$OUT_DIR\"\n  log \"start\"\n")
	fmt.Fprintf(&b, "  %s \"$@\"\n}\n\nmain \"$@\"\n", snake(pick(g, verbs), pick(g, nouns)))
	return b.String()
}

// python writes a Python script of 40–420 lines.
func (g *gen) python() string {
	var b strings.Builder
	b.WriteString("#!/usr/bin/env python3\n")
	fmt.Fprintf(&b, "\"\"\"%s\n\n%s\n\"\"\"\n\n", g.sentence(), g.sentence())
	for i := g.between(3, 8); i > 0; i-- {
		if g.chance(0.3) {
			fmt.Fprintf(&b, "from %s import %s\n", pick(g, pyModules), pick(g, idents))
		} else {
			fmt.Fprintf(&b, "import %s\n", pick(g, pyModules))
		}
	}
	if g.chance(0.6) {
		fmt.Fprintf(&b, "\nimport %s\n", pick(g, pyPkgs))
	}
	fmt.Fprintf(&b, "\n%s = os.environ.get(\"%s\", \"%s\")\n", strings.ToUpper(pick(g, idents)), pick(g, envNames), g.strLit())
	fmt.Fprintf(&b, "DEFAULT_%s = %d\n\n\n", strings.ToUpper(pick(g, idents)), g.intn(1000))
	target := g.between(20, 260)
	for strings.Count(b.String(), "\n") < target {
		if g.chance(0.2) {
			name := title(pick(g, nouns))
			name = strings.ReplaceAll(name, "-", "")
			fmt.Fprintf(&b, "@dataclass\nclass %s%s:\n    \"\"\"%s\"\"\"\n\n", name, pick(g, []string{"Row", "Config", "Result", "Record"}), g.sentence())
			for i := g.between(2, 6); i > 0; i-- {
				fmt.Fprintf(&b, "    %s: %s = %s\n", pick(g, idents), pick(g, []string{"str", "int", "float", "bool"}), pick(g, []string{"\"\"", "0", "0.0", "False"}))
			}
			b.WriteString("\n")
			b.WriteString(g.pyFunc(1))
			b.WriteString("\n\n")
			continue
		}
		b.WriteString(g.pyFunc(0))
		b.WriteString("\n\n")
	}
	b.WriteString("def main(argv=None):\n    parser = argparse.ArgumentParser(description=__doc__)\n")
	for i := g.between(1, 4); i > 0; i-- {
		fmt.Fprintf(&b, "    parser.add_argument(\"--%s\", default=\"%s\", help=\"%s\")\n", pick(g, idents), g.strLit(), pick(g, prose)+" "+pick(g, nouns))
	}
	b.WriteString("    args = parser.parse_args(argv)\n    return 0\n\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n")
	return b.String()
}

func (g *gen) pyFunc(indent int) string {
	var b strings.Builder
	in := strings.Repeat("    ", indent)
	name := snake(pick(g, verbs), pick(g, nouns))
	arg := pick(g, idents)
	self := ""
	if indent > 0 {
		self = "self, "
	}
	fmt.Fprintf(&b, "%sdef %s(%s%s, %s=None):\n", in, name, self, arg, pick(g, idents)+"_opt")
	fmt.Fprintf(&b, "%s    \"\"\"%s\"\"\"\n", in, g.sentence())
	for i := g.between(3, 14); i > 0; i-- {
		v := pick(g, idents)
		switch g.intn(10) {
		case 0:
			fmt.Fprintf(&b, "%s    resp = requests.get(f\"https://%s/%s/{%s}\", headers={\"Accept\": \"application/json\"}, timeout=30)\n%s    resp.raise_for_status()\n", in, pick(g, hosts), pick(g, nouns), arg, in)
		case 1:
			fmt.Fprintf(&b, "%s    with open(%s, \"r\", encoding=\"utf-8\") as fh:\n%s        %s = json.load(fh)\n", in, arg, in, v)
		case 2:
			fmt.Fprintf(&b, "%s    %s = [x for x in %s if x.get(\"%s\")]\n", in, v, arg, pick(g, idents))
		case 3:
			fmt.Fprintf(&b, "%s    if not %s:\n%s        raise ValueError(f\"%s: {%s!r}\")\n", in, arg, in, pick(g, prose)+" "+pick(g, nouns), arg)
		case 4:
			fmt.Fprintf(&b, "%s    for i, %s in enumerate(%s):\n%s        logging.debug(\"%%d %%s\", i, %s)\n", in, v, arg, in, v)
		case 5:
			fmt.Fprintf(&b, "%s    # %s\n", in, g.sentence())
		case 6:
			if g.chance(0.2) {
				fmt.Fprintf(&b, "%s    out = subprocess.run([\"%s\", \"%s\", str(%s)], capture_output=True, text=True, check=False)\n", in, pick(g, []string{"git", "pandoc", "libreoffice", "node"}), pick(g, idents), arg)
			} else {
				fmt.Fprintf(&b, "%s    %s = Path(%s).with_suffix(\".%s\")\n", in, v, arg, pick(g, []string{"json", "csv", "md"}))
			}
		case 7:
			fmt.Fprintf(&b, "%s    %s = {k: v for k, v in %s.items() if v is not None}\n", in, v, arg)
		case 8:
			fmt.Fprintf(&b, "%s    try:\n%s        %s = int(%s)\n%s    except (TypeError, ValueError):\n%s        %s = 0\n", in, in, v, arg, in, in, v)
		default:
			fmt.Fprintf(&b, "%s    %s = \"%s\".format(%s)\n", in, v, g.strLit(), arg)
		}
	}
	fmt.Fprintf(&b, "%s    return %s\n", in, arg)
	return b.String()
}
