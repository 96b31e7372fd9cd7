package report

import (
	"bufio"
	"fmt"
	"io"
	"strconv"

	"github.com/crawlsim/crawlsim/engine/model"
)

// DepthCSV writes a seed study's breadth-first crawls (the table SeedTable
// prints and DepthChart draws) in long format, one depth of one seed set
// per line, under the header "seed_set,depth,pages,mean_importance":
// pages is the number of pages first reached at that depth (depth 0: the
// seeds) and mean_importance their mean importance. Numbers are written in
// the shortest form that reads back exactly, and names are quoted as RFC
// 4180 asks.
func DepthCSV(w io.Writer, r *model.Result) error {
	if r == nil || r.SeedStudy == nil {
		return fmt.Errorf("report: the result has no seed study")
	}
	bw := bufio.NewWriter(w)
	bw.WriteString("seed_set,depth,pages,mean_importance\n")
	var line []byte
	for _, p := range r.SeedStudy.Evaluation.Profiles {
		if len(p.MeanImportance) != len(p.Pages) {
			return fmt.Errorf("report: the seed set %q has %d depths of pages and %d of mean importance; expected as many of each", p.Name, len(p.Pages), len(p.MeanImportance))
		}
		for d, n := range p.Pages {
			line = AppendCSVField(line[:0], p.Name)
			line = append(line, ',')
			line = strconv.AppendInt(line, int64(d), 10)
			line = append(line, ',')
			line = strconv.AppendInt(line, n, 10)
			line = append(line, ',')
			line = strconv.AppendFloat(line, p.MeanImportance[d], 'g', -1, 64)
			line = append(line, '\n')
			if _, err := bw.Write(line); err != nil {
				return err
			}
		}
	}
	return bw.Flush()
}
