// Command detect compares skillvet's and OpenClaw's detections on a
// labelled corpus (corpus/labels.yaml, read by package eval). It is part of
// bench/compare.sh:
//
//	go run ./bench/detect -corpus corpus -skillvet sv.json -openclaw oc.json
//
// sv.json is `skillvet scan --format json corpus`; a skill counts as flagged
// when its verdict is block. oc.json is `node bench/openclaw-scan.mjs --json
// corpus`; a skill counts as flagged when OpenClaw reported at least one
// critical or warn finding for it (its skill audit: scanDirectoryWithSummary
// plus scanSkillContent and scanSource on SKILL.md). It prints a Markdown
// table: malicious skills flagged / total and benign skills flagged / total.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/skillvet/skillvet/eval"
)

type svReport struct {
	Skills []struct {
		Path    string `json:"path"`
		Verdict string `json:"verdict"`
	} `json:"skills"`
}

type ocReport struct {
	Mode   string `json:"mode"`
	Skills []struct {
		Dir     string `json:"dir"`
		Flagged bool   `json:"flagged"`
	} `json:"skills"`
}

func main() {
	corpus := flag.String("corpus", "corpus", "labelled corpus directory (holds labels.yaml)")
	svPath := flag.String("skillvet", "", "skillvet scan --format json output")
	ocPath := flag.String("openclaw", "", "openclaw-scan.mjs --json output")
	flag.Parse()
	if *svPath == "" || *ocPath == "" {
		fmt.Fprintln(os.Stderr, "usage: detect -corpus DIR -skillvet sv.json -openclaw oc.json")
		os.Exit(2)
	}
	labels, err := eval.LoadLabels(*corpus)
	check(err)
	var sv svReport
	check(readJSON(*svPath, &sv))
	var oc ocReport
	check(readJSON(*ocPath, &oc))

	svFlag := map[string]bool{}
	for _, s := range sv.Skills {
		rel, err := filepath.Rel(*corpus, s.Path)
		if err != nil {
			rel = s.Path
		}
		svFlag[filepath.ToSlash(rel)] = s.Verdict == "block"
	}
	ocFlag := map[string]bool{}
	for _, s := range oc.Skills {
		ocFlag[filepath.ToSlash(s.Dir)] = s.Flagged
	}
	type count struct{ mal, malTotal, ben, benTotal, missing int }
	tally := func(flagged map[string]bool) count {
		var c count
		for _, l := range labels.Skills {
			f, ok := flagged[l.Path]
			if !ok {
				c.missing++
			}
			if l.Label == "malicious" {
				c.malTotal++
				if f {
					c.mal++
				}
			} else {
				c.benTotal++
				if f {
					c.ben++
				}
			}
		}
		return c
	}
	row := func(name, rule string, c count) {
		note := rule
		if c.missing > 0 {
			note += fmt.Sprintf(" (%d labelled skills not in its output)", c.missing)
		}
		fmt.Printf("| %s | %d / %d (%.0f%%) | %d / %d (%.0f%%) | %s |\n", name,
			c.mal, c.malTotal, pct(c.mal, c.malTotal), c.ben, c.benTotal, pct(c.ben, c.benTotal), note)
	}
	fmt.Println("| tool | malicious flagged | benign flagged | counted as flagged |")
	fmt.Println("|---|---|---|---|")
	row("skillvet", "verdict block (default --fail-on high)", tally(svFlag))
	row("OpenClaw", "any critical or warn finding ("+oc.Mode+")", tally(ocFlag))
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "detect:", err)
		os.Exit(1)
	}
}
