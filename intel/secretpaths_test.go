package intel

import "testing"

func TestProjectSecretFile(t *testing.T) {
	for p, want := range map[string]string{
		"config/secrets.yml":         "secrets file",
		"secret.json":                "secrets file",
		"config/master.key":          "credentials file",
		"credentials.json":           "credentials file",
		"certs/server.key":           "private key file",
		"tls/privkey.pem":            "private key file",
		"deploy/id_ed25519":          "private key file",
		"gcp-service-account.json":   "service account key",
		"infra/terraform.tfstate":    "Terraform state or variables",
		"config/secrets.example.yml": "",
		"credentials.json.sample":    "",
		"certs/server.key.dist":      "",
		"tls/cert.pem":               "",
		"deploy/id_ed25519.pub":      "",
		"dist/bundle.js":             "",
		"docs/secrets-management.md": "",
		"config/credentials.yml.enc": "",
		"src/keyboard.ts":            "",
	} {
		got, _ := ProjectSecretFile(p)
		if got != want {
			t.Errorf("ProjectSecretFile(%q) = %q, want %q", p, got, want)
		}
	}
}

func TestPublicSSHMaterial(t *testing.T) {
	for p, want := range map[string]bool{
		"~/.ssh/config":                       true,
		"~/.ssh/config.":                      true, // sentence end
		"**~/.ssh/known_hosts**":              true,
		"~/.ssh/known_hosts.old":              true,
		"~/.ssh/config.d/work":                true,
		"/home/u/.ssh/id_ed25519.pub":         true,
		"~/.ssh/authorized_keys":              true,
		"~/.ssh/id_rsa":                       false,
		"~/.ssh/known_hosts/../id_rsa":        false,
		"~/.ssh/config/../../.ssh/id_ed25519": false,
		"~/.ssh/./config/../id_ecdsa":         false,
		"~/.ssh/id_rsa.pub/../id_rsa":         false,
		"~/.ssh/configure_keys":               false,
	} {
		if got := PublicSSHMaterial(p); got != want {
			t.Errorf("PublicSSHMaterial(%q) = %v, want %v", p, got, want)
		}
	}
}
