package main

import "errors"

// pipeLists returns the lists produce makes, handed over from a goroutine
// of their own in batches, so that making the lists (the generator) and
// consuming them (the BVGraph writer) run on two cores at once. The order
// and the lists are produce's. produce's error, or the first error of the
// consumer's yield (which stops produce at its next list), is returned.
func pipeLists(produce bvLists) bvLists {
	return func(yield func([]uint32) error) error {
		full := make(chan *listBatch, listPipeDepth)
		free := make(chan *listBatch, listPipeDepth+1)
		stop := make(chan struct{})
		for range listPipeDepth + 1 {
			free <- &listBatch{}
		}
		produced := make(chan error, 1)
		go func() {
			b := <-free
			err := produce(func(succ []uint32) error {
				if len(b.ends) > 0 && len(b.targets)+len(succ) > listBatchLinks {
					select {
					case full <- b:
					case <-stop:
						return errListPipeStopped
					}
					b = <-free
					b.targets, b.ends = b.targets[:0], b.ends[:0]
				}
				b.targets = append(b.targets, succ...)
				b.ends = append(b.ends, len(b.targets))
				return nil
			})
			if err == nil && len(b.ends) > 0 {
				select {
				case full <- b:
				case <-stop:
				}
			}
			close(full)
			produced <- err
		}()
		var err error
		for b := range full {
			if err == nil {
				start := 0
				for _, end := range b.ends {
					if err = yield(b.targets[start:end]); err != nil {
						close(stop) // produce returns at its next list
						break
					}
					start = end
				}
			}
			free <- b
		}
		if perr := <-produced; err == nil && !errors.Is(perr, errListPipeStopped) {
			err = perr
		}
		return err
	}
}

// listBatch is lists on their way from the producer: the targets of
// several lists, and where each ends.
type listBatch struct {
	targets []uint32
	ends    []int
}

// listBatchLinks is the links of a batch (1 MiB) and listPipeDepth the
// batches in flight: enough that neither side waits for the other.
const (
	listBatchLinks = 1 << 18
	listPipeDepth  = 4
)

// errListPipeStopped is what produce's emit returns once the consumer
// failed.
var errListPipeStopped = errors.New("the consumer of the lists stopped")
