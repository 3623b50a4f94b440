package shell

import (
	"fmt"
	"strings"
	"testing"
)

// genScript builds a realistic install script of about n bytes.
func genScript(n int) string {
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\nset -euo pipefail\nPREFIX=\"${PREFIX:-$HOME/.local}\"\nURL=https://github.com/acme/tool/releases/download\n")
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, `
install_%d() {
  local version="1.%d.0"
  local tmp
  tmp="$(mktemp -d)"
  curl -fsSL "$URL/v$version/tool-$(uname -s)-$(uname -m).tar.gz" -o "$tmp/tool.tgz"
  echo "abc%d  $tmp/tool.tgz" | sha256sum -c - >/dev/null
  tar -xzf "$tmp/tool.tgz" -C "$tmp" && install -m 0755 "$tmp/tool" "$PREFIX/bin/tool"
  case "$(uname -s)" in
    Darwin) xattr -l "$PREFIX/bin/tool" || true ;;
    *) echo "installed" ;;
  esac
  for f in "$tmp"/*.md; do [ -e "$f" ] && cp "$f" "$PREFIX/share/doc/" ; done
  rm -rf "$tmp"
  eval "$(echo ZWNobyBkb25l | base64 -d)"
}
`, i, i, i)
	}
	b.WriteString("install_0 \"$@\"\n")
	return b.String()
}

func BenchmarkParseScript(b *testing.B) {
	src := genScript(256 << 10)
	if s := Parse(src, 0); s.Err != nil {
		b.Fatal(s.Err)
	}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Parse(src, 0)
	}
}

func BenchmarkParseFallback(b *testing.B) {
	// Prose-like text that does not parse: line-by-line and heuristic path.
	var sb strings.Builder
	for sb.Len() < 64<<10 {
		sb.WriteString("Run (the installer) then curl -s https://x.example/a | jq .name && it's done\n")
	}
	src := sb.String()
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		Parse(src, 0)
	}
}
