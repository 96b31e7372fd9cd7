package main

import (
	"context"
	"flag"
	"io"
	"slices"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/refresh"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/engine/step"
)

func refreshCommand() *command {
	return &command{
		name: "refresh",
		args: "",
		summary: `Simulate how often a crawler revisits changing sites.
The model is Singhal et al.'s ("Regulating Frequency of a Migrating Web Crawler
based on Users Interest"). Sites change as Poisson processes (rates
log-uniform between -change-min and -change-max) and are visited by -users
users (-user-rate visits per unit of time, shared by a Zipf law of exponent
-popularity). The crawler revisits each
site after an interval that a policy regulates from what it sees: fixed keeps
-t0; change follows the change ratio of the last -window visits (shorter
above -pg, longer below -pl); change+interest adds, with weight 1-alpha, the
share of users who visited the site since the last visit (thresholds
-interest-pl and -interest-pg; none below -min-interest). Intervals stay in
[-tmin, -tmax]. The table gives per policy the freshness, the user-weighted
freshness, the mean age, the visits and those that found no change, and the
network traffic of a central crawler against a migrating one; each adaptive
policy is also compared with a fixed policy of as many visits. The scenario
comes from the flags or from -scenario FILE (flags override its fields).`,
		setup: func(fs *flag.FlagSet) func(context.Context, *env, []string) error {
			f := &refreshFlags{fs: fs}
			d := refresh.DefaultParams()
			g := d.Regulation
			fs.StringVar(&f.file, "scenario", "", "read the revisit scenario from `FILE` (JSON, as -save-scenario writes it)")
			fs.StringVar(&f.policies, "policies", strings.Join(refresh.Policies, ","), "`LIST` of policies to compare: fixed, change, change+interest")
			fs.BoolVar(&f.equal, "equal-budget", true, "also run, for every adaptive policy, a fixed policy with as many visits")
			f.p.Sites = d.Sites
			fs.Var(wholeFlag{&f.p.Sites}, "sites", "`N` simulated sites")
			fs.Float64Var(&f.p.Horizon, "horizon", d.Horizon, "simulated `TIME`, in the units of the intervals (at most "+strings.Replace(model.Number(model.MaxRefreshHorizon), "e+", "e", 1)+")")
			fs.Float64Var(&f.p.ChangeMin, "change-min", d.ChangeMin, "lowest change `RATE` of a site (changes per unit of time)")
			fs.Float64Var(&f.p.ChangeMax, "change-max", d.ChangeMax, "highest change `RATE` of a site")
			f.p.Users = d.Users
			fs.Var(wholeFlag{&f.p.Users}, "users", "`N` simulated users")
			fs.Float64Var(&f.p.UserRate, "user-rate", d.UserRate, "users' visits per unit of time, over all sites (`RATE`)")
			fs.Float64Var(&f.popularity, "popularity", *d.Popularity, "Zipf `EXPONENT` by which sites share the users' visits (0: evenly)")
			fs.Float64Var(&f.siteBytes, "site-bytes", *d.SiteBytes, "`BYTES` a central crawler downloads per visit (0 to "+model.Number(model.MaxRefreshBytes)+")")
			fs.Float64Var(&f.migrantBytes, "migrant-bytes", *d.MigrantBytes, "`BYTES` of a migrant sent to a site (0 to "+model.Number(model.MaxRefreshBytes)+")")
			f.p.Samples = d.Samples
			fs.Var(wholeFlag{&f.p.Samples}, "samples", "`N` points of the series over time (-csv, -svg)")
			seedVar(fs, &f.p.Seed, "random-seed", model.DefaultRandomSeed, "random `SEED` of the sites, their changes and their users")
			aliasFlag(fs, "seed", "random-seed")
			fs.Float64Var(&f.p.Regulation.Initial, "t0", g.Initial, "first interval of every site, and the fixed policy's (`TIME`)")
			fs.Float64Var(&f.p.Regulation.Min, "tmin", g.Min, "shortest interval (`TIME`)")
			fs.Float64Var(&f.p.Regulation.Max, "tmax", g.Max, "longest interval (`TIME`)")
			f.p.Regulation.Window = g.Window
			fs.Var(wholeFlag{&f.p.Regulation.Window}, "window", "`N` last visits over which the change ratio is counted")
			fs.Float64Var(&f.p.Regulation.Lower, "pl", g.Lower, "change ratio `P` below which the interval grows (p_l; above 0, below -pg)")
			fs.Float64Var(&f.p.Regulation.Upper, "pg", g.Upper, "change ratio `P` above which the interval shrinks (p_g)")
			fs.Float64Var(&f.alpha, "alpha", *g.Alpha, "`WEIGHT` of the change term in change+interest (the interest term gets 1-alpha)")
			fs.Float64Var(&f.p.Regulation.InterestLower, "interest-pl", g.InterestLower, "interest `P` below which the interval grows (p_l'; above 0, below -interest-pg)")
			fs.Float64Var(&f.p.Regulation.InterestUpper, "interest-pg", g.InterestUpper, "interest `P` above which the interval shrinks (p_g')")
			fs.Float64Var(&f.p.Regulation.MinInterest, "min-interest", g.MinInterest, "`SHARE` of users below which a site's interest is ignored (a)")
			fs.StringVar(&f.csvOut, "csv", "", "write every policy's series over time to `FILE` (policy,time,fresh,central_bytes,migrant_bytes)")
			fs.StringVar(&f.svgOut, "svg", "", "write freshness and traffic over time to `FILE` (SVG, two panels)")
			fs.StringVar(&f.out, "o", "", "write the whole result to `FILE` as JSON")
			fs.StringVar(&f.saveScen, "save-scenario", "", "write the scenario, every default filled in, to `FILE` for -scenario")
			fs.BoolVar(&f.asJSON, "json", false, "print the result as JSON instead of a table")
			return func(ctx context.Context, e *env, args []string) error {
				return f.run(ctx, e, args, explicitFlags(fs))
			}
		},
	}
}

