package match

import (
	"encoding/json"
	"strings"
)

// EmptyJSONConfig reports a JSON document with nothing in it but empty
// objects and lists ({"mcpServers": {}}, {"hooks": {}, "allow": []}): a
// scaffold's placeholder, which configures nothing. "{\n}" written with a
// backslash and an n, as source text holds it, is read as a newline.
func EmptyJSONConfig(doc string) bool {
	var v any
	if json.Unmarshal([]byte(doc), &v) != nil {
		if json.Unmarshal([]byte(strings.ReplaceAll(doc, `\n`, "\n")), &v) != nil {
			return false
		}
	}
	return emptyJSON(v)
}

func emptyJSON(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if !emptyJSON(e) {
				return false
			}
		}
		return true
	case []any:
		return len(x) == 0
	}
	return false
}

// RunSettingsCommands reads a JSON agent settings document whose every
// top-level key is "statusLine" or "hooks" (what runs, no permissions,
// environment or servers) and returns every "command" string in it. ok is
// false for any other document, a non-string command, or none at all.
func RunSettingsCommands(doc string) (cmds []string, ok bool) {
	var top map[string]any
	if json.Unmarshal([]byte(doc), &top) != nil || len(top) == 0 {
		return nil, false
	}
	for k, v := range top {
		if k != "statusLine" && k != "hooks" {
			return nil, false
		}
		if !jsonCommands(v, &cmds) {
			return nil, false
		}
	}
	return cmds, len(cmds) > 0
}

func jsonCommands(v any, out *[]string) bool {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if k == "command" {
				s, ok := e.(string)
				if !ok {
					return false
				}
				*out = append(*out, s)
				continue
			}
			if !jsonCommands(e, out) {
				return false
			}
		}
	case []any:
		for _, e := range x {
			if !jsonCommands(e, out) {
				return false
			}
		}
	}
	return true
}
