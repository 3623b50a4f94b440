package mcpserver

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/skillvet/skillvet/loader"
)

// SkillInfo is one skill in list_skills.
type SkillInfo struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Location is where the client reads the skill: its skill:// URI
	// (resources/read or read_skill_resource).
	Location string `json:"location" jsonschema:"skill://<name>: read it with resources/read or read_skill_resource"`
	Path     string `json:"path,omitempty" jsonschema:"the skill directory on the server's disk, while it holds exactly the scanned bytes (left out when it changed since the scan: see changed)"`
	// Changed: the directory changed on disk since the scan; its path is
	// withheld until it is rescanned (skill:// still serves the scanned
	// bytes).
	Changed bool   `json:"changed,omitempty" jsonschema:"the skill changed on disk since it was scanned: its path is withheld until it is scanned again; skill:// still serves the scanned bytes"`
	Source  string `json:"source" jsonschema:"where the skill comes from: extra, bundled, managed, user or workspace"`
	// Shadows are the sources of skills of the same name this one
	// replaces.
	Shadows []string `json:"shadows,omitempty" jsonschema:"sources of other skills of the same name that this one replaces, e.g. user for a workspace skill replacing the user's own"`
	Context string   `json:"context,omitempty" jsonschema:"the frontmatter context, e.g. fork"`
	// UserInvocable is false for user-invocable: false (not offered as a
	// prompt).
	UserInvocable bool   `json:"userInvocable"`
	ArgumentHint  string `json:"argumentHint,omitempty"`
	Approved      bool   `json:"approved,omitempty" jsonschema:"admitted by an operator approval of this exact version despite findings"`
	// Provenance is the skill's signature status (left out when nothing
	// was checked: no signature file and no policy for it).
	Provenance *ProvenanceInfo `json:"provenance,omitempty" jsonschema:"the skill's publisher signature, as the gate checked it"`
}

// ProvenanceInfo is a skill's signature status in list_skills. It holds
// fixed words and names the operator chose (the trust anchor) or a
// trusted certificate authority vouched for (the signer), never text from
// the skill's files.
type ProvenanceInfo struct {
	Status string `json:"status" jsonschema:"verified (signed by a publisher the operator trusts, every file as signed), failed (a signature that does not verify, or files changed since signing), unsigned, or unchecked (no trust anchor configured)"`
	Policy string `json:"policy" jsonschema:"what the operator asks of this skill: require, prefer or off"`
	// SignedBy is the trust anchor's name and Signer the signing
	// certificate's subject, for a verified skill.
	SignedBy string `json:"signedBy,omitempty" jsonschema:"the operator's name for the publisher whose signature verified"`
	Signer   string `json:"signer,omitempty" jsonschema:"the signing certificate's subject, for a verified skill"`
}

func provenanceInfo(e *loader.Entry) *ProvenanceInfo {
	c := e.Provenance
	if c == nil || c.Result == nil {
		return nil
	}
	p := &ProvenanceInfo{Status: string(c.Status()), Policy: string(c.Mode)}
	if c.Result.Verified() {
		p.SignedBy, p.Signer = c.Result.Anchor, loader.OneLine(c.Result.Signer)
	}
	return p
}

// ListOutput is list_skills' result.
type ListOutput struct {
	Skills []SkillInfo `json:"skills" jsonschema:"admitted, model-invocable skills, sorted by name"`
}

// ActivateInput is activate_skill's input.
type ActivateInput struct {
	Name      string `json:"name" jsonschema:"the skill name, as listed by list_skills"`
	Arguments string `json:"arguments,omitempty" jsonschema:"arguments for the skill, as a user would type them after /<name>; split like a shell for $0, $1 and $ARGUMENTS[N] (quotes group words, nothing is expanded)"`
}

