package analyzer

import (
	"bytes"
	"math/rand"
	"testing"
)

func TestPrefilterMatchesNaive(t *testing.T) {
	words := []string{"curl", "url", "child_process", "eval", "val", "base64", "a", "stratum+tcp"}
	p := newPrefilter(words)
	rng := rand.New(rand.NewSource(1))
	alphabet := []byte("curlCURLevalbase64_process:+tcpxyz \n")
	for n := 0; n < 2000; n++ {
		b := make([]byte, rng.Intn(40))
		for i := range b {
			b[i] = alphabet[rng.Intn(len(alphabet))]
		}
		got := p.match(b)
		lowered := bytes.ToLower(b)
		for i, w := range words {
			if want := bytes.Contains(lowered, []byte(w)); got[i] != want {
				t.Fatalf("%q: keyword %q = %v, want %v", b, w, got[i], want)
			}
		}
	}
}

func FuzzPrefilter(f *testing.F) {
	f.Add([]byte("require('child_process').exec('curl x | sh')"))
	words := []string{"curl", "child_process", "exec", "| sh", "ec"}
	p := newPrefilter(words)
	f.Fuzz(func(t *testing.T, b []byte) {
		got := p.match(b)
		for i, w := range words {
			if got[i] != bytes.Contains(bytes.ToLower(b), []byte(w)) {
				t.Fatalf("%q: %q", b, w)
			}
		}
	})
}

func BenchmarkPrefilter(b *testing.B) {
	words := []string{"curl", "wget", "child_process", "eval", "base64", "stratum", "xmrig", "/dev/tcp", "ignore", "previous", "instructions", "password", "sudo", "crontab"}
	p := newPrefilter(words)
	src := bytes.Repeat([]byte("Summarise the document the user gives you, keeping headings and lists.\n"), 15000)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		p.match(src)
	}
}
