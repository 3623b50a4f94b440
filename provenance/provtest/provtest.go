// Package provtest signs skills for tests: it makes a private PKI (root CA
// → intermediate CA → signing certificate, ECDSA P-256 or P-384) with
// crypto/x509 and writes OMS signatures (skill.oms.sig) in the shape
// NVIDIA's skills catalog ships: a Sigstore bundle v0.3 with an X.509
// certificate chain and no log entries, over a DSSE envelope (signed with
// go-securesystemslib's DSSE signer) holding an in-toto Statement v1 with
// the model_signing v1.0 predicate.
package provtest

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/sha512"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"encoding/json"
	"encoding/pem"
	"io/fs"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/secure-systems-lab/go-securesystemslib/dsse"

	"github.com/skillvet/skillvet/provenance"
)

// Options shape a PKI. Zero values: P-256, a signing certificate valid
// from an hour ago for a year, subject CN "Test Skills Signing 001",
// O "Test Publisher".
type Options struct {
	Curve              elliptic.Curve
	NotBefore          time.Time // of the signing certificate
	NotAfter           time.Time
	Subject            pkix.Name // of the signing certificate
	Email              string    // a subject alternative name, when set
	OmitRootInTheChain bool      // the bundle's chain ends at the intermediate (NVIDIA's include the root)
}

// PKI is a root CA, an intermediate CA and a signing certificate.
type PKI struct {
	Root, Intermediate, Leaf *x509.Certificate
	RootPEM                  []byte
	leafKey                  *ecdsa.PrivateKey
	omitRoot                 bool
}

// NewPKI makes a PKI.
func NewPKI(t testing.TB, o Options) *PKI {
	t.Helper()
	if o.Curve == nil {
		o.Curve = elliptic.P256()
	}
	now := time.Now()
	if o.NotBefore.IsZero() {
		o.NotBefore = now.Add(-time.Hour)
	}
	if o.NotAfter.IsZero() {
		o.NotAfter = now.Add(365 * 24 * time.Hour)
	}
	if o.Subject.CommonName == "" && len(o.Subject.Organization) == 0 {
		o.Subject = pkix.Name{CommonName: "Test Skills Signing 001", Organization: []string{"Test Publisher"}}
	}
	key := func() *ecdsa.PrivateKey {
		k, err := ecdsa.GenerateKey(o.Curve, rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		return k
	}
	serial := int64(1)
	mk := func(tmpl *x509.Certificate, parent *x509.Certificate, pub *ecdsa.PublicKey, signer *ecdsa.PrivateKey) *x509.Certificate {
		serial++
		tmpl.SerialNumber = big.NewInt(serial)
		if parent == nil {
			parent = tmpl
		}
		der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, pub, signer)
		if err != nil {
			t.Fatal(err)
		}
		c, err := x509.ParseCertificate(der)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	rootKey, intKey, leafKey := key(), key(), key()
	ca := func(cn string, pathLen int) *x509.Certificate {
		return &x509.Certificate{Subject: pkix.Name{CommonName: cn, Organization: []string{"Test Publisher"}},
			NotBefore: now.Add(-24 * time.Hour), NotAfter: now.Add(10 * 365 * 24 * time.Hour),
			IsCA: true, BasicConstraintsValid: true, MaxPathLen: pathLen, MaxPathLenZero: pathLen == 0,
			KeyUsage: x509.KeyUsageCertSign | x509.KeyUsageCRLSign}
	}
	p := &PKI{leafKey: leafKey, omitRoot: o.OmitRootInTheChain}
	p.Root = mk(ca("Test Root CA", 1), nil, &rootKey.PublicKey, rootKey)
	p.Intermediate = mk(ca("Test Intermediate CA 01", 0), p.Root, &intKey.PublicKey, rootKey)
	leaf := &x509.Certificate{Subject: o.Subject, NotBefore: o.NotBefore, NotAfter: o.NotAfter,
		BasicConstraintsValid: true, KeyUsage: x509.KeyUsageDigitalSignature}
	if o.Email != "" {
		leaf.EmailAddresses = []string{o.Email}
	}
	p.Leaf = mk(leaf, p.Intermediate, &leafKey.PublicKey, intKey)
	p.RootPEM = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: p.Root.Raw})
	return p
}

// Anchor returns a trust anchor over the PKI's root.
func (p *PKI) Anchor(name string) *provenance.Anchor {
	return &provenance.Anchor{Name: name, Roots: []*x509.Certificate{p.Root}}
}

// WriteRoot writes the root certificate as PEM to path.
func (p *PKI) WriteRoot(t testing.TB, path string) {
	t.Helper()
	if err := os.WriteFile(path, p.RootPEM, 0o644); err != nil {
		t.Fatal(err)
	}
}

