package skill

import "testing"

func TestRepairLeavesCommentsAlone(t *testing.T) {
	m := ParseManifest([]byte("---\nname: x # the name\ndescription: Use when: reviewing code\nlicense: MIT # SPDX\n---\nbody\n"))
	if m.Err != nil {
		t.Fatal(m.Err)
	}
	if len(m.Repairs) != 1 || m.Repairs[0].Line != 3 || m.Repairs[0].Key != "description" {
		t.Errorf("repairs = %+v, want only line 3 (description)", m.Repairs)
	}
	if m.Name != "x" {
		t.Errorf("name = %q: a trailing comment was pulled into the value", m.Name)
	}
	if v := m.Lookup("license"); v == nil || v.Value != "MIT" {
		t.Errorf("license = %v, want MIT", v)
	}
	if m.Description != "Use when: reviewing code" {
		t.Errorf("description = %q", m.Description)
	}
}
