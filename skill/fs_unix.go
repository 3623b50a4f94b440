//go:build unix

package skill

import "syscall"

const nonblock = syscall.O_NONBLOCK
