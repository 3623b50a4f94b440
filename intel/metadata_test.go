package intel

import "testing"

func TestMetadataPathRole(t *testing.T) {
	for u, want := range map[string]MetaRole{
		"http://169.254.169.254/latest/api/token":                                          MetaSession,
		"http://169.254.169.254/latest/meta-data/iam/security-credentials/role":            MetaCredential,
		"http://169.254.169.254/metadata/identity/oauth2/token?resource=x":                 MetaCredential,
		"http://metadata.google.internal/computeMetadata/v1/instance/service-accounts/":    MetaCredential,
		"http://169.254.169.254/latest/meta-data/instance-id":                              MetaInfo,
		"http://169.254.169.254/latest/meta-data/":                                         MetaInfo, // entry names only
		"http://metadata.google.internal/computeMetadata/v1/instance/":                     MetaInfo,
		"http://metadata.google.internal/computeMetadata/v1/instance/?recursive=true":      MetaOther,
		"http://169.254.169.254/metadata/instance?api-version=2021-02-01":                  MetaInfo,
		"http://169.254.169.254/metadata/instance/compute/userData?api-version=2021-01-01": MetaOther,
		"http://169.254.169.254/latest/user-data":                                          MetaOther,
		"http://metadata.google.internal/computeMetadata/v1/instance/attributes/ssh-keys":  MetaOther,
		"/latest/meta-data/placement/region":                                               MetaInfo,
		"http://169.254.169.254/latest/meta-data/tags/instance/Name":                       MetaInfo,
		"http://169.254.169.254/opc/v2/instance/id":                                        MetaInfo,
		"http://169.254.169.254/opc/v2/instance/":                                          MetaOther, // the whole document, user data included
		"http://169.254.169.254/opc/v2/instance/metadata/user_data":                        MetaOther,
		"http://169.254.169.254/opc/v2/identity/key.pem":                                   MetaCredential,
	} {
		if got := MetadataPathRole(u); got != want {
			t.Errorf("MetadataPathRole(%q) = %d, want %d", u, got, want)
		}
	}
}
