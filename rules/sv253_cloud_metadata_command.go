package rules

import (
	"regexp"
	"strings"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/facts/match"
	"github.com/skillvet/skillvet/facts/shellfacts"
	"github.com/skillvet/skillvet/intel"
	"github.com/skillvet/skillvet/parse/shell"
)

// ShellCloudMetadata reports commands that query cloud instance metadata
// services for credentials.
var ShellCloudMetadata = register(&analyzer.Rule{
	ID:       "SV253",
	Name:     "cloud-metadata-command",
	Title:    "Command queries the cloud instance metadata service",
	Severity: High,
	Category: analyzer.CatCredentials,
	Tags:     []string{"security", "CWE-918", "CWE-522"},
	Inputs:   shellfacts.Inputs,
	Doc: `Finds commands that talk to a cloud instance metadata service:
` + "`169.254.169.254`" + ` (AWS, Azure, GCP, OpenStack), ` + "`metadata.google.internal`" + `, ` + "`100.100.100.200`" + `
(Alibaba), ` + "`fd00:ec2::254`" + `. On a cloud machine these hand out the instance's IAM
credentials to any local process; an agent running a skill there can be made to
fetch them. The grade follows the path the request asks for (the URL curl connects
to, not a header or the data it sends):

- **critical**: credentials and tokens (` + "`/iam/security-credentials`" + `, Alibaba
  ` + "`/ram/security-credentials`" + `, ` + "`/token`" + `, ` + "`service-accounts/…`" + `, Azure ` + "`identity/oauth2`" + `), or any
  answer sent on (piped or substituted into a network command);
- **high**: every other path: user data and custom data, GCP attributes, signed
  identity documents, recursive listings, a path computed at run
  time, and an instance-facts query whose answer is kept (in a variable, a file, a
  program that is no text filter) in a file that also sends data somewhere (a POST,
  an upload, a network command given a computed word), where the answer may travel
  on; printed, through jq or grep at most, it is medium;
- **medium**: instance facts whose answer stays on the machine (cloud detection and
  health checks): AWS/Alibaba ` + "`instance-id`" + `, ` + "`instance-type`" + `, ` + "`placement/…`" + `, addresses, network
  interfaces, ` + "`region-id`" + `, the AWS identity ` + "`document`" + `; GCP ` + "`instance/zone`" + `, ` + "`machine-type`" + `,
  ` + "`network-interfaces/…`" + `, ` + "`project/project-id`" + `; Azure ` + "`/metadata/instance`" + ` and its ` + "`compute`" + ` (except
  ` + "`userData`" + `/` + "`customData`" + `) and ` + "`network`" + ` parts, ` + "`scheduledevents`" + `; a root listed
  without recursion (` + "`/latest/meta-data/`" + `, ` + "`/computeMetadata/v1/instance/`" + `: entry names, no values).

Two reads of a token are not sent anywhere and are **medium**: the list of the instance's
role names (` + "`/iam/security-credentials/`" + ` with no role after it, printed, not kept: the
credentials are a second request naming a role), and workload identity federation, an
instance or identity token kept in a variable whose every use is its exchange at the cloud
vendor's own token service (` + "`sts.googleapis.com`, `login.microsoftonline.com`" + `, AWS STS) or,
as an OAuth grant (` + "`grant_type`, `assertion`, `subject_token`" + ` to a token endpoint), at a
known API host. Echoed, kept in a file, copied or sent to any other host (even the one it
was asked for as its audience), it stays critical.

An AWS IMDSv2 session token (` + "`PUT /latest/api/token`" + `) only opens the metadata
service: it is graded as the file's other metadata queries (critical next to a
credentials read, medium when they only read instance facts), high when there are
none.

**Fix:** use the cloud SDK's own credential chain in code the user controls; skills
should not read instance metadata.

Bad:

` + "```sh" + `
curl -s http://169.254.169.254/latest/meta-data/iam/security-credentials/web-role
` + "```" + `

Good:

` + "```sh" + `
aws sts get-caller-identity
` + "```",
	Run: shRunCloudMetadata,
})

