package gen

import "testing"

// TestGenerateLocalityGoldenChecksum pins the random stream of graphs
// drawn with Locality, dense and sparse, on many hosts and on few (where
// pages fill their hosts and scanFree runs): the checksums were produced
// natively on linux/amd64 by the generator as it was when they were set.
// A faster generator must leave them as they are; a change of the model
// or of the order of random draws changes them: update them only on
// purpose.
func TestGenerateLocalityGoldenChecksum(t *testing.T) {
	cases := []struct {
		p    Params
		want uint64
	}{
		{Params{Pages: 20000, MeanOutDegree: 35, IntraHostShare: 0.9, CopyProbability: 0.7, Locality: 0.95, Seed: 1}, 0xe888d6342a2bd9c3},
		{Params{Pages: 20000, MeanOutDegree: 35, IntraHostShare: 0.9, CopyProbability: 0.7, Locality: 0.95, Seed: 2}, 0xde661e7c634df103},
		{Params{Pages: 5000, Hosts: 3, MeanOutDegree: 60, IntraHostShare: 0.95, CopyProbability: 0.7, Locality: 0.95, Seed: 3}, 0xbe78114f25c214d7},
		{Params{Pages: 3000, Hosts: 40, MeanOutDegree: 200, IntraHostShare: 0.8, OutDegreeExponent: 1.6, CopyProbability: 0.3, Locality: 0.5, Seed: 4}, 0xb1f1c23b42b79120},
		{Params{Pages: 4000, Hosts: 9, MeanOutDegree: 12, IntraHostShare: 1, CopyProbability: 0, Locality: 1, Seed: 5}, 0xaee3d2638d7041b},
		{Params{Pages: 4000, Hosts: 400, MeanOutDegree: 20, IntraHostShare: 0, CopyProbability: 1, Locality: 0.95, Seed: 6}, 0x9c9f98f6ad6e2480},
		{Params{Pages: 3000, Hosts: 20, MeanOutDegree: 150, IntraHostShare: 0.9, OutDegreeExponent: 1.5, CopyProbability: 0.7, Seed: 7}, 0x4209fecb3067e80a},
	}
	for _, c := range cases {
		g := mustGenerate(t, c.p)
		if got := checksum(g); got != c.want {
			t.Errorf("Generate(%+v): checksum %#x, want %#x (%d pages, %d links)", c.p, got, c.want, g.NumNodes(), g.NumArcs())
		}
	}
}
