package intel

import "strings"

// credentialCommandIssuers maps commands that print a stored credential to
// the domains that issued it: the token sent there is being used.
var credentialCommandIssuers = []struct {
	cmd     string
	domains []string
}{
	{"gh auth token", []string{"github.com", "githubusercontent.com"}},
	{"glab auth", []string{"gitlab.com"}},
	{"gcloud auth print-access-token", []string{"googleapis.com", "google.com"}},
	{"gcloud auth print-identity-token", []string{"googleapis.com", "google.com", "run.app"}},
	{"gcloud auth application-default print-access-token", []string{"googleapis.com", "google.com"}},
	{"az account get-access-token", []string{"azure.com", "microsoft.com", "windows.net", "azure.net"}},
	{"aws ecr get-login-password", []string{"amazonaws.com"}},
	{"aws sts", []string{"amazonaws.com"}},
	{"aws configure get", []string{"amazonaws.com"}},
	{"npm token", []string{"npmjs.org", "npmjs.com"}},
	{"doctl auth", []string{"digitalocean.com"}},
	{"vercel whoami", []string{"vercel.com"}},
	{"heroku auth:token", []string{"heroku.com"}},
	{"op read", nil}, // a password manager item: no single issuer
}

// CredentialIssuer returns the domains that issued the credential the
// command prints, or nil when unknown.
func CredentialIssuer(cmd string) []string {
	c := strings.Join(strings.Fields(strings.ToLower(cmd)), " ")
	for _, e := range credentialCommandIssuers {
		if strings.Contains(c, e.cmd) {
			return e.domains
		}
	}
	return nil
}