// refreshFlags holds refresh's flags.
type refreshFlags struct {
	fs                            *flag.FlagSet // where the flags are, for their values as given
	file, policies                string
	fileText                      []byte // the text of -scenario FILE, where its problems are placed
	equal                         bool
	p                             refresh.Params
	alpha, popularity             float64
	siteBytes, migrantBytes       float64
	csvOut, svgOut, out, saveScen string
	asJSON                        bool
}

// refreshFlagFields maps a flag to the scenario field it sets, for the
// flags that override a -scenario file.
var refreshFlagFields = map[string]func(dst *scenario.Refresh, f *refreshFlags){
	"sites":         func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Sites = f.p.Sites },
	"horizon":       func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Horizon = f.p.Horizon },
	"change-min":    func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.ChangeMin = f.p.ChangeMin },
	"change-max":    func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.ChangeMax = f.p.ChangeMax },
	"users":         func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Users = f.p.Users },
	"user-rate":     func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.UserRate = f.p.UserRate },
	"popularity":    func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Popularity = refresh.Float(f.popularity) },
	"site-bytes":    func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.SiteBytes = refresh.Float(f.siteBytes) },
	"migrant-bytes": func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.MigrantBytes = refresh.Float(f.migrantBytes) },
	"samples":       func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Samples = f.p.Samples },
	"random-seed":   func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Seed = f.p.Seed },
	"t0":            func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Regulation.Initial = f.p.Regulation.Initial },
	"tmin":          func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Regulation.Min = f.p.Regulation.Min },
	"tmax":          func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Regulation.Max = f.p.Regulation.Max },
	"window":        func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Regulation.Window = f.p.Regulation.Window },
	"pl":            func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Regulation.Lower = f.p.Regulation.Lower },
	"pg":            func(d *scenario.Refresh, f *refreshFlags) { d.Simulation.Regulation.Upper = f.p.Regulation.Upper },
	"alpha": func(d *scenario.Refresh, f *refreshFlags) {
		a := f.alpha
		d.Simulation.Regulation.Alpha = &a
	},
	"interest-pl": func(d *scenario.Refresh, f *refreshFlags) {
		d.Simulation.Regulation.InterestLower = f.p.Regulation.InterestLower
	},
	"interest-pg": func(d *scenario.Refresh, f *refreshFlags) {
		d.Simulation.Regulation.InterestUpper = f.p.Regulation.InterestUpper
	},
	"min-interest": func(d *scenario.Refresh, f *refreshFlags) {
		d.Simulation.Regulation.MinInterest = f.p.Regulation.MinInterest
	},
	"policies":     func(d *scenario.Refresh, f *refreshFlags) { d.Policies = splitPolicies(f.policies) },
	"equal-budget": func(d *scenario.Refresh, f *refreshFlags) { e := f.equal; d.EqualBudget = &e },
}