// ActivateOutput is activate_skill's result. When the skill is not served
// the call is an error result with Status, Reason and Findings set.
type ActivateOutput struct {
	Name string `json:"name"`
	// Status is "activated", or why the skill is not served: "refused",
	// "ineligible", "disabled", "not-found" or "not-model-invocable"
	// (disable-model-invocation: true; served as a prompt only).
	Status string `json:"status" jsonschema:"activated, refused, ineligible, disabled, not-found or not-model-invocable"`
	Body   string `json:"body,omitempty" jsonschema:"the SKILL.md body without frontmatter, arguments substituted; ${SKILL_DIR} becomes skill://<name>"`
	URI    string `json:"uri,omitempty"`
	Hash   string `json:"hash,omitempty" jsonschema:"content hash of the scanned skill version"`
	// Fork is true for context: fork: the client should run Body in a
	// subagent (with Agent and Model when given), not inline.
	Fork    bool   `json:"fork" jsonschema:"true for context: fork: run the body in a subagent rather than inline"`
	Context string `json:"context,omitempty"`
	Agent   string `json:"agent,omitempty" jsonschema:"the frontmatter agent, for context: fork"`
	Model   string `json:"model,omitempty" jsonschema:"the frontmatter model"`
	// Commands are the body's dynamic-context lines: never run by this
	// server, left in the body as written.
	Commands []loader.CommandReport `json:"commands,omitempty" jsonschema:"dynamic-context (!command) lines of the body; this server never runs them"`
	Code     string                 `json:"code,omitempty" jsonschema:"why the skill is not served, in a word (findings, not-analysed, invalid, git-metadata, changed, pinned, ineligible, …)"`
	Reason   string                 `json:"reason,omitempty" jsonschema:"why the skill is not served: a fixed sentence for the code"`
	Findings []findingOut           `json:"findings,omitempty" jsonschema:"the findings that kept the skill out: rule, title, file and line"`
}

// ReadInput is read_skill_resource's input.
type ReadInput struct {
	Name string `json:"name" jsonschema:"the skill name"`
	Path string `json:"path,omitempty" jsonschema:"slash path of a file relative to the skill directory, e.g. references/guide.md (empty: SKILL.md)"`
}

// ReadOutput is read_skill_resource's result.
type ReadOutput struct {
	URI      string `json:"uri"`
	Name     string `json:"name"`
	Path     string `json:"path"`
	MIMEType string `json:"mimeType"`
	Size     int    `json:"size" jsonschema:"bytes"`
	Text     string `json:"text,omitempty" jsonschema:"the content, for text files"`
	Blob     string `json:"blob,omitempty" jsonschema:"the content base64-encoded, for binary files"`
}

func (s *Server) addTools() {
	ro := &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)}
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:        ToolListSkills,
		Title:       "List skills",
		Description: "List the Agent Skills that passed skillvet's security gate and that the model may invoke: name, description, location (skill:// URI), source.",
		Annotations: ro,
	}, s.listSkills)
	s.toolDesc = s.activateDescription(s.l.Registry())
	s.addActivateTool(s.toolDesc)
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:  ToolReadSkillResource,
		Title: "Read a skill file",
		Description: fmt.Sprintf("Read a file of an admitted skill (skill://<name>/<path>) from the bytes that were scanned: text, or base64 for binary files; at most %d bytes. "+
			"Paths are relative to the skill directory; absolute paths, . and .. segments and percent-encoded separators are refused.", s.opts.MaxResourceBytes),
		Annotations: ro,
	}, s.readSkillResource)
	if s.scan != nil {
		mcp.AddTool(s.srv, &mcp.Tool{
			Name:  ToolScanSkill,
			Title: "Scan a skill",
			Description: "Scan a skill directory with skillvet's security rules (third-party mode: skillvet:ignore directives are not honoured) and return the verdict and findings. " +
				"Only directories inside these operator-allowed roots can be scanned (relative paths are taken from the first): " + strings.Join(s.scan.roots, ", "),
			Annotations: ro,
		}, s.scanSkill)
	}
}

