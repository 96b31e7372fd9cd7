package main

import (
	"os"
	"sync"
)

// tempFiles are the temporary files of outputs not yet renamed into
// place, which the process removes when a stop signal makes it die before
// the command has (stopOnSignals).
var tempFiles struct {
	sync.Mutex
	names map[string]bool
}

// createTemp is os.CreateTemp that records the file in tempFiles.
func createTemp(dir, pattern string) (*os.File, error) {
	tempFiles.Lock()
	defer tempFiles.Unlock()
	f, err := os.CreateTemp(dir, pattern)
	if err == nil {
		if tempFiles.names == nil {
			tempFiles.names = make(map[string]bool)
		}
		tempFiles.names[f.Name()] = true
	}
	return f, err
}

// removeTemp removes a temporary file createTemp made.
func removeTemp(name string) error {
	tempFiles.Lock()
	defer tempFiles.Unlock()
	delete(tempFiles.names, name)
	return os.Remove(name)
}

// renameTemp renames a temporary file createTemp made into place.
func renameTemp(name, target string) error {
	tempFiles.Lock()
	defer tempFiles.Unlock()
	err := os.Rename(name, target)
	if err == nil {
		delete(tempFiles.names, name)
	}
	return err
}

// removeTempFiles removes every temporary file not yet renamed or
// removed. It holds the lock until the process ends, so that no other
// temporary file is made or renamed after it.
func removeTempFiles() {
	tempFiles.Lock()
	for name := range tempFiles.names {
		os.Remove(name)
	}
	tempFiles.names = nil
}
