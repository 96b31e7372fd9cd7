package gen

import "strconv"

// NewURLListGenerator returns a Generator that makes only the URL list of
// the graph Generate(p) returns: it calls emit with the URL of every page
// in page order (emit must not keep the slice). The URLs depend only on
// the host sizes (the package documentation, step 1), so it draws those
// and no links: its memory is a word a host. A writer of a compressed
// graph, which holds no URLs, keeps the hosts this way beside the lists
// of NewListGenerator. A failure of emit stops the Generator: Step returns
// the error.
//
// Its stages are "hosts" and "urls" (pages, 8 per unit).
func NewURLListGenerator(p Params, emit func(url []byte) error) (*Generator, error) {
	g, err := NewGenerator(p)
	if err != nil {
		return nil, err
	}
	g.stream = &csrStream{urls: emit}
	n := int64(g.p.Pages)
	g.tasks = append(g.tasks[:1:1], // hosts
		task{"urls", scanItemsPerUnit, func() int64 { return n }, g.writeStreamedURLs},
	)
	g.run = sequence(&g.err, g.tasks)
	return g, nil
}

// startURLs takes the host sizes the first stage drew, where no other
// stage comes between it and writeStreamedURLs.
func (g *Generator) startURLs() {
	g.sizes, g.sizer = g.sizer.sizes, hostSizer{}
	g.page, g.host = 0, 0
	g.stream.hostNum = strconv.AppendUint(g.stream.hostNum[:0], 0, 10)
}
