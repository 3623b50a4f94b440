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
