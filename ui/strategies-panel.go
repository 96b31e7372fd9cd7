package main

import (
	"strings"

	"github.com/vugu/vugu"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/wasm/page"
)

// StrategiesPanel picks the strategies to compare from the registry, with
// their parameters, and offers a preset per paper.
type StrategiesPanel struct {
	App *App
	// focus is the id of the element to focus once the page is drawn
	// (Remove).
	focus string
}

// Title is a strategy's tooltip: what it does and where it comes from.
func (c *StrategiesPanel) Title(info model.StrategyInfo) string {
	return info.Name + " (" + model.StrategySource(info, catalogue.Papers) + "): " + info.Doc
}

// DescribedBy is a strategy checkbox's aria-describedby: its summary, and
// the reason it lacks what it needs on this graph when it does.
func (c *StrategiesPanel) DescribedBy(s StrategyChoice) string {
	ids := "summary-" + s.Info.ID
	if c.App.StrategyReason(s.Info) != "" {
		ids += " reason-" + s.Info.ID
	}
	return ids
}

// Remove drops further listing k of strategy id (RemoveMore) and moves
// the focus, once the page is drawn, to the Remove button now in its
// place, or the strategy's checkbox when none is left.
func (c *StrategiesPanel) Remove(id string, k int) {
	c.focus = c.App.RemoveMore(id, k)
}

// CopyMark is value when the form's refusal names further listing k of
// strategy id (its line is marked: the class invalid, and its Remove
// button described by the refusal), else nil, which leaves the attribute
// out.
func (c *StrategiesPanel) CopyMark(id string, k int, value string) any {
	if c.App.InvalidInputs()[CopyID(id, k)] {
		return value
	}
	return nil
}

// Rendered moves the focus where Remove asked, after the page was drawn.
func (c *StrategiesPanel) Rendered(ctx vugu.RenderedCtx) {
	if c.focus != "" {
		page.Focus(c.focus)
		c.focus = ""
	}
}

// PaperRef is a strategy's link to one of its papers in the About section.
type PaperRef struct {
	// Number is the paper's number (docs/algorithms.md, The papers), which its place in
	// the About section is named by.
	Number string
	// Name is what the link shows: the paper's authors and year
	// (paperAuthors: "Baeza-Yates et al. 2005"), as the Papers picker
	// names it.
	Name string
	// Label names the link for screen readers: its Name, which it must
	// begin with (WCAG 2.5.3, axe's label-content-name-mismatch), then the
	// whole citation: "Baeza-Yates et al. 2005: Baeza-Yates, Castillo, ...".
	Label string
	// Section is the strategy's place in this paper, shown after its
	// name, when Info.Section names the paper ("004 §4.1"): "§4.1".
	Section string
}

// PaperRefs are the papers a strategy cites (Info.Paper: numbers separated
// by ", "), each with its label, and its section when Info.Section begins
// with its number.
func PaperRefs(info model.StrategyInfo) []PaperRef {
	var refs []PaperRef
	for _, n := range strings.Split(info.Paper, ", ") {
		name := paperAuthors(n, n)
		label := name
		for _, p := range catalogue.Papers {
			if p.Number == n {
				label += ": " + p.Citation
			}
		}
		ref := PaperRef{Number: n, Name: name, Label: label}
		if rest, ok := strings.CutPrefix(info.Section, n+" "); ok {
			ref.Section = rest
		}
		refs = append(refs, ref)
	}
	return refs
}

// TrailingSection is the strategy's section when no paper of PaperRefs
// took it: shown after the papers.
func TrailingSection(info model.StrategyInfo) string {
	for _, ref := range PaperRefs(info) {
		if ref.Section != "" {
			return ""
		}
	}
	return info.Section
}

// PapersWord is the word before a strategy's papers: "paper", or
// "papers" for several.
func PapersWord(info model.StrategyInfo) string {
	if strings.Contains(info.Paper, ", ") {
		return "papers"
	}
	return "paper"
}

// Jump moves the focus to a paper in the About section, without changing
// the address (its fragment holds the scenario).
func (c *StrategiesPanel) Jump(event vugu.DOMEvent, id string) {
	event.PreventDefault()
	page.Focus(id)
}
