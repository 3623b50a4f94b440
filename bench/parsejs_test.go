package bench

import (
	"github.com/skillvet/skillvet/parse/js"
	"github.com/skillvet/skillvet/skill"
)

func init() {
	parsers[skill.KindJS] = func(path string, src []byte, _ int) error {
		_, err := js.Parse(path, src)
		return err
	}
}