func (s *Server) addActivateTool(desc string) {
	mcp.AddTool(s.srv, &mcp.Tool{
		Name:        ToolActivateSkill,
		Title:       "Activate a skill",
		Description: desc,
		Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(false)},
	}, s.activateSkill)
}

// activateDescription is activate_skill's description: what it does and
// the <available_skills> block of the model-invocable skills (escaped and
// stripped of hidden characters by the loader).
func (s *Server) activateDescription(reg *loader.Registry) string {
	p := reg.Prompt(loader.PromptOptions{Budget: s.opts.PromptBudget, Location: loader.URILocation})
	var b strings.Builder
	b.WriteString("Load a skill's instructions when the task matches its description: returns the SKILL.md body " +
		"(frontmatter stripped, arguments substituted). Only skills that passed skillvet's security gate are served; " +
		"a refused skill returns an error with the reason and findings. For context: fork skills the result says so " +
		"(fork, agent, model): run the body in a subagent.\n\n")
	if len(p.Included) == 0 && len(p.Omitted) == 0 {
		b.WriteString("No skills are available right now.")
	} else {
		b.WriteString(p.Text)
		if len(p.Omitted) > 0 {
			fmt.Fprintf(&b, "(%d more skill(s) did not fit; call list_skills.)\n", len(p.Omitted))
		}
	}
	for _, n := range shadowNotes(reg) {
		b.WriteString("\nNote: " + n + ".")
	}
	return b.String()
}

func (s *Server) listSkills(ctx context.Context, _ *mcp.CallToolRequest, _ any) (*mcp.CallToolResult, ListOutput, error) {
	out := ListOutput{Skills: []SkillInfo{}}
	reg := s.l.Registry()
	shadows := map[string][]string{}
	for _, sh := range reg.Shadowings() {
		if !sh.Pinned {
			shadows[sh.Name] = append(shadows[sh.Name], string(sh.LoserSource))
		}
	}
	for _, e := range reg.ModelSkills() {
		info := SkillInfo{Name: e.Name, Description: loader.OneLine(e.Description),
			Location: loader.Scheme + e.Name, Path: e.Dir, Source: e.Source.String(), Shadows: shadows[e.Name],
			Context: loader.OneLine(frontmatter(e, "context")), UserInvocable: e.UserInvocable,
			ArgumentHint: argumentHint(e), Approved: e.Approved != nil, Provenance: provenanceInfo(e)}
		if reg.OnDisk(e) != nil {
			// The agent would read and run the files there, not the
			// scanned bytes: no path until a reload scans them.
			info.Path, info.Changed = "", true
		}
		out.Skills = append(out.Skills, info)
	}
	return nil, out, nil
}

func (s *Server) activateSkill(ctx context.Context, _ *mcp.CallToolRequest, in ActivateInput) (*mcp.CallToolResult, ActivateOutput, error) {
	reg := s.l.Registry() // one snapshot for the whole call
	out := ActivateOutput{Name: in.Name}
	if e := reg.Lookup(in.Name); e != nil && e.Admitted() && !e.ModelInvocable {
		// disable-model-invocation: only a user starts it (prompts/get).
		out.Status, out.Reason = "not-model-invocable", "disable-model-invocation is set: only the user can invoke it (as a prompt)"
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{
			Text: fmt.Sprintf("skill %q is not served to the model: %s\n", e.Name, out.Reason)}}}, out, nil
	}
	r, err := reg.Render(ctx, in.Name, loader.RenderOptions{Args: splitArgs(in.Arguments), BaseDir: loader.Scheme + in.Name})
	if err != nil {
		return s.refusal(reg, in.Name, err, &out), out, nil
	}
	e := reg.Lookup(in.Name)
	out.Status, out.Body, out.URI, out.Hash = "activated", r.Body, loader.Scheme+e.Name, e.Hash
	out.Context = frontmatter(e, "context")
	out.Fork = out.Context == "fork"
	out.Agent, out.Model = frontmatter(e, "agent"), frontmatter(e, "model")
	out.Commands = r.Commands
	text := r.Body
	if out.Fork {
		head := "This skill runs in a forked context (context: fork): run the instructions below in a subagent"
		if out.Agent != "" {
			head += " of type " + loader.OneLine(out.Agent)
		}
		if out.Model != "" {
			head += " with model " + loader.OneLine(out.Model)
		}
		text = head + ", not inline.\n\n" + r.Body
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}}, out, nil
}

