package provenance

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"sort"
	"strings"
	"time"

	"github.com/sigstore/sigstore-go/pkg/root"
	sgverify "github.com/sigstore/sigstore-go/pkg/verify"
)

// Status is the outcome of verifying one skill.
type Status string

const (
	// StatusVerified: the signature chains to a trust anchor, its identity
	// matches, the DSSE signature verifies, and every file of the skill is
	// exactly as signed.
	StatusVerified Status = "verified"
	// StatusFailed: the skill has a signature file and something above does
	// not hold (Problems say what).
	StatusFailed Status = "failed"
	// StatusUnsigned: the skill has no signature file.
	StatusUnsigned Status = "unsigned"
	// StatusUnchecked: the skill has a signature file but no trust anchor
	// is configured to check it against.
	StatusUnchecked Status = "unchecked"
)

// ProblemKind says what failed.
type ProblemKind string

const (
	ProblemNoAnchor      ProblemKind = "no-anchor"          // no trust anchor configured
	ProblemBadFile       ProblemKind = "bad-signature-file" // unreadable, garbled or unsupported signature file
	ProblemUntrusted     ProblemKind = "untrusted"          // the certificate chain leads to no anchor (or is expired)
	ProblemIdentity      ProblemKind = "identity"           // the signing certificate is not the identity the anchor requires
	ProblemBadSignature  ProblemKind = "bad-signature"      // the DSSE signature does not verify
	ProblemOtherSkill    ProblemKind = "other-skill"        // the signature is for another skill
	ProblemChanged       ProblemKind = "changed"            // a file differs from its signed digest
	ProblemMissing       ProblemKind = "missing"            // a signed file is not there
	ProblemUnsignedFile  ProblemKind = "unsigned-file"      // a file the signature does not list (nor ignore)
	ProblemSymlink       ProblemKind = "symlink"            // a symbolic link where the signature allows none
	ProblemUnreadable    ProblemKind = "unreadable"         // content that was not read cannot be checked
	ProblemInternalError ProblemKind = "internal-error"     // a bug; the skill fails closed
)

// Problem is one reason a skill does not verify. Path is the file it is
// about ("" for the signature as a whole).
type Problem struct {
	Kind   ProblemKind `json:"kind"`
	Path   string      `json:"path,omitempty"`
	Detail string      `json:"detail"`
}

func (p Problem) String() string {
	if p.Path == "" {
		return p.Detail
	}
	return string(p.Kind) + " " + p.Path + ": " + p.Detail
}

// Result is the outcome of verifying one skill's tree.
type Result struct {
	Status Status `json:"status"`
	// Anchor is the trust anchor the certificate chain leads to (set once
	// the chain verified, even when something later failed).
	Anchor string `json:"anchor,omitempty"`
	// Signer is the signing certificate's subject; Issuer its issuer.
	Signer string `json:"signer,omitempty"`
	Issuer string `json:"issuer,omitempty"`
	// Subject is the skill name the signature names.
	Subject string `json:"subject,omitempty"`
	// Files is how many files the signature lists.
	Files    int       `json:"files,omitempty"`
	Problems []Problem `json:"problems,omitempty"`
}

// Verified reports whether the skill verified.
func (r *Result) Verified() bool { return r != nil && r.Status == StatusVerified }

// Reason says in one line why the skill did not verify ("" when it did):
// the first problem, and how many more there are.
func (r *Result) Reason() string {
	switch {
	case r == nil || r.Status == StatusVerified:
		return ""
	case r.Status == StatusUnsigned:
		return "no signature (" + SignatureFile + ")"
	case len(r.Problems) == 0:
		return string(r.Status)
	}
	s := r.Problems[0].String()
	if n := len(r.Problems) - 1; n > 0 {
		s += fmt.Sprintf(" (+%d more)", n)
	}
	return s
}

// SignedBy describes who signed a verified skill: "nvidia (CN=…,O=…)".
func (r *Result) SignedBy() string {
	if r == nil || r.Anchor == "" {
		return ""
	}
	if r.Signer == "" {
		return r.Anchor
	}
	return r.Anchor + " (" + r.Signer + ")"
}

// Verifier checks OMS signatures against trust anchors, offline. It is
// safe for concurrent use.
type Verifier struct {
	anchors []*Anchor // sorted by name
	now     func() time.Time
}

// VerifierOption configures a Verifier.
type VerifierOption func(*Verifier)

// WithTime makes the verifier check certificate validity at the time now
// returns instead of the current time (tests; re-checking a past decision).
func WithTime(now func() time.Time) VerifierOption {
	return func(v *Verifier) { v.now = now }
}

