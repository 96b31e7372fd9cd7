package reproduce

import (
	"strings"
	"testing"
)

// TestCoreDistancesLikeWithLike: Daneshpajouh et al.'s 14.9 is the average
// connected distance (its section 3.2.2), the quantity crawlsim
// estimates, so the paper's own figures give a share of 7.15/14.9 =
// 0.48, which the verdict compares with crawlsim's (a test of a ratio
// between 0.5 and 2 would fail the paper's own figures). On cs-stanford
// the cores are closer (2.16 against 7.71): the verdict differs and gives
// the reason, not the diameter.
func TestCoreDistancesLikeWithLike(t *testing.T) {
	paper := communityDistances.mean / communityDistances.diameter
	if Matches(paper, 0.48, communityShareTolerance) != SameValue {
		t.Errorf("the paper's own share %.4f is not 0.48 within its rounding", paper)
	}
	rep := realReport(t, "003", "cs-stanford")
	f := finding(t, rep, "the mean distance between cores, as a share of the graph's average connected distance")
	if f.Verdict != Differs || !strings.Contains(f.Published, "0.48") || !strings.Contains(f.Reason, "21 hosts") || strings.Contains(f.Reason, "diameter") {
		t.Errorf("%+v; want differs against 0.48, with the hosts as the reason", f)
	}
}

// TestCoresAndOlderSeedsOnStanford: the core sizes of Figs. 4-5 are
// tabled and judged (crawlsim's cores have one authority more than hubs:
// differs, with the reason), and seeds from an older snapshot (here the
// graph, crawling its evolution) are counted against the paper's 11%.
func TestCoresAndOlderSeedsOnStanford(t *testing.T) {
	rep := realReport(t, "003", "cs-stanford")
	if f := finding(t, rep, "the cores are complete bipartite (cover density 100)"); f.Verdict != SameOrder {
		t.Errorf("complete cores: %+v", f)
	}
	if f := finding(t, rep, "hubs normally outnumber authorities in a core"); f.Verdict != Differs || !strings.Contains(f.Reason, "one authority more than hubs") {
		t.Errorf("hubs against authorities: %+v", f)
	}
	older := finding(t, rep, "of the seeds extracted from an older snapshot, 11% exist in the newer one")
	if older.Verdict != Differs || !strings.Contains(older.Ours, "of 10") || !strings.Contains(older.Reason, "evolution") {
		t.Errorf("older seeds: %+v", older)
	}
	finding(t, rep, "the older snapshot's seeds reach more pages of the newer graph than random seeds at depths 1-3")
}
