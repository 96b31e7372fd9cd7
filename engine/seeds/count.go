package seeds

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// parseCount reads given, the count of a seed spec (text), as a whole
// number of at least 1 and at most limit, in digits or as JSON writes a
// number ("1e3", model.WholeNumber), as a scenario file's counts are
// read: "Inf", "0x1p4" and "1.0000000000000001" are refused. needs says what
// is wanted ("random needs a positive count, as in random:160"); beyond
// says why limit is the most, or is empty.
func parseCount(text, given string, limit int, beyond, needs string) (int, error) {
	given = strings.TrimSpace(given)
	digits, number, whole := model.WholeNumber(given)
	if !number {
		return 0, fmt.Errorf("seeds %q: %s", text, needs)
	}
	if !whole {
		return 0, fmt.Errorf("seeds %q: count %s is not a whole number; %s", text, given, needs)
	}
	k, err := strconv.ParseInt(digits, 10, 64)
	switch {
	case strings.HasPrefix(digits, "-") || err == nil && k < 1:
		return 0, fmt.Errorf("seeds %q: %s", text, needs)
	case err != nil || k > int64(limit):
		return 0, fmt.Errorf("seeds %q: count %s is too large: at most %s%s", text, given, model.Count(limit), beyond)
	}
	return int(k), nil
}