// NewVerifier builds a verifier over the anchors (none is allowed: every
// signed skill is then unchecked).
func NewVerifier(anchors []*Anchor, opts ...VerifierOption) (*Verifier, error) {
	v := &Verifier{now: time.Now}
	seen := map[string]bool{}
	for _, a := range anchors {
		switch {
		case a == nil || a.Name == "":
			return nil, errors.New("a trust anchor needs a name")
		case seen[a.Name]:
			return nil, fmt.Errorf("trust anchor %q is defined twice", a.Name)
		case len(a.Roots) == 0:
			return nil, fmt.Errorf("trust anchor %q has no root certificate", a.Name)
		}
		seen[a.Name] = true
		v.anchors = append(v.anchors, a)
	}
	sort.Slice(v.anchors, func(i, j int) bool { return v.anchors[i].Name < v.anchors[j].Name })
	for _, o := range opts {
		o(v)
	}
	return v, nil
}

// Anchors lists the anchors' names, sorted.
func (v *Verifier) Anchors() []string {
	var out []string
	if v != nil {
		for _, a := range v.anchors {
			out = append(out, a.Name)
		}
	}
	return out
}

// Has reports whether an anchor of that name is configured.
func (v *Verifier) Has(name string) bool {
	for _, a := range v.anchorList() {
		if a.Name == name {
			return true
		}
	}
	return false
}

func (v *Verifier) anchorList() []*Anchor {
	if v == nil {
		return nil
	}
	return v.anchors
}

// Options narrow one verification.
type Options struct {
	// Anchor, when set, accepts only a chain to that anchor.
	Anchor string
	// Names are the names the skill goes by (its directory name and its
	// frontmatter name): the signature's subject must be one of them.
	// Empty skips the check.
	Names []string
}

// Verify checks the skill whose tree is t. It never panics: an internal
// failure is a failed result.
func (v *Verifier) Verify(t *Tree, o Options) (res *Result) {
	defer func() {
		if r := recover(); r != nil {
			res = &Result{Status: StatusFailed, Problems: []Problem{{Kind: ProblemInternalError,
				Detail: fmt.Sprintf("signature verification failed with an internal error: %v", r)}}}
		}
	}()
	res = &Result{Status: StatusFailed}
	fail := func(k ProblemKind, format string, args ...any) *Result {
		res.Problems = append(res.Problems, Problem{Kind: k, Detail: fmt.Sprintf(format, args...)})
		return res
	}
	if !t.Signed() {
		return &Result{Status: StatusUnsigned}
	}
	e, _ := t.Get(SignatureFile)
	switch {
	case e.Kind == KindLink:
		return fail(ProblemBadFile, "%s is a symbolic link, not a signature", SignatureFile)
	case t.Signature == nil:
		return fail(ProblemBadFile, "%s could not be read", SignatureFile)
	}
	anchors := v.anchorList()
	if o.Anchor != "" {
		anchors = nil
		for _, a := range v.anchorList() {
			if a.Name == o.Anchor {
				anchors = append(anchors, a)
			}
		}
		if len(anchors) == 0 {
			return fail(ProblemNoAnchor, "trust anchor %q is not configured", o.Anchor)
		}
	}
	if len(anchors) == 0 {
		res.Status = StatusUnchecked
		return fail(ProblemNoAnchor, "signed, but no trust anchor is configured to check the signature against")
	}
	sig, err := ParseSignature(t.Signature)
	if err != nil {
		return fail(ProblemBadFile, "%s: %v", SignatureFile, err)
	}
	res.Signer, res.Issuer = sig.Leaf.Subject.String(), sig.Leaf.Issuer.String()
	res.Subject, res.Files = sig.Statement.Subject[0].Name, len(sig.Statement.Predicate.Resources)

	// The chain: the leaf, through the bundle's intermediates, to a root of
	// an anchor, valid now (no timestamp authority or log entry is
	// consulted offline), allowing code signing.
	tr, chainErr := v.chain(sig, anchors, res)
	if tr == nil {
		if res.Anchor != "" {
			return fail(ProblemIdentity, "signing certificate %s is not the identity anchor %s requires: %s", res.Signer, res.Anchor, chainErr)
		}
		return fail(ProblemUntrusted, "signing certificate %s (issued by %s) does not chain to a trusted root of %s: %v",
			res.Signer, res.Issuer, anchorNames(anchors), chainErr)
	}
	// The DSSE signature over the statement, with the leaf's key
	// (sigstore-go, which uses go-securesystemslib's DSSE).
	sc, err := sig.Bundle.SignatureContent()
	if err != nil {
		return fail(ProblemBadFile, "bundle signature: %v", err)
	}
	vc, err := sig.Bundle.VerificationContent()
	if err != nil {
		return fail(ProblemBadFile, "bundle verification material: %v", err)
	}
	if err := sgverify.VerifySignature(sc, vc, tr); err != nil {
		return fail(ProblemBadSignature, "the signature does not verify with the signing certificate's key: %v", err)
	}
	// From here on the statement is the signer's word.
	if len(o.Names) > 0 && !contains(o.Names, res.Subject) {
		res.Problems = append(res.Problems, Problem{Kind: ProblemOtherSkill,
			Detail: fmt.Sprintf("the signature is for skill %q, not %s", res.Subject, strings.Join(quoteAll(o.Names), " or "))})
	}
	res.Problems = append(res.Problems, compare(t, &sig.Statement.Predicate)...)
	if len(res.Problems) == 0 {
		res.Status = StatusVerified
	}
	return res
}

