package step

import (
	"errors"
	"testing"
)

// pass is a task of size items that records the limits it was given.
type pass struct {
	size, did int64
	limits    []int64
}

func (c *pass) run(limit int64) (int64, bool, error) {
	c.limits = append(c.limits, limit)
	n := min(max(limit, 1), c.size-c.did)
	c.did += n
	return n, c.did == c.size, nil
}

// TestSequenceRunsTasksInOrderWithinTheBudget: tasks run in order, each
// given the budget left times its items per unit; a stage's progress adds
// the items of its tasks as planned; the last step reports done.
func TestSequenceRunsTasksInOrderWithinTheBudget(t *testing.T) {
	a, b, c := &pass{size: 10}, &pass{size: 40}, &pass{size: 3}
	s := NewSequence(
		Task{Stage: "one", PerUnit: 1, Size: func() int64 { return 10 }, Run: a.run},
		Task{Stage: "one", PerUnit: 4, Size: func() int64 { return 40 }, Run: b.run},
		Task{Stage: "two", Size: func() int64 { return 3 }, Run: c.run},
	)
	if p := s.Progress(); p != (Progress{Stage: "one"}) {
		t.Errorf("progress before the first step %+v, want stage one with nothing planned", p)
	}
	done, err := s.Step(12) // a's 10 items, then 2 units of b: 8 items
	if done || err != nil {
		t.Fatalf("first step: done %v, err %v", done, err)
	}
	if p := s.Progress(); p != (Progress{Stage: "one", Done: 18, Total: 50}) {
		t.Errorf("progress after 12 units %+v, want stage one 18 of 50", p)
	}
	if len(b.limits) != 1 || b.limits[0] != 8 {
		t.Errorf("b was given %v, want 8 items (2 units left, 4 items a unit)", b.limits)
	}
	done, err = s.Step(100)
	if !done || err != nil {
		t.Fatalf("second step: done %v, err %v", done, err)
	}
	if c.did != 3 || s.Current() != 3 || !s.Finished() {
		t.Errorf("c did %d items, current task %d", c.did, s.Current())
	}
}

// TestSequencePausesBetweenTasks: with PauseBetween a step ends where a
// task finishes, whatever budget is left; a task's own Progress is used.
func TestSequencePausesBetweenTasks(t *testing.T) {
	a, b := &pass{size: 2}, &pass{size: 2}
	s := &Sequence{PauseBetween: true}
	s.Add(Task{Stage: "a", Run: a.run})
	s.Add(Task{Stage: "b", Run: b.run, Progress: func() Progress { return Progress{Stage: "b's own", Done: b.did} }})
	if done, _ := s.Step(100); done || b.did != 0 {
		t.Fatalf("the first step went on to b (b did %d)", b.did)
	}
	if p := s.Progress(); p.Stage != "b's own" {
		t.Errorf("progress %+v, want b's own", p)
	}
	if done, _ := s.Step(100); !done {
		t.Fatal("the second step did not finish")
	}
}

// TestSequenceStopsAtAnError: an error stops the sequence for good, and
// every later Step returns it without running a task.
func TestSequenceStopsAtAnError(t *testing.T) {
	bad := errors.New("bad")
	calls := 0
	s := NewSequence(Task{Stage: "x", Run: func(int64) (int64, bool, error) { calls++; return 1, false, bad }})
	for range 2 {
		if done, err := s.Step(5); done || !errors.Is(err, bad) {
			t.Errorf("Step = %v, %v; want the task's error", done, err)
		}
	}
	if calls != 1 {
		t.Errorf("the task ran %d times, want once", calls)
	}
}
