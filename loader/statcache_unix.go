//go:build unix

package loader

import (
	"io/fs"
	"syscall"
)

func statExtra(fi fs.FileInfo) (ctime int64, ino, dev uint64, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, 0, 0, false
	}
	return ctimeNanos(st), uint64(st.Ino), uint64(st.Dev), true
}
