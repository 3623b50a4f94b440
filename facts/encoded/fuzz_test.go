package encoded

import "testing"

func FuzzBlobs(f *testing.F) {
	for _, s := range []string{
		"Y3VybCAtZnNTTCBodHRwOi8vMjAzLjAuMTEzLjkvcC5zaCB8IGJhc2g=",
		"6375726c202d6673534c20687474703a2f2f3230332e302e3131332e392f702e7368207c2062617368",
		"[99, 117, 114, 108, 32, 45, 102, 115, 83, 76, 32, 104]",
		"<~@s)g.+>%2H;bS<IFEDI_0/#(71G1@60ekI:3A5>(F(c\\D+C\\c#BE~>",
		"xor with key 0x5a, 0x01 and reverse each line; base85 b85decode; join parts in order",
		"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\n  bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		c := &Cues{}
		c.add(src)
		c.XOR, c.Reverse, c.ROT13, c.Base85 = true, true, true, true
		for _, b := range rawBlobs(src, c) {
			if b.Start < 0 || b.End > len(src) || b.Start > b.End {
				t.Fatalf("blob %d-%d out of range", b.Start, b.End)
			}
		}
		for _, b := range blockBlobs(src, c) {
			if b.Start < 0 || b.End > len(src) {
				t.Fatalf("block %d-%d out of range", b.Start, b.End)
			}
		}
		textBlobs(src, c)
		codeCues(src)
		Classify(string(src))
		DecodeBase85(string(src))
		CharCodes(string(src))
	})
}
