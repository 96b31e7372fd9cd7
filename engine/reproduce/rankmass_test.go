package reproduce

import (
	"strings"
	"testing"
)

// TestHalvingTheWindowOnStanford: on cs-stanford the iterations of the
// 20%, 10% and 5% windows (110, 165, 266) grow ×1.50 and ×1.61, not ×2
// (the paper: 44, 85, 167): the same trend, not the same value.
func TestHalvingTheWindowOnStanford(t *testing.T) {
	rep := realReport(t, "001", "cs-stanford")
	f := finding(t, rep, "halving the window doubles the iterations (20%, 10%, 5%)")
	if f.Verdict != SameTrend || !strings.Contains(f.Ours, "×1.50") || f.Reason == "" {
		t.Errorf("%+v; want same trend with the ratios and a reason", f)
	}
}

// TestGuaranteeMidwayOnHollins: at the end of a crawl the guarantee grows
// with the seeds by construction, but on hollins at half the crawl 160
// seeds guarantee .1254 and 1,600 seeds .1036: judged where Fig. 10(b)
// shows it, along the crawl, the verdict differs and names the point.
func TestGuaranteeMidwayOnHollins(t *testing.T) {
	rep := realReport(t, "001", "hollins")
	f := finding(t, rep, "the guarantee grows with the number of seeds along the crawl")
	if f.Verdict != Differs || !strings.Contains(f.Ours, "0.1254, 0.1036") || !strings.Contains(f.Reason, "does not grow at ") {
		t.Errorf("%+v; want differs, naming the point where 0.1254 > 0.1036", f)
	}
}
