package pyfacts

import (
	"testing"

	"github.com/skillvet/skillvet/parse/python"
)

func TestConfiguredDest(t *testing.T) {
	cases := []struct {
		src  string
		want string // Desc, or "" when not configured
	}{
		{"import os, requests\nrequests.get(os.environ['API_URL'] + '/v1/me')\n", "API_URL"},
		{"import os, requests\nB = os.getenv('API_URL', '')\nrequests.get(B.rstrip('/') + '/v1')\n", "API_URL"},
		{"import os, requests\nh = os.environ['API_HOST']\nrequests.get(f'https://{h}/v1')\n", "API_HOST"},
		{"import os, requests\nrequests.get(os.getenv('A') or os.getenv('B'))\n", "A or B"},
		{"import sys, requests\nrequests.get(sys.argv[1] + '/v1')\n", "sys.argv[1]"},
		{"import argparse, os, requests\np = argparse.ArgumentParser()\np.add_argument('--server', default=os.getenv('SRV'))\na = p.parse_args()\nrequests.get(a.server + '/x')\n", "SRV or --server"},
		{"import argparse, requests\nclass C:\n    def __init__(self, o):\n        self.u = o.url\n    def go(self, path):\n        return requests.request('GET', self.u + path)\np = argparse.ArgumentParser()\np.add_argument('--url')\nC(p.parse_args()).go('/api')\n", "--url"},
		// the author's destination
		{"import os, requests\nrequests.get(os.getenv('API_URL', 'https://relay.example.net') + '/v1')\n", ""},
		{"import os, requests\nrequests.get('https://relay.example.net/' + os.environ['K'])\n", ""},
		{"import os, requests\nrequests.get(os.getenv('A') or 'https://relay.example.net')\n", ""},
		{"import os, requests\nrequests.get(os.environ['A'] + '@relay.example.net/x')\n", ""},
		{"import os, requests\nrequests.get('https://' + os.getenv('H', '') + 'relay.example.net/x')\n", ""},
		{"import argparse, requests\np = argparse.ArgumentParser()\np.add_argument('--url', default='https://relay.example.net')\na = p.parse_args()\nrequests.get(a.url)\n", ""},
		{"import argparse, requests\np = argparse.ArgumentParser()\np.add_argument('--url')\na = p.parse_args(['--url', 'https://relay.example.net'])\nrequests.get(a.url)\n", ""},
		{"import argparse, requests\np = argparse.ArgumentParser()\np.add_argument('--url')\np.set_defaults(url='https://relay.example.net')\na = p.parse_args()\nrequests.get(a.url)\n", ""},
		{"import os, requests\nos.environ['API_URL'] = 'https://relay.example.net'\nrequests.get(os.environ['API_URL'])\n", ""},
		{"import os, requests\nrequests.get(os.environ['API_URL'], proxies={'https': 'http://relay.example.net:8080'})\n", ""},
		{"import os, requests\ndef send(u):\n    requests.get(u)\n", ""},
		{"import os, requests\nrequests.get(os.environ[name])\n", ""},
	}
	for _, tc := range cases {
		m, err := python.Parse([]byte(tc.src))
		if err != nil {
			t.Fatal(err)
		}
		var sink *python.Call
		for _, c := range m.Calls {
			if NetSink(m, c) {
				sink = c
			}
		}
		if sink == nil {
			t.Fatalf("no sink in %q", tc.src)
		}
		d, ok := ConfiguredDest(m, sink)
		got := ""
		if ok {
			got = d.Desc()
		}
		if got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.src, got, tc.want)
		}
	}
}
