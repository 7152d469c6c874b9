package main

import "testing"

func TestPlainRun(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want bool
	}{
		{[]string{"./..."}, true},
		{[]string{"-test=false", "-contractstruct", "-contractstruct.min-words=3", "./a", "./b"}, true},
		{[]string{"-allsource", "./..."}, true},
		{nil, false},                                // usage
		{[]string{"-contractstruct"}, false},        // no packages: multichecker's usage
		{[]string{"help"}, false},                   // multichecker's help
		{[]string{"help", "contractstruct"}, false}, // help on one analyzer
		{[]string{"-V=full"}, false},                // go vet's version query
		{[]string{"-flags"}, false},                 // go vet's flags query
		{[]string{"/tmp/b001/vet.cfg"}, false},      // go vet's protocol
		{[]string{"-json", "./..."}, false},
		{[]string{"-fix", "./..."}, false},
		{[]string{"--diff", "./..."}, false},
		{[]string{"-c=2", "./..."}, false},
		{[]string{"-debug=tp", "./..."}, false},
		{[]string{"-cpuprofile", "cpu.out", "./..."}, false},
		{[]string{"./...", "-json"}, false}, // a misplaced flag is multichecker's to reject
	} {
		if got := plainRun(tc.args); got != tc.want {
			t.Errorf("plainRun(%q) = %v, want %v", tc.args, got, tc.want)
		}
	}
}