// shMetadataURL returns the argument word of c that addresses a metadata
// service: for a downloader, a URL it connects to, not a header or the
// data it sends (-H "X-aws-ec2-metadata-token: $TOKEN" holds the text of
// the token request; -d "id=$ID" an earlier query's), nor a word that is
// only another command's text.
func shMetadataURL(c *shell.Command) (shell.Word, bool) {
	if !shellfacts.IsDownloader(c) && c.Name != "nc" && c.Name != "ncat" {
		return shell.Word{}, false
	}
	var targets []string
	if shellfacts.IsDownloader(c) {
		targets = shellfacts.TargetURLs(c)
	}
	for _, w := range c.Params() {
		if strings.HasPrefix(w.Value, "$(") || strings.HasPrefix(w.Value, "`") || strings.HasPrefix(w.Value, "<(") {
			continue
		}
		if shellfacts.IsDownloader(c) {
			target := false
			for _, t := range targets {
				target = target || strings.Contains(w.Value, t) || t == "http://"+w.Value
			}
			if !target {
				continue
			}
		}
		low := strings.ToLower(w.Value)
		for _, h := range intel.MetadataHosts {
			if strings.Contains(low, h) {
				return w, true
			}
		}
	}
	return shell.Word{}, false
}

// shMetaRole is what one metadata query asks for.
type shMetaRole uint8

const (
	shMetaOther      shMetaRole = iota // a path not known to be harmless, or one computed at run time
	shMetaInfo                         // instance facts (shMetaInfoRx)
	shMetaCredential                   // credentials, tokens, service accounts
	shMetaSession                      // the AWS IMDSv2 session token (PUT /latest/api/token)
)

func shMetaRoleOf(w shell.Word) shMetaRole {
	switch intel.MetadataPathRole(w.Value) {
	case intel.MetaSession:
		return shMetaSession
	case intel.MetaCredential:
		return shMetaCredential
	case intel.MetaInfo:
		if w.Const {
			return shMetaInfo
		}
	}
	return shMetaOther // another path, or one computed at run time: may be anything
}

// shMetaSends returns a command of the file that may carry a metadata
// answer elsewhere: one that sends data, or a network command given a
// word computed at run time or fed by a pipe. Metadata queries themselves
// are not counted.
func shMetaSends(p *analyzer.Pass) string {
	found := ""
	_ = shellfacts.ForEachCommand(p, func(_ *analyzer.ShellSite, c *shell.Command) {
		if found != "" {
			return
		}
		if _, ok := shMetadataURL(c); ok {
			return
		}
		if _, ok := shellfacts.SendsData(c); ok {
			found = c.Name
			return
		}
		if !shellfacts.IsDownloader(c) && !shellfacts.NetworkTools[c.Name] {
			return
		}
		if c.PipePrev >= 0 {
			found = c.Name
			return
		}
		for _, w := range c.Params() {
			if !w.Const {
				found = c.Name
				return
			}
		}
	})
	return found
}

// shMetaCaptured reports whether a metadata query's answer is kept for
// later: its pipeline runs inside a command substitution (ID=$(curl …)),
// or its end writes a file (> f, tee f) or feeds a program that is no
// text filter. An answer printed to the terminal, through jq, grep or
// the like, is not.
func shMetaCaptured(s *shell.Script, c *shell.Command) bool {
	seen := 0
	for x := c; x != nil && seen < 64; seen++ {
		if x.Via == shell.ViaSubst || x.Via == shell.ViaProcSubst {
			return true
		}
		if x != c && !shMetaFilters[x.Name] {
			return true
		}
		if x.Name == "tee" {
			return true
		}
		for _, r := range x.Redirs {
			if (r.Fd == "" || r.Fd == "1" || r.Fd == "&") && (r.Op == ">" || r.Op == ">>" || r.Op == ">|" || r.Op == "&>" || r.Op == "&>>") && r.Target.Value != "/dev/null" {
				return true
			}
		}
		if x.PipeNext < 0 || x.PipeNext >= len(s.Commands) {
			break
		}
		x = s.Commands[x.PipeNext]
	}
	return false
}