// refusal fills out for a skill that is not served and returns the error
// result: the reason and, for refused skills, the blocking findings.
// Everything in it is fixed text, the rule IDs and titles, and file paths
// and lines: never the reason or a rule's message, which may quote the
// skill.
func (s *Server) refusal(reg *loader.Registry, name string, err error, out *ActivateOutput) *mcp.CallToolResult {
	var re *loader.RefusedError
	switch {
	case errors.As(err, &re):
		code := re.Code
		if code == loader.CodeNone {
			code = loader.CodeNotServed
		}
		out.Status, out.Code, out.Reason = string(re.Status), string(code), code.Message()
		if e := reg.Lookup(name); e != nil && e.Status == loader.StatusRefused {
			out.Findings = toFindings(e.Findings, s.l.Gate().RuleTitle, false)
		}
	case errors.Is(err, loader.ErrNotFound):
		out.Status, out.Code, out.Reason = "not-found", string(loader.CodeNotFound), loader.CodeNotFound.Message()
	default:
		out.Status, out.Code, out.Reason = "error", string(loader.CodeNotServed), loader.OneLine(err.Error())
	}
	text := fmt.Sprintf("skill %q is not served (%s): %s\n", loader.OneLine(name), out.Status, out.Reason)
	if len(out.Findings) > 0 {
		text += "findings:\n" + findingLines(out.Findings)
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: text}}}
}

// skillURI builds skill://<name>[/<path>] from tool input, refusing a name
// that is not a single segment (the path is checked by loader.ParseURI).
func skillURI(name, rel string) (string, error) {
	if name == "" || strings.ContainsAny(name, "/\\%?#") {
		return "", fmt.Errorf("%w: skill name %q must be a single path segment", loader.ErrBadURI, loader.OneLine(name))
	}
	if rel == "" {
		return loader.Scheme + name, nil
	}
	return loader.Scheme + name + "/" + rel, nil
}

func (s *Server) readSkillResource(ctx context.Context, _ *mcp.CallToolRequest, in ReadInput) (*mcp.CallToolResult, ReadOutput, error) {
	uri, err := skillURI(in.Name, in.Path)
	if err != nil {
		return nil, ReadOutput{}, cleanError(err)
	}
	res, err := s.resolve(uri)
	if err != nil {
		return nil, ReadOutput{}, modelError(err)
	}
	out := ReadOutput{URI: res.URI, Name: res.Skill, Path: res.Path, MIMEType: mimeType(res), Size: len(res.Content)}
	if isText(res) {
		out.Text = string(res.Content)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: out.Text}}}, out, nil
	}
	out.Blob = base64.StdEncoding.EncodeToString(res.Content)
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
		URI: res.URI, MIMEType: out.MIMEType, Blob: res.Content}}}}, out, nil
}

// resolve serves a skill:// URI from the current registry, within the size
// cap.
func (s *Server) resolve(uri string) (*loader.Resource, error) {
	res, err := s.l.Registry().Resolve(uri)
	if err != nil {
		return nil, err
	}
	if int64(len(res.Content)) > s.opts.MaxResourceBytes {
		return nil, fmt.Errorf("%s: file is %d bytes, over the %d-byte limit of this server (--max-resource-bytes)",
			res.URI, len(res.Content), s.opts.MaxResourceBytes)
	}
	return res, nil
}

// cleanError is err as a tool error: the SDK turns a handler's error into
// an error result (IsError) carrying its text, here on one line and without
// hidden characters.
func cleanError(err error) error { return errors.New(loader.OneLine(err.Error())) }

