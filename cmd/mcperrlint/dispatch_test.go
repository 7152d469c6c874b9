package main_test

import "testing"

// TestDemoAllSourceSameFindings checks that loading every dependency from
// source finds exactly what the default loader finds on the demo.
func TestDemoAllSourceSameFindings(t *testing.T) {
	fast, stderr, code := run(t, ".", binary, "-C", demoDir, "./...")
	if code != 3 || stderr != "" {
		t.Fatalf("mcperrlint ./...: exit code %d, want 3\n%s", code, stderr)
	}
	all, stderr, code := run(t, ".", binary, "-C", demoDir, "-allsource", "./...")
	if code != 3 || stderr != "" {
		t.Fatalf("mcperrlint -allsource ./...: exit code %d, want 3\n%s", code, stderr)
	}
	if fast != all {
		t.Errorf("findings differ:\ndefault loader:\n%s\n-allsource:\n%s", fast, all)
	}
}
