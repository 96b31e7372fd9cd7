package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"time"

	"golang.org/x/term"
)

func main() {
	limitGoMemory()
	ctx, stop := stopOnSignals(context.Background())
	stopProfile := startProfile(os.Stderr)
	status := runMain(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stopProfile()
	if sig := stop(); sig != nil {
		// The work has stopped and its temporary files are removed: die
		// of the signal, as the shell that sent it expects.
		dieOf(sig)
	}
	os.Exit(status)
}

// stopOnSignals returns a context cancelled by the first of stopSignals
// (SIGINT, and on Unix SIGTERM and SIGHUP) that arrives, so that the work
// stops and removes its temporary files as for Ctrl-C, and a function that
// stops listening and returns the signal received, or nil. SIGINT and
// SIGTERM stop the process even when it was started to ignore them: a
// shell without job control starts a background job (`crawlsim run ... &`
// in a script, nohup's included) with SIGINT ignored, and `kill -INT`
// must still stop it. SIGHUP alone stays ignored when it was (nohup:
// keep running after the terminal closes; keepIgnored).
func stopOnSignals(parent context.Context) (context.Context, func() os.Signal) {
	ctx, cancel := context.WithCancel(parent)
	var listen []os.Signal
	for _, s := range stopSignals {
		if signal.Ignored(s) {
			ignoredAtStart[s] = true
		}
		if !keepIgnored(s) {
			listen = append(listen, s)
		}
	}
	ch := make(chan os.Signal, 2)
	got := make(chan os.Signal, 1)
	if len(listen) > 0 {
		signal.Notify(ch, listen...)
	}
	go func() {
		select {
		case s := <-ch:
			got <- s
			cancel()
			// Work that waits on something cancelling cannot reach (a
			// FIFO without a writer, a stalled pipe, a blocked open)
			// would not end: past the grace time, or at a second stop
			// signal, the process removes its temporary files and dies
			// of the signal anyway.
			grace := time.NewTimer(signalGrace)
			forceStop(s, ch, grace.C, func(s os.Signal) {
				removeTempFiles()
				dieOf(s)
			})
		case <-ctx.Done():
		}
	}()
	return ctx, func() os.Signal {
		signal.Stop(ch)
		cancel()
		select {
		case s := <-got:
			return s
		default:
			return nil
		}
	}
}

// ignoredAtStart holds the stop signals the process was started to ignore
// (stopOnSignals fills it before it listens): it cannot die of those
// (dieOf).
var ignoredAtStart = map[os.Signal]bool{}

// forceStop waits, once the stop signal first has cancelled the work, for
// a second stop signal on signals or the end of the grace time (expired),
// and then calls die with the signal to die of: the second, or first.
func forceStop(first os.Signal, signals <-chan os.Signal, expired <-chan time.Time, die func(os.Signal)) {
	select {
	case s := <-signals:
		die(s)
	case <-expired:
		die(first)
	}
}

// signalGrace is how long a command may take to stop after a stop signal
// before the process dies of it whatever the command waits on.
const signalGrace = 900 * time.Millisecond

// runMain runs the program, prints its error on stderr and returns the exit
// status. It is main without the process: the tests call it.
func runMain(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	from := mappedCount()
	err := guardMapped(from, func() error { return run(ctx, args, stdout, stderr) })
	err = checkMappedChanges(from, err)
	if err != nil {
		fmt.Fprintln(stderr, terminalText(capEchoes(err.Error())))
	}
	return exitStatus(err)
}

// exitStatus maps run's error to the exit status: 0 success, 2 bad usage,
// 1 any other failure.
func exitStatus(err error) int {
	var u *usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &u):
		return 2
	default:
		return 1
	}
}

// usageError is a mistake in the command line; it exits with status 2.
type usageError struct {
	msg string
}

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// env is what a command may use of the outside world.
type env struct {
	stdout, stderr io.Writer
	// terminal is true when stderr is a terminal: progress bars are drawn
	// only then, plain progress lines otherwise.
	terminal bool
	// quiet (-quiet) silences the progress bars and lines.
	quiet bool
	// data, when set, is the command's real stdout, where an output named
	// "-" is written; stdout then points to stderr, so that what the
	// command prints (a table, what it wrote) does not mix with the data.
	// checkFiles sets it.
	data io.Writer
	// written lists the files the command wrote that it does not report
	// itself (output.reported), for the line that ends it.
	written []string
	// lineAt is when the last plain progress line was written, or when
	// the command's first progress began: when stderr is not a terminal,
	// a line goes out once progressLineInterval has passed since, whichever
	// piece of work is under way then.
	lineAt time.Time
}