// readResource serves resources/read for skill://<name> and
// skill://<name>/<path> from the scanned bytes.
func (s *Server) readResource(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	uri := req.Params.URI
	res, err := s.resolve(uri)
	if err != nil {
		if errors.Is(err, loader.ErrNotFound) {
			return nil, mcp.ResourceNotFoundError(uri)
		}
		return nil, modelError(err)
	}
	c := &mcp.ResourceContents{URI: uri, MIMEType: mimeType(res)}
	if isText(res) {
		c.Text = string(res.Content)
	} else {
		c.Blob = res.Content
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{c}}, nil
}

func (s *Server) getPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	reg := s.l.Registry()
	name := req.Params.Name
	if e := reg.Lookup(name); e != nil && e.Admitted() && !e.UserInvocable {
		return nil, fmt.Errorf("skill %q is not user-invocable", loader.OneLine(name))
	}
	r, err := reg.Render(ctx, name, loader.RenderOptions{Args: splitArgs(req.Params.Arguments[ArgumentsName]),
		BaseDir: loader.Scheme + name})
	if err != nil {
		return nil, modelError(err)
	}
	e := reg.Lookup(name)
	return &mcp.GetPromptResult{Description: loader.OneLine(e.Description), Messages: []*mcp.PromptMessage{
		{Role: "user", Content: &mcp.TextContent{Text: r.Body}}}}, nil
}

// mimeTypes maps extensions to content types; a fixed table so that the
// answer does not depend on the machine's MIME database.
var mimeTypes = map[string]string{
	".md": "text/markdown", ".markdown": "text/markdown", ".mdx": "text/markdown",
	".txt": "text/plain", ".text": "text/plain", ".log": "text/plain",
	".html": "text/html", ".htm": "text/html", ".css": "text/css", ".csv": "text/csv", ".tsv": "text/tab-separated-values",
	".js": "text/javascript", ".mjs": "text/javascript", ".cjs": "text/javascript", ".jsx": "text/javascript",
	".ts": "text/x-typescript", ".mts": "text/x-typescript", ".cts": "text/x-typescript", ".tsx": "text/x-typescript",
	".py": "text/x-python", ".pyw": "text/x-python",
	".sh": "text/x-shellscript", ".bash": "text/x-shellscript", ".zsh": "text/x-shellscript", ".ksh": "text/x-shellscript",
	".ps1": "text/plain", ".psm1": "text/plain", ".psd1": "text/plain", ".bat": "text/plain", ".cmd": "text/plain",
	".json": "application/json", ".jsonc": "application/json",
	".yaml": "application/yaml", ".yml": "application/yaml", ".toml": "application/toml",
	".xml": "application/xml", ".svg": "image/svg+xml",
	".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp",
	".ico": "image/vnd.microsoft.icon", ".bmp": "image/bmp", ".pdf": "application/pdf",
	".woff": "font/woff", ".woff2": "font/woff2", ".ttf": "font/ttf", ".otf": "font/otf",
	".mp3": "audio/mpeg", ".wav": "audio/wav", ".ogg": "audio/ogg", ".mp4": "video/mp4", ".webm": "video/webm",
	".zip": "application/zip", ".gz": "application/gzip", ".tgz": "application/gzip", ".tar": "application/x-tar",
}

// mimeType gives a file's content type by extension; files without a
// known extension are text/plain when their content is text and
// application/octet-stream otherwise.
func mimeType(r *loader.Resource) string {
	text := isText(r)
	t, ok := mimeTypes[strings.ToLower(path.Ext(r.Path))]
	switch {
	case ok && (text || !strings.HasPrefix(t, "text/")):
		return t
	case text:
		return "text/plain"
	}
	return "application/octet-stream"
}

// isText decides text or base64: the scanner's classification (by content
// first, so an ELF named notes.md is binary) and valid UTF-8.
func isText(r *loader.Resource) bool { return r.Kind.IsText() && utf8.Valid(r.Content) }