// shMetaCapturedVar returns the variable a metadata query's answer is
// assigned to (TOKEN=$(curl … | jq -r .access_token)), or "".
func shMetaCapturedVar(s *shell.Script, c *shell.Command, w shell.Word) string {
	if c.Via != shell.ViaSubst {
		return ""
	}
	name := ""
	shellfacts.Ancestors(s, c, func(a *shell.Command) bool {
		for _, as := range a.Assigns {
			n, v, ok := strings.Cut(as.Raw, "=")
			if ok && shMetaVarNameRx.MatchString(n) && strings.HasPrefix(strings.TrimLeft(v, `"`), "$(") && strings.Contains(v, w.Raw) {
				name = n
				return false
			}
		}
		return name == "" && a.Via == shell.ViaSubst
	})
	return name
}

var (
	shMetaVarNameRx = match.MustRx(`^[A-Za-z_]\w*$`)
	// shMetaExchangeRx marks a token-exchange request body: an OAuth
	// grant that presents the token as an assertion or subject token.
	shMetaExchangeRx = match.MustRx(`(?i)grant_type|subject_token|assertion`)
)

// shMetaExchangedAt reports where a metadata token read by c is exchanged,
// when that is the only thing done with it: its answer is kept in a
// variable whose every use in the file is a request to a token endpoint
// at the cloud vendor's own token service (sts.googleapis.com,
// login.microsoftonline.com, AWS STS) or, as an OAuth grant presenting it
// (a path holding "token", a grant_type, assertion or subject_token), at a
// known API host (api.anthropic.com), where the token is traded for that
// API's own. Echoed, written, sent to another host (even one named as the
// token's audience: a skill may name its own) or used by another command,
// it is not an exchange.
func shMetaExchangedAt(p *analyzer.Pass, s *shell.Script, c *shell.Command, w shell.Word) string {
	name := shMetaCapturedVar(s, c, w)
	if name == "" {
		return ""
	}
	ref := regexp.MustCompile(`\$\{?` + name + `\b`) // per call: a plain regexp (rxlit keeps every Rx)
	to, other := "", false
	_ = shellfacts.ForEachCommand(p, func(_ *analyzer.ShellSite, k *shell.Command) {
		if other {
			return
		}
		for _, as := range k.Assigns {
			if _, v, _ := strings.Cut(as.Raw, "="); ref.MatchString(v) && !strings.HasPrefix(strings.TrimLeft(v, `"`), "$(") {
				other = true // copied into another variable: followed no further
				return
			}
		}
		used := false
		for _, a := range k.Params() {
			used = used || ref.MatchString(a.Raw)
		}
		if !used || k.Name == "export" {
			return
		}
		if !shellfacts.IsDownloader(k) {
			other = true
			return
		}
		urls := shellfacts.TargetURLs(k)
		if len(urls) != 1 {
			other = true
			return
		}
		h, class := intel.URLClass(urls[0])
		h = strings.ToLower(h)
		grant := false
		for _, a := range k.Params() {
			grant = grant || shMetaExchangeRx.MatchString(a.Value)
		}
		path := urls[0]
		if i := strings.Index(path, "://"); i >= 0 {
			path = path[i+3:]
		}
		_, path, _ = strings.Cut(path, "/")
		switch {
		case intel.CloudTokenService(h),
			strings.Contains(strings.ToLower(path), "token") && grant && class == intel.HostKnownAPI:
			to = h
		default:
			other = true
		}
	})
	if other {
		return ""
	}
	return to
}

