package markdown

import "sort"

func sortStable(ts []Token, less func(a, b *Token) bool) {
	sort.SliceStable(ts, func(i, j int) bool { return less(&ts[i], &ts[j]) })
}
