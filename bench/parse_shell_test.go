package bench

import (
	"github.com/skillvet/skillvet/parse/shell"
	"github.com/skillvet/skillvet/skill"
)

func init() {
	parsers[skill.KindShell] = func(_ string, src []byte, _ int) error {
		return shell.Parse(string(src), 0).Err
	}
}
