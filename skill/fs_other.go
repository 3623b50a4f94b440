//go:build !unix

package skill

const nonblock = 0
