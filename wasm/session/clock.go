package session

import (
	"errors"
	"math"
	"time"
)

// ClockTick is how far the last-resort clock of Clock advances at every
// reading, when no source of time works: a slice then ends after
// SliceTime/ClockTick readings, a step count, instead of never.
const ClockTick = time.Millisecond

// errNotANumber is a source's reading that is no time.
var errNotANumber = errors.New("not a finite number")

// Clock returns a monotonic clock for New made from sources of time in
// milliseconds, best first (the worker passes one: Go's monotonic clock).
// It reads the first source until a reading fails, then the next one for
// good, going on from the time already reached; once every source failed
// it counts readings, ClockTick each. It never goes back, so a slice of
// Session.Slice always ends.
func Clock(sources ...func() (float64, error)) func() time.Duration {
	var (
		now     time.Duration // the last time returned
		current int           // the source in use
		offset  float64       // what the current source reads at 0
		started bool          // whether offset was set for the current source
	)
	return func() time.Duration {
		for current < len(sources) {
			ms, err := sources[current]()
			if err == nil && (math.IsNaN(ms) || math.IsInf(ms, 0)) {
				err = errNotANumber
			}
			if err != nil {
				current, started = current+1, false
				continue
			}
			if !started {
				offset, started = ms-float64(now)/float64(time.Millisecond), true
			}
			now = max(now, time.Duration((ms-offset)*float64(time.Millisecond)))
			return now
		}
		now += ClockTick
		return now
	}
}
