package main

import (
	"errors"
	"fmt"
	"strings"
)

// mappedChangeError is an error that says that a memory-mapped input
// changed while crawlsim read it.
type mappedChangeError struct {
	msg string
}

func (e *mappedChangeError) Error() string { return e.msg }

// checkMappedChanges returns err, the outcome of a command, saying so when
// a file mapped since the first from were changed while the command ran
// (size, modification time or the file itself): a command that succeeded
// fails, since its results may mix the old file and the new one, and an
// error that does not say it already gets the change added, as its
// likely cause. The exit status stays the one err had.
func checkMappedChanges(from int, err error) error {
	changed := mappedChanged(from)
	var already *mappedChangeError
	if len(changed) == 0 || errors.As(err, &already) {
		return err
	}
	files := strings.Join(changed, ", ")
	if err == nil {
		return &mappedChangeError{fmt.Sprintf("%s changed while crawlsim read it (it is memory-mapped), so the results may mix the old file and the new one; run the command again", files)}
	}
	return fmt.Errorf("%w (%s changed while crawlsim read it, which may be why; run the command again)", err, files)
}
