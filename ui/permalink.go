package main

import (
	"strings"

	"github.com/crawlsim/crawlsim/wasm/page"
)

// setFragment puts a fragment in the page's address (page.SetFragment);
// the tests replace it to see what the page sets.
var setFragment = page.SetFragment

// linkError says that the page's address holds a permalink it cannot
// read, err, and what the page shows instead, in one sentence; the page
// keeps the address (keepAddress) so that the user can copy the link and
// mend it.
func linkError(err error, shown string) string {
	msg := err.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return msg + "; " + shown + ", and the address keeps the link until you run something."
}