func splitPolicies(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// scenario builds the revisit scenario from -scenario FILE or the
// defaults, with the flags given on top.
func (f *refreshFlags) scenario(set map[string]bool) (scenario.Refresh, error) {
	sc := scenario.DefaultRefresh()
	if f.file != "" {
		data, err := readScenarioFile(f.file)
		if err != nil {
			return sc, err
		}
		f.fileText = data
		if sc, err = scenario.ParseRefresh(strings.NewReader(string(data)), f.file); err != nil {
			return sc, scenarioOfOtherCommand(err, "refresh", f.file)
		}
		for name, apply := range refreshFlagFields {
			if set[name] {
				apply(&sc, f)
			}
		}
	} else {
		for _, apply := range refreshFlagFields {
			apply(&sc, f)
		}
	}
	if set["policies"] && len(splitPolicies(f.policies)) == 0 {
		return sc, usagef("-policies %q: expected a list of policies (fixed, change, change+interest)", f.policies)
	}
	if err := checkRefreshZeros(f, set); err != nil {
		return sc, err
	}
	n, err := scenario.NormalizeRefresh(sc)
	if err != nil {
		return n, f.refreshError(err, set)
	}
	if err := checkUnusedRegulation(n.Policies, set); err != nil {
		return n, err
	}
	return n, nil
}

// regulationFlags are the flags that only the adaptive policies read,
// with those policies: a flag given is used or refused.
var regulationFlags = []struct {
	names    []string
	policies []string
}{
	{[]string{"window", "pl", "pg"}, []string{refresh.Change, refresh.ChangeInterest}},
	{[]string{"alpha", "interest-pl", "interest-pg", "min-interest"}, []string{refresh.ChangeInterest}},
}

// checkUnusedRegulation refuses a regulation flag given (set) when none
// of the policies compared reads it ("-policies fixed -alpha 0.3").
func checkUnusedRegulation(policies []string, set map[string]bool) error {
	for _, r := range regulationFlags {
		if slices.ContainsFunc(r.policies, func(p string) bool { return slices.Contains(policies, p) }) {
			continue
		}
		for _, name := range r.names {
			if set[name] {
				which := "the " + strings.Join(r.policies, " and ") + " policies"
				if len(r.policies) == 1 {
					which = "the " + r.policies[0] + " policy"
				}
				return usagef("-%s applies to %s alone, and the policies compared are %s", name, which, strings.Join(policies, ","))
			}
		}
	}
	return nil
}

func (f *refreshFlags) run(ctx context.Context, e *env, args []string, set map[string]bool) error {
	if len(args) > 0 {
		return usagef("refresh takes no argument, got %q", args[0])
	}
	ins := []inputFile{{f.file, "the scenario " + f.file}}
	flags := []outputFlag{{"o", f.out}, {"csv", f.csvOut}, {"svg", f.svgOut}, {"save-scenario", f.saveScen}}
	if err := refuseGzipName("save-scenario", f.saveScen, "a scenario", "-scenario"); err != nil {
		return err
	}
	if err := checkFiles(e, ins, flags, f.asJSON); err != nil {
		return err
	}
	sc, err := f.scenario(set)
	if err != nil {
		return err
	}
	rr, err := scenario.NewRefreshRunner(sc)
	if err != nil {
		return err
	}
	bar := e.newProgress("simulate", false)
	err = step.Run(ctx, rr, 64, func(p step.Progress) {
		bar.describe(p.Stage)
		bar.set(p.Done, p.Total)
	})
	bar.finish()
	if err != nil {
		return err
	}
	res, err := rr.Result()
	if err != nil {
		return err
	}
	var outs []output
	if f.out != "" {
		outs = append(outs, output{path: f.out, flag: "o", inMemory: true, write: func(w io.Writer) error {
			b, err := scenario.MarshalRefreshResult(res)
			if err == nil {
				_, err = w.Write(b)
			}
			return err
		}})
	}
	if f.csvOut != "" {
		outs = append(outs, output{path: f.csvOut, flag: "csv", inMemory: true, write: func(w io.Writer) error { return report.RefreshCSV(w, res) }})
	}
	if f.svgOut != "" {
		outs = append(outs, output{path: f.svgOut, flag: "svg", inMemory: true, write: func(w io.Writer) error { return report.RefreshSVG(w, res) }})
	}
	if f.saveScen != "" {
		outs = append(outs, output{path: f.saveScen, flag: "save-scenario", inMemory: true, write: func(w io.Writer) error {
			b, err := scenario.MarshalRefresh(res.Refresh)
			if err == nil {
				_, err = w.Write(b)
			}
			return err
		}})
	}
	return finishOutputs(ctx, e, outs, func(w io.Writer) error {
		if !f.asJSON {
			return printTerminal(w, func(w io.Writer) error { return report.RefreshTable(w, res) })
		}
		b, err := scenario.MarshalRefreshResult(res)
		if err == nil {
			_, err = w.Write(b)
		}
		return err
	})
}
