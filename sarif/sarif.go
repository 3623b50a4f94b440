// Package sarif writes SARIF 2.1.0 for GitHub code scanning and other
// consumers.
package sarif
