package session

import (
	"errors"
	"testing"
	"time"
)

// TestClockFallsBack: when performance.now fails the clock reads the next
// source from the time reached; when every source fails it still advances,
// so Slice ends.
func TestClockFallsBack(t *testing.T) {
	perf, date := 10.0, 1e12
	perfFails, dateFails := false, false
	broken := errors.New("broken")
	clock := Clock(func() (float64, error) {
		if perfFails {
			return 0, broken
		}
		perf += 5
		return perf, nil
	}, func() (float64, error) {
		if dateFails {
			return 0, broken
		}
		date += 2
		return date, nil
	})
	var readings []time.Duration
	for i := range 9 {
		perfFails, dateFails = i >= 3, i >= 6
		readings = append(readings, clock())
	}
	// performance.now: 0, 5, 10 ms; Date.now from 10 ms on, 2 ms a
	// reading; then a count, ClockTick a reading.
	ms := time.Millisecond
	want := []time.Duration{0, 5 * ms, 10 * ms, 10 * ms, 12 * ms, 14 * ms, 14*ms + ClockTick, 14*ms + 2*ClockTick, 14*ms + 3*ClockTick}
	for i := range want {
		if readings[i] != want[i] {
			t.Fatalf("readings %v, want %v", readings, want)
		}
	}
}

// TestClockNeverGoesBack: a source that goes back (Date.now after the
// system clock was set back) does not take the clock back.
func TestClockNeverGoesBack(t *testing.T) {
	values := []float64{100, 150, 120, 160}
	i := 0
	clock := Clock(func() (float64, error) { v := values[i]; i++; return v, nil })
	var got []time.Duration
	for range values {
		got = append(got, clock())
	}
	want := []time.Duration{0, 50 * time.Millisecond, 50 * time.Millisecond, 60 * time.Millisecond}
	for k := range want {
		if got[k] != want[k] {
			t.Fatalf("readings %v, want %v", got, want)
		}
	}
}

// TestSliceEndsWithoutTime: when performance.now fails, a clock reading 0
// would let a slice go on to the end of the request, the page hearing
// nothing and Cancel waiting; with Clock and no working source a slice ends
// after a count of readings.
func TestSliceEndsWithoutTime(t *testing.T) {
	broken := func() (float64, error) { return 0, errors.New("no performance") }
	s := New(Clock(broken))
	run := request(2, "run")
	sc := smallRun()
	run.Scenario = &sc
	if out := s.Handle(run, nil); len(out) != 0 {
		t.Fatalf("start: %+v", out)
	}
	s.Slice()
	if !s.Busy() {
		t.Fatal("the first slice ran the whole request: a slice without a working clock does not end")
	}
	finish(t, s)
}
