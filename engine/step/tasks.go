package step

// maxBudget caps a step's budget so that budget times a task's items per
// unit never overflows.
const maxBudget = 1 << 40

// Task is one pass of a stepped computation, the unit its plan is made of.
// The convention for a unit of work is the one every stepped computation
// of the engine follows: a unit of budget costs about the same time in
// every task (a microsecond natively, say), and a task that handles
// cheaper items handles PerUnit of them per unit.
type Task struct {
	// Stage names the task's phase for Progress; consecutive tasks of one
	// stage share its progress.
	Stage string
	// PerUnit is the number of items of the task that one unit of budget
	// pays for; 0 means 1.
	PerUnit int64
	// Size, when set, returns the items the task plans to do. It is called
	// when the task's stage begins, so it may only use what earlier stages
	// computed; the task may finish with fewer items than planned.
	Size func() int64
	// Run does at most limit items of the task (at least one, even when an
	// item is worth more than the limit, unless the task is finished) and
	// returns the items it did and whether the task is finished. An error
	// stops the computation for good.
	Run func(limit int64) (did int64, finished bool, err error)
	// Progress, when set, reports the task's progress in place of the
	// stage's items done and planned.
	Progress func() Progress
}

// Sequence runs tasks in order, each within the budget left of a step. It
// keeps the progress of the current stage: Done counts the items of the
// stage's finished tasks as planned, plus the items done in the current
// task (at most its plan); Total is the stage's planned items.
type Sequence struct {
	tasks []Task
	// PauseBetween, when set, ends a Step when a task finishes, so that a
	// task that begins with a large item (a crawl's setup) does not add to
	// the step of the task before.
	PauseBetween bool

	planned []int64 // items planned for each task, set when its stage begins
	next    int     // the current task
	began   bool    // whether the current task's stage has begun
	stage   string
	done    int64 // items done in the current stage
	total   int64 // items planned for the current stage
	taskEnd int64 // done at the planned end of the current task
	err     error
}

// NewSequence returns a sequence of tasks; Add appends more before the
// first Step.
func NewSequence(tasks ...Task) *Sequence {
	s := &Sequence{}
	for _, t := range tasks {
		s.Add(t)
	}
	return s
}

// Add appends a task to the plan. Tasks are added before the first Step.
func (s *Sequence) Add(t Task) {
	if len(s.tasks) == 0 {
		s.stage = t.Stage
	}
	s.tasks = append(s.tasks, t)
	s.planned = append(s.planned, 0)
}

// Len returns the number of tasks.
func (s *Sequence) Len() int { return len(s.tasks) }

// Current returns the index of the task running, Len() once all have run.
func (s *Sequence) Current() int { return s.next }

// Finished reports whether every task has run.
func (s *Sequence) Finished() bool { return s.next == len(s.tasks) }

// Err returns the error that stopped the sequence, if any.
func (s *Sequence) Err() error { return s.err }

// beginStage plans the stage of the current task.
func (s *Sequence) beginStage() {
	t := s.tasks[s.next]
	s.stage, s.done, s.total = t.Stage, 0, 0
	for k := s.next; k < len(s.tasks) && s.tasks[k].Stage == t.Stage; k++ {
		if size := s.tasks[k].Size; size != nil {
			s.planned[k] = max(size(), 0)
		}
		s.total += s.planned[k]
	}
	s.taskEnd = s.planned[s.next]
	s.began = true
}

// Step runs tasks for budget units (at least one) and reports whether
// every task has run (step.Stepper). After it has reported done or an
// error, further calls do nothing and return the same.
func (s *Sequence) Step(budget int) (bool, error) {
	units := min(int64(max(budget, 1)), maxBudget)
	for !s.Finished() && units > 0 && s.err == nil {
		if !s.began {
			s.beginStage()
		}
		t := s.tasks[s.next]
		perUnit := max(t.PerUnit, 1)
		did, finished, err := t.Run(units * perUnit)
		if err != nil {
			s.err = err
			break
		}
		s.done = min(s.done+did, s.taskEnd)
		used := (did + perUnit - 1) / perUnit
		if used == 0 && !finished {
			used = 1 // a task that did nothing still spends its turn
		}
		units -= used
		if !finished {
			continue
		}
		s.done = s.taskEnd
		s.next++
		switch {
		case s.Finished():
		case s.tasks[s.next].Stage != s.stage:
			s.began = false
		default:
			s.taskEnd += s.planned[s.next]
		}
		if s.PauseBetween {
			break
		}
	}
	return s.Finished() && s.err == nil, s.err
}

// Progress reports the current task's progress when it has its own, else
// the current stage's items (Total 0 before the stage begins).
func (s *Sequence) Progress() Progress {
	if s.next < len(s.tasks) {
		if p := s.tasks[s.next].Progress; p != nil {
			return p()
		}
	}
	return Progress{Stage: s.stage, Done: s.done, Total: s.total}
}
