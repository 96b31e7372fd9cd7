package session

import (
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/gen"
	"github.com/crawlsim/crawlsim/engine/graphio"
	"github.com/crawlsim/crawlsim/engine/scenario"
	"github.com/crawlsim/crawlsim/wasm/protocol"
)

// generatedRunBytes returns the generator's parameters for g and the
// memory a comparison on its graph needs: the graph's, as generated, and
// the runs' (scenario.RunBytes).
func generatedRunBytes(g scenario.Generate) (gen.Params, int64) {
	p := scenario.GeneratorParams(g)
	links := int64(float64(p.Pages) * p.MeanOutDegree)
	return p, p.EstimatedBytes() + scenario.RunBytes(int64(p.Pages), links)
}

// uploadedBytes returns the size of the named files of the last upload
// ("" names none), or an error naming one this session does not hold.
func (s *Session) uploadedBytes(names ...string) (int64, error) {
	total := int64(0)
	for _, name := range names {
		if name == "" {
			continue
		}
		size, ok := s.files.size(name)
		if !ok {
			return 0, fmt.Errorf("%s: no such file here; upload it (the page keeps only the files of the last upload)", name)
		}
		total += size
	}
	return total, nil
}

// heldBytes is the memory the session keeps between requests: the files
// of the last upload and the graph read from them (loaded.go).
func (s *Session) heldBytes() int64 {
	return s.files.total() + s.graph.bytes()
}

// fitsBesideUpload refuses need bytes, which fit budget alone, when they
// do not fit beside the upload the session keeps (heldBytes): a request
// on another graph (generated, or the upload read again) leaves it in
// memory. what says what needs them, command the command line that does
// it without this budget ("crawlsim gen").
func (s *Session) fitsBesideUpload(what, command string, need, budget int64) error {
	held := s.heldBytes()
	if held == 0 || need+held <= budget {
		return nil
	}
	return fmt.Errorf("%s needs about %s, above the %s that this page's memory budget of %s leaves beside the uploaded graph %s, which the worker keeps (%s); reload the page to drop it, or use the command line (%s)",
		what, bytesText(need), bytesText(max(budget-held, 0)), bytesText(budget), s.uploadName(), bytesText(held), command)
}

// uploadName names the upload the session keeps in messages.
func (s *Session) uploadName() string {
	if s.graph != nil {
		return s.graph.file
	}
	return "of the last load"
}

// env is the engine's environment for a request within budget, beside
// fileBytes of uploaded files and graphs held: the files, the clock, one
// worker, and the graph readers' limits (loadLimits).
func (s *Session) env(budget, fileBytes int64) scenario.Env {
	l := loadLimits(budget, fileBytes)
	return scenario.Env{FS: s.files, Clock: s.clock, Workers: 1, MaxLinks: l.MaxLinks, MaxPages: l.MaxPages, MaxBytes: l.MaxBytes}
}

// loadLimits bounds what a graph reader may read within budget, beside
// fileBytes of files: links (maxLinks), pages (maxPages) and bytes.
func loadLimits(budget, fileBytes int64) graphio.LoadOptions {
	return graphio.LoadOptions{MaxLinks: maxLinks(budget, fileBytes), MaxPages: maxPages(budget, fileBytes), MaxBytes: budget - fileBytes}
}

// maxLinks is the most links a graph file may have within budget, beside
// fileBytes of files: about 32 bytes per link for the graph, its transpose
// and the crawls' share of them.
func maxLinks(budget, fileBytes int64) int64 {
	return max((budget-fileBytes)/32, 1)
}

// maxPages is the most pages a graph file (or URL list) may have within
// budget, beside fileBytes of files: the pages a comparison could hold
// without any link (scenario.RunBytes). It is checked against the count a
// file announces before anything is allocated for its pages, so that a
// short file claiming hundreds of millions of pages is refused at once.
func maxPages(budget, fileBytes int64) int64 {
	return max((budget-fileBytes)/scenario.RunBytes(1, 0), 1)
}

// tooLarge adds this page's budget and the way out (command, such as
// "crawlsim run") to an error that refuses a graph for its size (a
// *graphio.TooLargeError), and returns other errors as they are. held is
// the memory the session keeps beside the request (of the upload it
// keeps; 0 when none), which the engine's limit left out.
func (s *Session) tooLarge(err error, budget, held int64, command string) error {
	var tl *graphio.TooLargeError
	if !errors.As(err, &tl) {
		return err
	}
	if held > 0 {
		return fmt.Errorf("%w (this page's memory budget of %s leaves %s beside the %s that the worker keeps of the uploaded graph %s); use the command line (%s) for graphs this large",
			err, bytesText(budget), bytesText(max(budget-held, 0)), bytesText(held), s.uploadName(), command)
	}
	return fmt.Errorf("%w (this page's memory budget is %s); use the command line (%s) for graphs this large", err, bytesText(budget), command)
}

// sizeErrors is a request's work whose errors pass through wrap (the
// session's tooLarge), as they would when it starts.
type sizeErrors struct {
	progressStepper
	wrap func(error) error
}

// Step steps the work and wraps its error.
func (w sizeErrors) Step(budget int) (bool, error) {
	done, err := w.progressStepper.Step(budget)
	if err != nil {
		err = w.wrap(err)
	}
	return done, err
}

// bytesText writes a byte count in MiB or GiB.
func bytesText(b int64) string { return protocol.BytesText(b) }
