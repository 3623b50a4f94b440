package synth

var verbs = []string{"analyze", "build", "check", "convert", "create", "debug", "deploy", "design", "draft",
	"export", "extract", "fetch", "format", "generate", "import", "index", "inspect", "lint", "manage",
	"merge", "migrate", "monitor", "optimize", "parse", "plan", "publish", "query", "refactor", "render",
	"report", "review", "scan", "schedule", "search", "summarize", "sync", "test", "track", "translate",
	"triage", "update", "upload", "validate", "visualize", "write"}

var nouns = []string{"api", "archive", "article", "asset", "audit", "backlog", "branch", "budget", "bundle",
	"calendar", "changelog", "chart", "commit", "component", "config", "contract", "csv", "dashboard",
	"database", "dataset", "deck", "diagram", "docs", "email", "event", "expense", "feed", "figma",
	"form", "image", "invoice", "issue", "journal", "kanban", "ledger", "log", "manifest", "meeting",
	"metric", "migration", "notebook", "note", "pdf", "pipeline", "playlist", "podcast", "post",
	"presentation", "prompt", "pull-request", "query", "recipe", "release", "report", "repo", "resume",
	"roadmap", "schema", "screenshot", "sheet", "sitemap", "slide", "snippet", "spec", "sprint", "sql",
	"table", "task", "template", "ticket", "timeline", "transcript", "trip", "tweet", "video", "webhook",
	"wiki", "workflow", "xlsx"}

var topics = []string{"engineering teams", "data analysts", "marketing workflows", "technical writers",
	"product managers", "finance operations", "customer support", "research notes", "DevOps pipelines",
	"open-source maintainers", "design reviews", "sales pipelines", "legal review", "personal productivity",
	"academic papers", "mobile releases", "security reviews", "infrastructure as code"}

var authors = []string{"anthropic", "acme-labs", "jdoe", "skills-community", "data-tools", "ops-team",
	"m.garcia", "openclaw-contrib", "k.tanaka", "r.okafor"}

var scriptBases = []string{"main", "run", "convert", "extract", "fetch", "validate", "report", "sync",
	"setup", "build", "render", "helpers", "utils", "client", "cli", "index", "analyze", "export"}

var refNames = []string{"REFERENCE", "FORMS", "api", "examples", "guide", "schema", "troubleshooting",
	"advanced", "styles", "glossary", "workflows", "checklist"}

var prose = []string{"the", "a", "this", "each", "every", "when", "then", "before", "after", "with",
	"without", "for", "from", "into", "using", "and", "or", "but", "if", "unless", "so", "that", "which",
	"user", "file", "files", "output", "input", "request", "response", "skill", "script", "command",
	"directory", "workspace", "project", "result", "results", "value", "values", "field", "fields",
	"option", "options", "step", "steps", "section", "document", "template", "format", "table", "row",
	"column", "header", "page", "list", "item", "items", "error", "errors", "warning", "summary",
	"should", "must", "can", "may", "will", "always", "never", "only", "first", "next", "last",
	"run", "read", "write", "open", "save", "check", "confirm", "review", "update", "create", "remove",
	"keep", "use", "pass", "return", "prefer", "avoid", "include", "exclude", "ask", "show", "explain",
	"clear", "short", "concise", "consistent", "valid", "existing", "new", "current", "default",
	"relevant", "specific", "small", "large", "complete", "partial", "structured", "readable", "local",
	"remote", "temporary", "final", "draft", "original", "updated", "generated", "required", "optional"}

var hosts = []string{"api.github.com", "api.openai.com", "api.anthropic.com", "docs.python.org",
	"developer.mozilla.org", "registry.npmjs.org", "pypi.org", "www.googleapis.com", "api.notion.com",
	"slack.com", "api.stripe.com", "example.com", "api.linear.app", "graph.microsoft.com",
	"hooks.zapier.com", "api.airtable.com", "raw.githubusercontent.com", "en.wikipedia.org"}

var jsModules = []string{"fs", "path", "os", "child_process", "crypto", "url", "util", "stream", "http",
	"https", "readline", "zlib", "events", "assert", "node:fs/promises", "node:path"}

var npmPkgs = []string{"axios", "commander", "chalk", "yargs", "dotenv", "lodash", "dayjs", "zod",
	"marked", "cheerio", "pdf-lib", "sharp", "xlsx", "csv-parse", "node-fetch", "express", "glob",
	"js-yaml", "openai", "@anthropic-ai/sdk", "@octokit/rest", "puppeteer", "playwright"}

var pyModules = []string{"os", "sys", "json", "re", "csv", "argparse", "pathlib", "subprocess",
	"datetime", "logging", "typing", "dataclasses", "collections", "itertools", "functools", "shutil",
	"tempfile", "urllib.parse", "hashlib", "base64", "time", "math", "textwrap"}

var pyPkgs = []string{"requests", "yaml", "pandas", "numpy", "openpyxl", "pypdf", "docx", "bs4",
	"jinja2", "httpx", "rich", "click", "PIL", "matplotlib"}

var shCmds = []string{"git", "jq", "npm", "node", "python3", "sed", "awk", "grep", "find", "sort",
	"uniq", "wc", "head", "tail", "tr", "cut", "xargs", "tar", "gzip", "mkdir", "cp", "mv", "rm", "ls",
	"date", "printf", "echo", "cat", "diff", "pandoc", "convert", "ffmpeg", "rg", "gh"}

var envNames = []string{"API_KEY", "GITHUB_TOKEN", "NOTION_TOKEN", "SLACK_WEBHOOK_URL", "OPENAI_API_KEY",
	"OUTPUT_DIR", "LOG_LEVEL", "BASE_URL", "TIMEOUT", "DEBUG", "WORKSPACE", "HOME", "TZ", "LANG"}

var idents = []string{"data", "items", "result", "config", "options", "client", "response", "payload",
	"rows", "records", "entry", "entries", "path", "dir", "name", "text", "body", "headers", "url",
	"query", "params", "args", "ctx", "state", "cache", "index", "count", "total", "buffer", "chunk",
	"line", "lines", "token", "page", "pages", "report", "summary", "output", "input", "source",
	"target", "template", "schema", "field", "fields", "value", "key", "keys", "meta", "stats"}
