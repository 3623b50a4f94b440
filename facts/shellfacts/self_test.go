package shellfacts

import (
	"testing"

	"github.com/skillvet/skillvet/parse/shell"
)

func TestResolveSelf(t *testing.T) {
	src := "SCRIPT_DIR=\"$(cd \"$(dirname \"${BASH_SOURCE[0]}\")\" && pwd)\"\nOTHER=\"$(mktemp -d)\"\nMIXED=\"$(dirname \"$0\")\"\nMIXED=/opt/x\nBIN_DIR=\"$HOME/.local/bin\"\nINSTALL_DIR=\"${INSTALL_DIR:-/usr/local/bin}\"\nDL=\"$(curl -s https://x.example/p)\"\n"
	s := shell.Parse(src, 0)
	for _, c := range []struct{ file, in, want string }{
		{"scripts/run.sh", `0 3 * * * bash $(cd "$(dirname "$0")" && pwd)/run.sh check`, `0 3 * * * bash ./scripts/run.sh check`},
		{"scripts/run.sh", `$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/bin/x`, `./bin/x`},
		{"scripts/run.sh", `$(cd "$(dirname "$0")"; pwd)/x.sh`, `./scripts/x.sh`},
		{"scripts/run.sh", `bash $(readlink -f "$0") --sync`, `bash ./scripts/run.sh --sync`},
		{"scripts/run.sh", `$(cd "$(dirname "$0")" && pwd)/$(basename "$0") update`, `./scripts/run.sh update`},
		{"scripts/run.sh", `cd $(dirname "$(readlink -f "$0")") && bash run.sh`, `cd ./scripts && bash run.sh`},
		{"scripts/run.sh", `$SCRIPT_DIR/backup.sh`, `./scripts/backup.sh`},
		{"scripts/run.sh", `$(cd "$SCRIPT_DIR" && pwd)/traffic.sh`, `./scripts/traffic.sh`},
		{"scripts/run.sh", `cd $(dirname "$SCRIPT_DIR") && bash scripts/run.sh`, `cd . && bash scripts/run.sh`},
		{"run.sh", `cd $(pwd) && bash scripts/x.sh > out-$(date +%Y%m%d).log`, `cd . && bash scripts/x.sh > out-20260101.log`},
		{"run.sh", `$(command -v kopia) snapshot`, `kopia snapshot`},
		{"scripts/run.sh", `ExecStart=${BIN_DIR}/frps -c x`, `ExecStart=$HOME/.local/bin/frps -c x`},
		{"scripts/run.sh", `ExecStart=$INSTALL_DIR/dagu server`, `ExecStart=/usr/local/bin/dagu server`},
		{"scripts/run.sh", `ExecStart=${APP_BIN:-/opt/app/bin/app} serve`, `ExecStart=/opt/app/bin/app serve`},
		// left as written: substitutions and variables that are not the
		// script's own location
		{"scripts/run.sh", `$OTHER/payload`, `$OTHER/payload`},
		{"scripts/run.sh", `${MIXED}/x`, `${MIXED}/x`},
		{"scripts/run.sh", `$DL/x`, `$DL/x`},
		{"scripts/run.sh", `$(curl -s https://x.example/p) run`, `$(curl -s https://x.example/p) run`},
		{"scripts/run.sh", "`dirname $0`/x", "`dirname ./scripts/run.sh`/x"},
	} {
		if got := ResolveSelf(s, c.file, c.in); got != c.want {
			t.Errorf("ResolveSelf(%s, %q) = %q, want %q", c.file, c.in, got, c.want)
		}
	}
}
