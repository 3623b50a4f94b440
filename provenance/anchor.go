package provenance

import (
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Anchor is a publisher the operator trusts: a name, its root
// certificates, and optionally what its signing certificates must say.
type Anchor struct {
	Name  string
	Roots []*x509.Certificate
	// Identity constrains the leaf (signing) certificate; empty fields
	// match anything.
	Identity Identity
}

// Identity is what a signing certificate must name. Each non-empty field
// is a pattern where * matches any run of characters (and nothing else is
// special); a certificate matches when every set field matches.
type Identity struct {
	CommonName         string `json:"commonName,omitempty"`
	Organization       string `json:"organization,omitempty"`       // any of the subject's O values
	OrganizationalUnit string `json:"organizationalUnit,omitempty"` // any of the subject's OU values
	Email              string `json:"email,omitempty"`              // any email subject alternative name
	URI                string `json:"uri,omitempty"`                // any URI subject alternative name
}

// IsZero reports whether the identity constrains nothing.
func (id Identity) IsZero() bool { return id == Identity{} }

// Match returns "" when c matches the identity, else what does not match.
func (id Identity) Match(c *x509.Certificate) string {
	one := func(field, pattern string, values []string) string {
		if pattern == "" {
			return ""
		}
		for _, v := range values {
			if Wildcard(pattern, v) {
				return ""
			}
		}
		got := strings.Join(values, ", ")
		if got == "" {
			got = "nothing"
		}
		return fmt.Sprintf("%s is %s, want %q", field, got, pattern)
	}
	var uris []string
	for _, u := range c.URIs {
		uris = append(uris, u.String())
	}
	for _, m := range []string{
		one("common name", id.CommonName, []string{c.Subject.CommonName}),
		one("organization", id.Organization, c.Subject.Organization),
		one("organizational unit", id.OrganizationalUnit, c.Subject.OrganizationalUnit),
		one("email", id.Email, c.EmailAddresses),
		one("URI", id.URI, uris),
	} {
		if m != "" {
			return m
		}
	}
	return ""
}

// Wildcard matches s against pattern, where * matches any run of
// characters (slashes included) and every other character itself.
func Wildcard(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return strings.HasSuffix(s, parts[len(parts)-1])
}

// ParseRoots reads every certificate of PEM data. Each must be a CA
// certificate; anything but CERTIFICATE blocks is an error, as is no
// certificate at all.
func ParseRoots(data []byte) ([]*x509.Certificate, error) {
	var out []*x509.Certificate
	for {
		var b *pem.Block
		b, data = pem.Decode(data)
		if b == nil {
			break
		}
		if b.Type != "CERTIFICATE" {
			return nil, fmt.Errorf("PEM block %q is not a CERTIFICATE", b.Type)
		}
		c, err := x509.ParseCertificate(b.Bytes)
		if err != nil {
			return nil, err
		}
		if !c.IsCA {
			return nil, fmt.Errorf("certificate %q is not a CA certificate", c.Subject.String())
		}
		out = append(out, c)
	}
	if strings.TrimSpace(string(data)) != "" && len(out) == 0 {
		return nil, errors.New("not PEM")
	}
	if len(out) == 0 {
		return nil, errors.New("no certificate")
	}
	return out, nil
}

// LoadRoots reads PEM root certificates from files.
func LoadRoots(files ...string) ([]*x509.Certificate, error) {
	var out []*x509.Certificate
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		cs, err := ParseRoots(b)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		out = append(out, cs...)
	}
	return out, nil
}
