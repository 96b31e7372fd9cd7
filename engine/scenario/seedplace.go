package scenario

import (
	"errors"
	"fmt"

	"github.com/crawlsim/crawlsim/engine/seeds"
)

// seedItemField returns err with every *seeds.ItemError in it that has no
// place of its own (the item of a list written in the scenario's seeds
// field, not read from a file) made a *FieldError of the field seeds, with
// the same text ("seeds: item K: PROBLEM"), so that PlaceErrors places it
// in the scenario's text. Errors joined by errors.Join are taken one by
// one; any other error is returned as it is.
func seedItemField(err error) error {
	if joined, ok := err.(interface{ Unwrap() []error }); ok {
		list := joined.Unwrap()
		out := make([]error, len(list))
		changed := false
		for i, e := range list {
			out[i] = seedItemField(e)
			changed = changed || out[i] != e
		}
		if !changed {
			return err
		}
		return errors.Join(out...)
	}
	var ie *seeds.ItemError
	if err == nil || !errors.As(err, &ie) || ie.Place != "" {
		return err
	}
	return &FieldError{Field: "seeds", Message: fmt.Sprintf("item %d: %s", ie.Index+1, ie.Problem)}
}
