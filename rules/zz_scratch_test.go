package rules

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/skillvet/skillvet/analyzer"
	"github.com/skillvet/skillvet/skill"
)

func TestScratchRealWorld(t *testing.T) {
	files := strings.Fields(os.Getenv("JSFILES"))
	if len(files) == 0 {
		t.Skip()
	}
	eng, _ := analyzer.New(jsRules(), analyzer.Options{Jobs: 1})
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		name := "scripts/" + filepath.Base(f)
		fsys := fstest.MapFS{"SKILL.md": {Data: []byte("---\nname: x\ndescription: y\n---\nbody\n")}, name: {Data: b}}
		st := time.Now()
		s, err := skill.Load(context.Background(), fsys, "x", skill.DefaultLimits)
		if err != nil {
			t.Fatal(err)
		}
		res := eng.Analyze(context.Background(), s)
		fmt.Printf("== %s (%d bytes) %v\n", f, len(b), time.Since(st))
		for _, fd := range res.Findings {
			if fd.Severity >= analyzer.Medium {
				fmt.Printf("  %s:%d %s %s %s | %.100s\n", fd.Path, fd.Start.Line, fd.Rule, fd.Severity, fd.Message, fd.Evidence)
			}
		}
	}
}
