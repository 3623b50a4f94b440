package provenance

import (
	"bytes"
	"crypto/x509"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	protobundle "github.com/sigstore/protobuf-specs/gen/pb-go/bundle/v1"
	"github.com/sigstore/sigstore-go/pkg/bundle"
	"google.golang.org/protobuf/encoding/protojson"
)

// The OpenSSF Model Signing (OMS) format, as NVIDIA's skills catalog ships
// it: a detached Sigstore bundle next to the content.
const (
	// SignatureFile is the signature of a skill, at the skill's root.
	SignatureFile = "skill.oms.sig"
	// BundleMediaType is the Sigstore bundle version OMS signatures use.
	BundleMediaType = "application/vnd.dev.sigstore.bundle.v0.3+json"
	// PayloadType is the DSSE payload type of an in-toto statement.
	PayloadType = "application/vnd.in-toto+json"
	// StatementType is the in-toto Statement v1 type.
	StatementType = "https://in-toto.io/Statement/v1"
	// PredicateType is the OMS signature predicate, version 1.0.
	PredicateType = "https://model_signing/signature/v1.0"
)

// MaxSignatureBytes bounds the signature file that is parsed (a real one
// lists each file in a few hundred bytes; 40 KB covers about 200 files).
const MaxSignatureBytes = 8 << 20

// Statement is the in-toto statement an OMS signature signs.
type Statement struct {
	Type          string    `json:"_type"`
	Subject       []Subject `json:"subject"`
	PredicateType string    `json:"predicateType"`
	Predicate     Predicate `json:"predicate"`
}

// Subject names what was signed: the skill (model) name and a digest of
// the resource list.
type Subject struct {
	Name   string            `json:"name"`
	Digest map[string]string `json:"digest"`
}

// Predicate is the OMS signature predicate.
type Predicate struct {
	Serialization Serialization `json:"serialization"`
	Resources     []Resource    `json:"resources"`
}

// Serialization says how the content was hashed.
type Serialization struct {
	Method        string   `json:"method"`    // "files": one digest per file
	HashType      string   `json:"hash_type"` // "sha256"
	AllowSymlinks bool     `json:"allow_symlinks"`
	IgnorePaths   []string `json:"ignore_paths"`
}

// Resource is one signed file.
type Resource struct {
	Name      string `json:"name"` // slash path relative to the skill directory
	Algorithm string `json:"algorithm"`
	Digest    string `json:"digest"` // hex
}

// Signature is a parsed signature file. Nothing in it is trusted before
// Verifier.Verify has checked it.
type Signature struct {
	Bundle *bundle.Bundle
	// Leaf is the signing certificate; Intermediates are the other
	// certificates the bundle carries (a trailing self-signed root is
	// dropped: trust comes only from the configured anchors).
	Leaf          *x509.Certificate
	Intermediates []*x509.Certificate
	Payload       []byte // the DSSE payload: the statement's JSON
	Statement     Statement
}

