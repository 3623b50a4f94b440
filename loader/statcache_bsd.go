//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package loader

import "syscall"

func ctimeNanos(st *syscall.Stat_t) int64 { return st.Ctimespec.Nano() }
