//go:build unix

package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"
)

// stopSignals are the signals that stop a command cleanly: Ctrl-C,
// kill's default and a closed terminal.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// keepIgnored reports whether the stop signal s stays ignored: SIGHUP
// when the process was started to ignore it (nohup).
func keepIgnored(s os.Signal) bool {
	return s == syscall.SIGHUP && signal.Ignored(s)
}

// dieOf ends the process by the signal sig, with its default action, so
// that the parent sees it killed by sig (a shell stops a script on
// Ctrl-C only then); should the signal not end it, the exit status is
// 128 plus the signal's number, as shells report it.
func dieOf(sig os.Signal) {
	s, ok := sig.(syscall.Signal)
	if !ok {
		os.Exit(1)
	}
	if ignoredAtStart[sig] {
		// os/signal gives such a signal back its ignored disposition:
		// it would not end the process.
		os.Exit(128 + int(s))
	}
	signal.Reset(s)
	syscall.Kill(syscall.Getpid(), s)
	time.Sleep(time.Second)
	os.Exit(128 + int(s))
}
