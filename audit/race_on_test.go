//go:build race

package audit_test

// The browser test checks rendering, not concurrency: under -race it is
// left to the plain go test run (where CI requires a browser) to keep CI short.
const raceEnabled = true