// command is one subcommand: its flags, checked before any work, and the
// work itself.
type command struct {
	name    string
	summary string
	// args describes the positional arguments in the usage line.
	args string
	// setup binds the command's flags and returns the function that runs it
	// on the positional arguments once the flags have been parsed.
	setup func(fs *flag.FlagSet) func(ctx context.Context, e *env, args []string) error
	// printFlags, when set, writes the flags part of the command's help
	// (run groups its flags); else the flags are listed as one.
	printFlags func(w io.Writer, fs *flag.FlagSet)
	// instant says the command only prints what it knows at once
	// (strategies, version): it ends without the line that says how long
	// it took.
	instant bool
}

func commands() []*command {
	return []*command{genCommand(), convertCommand(), infoCommand(), rankCommand(), strategiesCommand(), runCommand(), seedsCommand(), refreshCommand(), reproduceCommand(), versionCommand()}
}

// commandNames lists the commands' names, for a suggestion.
func commandNames() []string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return names
}

func findCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

// run is the whole program: it parses args, runs one command and returns
// its error. Everything the command prints goes to stdout and stderr.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	e := &env{stdout: stdout, stderr: stderr}
	if f, ok := stderr.(*os.File); ok {
		e.terminal = term.IsTerminal(int(f.Fd()))
	}
	if len(args) == 0 {
		printUsage(stderr)
		return usagef("crawlsim: no command given")
	}
	name, rest := args[0], args[1:]
	switch name {
	case "help", "-h", "-help", "--help":
		var help strings.Builder
		switch {
		case len(rest) == 0:
			printUsage(&help)
		case len(rest) > 1:
			return usagef("crawlsim help: takes one command, got %q (see crawlsim help)", rest)
		case rest[0] == "help" || rest[0] == "-h" || rest[0] == "-help" || rest[0] == "--help":
			// Help about help is the list of commands.
			printUsage(&help)
		default:
			c := findCommand(rest[0])
			if c == nil {
				return usagef("crawlsim help: unknown command %q%s (see crawlsim help)", rest[0], didYouMean(rest[0], commandNames(), "%q"))
			}
			fs, _ := c.flagSet(&help)
			fs.Usage()
		}
		// Help asked for is the output: when it cannot be written (a full
		// disk, a closed pipe), the status says so.
		if _, err := io.WriteString(stdout, help.String()); err != nil {
			return fmt.Errorf("crawlsim help: %w", err)
		}
		return nil
	}
	if name == "-version" || name == "--version" {
		name = "version"
	}
	c := findCommand(name)
	if c == nil {
		return usagef("crawlsim: unknown command %q%s (see crawlsim help)", name, didYouMean(strings.TrimLeft(name, "-"), commandNames(), "%q"))
	}
	fs, runCmd := c.flagSet(stderr)
	nonzeroFloats(fs)
	// A mistake in the flags is said in one line and a pointer to the
	// help, not followed by the whole help, which would scroll it away.
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// Help asked for with -h is the output, as from crawlsim
			// help COMMAND, so that it can be paged or searched.
			var help strings.Builder
			fs.SetOutput(&help)
			c.printHelp(&help, fs)
			if _, err := io.WriteString(stdout, help.String()); err != nil {
				return fmt.Errorf("crawlsim %s: %w", c.name, err)
			}
			return nil
		}
		return &usageError{msg: fmt.Sprintf("crawlsim %s: %s%s", c.name, flagError(c, fs, err), helpPointer(c))}
	}
	if msg := bothNames(fs); msg != "" {
		return &usageError{msg: fmt.Sprintf("crawlsim %s: %s%s", c.name, msg, helpPointer(c))}
	}
	if msg := flagsAfterArguments(c, fs); msg != "" {
		return &usageError{msg: fmt.Sprintf("crawlsim %s: %s%s", c.name, msg, helpPointer(c))}
	}
	start := time.Now()
	err := runCmd(ctx, e, fs.Args())
	if err != nil {
		var u *usageError
		if errors.As(err, &u) {
			return &usageError{msg: fmt.Sprintf("crawlsim %s: %s%s", c.name, u.msg, helpPointer(c))}
		}
		if cause := ctx.Err(); cause != nil && errors.Is(err, cause) {
			// Stopped while loading, computing or writing: say so first,
			// without Go's "context canceled" at the end.
			msg := strings.TrimSuffix(err.Error(), cause.Error())
			msg = strings.TrimSuffix(strings.TrimSuffix(msg, " "), ":")
			if !strings.HasPrefix(msg, "interrupted") {
				msg = strings.TrimSuffix("interrupted: "+msg, ": ")
			}
			return &renamedError{msg: "crawlsim " + c.name + ": " + msg, err: err}
		}
		return fmt.Errorf("crawlsim %s: %w", c.name, err)
	}
	if !c.instant {
		fmt.Fprintf(stderr, "crawlsim %s: done in %s%s\n", c.name, roundDuration(time.Since(start)), wroteText(e.written))
	}
	return nil
}