// SignOptions shape one signature.
type SignOptions struct {
	Name          string   // the statement's subject; default: the directory's base name
	IgnorePaths   []string // default: .git, .gitattributes, .github, .gitignore (model_signing's)
	AllowSymlinks bool     // links are then signed with their target's content; otherwise left out
}

// Sign signs the skill directory dir as it is on disk, writes the
// signature to dir/skill.oms.sig and returns it.
func (p *PKI) Sign(t testing.TB, dir string, o SignOptions) []byte {
	t.Helper()
	if o.Name == "" {
		o.Name = filepath.Base(dir)
	}
	if o.IgnorePaths == nil {
		o.IgnorePaths = []string{".git", ".gitattributes", ".github", ".gitignore"}
	}
	st := Statement(t, dir, o)
	b := p.SignPayload(t, st)
	if err := os.WriteFile(filepath.Join(dir, provenance.SignatureFile), b, 0o644); err != nil {
		t.Fatal(err)
	}
	return b
}

// Statement builds the in-toto statement for dir as it is on disk.
func Statement(t testing.TB, dir string, o SignOptions) []byte {
	t.Helper()
	ignored := func(rel string) bool {
		if rel == provenance.SignatureFile {
			return true
		}
		for _, ig := range o.IgnorePaths {
			if rel == ig || strings.HasPrefix(rel, ig+"/") {
				return true
			}
		}
		return false
	}
	var res []provenance.Resource
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && ignored(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if ignored(rel) || d.Type()&fs.ModeSymlink != 0 && !o.AllowSymlinks {
			return nil
		}
		b, err := os.ReadFile(p) // follows a link
		if err != nil {
			return err
		}
		sum := sha256.Sum256(b)
		res = append(res, provenance.Resource{Name: rel, Algorithm: "sha256", Digest: hex.EncodeToString(sum[:])})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(res, func(i, j int) bool { return res[i].Name < res[j].Name })
	st := provenance.Statement{Type: provenance.StatementType, PredicateType: provenance.PredicateType,
		Predicate: provenance.Predicate{Serialization: provenance.Serialization{Method: "files", HashType: "sha256",
			AllowSymlinks: o.AllowSymlinks, IgnorePaths: o.IgnorePaths}, Resources: res}}
	st.Subject = []provenance.Subject{{Name: o.Name, Digest: map[string]string{"sha256": st.ResourcesDigest()}}}
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// SignPayload DSSE-signs an in-toto statement with the signing
// certificate's key and wraps it in a Sigstore bundle v0.3 JSON.
func (p *PKI) SignPayload(t testing.TB, statement []byte) []byte {
	t.Helper()
	es, err := dsse.NewEnvelopeSigner(&signer{p.leafKey})
	if err != nil {
		t.Fatal(err)
	}
	env, err := es.SignPayload(context.Background(), provenance.PayloadType, statement)
	if err != nil {
		t.Fatal(err)
	}
	type raw struct {
		RawBytes []byte `json:"rawBytes"`
	}
	chain := []raw{{p.Leaf.Raw}, {p.Intermediate.Raw}}
	if !p.omitRoot {
		chain = append(chain, raw{p.Root.Raw})
	}
	type sig struct {
		Sig   string `json:"sig"`
		KeyID string `json:"keyid"`
	}
	var sigs []sig
	for _, s := range env.Signatures {
		sigs = append(sigs, sig{s.Sig, s.KeyID})
	}
	bundle := map[string]any{
		"mediaType": provenance.BundleMediaType,
		"verificationMaterial": map[string]any{
			"x509CertificateChain": map[string]any{"certificates": chain},
			"tlogEntries":          []any{},
		},
		"dsseEnvelope": map[string]any{"payload": env.Payload, "payloadType": env.PayloadType, "signatures": sigs},
	}
	b, err := json.Marshal(bundle)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// signer is a DSSE signer over an ECDSA key: SHA-256 for P-256, SHA-384
// for P-384 (what Sigstore verifiers expect for each curve).
type signer struct{ key *ecdsa.PrivateKey }

func (s *signer) Sign(_ context.Context, data []byte) ([]byte, error) {
	var digest []byte
	switch s.key.Curve {
	case elliptic.P384():
		d := sha512.Sum384(data)
		digest = d[:]
	default:
		d := sha256.Sum256(data)
		digest = d[:]
	}
	return ecdsa.SignASN1(rand.Reader, s.key, digest)
}

func (s *signer) KeyID() (string, error) { return "", nil }
