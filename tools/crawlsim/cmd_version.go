package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
)

func versionCommand() *command {
	return &command{
		name:    "version",
		instant: true,
		args:    "",
		summary: `Print the build of this crawlsim: its version and commit.
The module's version ("(devel)" for a build from a working copy), the
commit it was built from, its time and whether the working copy had
changes not committed, and the Go version and platform, as Go records them
in the binary. Go records the commit only when go build or go install
builds in a git checkout: go run and -buildvcs=false record none. The
page's About panel shows the same for the page.`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			asJSON := fs.Bool("json", false, "print the build as JSON")
			return func(ctx context.Context, e *env, args []string) error {
				if len(args) != 0 {
					return usagef("takes no arguments, got %q", args)
				}
				b, ok := model.ReadBuild()
				if !ok {
					return errors.New("this binary holds no build information")
				}
				if *asJSON {
					return writeJSON(e.stdout, b)
				}
				return writeBuild(e, b)
			}
		},
	}
}

// noCommit stands for the commit of a build that recorded none: Go stamps
// it only when go build or go install builds in a git checkout, without
// -buildvcs=false.
const noCommit = "not recorded (go run, -buildvcs=false or no git checkout)"

// writeBuild prints b as a table of one row a field, the fields that the
// build did not record left out but the commit, which says it was not.
func writeBuild(e *env, b model.Build) error {
	rows := [][]string{{"crawlsim", b.Version}, {"module", b.Module}}
	if b.Revision != "" {
		rows = append(rows, []string{"commit", b.Revision})
	} else {
		rows = append(rows, []string{"commit", noCommit})
	}
	if b.Time != "" {
		rows = append(rows, []string{"time", b.Time})
	}
	if b.Revision != "" {
		rows = append(rows, []string{"modified", strconv.FormatBool(b.Modified)})
	}
	goLine := b.Go
	if b.Platform != "" {
		goLine += " " + b.Platform
	}
	rows = append(rows, []string{"go", goLine})
	var s strings.Builder
	report.WriteColumns(&s, rows, []bool{true, true})
	_, err := fmt.Fprint(e.stdout, s.String())
	return err
}
