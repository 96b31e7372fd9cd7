package seeds

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/crawlsim/crawlsim/engine/model"
)

// parseCount reads given, the count of a seed spec (text), as a whole
// number of at least 1 and at most limit, in digits or with an exponent
// ("1e3") as the command line's -n reads a page count. needs says what
// is wanted ("random needs a positive count, as in random:160"); beyond
// says why limit is the most, or is empty.
func parseCount(text, given string, limit int, beyond, needs string) (int, error) {
	given = strings.TrimSpace(given)
	if k, err := strconv.Atoi(given); err == nil && k >= 1 && k <= limit {
		return k, nil
	}
	v, err := strconv.ParseFloat(given, 64)
	switch {
	case err != nil && !errors.Is(err, strconv.ErrRange), math.IsNaN(v), v < 1 && v == math.Trunc(v):
		return 0, fmt.Errorf("seeds %q: %s", text, needs)
	case v > float64(limit):
		return 0, fmt.Errorf("seeds %q: count %s is too large: at most %s%s", text, given, model.Count(limit), beyond)
	case v != math.Trunc(v):
		return 0, fmt.Errorf("seeds %q: count %s is not a whole number; %s", text, given, needs)
	}
	return int(v), nil
}
