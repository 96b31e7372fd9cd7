package main

import (
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// HiddenSettings lists the settings of the scenario the form was made
// from (Form.Base: a link's, or a reload's) that no field of the page
// shows and that differ from the engine's defaults (catalogue.Default,
// and model's for the generator), each as "what value": "damping 0.9".
// The form's runs keep them, as its permalink does, so the page says
// they are there: a link made on the command line or by hand may change
// results without a field showing why. Empty for the page's own
// scenarios and for scenarios with every default written out.
func (f Form) HiddenSettings() []string {
	b, def := f.Base, catalogue.Default
	var out []string
	if b.Damping != 0 && b.Damping != def.Damping {
		out = append(out, "damping "+model.Number(b.Damping))
	}
	if b.Tolerance != 0 && b.Tolerance != def.Tolerance {
		out = append(out, "PageRank tolerance "+model.Number(b.Tolerance))
	}
	if n := b.Metrics.CurvePoints; n != 0 && n != def.Metrics.CurvePoints {
		out = append(out, model.Count(n)+" curve points")
	}
	if n := b.Metrics.TauSample; n != 0 && n != def.Metrics.TauSample {
		out = append(out, "Kendall's tau on a sample of "+model.Count(n)+" pages")
	}
	if n := b.Metrics.LowerBound; n != 0 {
		out = append(out, "the lower bound at "+model.Counted(n, "checkpoint", "checkpoints"))
	}
	if g := b.Graph.Generate; g != nil && !f.OnFile() {
		if x := g.HostSizeExponent; x != 0 && x != model.DefaultHostSizeExponent {
			out = append(out, "host-size exponent "+model.Number(x))
		}
		if x := g.OutDegreeExponent; x != 0 && x != model.DefaultOutDegreeExponent {
			out = append(out, "out-degree exponent "+model.Number(x))
		}
		if x := g.CopyProbability; x != nil && *x != model.DefaultCopyProbability {
			out = append(out, "copy probability "+model.Number(*x))
		}
	}
	if f.OnFile() && b.Graph.File == f.File && b.Graph.Renumber {
		out = append(out, "the file's ids renumbered")
	}
	if p := b.Politeness; p != nil && f.Timed && p.PageSizes != nil && p.PageSizes.File == "" {
		sigma := model.DefaultPageSizeSigma
		if p.PageSizes.Sigma != nil {
			sigma = *p.PageSizes.Sigma
		}
		out = append(out, "page sizes drawn "+p.PageSizes.Distribution+" with sigma "+model.Number(sigma))
	}
	return out
}

// HiddenSettingsNote says what HiddenSettings lists, or "" when it lists
// nothing.
func (a *App) HiddenSettingsNote() string {
	hidden := a.Form.HiddenSettings()
	if len(hidden) == 0 {
		return ""
	}
	return "Also in this scenario, in no field of the page: " + strings.Join(hidden, "; ") + ". Runs and the permalink keep them."
}
