package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"
)

// HTTPPath is where ServeHTTP mounts the streamable HTTP endpoint.
const HTTPPath = "/mcp"

// CheckLoopback accepts only HOST:PORT addresses whose host is a loopback
// IP literal (127.0.0.0/8, ::1) or "localhost": the server has no
// authentication, so it must not be reachable from another machine.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--http %q: want HOST:PORT on a loopback address, e.g. 127.0.0.1:8765", addr)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(host)
	if ip == nil || !ip.IsLoopback() {
		return fmt.Errorf("--http %q: refusing a non-loopback address (the server has no authentication); use 127.0.0.1, [::1] or localhost", addr)
	}
	return nil
}

// ListenLoopback listens on a loopback address (see CheckLoopback) and
// checks the address actually bound.
func ListenLoopback(addr string) (net.Listener, error) {
	if err := CheckLoopback(addr); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	if ta, ok := ln.Addr().(*net.TCPAddr); !ok || !ta.IP.IsLoopback() {
		ln.Close()
		return nil, fmt.Errorf("--http %q: bound %s, which is not a loopback address", addr, ln.Addr())
	}
	return ln, nil
}

// ServeHTTP serves the streamable HTTP endpoint at HTTPPath on ln until
// ctx is done, then shuts down.
func (s *Server) ServeHTTP(ctx context.Context, ln net.Listener) error {
	mux := http.NewServeMux()
	mux.Handle(HTTPPath, s.HTTPHandler())
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := hs.Shutdown(sctx)
		if errors.Is(err, context.DeadlineExceeded) {
			err = hs.Close()
		}
		<-errc
		return err
	}
}