// chain finds the first anchor (in name order) whose roots the leaf chains
// to and whose identity it matches. It returns the trusted root it built
// for that anchor, or nil and the last error; res.Anchor is set to an
// anchor the chain reached even when its identity did not match.
func (v *Verifier) chain(sig *Signature, anchors []*Anchor, res *Result) (*root.TrustedRoot, error) {
	now := v.now()
	var last error
	for _, a := range anchors {
		var cas []root.CertificateAuthority
		for _, r := range a.Roots {
			cas = append(cas, &root.FulcioCertificateAuthority{Root: r, Intermediates: sig.Intermediates})
		}
		tr, err := root.NewTrustedRoot(root.TrustedRootMediaType01, cas, nil, nil, nil)
		if err != nil {
			last = err
			continue
		}
		chained := false
		for _, ca := range tr.FulcioCertificateAuthorities() {
			if _, err := ca.Verify(sig.Leaf, now); err != nil {
				last = err
				continue
			}
			chained = true
			break
		}
		if !chained {
			continue
		}
		if m := a.Identity.Match(sig.Leaf); m != "" {
			res.Anchor, last = a.Name, errors.New(m)
			continue
		}
		res.Anchor = a.Name
		return tr, nil
	}
	return nil, last
}

// compare checks the tree against the signed file list.
func compare(t *Tree, p *Predicate) []Problem {
	var out []Problem
	add := func(k ProblemKind, path, format string, args ...any) {
		out = append(out, Problem{Kind: k, Path: path, Detail: fmt.Sprintf(format, args...)})
	}
	ignored := func(name string) bool {
		if name == SignatureFile {
			return true
		}
		for _, ig := range p.Serialization.IgnorePaths {
			ig = strings.TrimSuffix(ig, "/")
			if ig != "" && (name == ig || strings.HasPrefix(name, ig+"/")) {
				return true
			}
		}
		return false
	}
	signed := map[string]string{}
	for _, r := range p.Resources {
		signed[r.Name] = r.Digest
	}
	unread := map[string]bool{}
	for _, pr := range t.Problems {
		if pr.Path == "." || !ignored(pr.Path) {
			unread[pr.Path] = true
			add(ProblemUnreadable, pr.Path, "not read, so not checked: %s", pr.Detail)
		}
	}
	for _, e := range t.Entries {
		if ignored(e.Path) {
			continue
		}
		want, listed := signed[e.Path]
		digest := e.Digest
		if e.Kind == KindLink {
			if !p.Serialization.AllowSymlinks {
				add(ProblemSymlink, e.Path, "symbolic link to %s; the signature allows none", e.Target)
				continue
			}
			target, err := resolve(t, e.Path)
			if err != nil {
				add(ProblemSymlink, e.Path, "symbolic link to %s: %v", e.Target, err)
				continue
			}
			digest = target.Digest
		}
		got := hex.EncodeToString(digest[:])
		switch {
		case !listed:
			add(ProblemUnsignedFile, e.Path, "not covered by the signature (sha256 %s)", short(got))
		case got != want:
			add(ProblemChanged, e.Path, "differs from the signed content (signed sha256 %s, here %s)", short(want), short(got))
		}
	}
	for _, r := range p.Resources {
		if _, ok := t.Get(r.Name); !ok && !unread[r.Name] && !unread["."] {
			add(ProblemMissing, r.Name, "signed, but not in the skill")
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Path != out[j].Path {
			return out[i].Path < out[j].Path
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

// resolve follows the link at p inside the tree to a regular file.
func resolve(t *Tree, p string) (Entry, error) {
	for range 40 {
		e, ok := t.Get(p)
		switch {
		case !ok:
			return Entry{}, errors.New("its target is not a file of the skill")
		case e.Kind == KindFile:
			return e, nil
		}
		if strings.HasPrefix(e.Target, "/") {
			return Entry{}, errors.New("absolute target")
		}
		p = path.Join(path.Dir(p), e.Target)
		if p == ".." || strings.HasPrefix(p, "../") {
			return Entry{}, errors.New("its target leaves the skill")
		}
	}
	return Entry{}, errors.New("too many levels of symbolic links")
}

func short(hexDigest string) string {
	if len(hexDigest) > 12 {
		return hexDigest[:12] + "…"
	}
	return hexDigest
}

func sha256Hex(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func anchorNames(as []*Anchor) string {
	var n []string
	for _, a := range as {
		n = append(n, a.Name)
	}
	return strings.Join(n, ", ")
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func quoteAll(xs []string) []string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = fmt.Sprintf("%q", x)
	}
	return out
}
