package intel

import "testing"

func TestURLClassUnparsablePort(t *testing.T) {
	for _, tc := range []struct {
		url, host string
		class     HostClass
	}{
		{"http://localhost:8080/v1", "localhost", HostLoopback},
		{"http://localhost:$(grep PORT .env)/v1/ready", "localhost", HostLoopback},
		{"http://127.0.0.1:${PORT}/x", "127.0.0.1", HostLoopback},
		{"https://user@webhook.site:$P/x", "webhook.site", HostCatcher},
		{"http://$HOST:80/x", "$HOST", HostUnknown},
		{"http://$(hostname):$P/x", "", HostUnknown},
	} {
		host, c := URLClass(tc.url)
		if host != tc.host || c != tc.class {
			t.Errorf("URLClass(%q) = %q, %v; want %q, %v", tc.url, host, c, tc.host, tc.class)
		}
	}
}