// ParseSignature parses an OMS signature file: a Sigstore bundle v0.3 with
// an X.509 certificate chain and a DSSE envelope holding an in-toto
// statement with the OMS predicate. Parsing checks shape, not trust.
func ParseSignature(b []byte) (sig *Signature, err error) {
	defer func() {
		if r := recover(); r != nil { // a parser bug must not take the gate down
			sig, err = nil, fmt.Errorf("signature could not be parsed (internal error: %v)", r)
		}
	}()
	if len(b) > MaxSignatureBytes {
		return nil, fmt.Errorf("signature file of %d bytes is over the limit of %d", len(b), MaxSignatureBytes)
	}
	if !json.Valid(b) {
		return nil, errors.New("not a Sigstore bundle: not valid JSON")
	}
	pb := new(protobundle.Bundle)
	if err := (protojson.UnmarshalOptions{DiscardUnknown: true}).Unmarshal(b, pb); err != nil {
		// protobuf-go varies the space after "proto:" between builds so
		// that nobody matches its messages; keep ours stable.
		return nil, fmt.Errorf("not a Sigstore bundle: %s", strings.ReplaceAll(err.Error(), "\u00a0", " "))
	}
	if pb.MediaType != BundleMediaType {
		return nil, fmt.Errorf("bundle media type %q is not %s", pb.MediaType, BundleMediaType)
	}
	// A chain may end with the root itself (NVIDIA's do). sigstore-go
	// refuses a self-signed certificate among the intermediates, and it
	// would add nothing: the anchor is the configured root, never the
	// bundle's copy.
	if ch := pb.GetVerificationMaterial().GetX509CertificateChain(); ch != nil {
		for n := len(ch.Certificates); n > 1; n-- {
			c, err := x509.ParseCertificate(ch.Certificates[n-1].GetRawBytes())
			if err != nil || !selfSigned(c) {
				break
			}
			ch.Certificates = ch.Certificates[:n-1]
		}
	}
	bun, err := bundle.NewBundle(pb, bundle.AllowCertificateChain())
	if err != nil {
		return nil, fmt.Errorf("invalid bundle: %v", err)
	}
	vc, err := bun.VerificationContent()
	if err != nil {
		return nil, fmt.Errorf("bundle verification material: %v", err)
	}
	leaf := vc.Certificate()
	if leaf == nil {
		return nil, errors.New("bundle is signed with a bare public key: there is no certificate to chain to a trust anchor")
	}
	env, err := bun.Envelope()
	if err != nil {
		return nil, errors.New("bundle holds no DSSE envelope (an OMS signature signs an in-toto statement)")
	}
	if env.PayloadType != PayloadType {
		return nil, fmt.Errorf("DSSE payload type %q is not %s", env.PayloadType, PayloadType)
	}
	payload, err := env.DecodeB64Payload()
	if err != nil {
		return nil, fmt.Errorf("DSSE payload: %v", err)
	}
	sig = &Signature{Bundle: bun, Leaf: leaf, Intermediates: vc.Intermediates(), Payload: payload}
	dec := json.NewDecoder(bytes.NewReader(payload))
	if err := dec.Decode(&sig.Statement); err != nil {
		return nil, fmt.Errorf("statement is not valid JSON: %v", err)
	}
	if err := sig.Statement.check(); err != nil {
		return nil, err
	}
	return sig, nil
}

func selfSigned(c *x509.Certificate) bool {
	return bytes.Equal(c.RawIssuer, c.RawSubject) && c.CheckSignatureFrom(c) == nil
}

// check validates the statement's shape: the types, the serialization this
// verifier implements (files, sha256) and every resource.
func (st *Statement) check() error {
	switch {
	case st.Type != StatementType:
		return fmt.Errorf("statement type %q is not %s", st.Type, StatementType)
	case st.PredicateType != PredicateType:
		return fmt.Errorf("predicate type %q is not %s", st.PredicateType, PredicateType)
	case len(st.Subject) != 1:
		return fmt.Errorf("statement has %d subjects, want 1", len(st.Subject))
	}
	s := st.Predicate.Serialization
	if s.Method != "files" {
		return fmt.Errorf("serialization method %q is not supported (want files)", s.Method)
	}
	if s.HashType != "sha256" {
		return fmt.Errorf("hash type %q is not supported (want sha256)", s.HashType)
	}
	seen := map[string]bool{}
	for _, r := range st.Predicate.Resources {
		if !localPath(r.Name) {
			return fmt.Errorf("resource %q is not a path inside the skill", r.Name)
		}
		if seen[r.Name] {
			return fmt.Errorf("resource %q is listed twice", r.Name)
		}
		seen[r.Name] = true
		if r.Algorithm != "sha256" {
			return fmt.Errorf("resource %q: algorithm %q is not sha256", r.Name, r.Algorithm)
		}
		if d, err := hex.DecodeString(r.Digest); err != nil || len(d) != 32 {
			return fmt.Errorf("resource %q: digest %q is not a SHA-256 in hex", r.Name, r.Digest)
		}
	}
	// The subject digest is the SHA-256 of the resources' digests, in the
	// order listed (model_signing's manifest digest).
	want := st.Subject[0].Digest["sha256"]
	if got := st.ResourcesDigest(); want != got {
		return fmt.Errorf("subject digest %q does not match the signed resources (%s)", want, got)
	}
	return nil
}

// ResourcesDigest is the SHA-256, in hex, of the concatenated digests of
// the resources in the order listed.
func (st *Statement) ResourcesDigest() string {
	var b []byte
	for _, r := range st.Predicate.Resources {
		d, _ := hex.DecodeString(r.Digest)
		b = append(b, d...)
	}
	return sha256Hex(b)
}

// localPath reports whether p is a slash path inside the skill: relative,
// clean, no "." or ".." element.
func localPath(p string) bool {
	return p != "" && p != "." && fs.ValidPath(p) && path.Clean(p) == p && !strings.Contains(p, "\\")
}
