package bench

import (
	"github.com/skillvet/skillvet/parse/python"
	"github.com/skillvet/skillvet/skill"
)

func init() {
	parsers[skill.KindPython] = func(_ string, src []byte, _ int) error {
		_, err := python.Parse(src)
		return err
	}
}
