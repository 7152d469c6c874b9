package report

// One root, several reporters. A root in a package that several packages
// of handlers use (a client's helper that puts the body into its error)
// is found by each of them: facts flow from the root's package to its
// importers, never between importers, so each reports the root at its
// place with the texts it sees. A driver that sees every package (the
// standalone one) makes them one finding: the same rule at the same
// place, with messages that differ only in their counts ("23 texts of 23
// functions", "32 texts of 32 functions"), is one edit, and its counts
// are the sums, since no function is in two packages.

import (
	"regexp"
	"strconv"
)

// countPattern matches what Count makes of the nouns roots' messages count.
var countPattern = regexp.MustCompile(`\b(\d+) (return|handler|call|function|text)(s?)\b`)

// CountShape returns msg with the counts Count made in it left out: two
// findings at one place whose messages have one shape are one root's.
func CountShape(msg string) string {
	return countPattern.ReplaceAllString(msg, "# $2")
}

// SumCounts returns the message of one root found by several packages:
// msgs, which have one CountShape, with each count the sum of theirs.
func SumCounts(msgs []string) string {
	if len(msgs) == 0 {
		return ""
	}
	var sums []int
	for _, m := range msgs {
		for i, sub := range countPattern.FindAllStringSubmatch(m, -1) {
			n, _ := strconv.Atoi(sub[1])
			if i == len(sums) {
				sums = append(sums, 0)
			}
			sums[i] += n
		}
	}
	i := 0
	return countPattern.ReplaceAllStringFunc(msgs[0], func(s string) string {
		sub := countPattern.FindStringSubmatch(s)
		n := sums[i]
		i++
		return Count(n, sub[2])
	})
}