// shMetaFilters print a filtered view of their input.
var shMetaFilters = map[string]bool{"jq": true, "grep": true, "egrep": true, "head": true, "tail": true, "cut": true,
	"sed": true, "awk": true, "sort": true, "uniq": true, "tr": true, "wc": true, "column": true, "less": true, "more": true,
	"cat": true, "yq": true, "xmllint": true, "fold": true}

func shRunCloudMetadata(p *analyzer.Pass) error {
	// the grade of the file's other metadata queries, which an IMDSv2
	// session token only serves
	served := analyzer.SevNone
	sends, sendsKnown := "", false
	sendsOf := func() string {
		if !sendsKnown {
			sends, sendsKnown = shMetaSends(p), true
		}
		return sends
	}
	type query struct {
		site *analyzer.ShellSite
		c    *shell.Command
		w    shell.Word
		sev  analyzer.Severity
		what string
	}
	var qs []query
	err := shellfacts.ForEachCommand(p, func(site *analyzer.ShellSite, c *shell.Command) {
		w, ok := shMetadataURL(c)
		if !ok {
			return
		}
		u := w.Value
		q := query{site: site, c: c, w: w, sev: High, what: "queries the cloud instance metadata service (" + shellfacts.ClipText(u, 80) + ")"}
		role := shMetaRoleOf(w)
		switch {
		case role == shMetaCredential:
			q.sev, q.what = Critical, "reads cloud instance credentials from the metadata service ("+shellfacts.ClipText(u, 80)+")"
			if intel.MetadataRoleListing(u) && w.Const && !shMetaCaptured(site.Script, c) && shellfacts.EnvDestination(site.Script, -1, c) == "" {
				// the role names, printed: the credentials are a second
				// request naming a role
				q.sev, q.what = Medium, "lists the instance's role names from the metadata service ("+shellfacts.ClipText(u, 80)+"), not their credentials"
			} else if to := shMetaExchangedAt(p, site.Script, c, w); to != "" {
				// workload identity federation: the token goes to the
				// service it is for, and nowhere else
				q.sev, q.what = Medium, "reads an instance token from the metadata service ("+shellfacts.ClipText(u, 80)+") and only exchanges it at "+to+", the token service it is for (workload identity federation)"
			}
		case shellfacts.EnvDestination(site.Script, -1, c) != "":
			q.sev, q.what = Critical, q.what+" and sends the answer on"
		case role == shMetaSession:
			q.what = "fetches an IMDSv2 session token for the metadata service (" + shellfacts.ClipText(u, 80) + ")"
			q.sev = analyzer.SevNone // graded below by the queries it serves
		case role == shMetaInfo:
			if !shMetaCaptured(site.Script, c) {
				// printed (through jq or grep at most): the answer
				// reaches the reader, nothing keeps it for a later send
				q.sev, q.what = Medium, q.what+" for instance facts, not credentials"
			} else if to := sendsOf(); to != "" {
				q.what += " for instance facts; " + to + " in the same file may send the answer on"
			} else {
				// the instance's own id, type, address, region: what
				// deployment guides and health checks read; not
				// credentials, and nothing here sends it anywhere
				q.sev, q.what = Medium, q.what+" for instance facts, not credentials"
			}
		}
		if q.sev > served {
			served = q.sev
		}
		qs = append(qs, q)
	})
	if err != nil {
		return err
	}
	for _, q := range qs {
		if q.sev == analyzer.SevNone {
			switch {
			case served == analyzer.SevNone:
				q.sev, q.what = High, q.what+"; no query in this file shows what it is used for"
			case served >= Critical:
				q.sev, q.what = Critical, q.what+"; this file reads credentials or sends metadata on with it"
			default:
				q.sev, q.what = served, q.what+" for this file's metadata queries, graded as they are"
			}
		}
		shellfacts.Report(p, q.site, analyzer.Diagnostic{Start: q.c.Start, End: shellfacts.CmdEnd(q.c), Severity: q.sev, Message: q.what + shellfacts.Where(q.site)})
	}
	return nil
}