// wroteText names the files a command wrote, for the line that ends it:
// "; wrote a.json, b.csv", the first few and then a count of the others.
func wroteText(paths []string) string {
	const named = 4
	if len(paths) == 0 {
		return ""
	}
	var names []string
	for _, p := range paths {
		names = append(names, terminalSafe(p))
	}
	if len(names) > named {
		names = append(names[:named-1], fmt.Sprintf("%d more", len(paths)-named+1))
	}
	if len(names) == 1 {
		return "; wrote " + names[0]
	}
	return "; wrote " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// flagSet returns the command's flag set, writing its help to w, and the
// function that runs the command.
func (c *command) flagSet(w io.Writer) (*flag.FlagSet, func(context.Context, *env, []string) error) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(w)
	runCmd := c.setup(fs)
	quiet := registerQuiet(fs, c.instant)
	fs.Usage = func() { c.printHelp(w, fs) }
	return fs, func(ctx context.Context, e *env, args []string) error {
		e.quiet = quiet()
		return runCmd(ctx, e, args)
	}
}

// quietHelp is the help of -quiet, which every command has.
const quietHelp = "write no progress on stderr (a bar on a terminal, else a line about every 10 s)"

// registerQuiet declares -quiet on fs unless the command declared it
// itself (run, whose flag table lists it), and returns its value once
// the flags are parsed. A command that only prints (instant) accepts it
// too, and its help says there is nothing to silence.
func registerQuiet(fs *flag.FlagSet, instant bool) func() bool {
	if fs.Lookup("quiet") == nil {
		help := quietHelp
		if instant {
			help = "accepted, as by every command; this one writes no progress"
		}
		fs.Bool("quiet", false, help)
	}
	return func() bool { return fs.Lookup("quiet").Value.String() == "true" }
}

// printHelp writes the command's help to w: its usage line, its summary
// and its flags, which fs (whose output is w) holds.
func (c *command) printHelp(w io.Writer, fs *flag.FlagSet) {
	usage := strings.TrimSuffix("usage: crawlsim "+c.name+" [flags] "+c.args, " ")
	fmt.Fprintf(w, "%s\n\n%s\n\n", usage, c.summary)
	if c.printFlags != nil {
		c.printFlags(w, fs)
		return
	}
	fmt.Fprint(w, "flags:\n")
	printFlagDefaults(w, fs)
	printManualExamples(w, c.name)
}

// helpPointer ends the line of every mistake in a command's use (its
// flags or arguments) with where they are explained.
func helpPointer(c *command) string {
	return fmt.Sprintf(" (see crawlsim help %s)", c.name)
}

func printUsage(w io.Writer) {
	fmt.Fprint(w, "crawlsim studies web-crawl ordering on link graphs.\n\nusage: crawlsim <command> [flags] [graph]\n\ncommands:\n")
	cs := commands()
	sort.Slice(cs, func(i, j int) bool { return cs[i].name < cs[j].name })
	width := 0
	for _, c := range cs {
		width = max(width, len(c.name))
	}
	for _, c := range cs {
		fmt.Fprintf(w, "  %-*s  %s\n", width, c.name, firstLine(c.summary))
	}
	fmt.Fprint(w, `
A graph's format follows its name: NAME.graph is WebGraph BVGraph
(NAME.properties beside it, NAME.offsets checked when present; NAME alone,
as LAW's tools name it, reads NAME.graph), .graph-txt WebGraph ASCII, .csr
crawlsim's binary CSR, anything else a SNAP-style edge list; NAME.gz is
read gzip-compressed. -format overrides; -urls FILE
attaches a URL list (one URL per page, in id order) that gives pages their
hosts.

`+memoryHelp+`

Run 'crawlsim help COMMAND' for a command's flags. The manual, with examples,
is the package doc: go doc ./tools/crawlsim in the repository, or
tools/crawlsim/doc.go.
`)
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// roundDuration keeps three significant digits of a duration.
func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Second:
		return d.Round(100 * time.Millisecond)
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= time.Millisecond:
		return d.Round(10 * time.Microsecond)
	case d >= time.Microsecond:
		return d.Round(time.Microsecond)
	}
	return d
}
