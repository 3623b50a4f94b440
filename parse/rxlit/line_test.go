package rxlit

import (
	"reflect"
	"testing"
)

func TestLineLocal(t *testing.T) {
	for expr, want := range map[string]bool{
		`\bgh[pousr]_[A-Za-z0-9]{36,255}\b`: true,
		`(?m)^ab$`:                          true,
		`a.b`:                               true,
		`(?m)^\s*x`:                         false, // \s holds \n
		`(?s)a.b`:                           false,
		`^ab`:                               false, // start of text
		`ab$`:                               false,
		`[^a]b`:                             false,
		`a\nb`:                              false,
	} {
		if got := LineLocal(expr); got != want {
			t.Errorf("LineLocal(%q) = %v, want %v", expr, got, want)
		}
	}
}

func TestLineStartsAt(t *testing.T) {
	text := "ab\ncd ef\n\ngh"
	got := LineStartsAt(text, []int32{11, 3, 6, 4, 0})
	if want := []int{0, 3, 10}; !reflect.DeepEqual(got, want) {
		t.Errorf("LineStartsAt = %v, want %v", got, want)
	}
}
