package intel

import "testing"

func TestProjectDownloads(t *testing.T) {
	for u, want := range map[string]bool{
		"https://raw.githubusercontent.com/acme/tool/main/bin/tool.pl":     true,
		"https://github.com/acme/tool/raw/master/v2/tool.pl":               true,
		"https://github.com/acme/tool/releases/download/v1.2.0/tool-linux": true,
		"https://gitlab.com/acme/tool/-/raw/main/tool.sh":                  true,
		"http://github.com/acme/tool/raw/master/tool.pl":                   false, // plain http
		"https://github.com.evil.example/acme/tool/raw/master/tool.pl":     false,
		"https://tool-downloads.net/acme/tool/raw/master/tool.pl":          false,
		"https://github.com/acme/tool/blob/master/tool.pl":                 false, // a web page, not the file
	} {
		if got := VendorDownload(u); got != want {
			t.Errorf("VendorDownload(%q) = %v, want %v", u, got, want)
		}
	}
	for u, want := range map[string]bool{
		"https://github.com/acme/tool/raw/main/scripts/install.sh":    true,
		"https://raw.githubusercontent.com/acme/tool/main/install.sh": true,
		"https://github.com/acme/tool/raw/main/scripts/payload.sh":    false,
	} {
		if got := ProjectInstaller(u); got != want {
			t.Errorf("ProjectInstaller(%q) = %v, want %v", u, got, want)
		}
	}
}

func TestPlaceholderSubdomain(t *testing.T) {
	for h, want := range map[string]bool{
		"your-ngrok-url.ngrok.io":         true,
		"YOUR-NGROK.ngrok.io":             true,
		"abc123.ngrok-free.app":           true,
		"xxxx.trycloudflare.com":          true,
		"my-app.loca.lt":                  true,
		"3f9a-203-0-113-5.ngrok-free.app": false,
		"relay-7781.trycloudflare.com":    false,
		"ngrok.io":                        false,
		"api.example-tunnel.ngrok.io":     false,
	} {
		if got := PlaceholderSubdomain(h); got != want {
			t.Errorf("PlaceholderSubdomain(%q) = %v, want %v", h, got, want)
		}
	}
}

func TestVendorInstaller(t *testing.T) {
	for raw, want := range map[string]bool{
		"https://sh.rustup.rs":                                                                true,
		"https://hf.co/cli/install.sh":                                                        true,
		"https://ollama.ai/install.sh":                                                        true,
		"https://release.anza.xyz/stable/install":                                             true,
		"https://rclone.org/install.sh":                                                       true,
		"http://rclone.org/install.sh":                                                        false, // not over https
		"https://rclone.org.evil.example/install.sh":                                          false,
		"https://hf.co/spaces/someone/app/raw/x.sh":                                           false, // a user's file on the same host
		"https://raw.githubusercontent.com/x/y/i.sh":                                          false,
		"https://install.zerotier.com.attacker.net/":                                          false,
		"https://aliyuncli.alicdn.com/install.sh":                                             true,
		"https://aliyuncli.alicdn.com.cdn.example/x.sh":                                       false,
		"https://astral.sh/ty/install.sh":                                                     true,
		"https://astral.sh/uv/install.ps1":                                                    true,
		"https://astral.sh.evil.example/ty/install.sh":                                        false,
		"https://packages.gitlab.com/install/repositories/runner/gitlab-runner/script.deb.sh": true,
		"https://download.newrelic.com/install/newrelic-cli/scripts/install.sh":               true,
		"https://chatgpt.com/codex/install.sh":                                                true,
		"https://chatgpt.com/share/abc/install.sh":                                            false,
		"https://packages.gitlab.com/acme/x/raw/install.sh":                                   false,
	} {
		if got := VendorInstaller(raw); got != want {
			t.Errorf("VendorInstaller(%q) = %v, want %v", raw, got, want)
		}
	}
}

func TestProjectInstaller(t *testing.T) {
	for raw, want := range map[string]bool{
		"https://raw.githubusercontent.com/owner/tool/main/install.sh":          true,
		"https://raw.githubusercontent.com/owner/tool/master/bin/install.js":    true,
		"https://raw.githubusercontent.com/owner/tool/refs/heads/main/install":  true,
		"https://github.com/owner/tool/releases/latest/download/setup.linux.sh": true,
		"https://raw.githubusercontent.com/owner/tool/main/payload.sh":          false,
		"https://raw.githubusercontent.com/owner/tool/main/install.exe":         false,
		"https://raw.githubusercontent.com/owner/tool/main/install.txt":         false,
		"http://raw.githubusercontent.com/owner/tool/main/install.sh":           false,
		"https://gist.githubusercontent.com/owner/abc/raw/install.sh":           false,
	} {
		if got := ProjectInstaller(raw); got != want {
			t.Errorf("ProjectInstaller(%q) = %v, want %v", raw, got, want)
		}
	}
}
