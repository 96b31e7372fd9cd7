//go:build !unix

package main

import "os"

// stopSignals are the signals that stop a command cleanly: Ctrl-C.
var stopSignals = []os.Signal{os.Interrupt}

// keepIgnored reports whether the stop signal s stays ignored when the
// process was started to ignore it: never, here.
func keepIgnored(os.Signal) bool { return false }

// dieOf ends the process after the signal sig stopped its work.
func dieOf(sig os.Signal) { os.Exit(1) }
