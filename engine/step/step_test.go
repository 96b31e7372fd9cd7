package step

import (
	"context"
	"errors"
	"slices"
	"testing"
)

// counter counts to a limit, budget units per step, and fails at failAt.
type counter struct {
	n, limit, failAt int
	budgets          []int
}

func (c *counter) Step(budget int) (bool, error) {
	c.budgets = append(c.budgets, budget)
	for range max(budget, 1) {
		if c.n >= c.limit {
			break
		}
		c.n++
		if c.n == c.failAt {
			return false, errors.New("boom")
		}
	}
	return c.n >= c.limit, nil
}

func (c *counter) Progress() Progress {
	return Progress{Stage: "count", Done: int64(c.n), Total: int64(c.limit)}
}

func TestRunReportsEveryStepUntilDone(t *testing.T) {
	c := &counter{limit: 10}
	var seen []int64
	if err := Run(context.Background(), c, 3, func(p Progress) { seen = append(seen, p.Done) }); err != nil {
		t.Fatal(err)
	}
	if want := []int64{3, 6, 9, 10}; !slices.Equal(seen, want) {
		t.Fatalf("progress reports %v, want %v", seen, want)
	}
	for _, b := range c.budgets {
		if b != 3 {
			t.Fatalf("budgets %v, want 3 each time", c.budgets)
		}
	}
}

func TestRunStopsOnErrorAndCancel(t *testing.T) {
	c := &counter{limit: 10, failAt: 5}
	if err := Run(context.Background(), c, 2, nil); err == nil || err.Error() != "boom" {
		t.Fatalf("err = %v, want boom", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	c = &counter{limit: 10}
	err := Run(ctx, c, 1, func(p Progress) {
		if p.Done == 4 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) || c.n != 4 {
		t.Fatalf("after cancel at 4: err = %v, n = %d", err, c.n)
	}
}

func TestFraction(t *testing.T) {
	cases := map[Progress]float64{
		{Done: 1, Total: 4}:  0.25,
		{Done: 5, Total: 4}:  1,
		{Done: 3}:            0,
		{Done: -1, Total: 4}: 0,
	}
	for p, want := range cases {
		if got := p.Fraction(); got != want {
			t.Errorf("%+v.Fraction() = %v, want %v", p, got, want)
		}
	}
}
