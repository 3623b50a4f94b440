package rules

import (
	"github.com/skillvet/skillvet/analyzer"
)

// Short names for the severities, for rule declarations and findings.
// Facts packages use the analyzer names directly.
const (
	High     = analyzer.High
	Critical = analyzer.Critical
	Medium   = analyzer.Medium
	Low      = analyzer.Low
	Info     = analyzer.Info
)
