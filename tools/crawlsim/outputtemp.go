package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// tempRegistry records what a command made that must not outlive it when
// a stop signal makes the process die before the command has ended
// (stopOnSignals): the temporary files of outputs not yet renamed into
// place, and the folders it made that are still empty.
type tempRegistry struct {
	sync.Mutex
	names   map[string]bool
	folders []string // in the order made
}

// tempFiles is the process's registry.
var tempFiles tempRegistry

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

// madeFolder records dir, which the command has just made, to be removed
// if the process dies of a stop signal while it is still empty.
func (r *tempRegistry) madeFolder(dir string) {
	r.Lock()
	defer r.Unlock()
	r.folders = append(r.folders, dir)
}

// makeFolder makes dir and every folder above it that is missing,
// outermost first, records each (madeFolder) and returns them in the
// order made. When one cannot be made it removes those it made and
// returns the error.
func (r *tempRegistry) makeFolder(dir string) ([]string, error) {
	var missing []string
	for d := filepath.Clean(dir); ; {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
			break // there, or what is wrong with it shows below
		}
		missing = append(missing, d)
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	var made []string
	for _, d := range slices.Backward(missing) {
		err := os.Mkdir(d, 0o777)
		if errors.Is(err, fs.ErrExist) {
			continue // made meanwhile by someone else: not ours to remove
		}
		if err != nil {
			r.doneWithFolders(made, true)
			return nil, err
		}
		r.madeFolder(d)
		made = append(made, d)
	}
	// Nothing to make, or what was in the way: MkdirAll says what.
	if err := os.MkdirAll(dir, 0o777); err != nil {
		r.doneWithFolders(made, true)
		return nil, err
	}
	return made, nil
}

// doneWithFolders is doneWithFolder for every folder of made (makeFolder),
// the last made first.
func (r *tempRegistry) doneWithFolders(made []string, remove bool) {
	for _, dir := range slices.Backward(made) {
		r.doneWithFolder(dir, remove)
	}
}

// doneWithFolder forgets dir, which the command made, when the command
// ends; with remove it also removes it if it is empty.
func (r *tempRegistry) doneWithFolder(dir string, remove bool) {
	r.Lock()
	defer r.Unlock()
	if i := slices.Index(r.folders, dir); i >= 0 {
		r.folders = slices.Delete(r.folders, i, i+1)
	}
	if remove {
		os.Remove(dir) // fails, leaving it, unless it is empty
	}
}

// removeAll removes every temporary file not yet renamed or removed,
// then every recorded folder left empty, the last made first; r must be
// locked.
func (r *tempRegistry) removeAll() {
	for name := range r.names {
		os.Remove(name)
	}
	r.names = nil
	for _, dir := range slices.Backward(r.folders) {
		os.Remove(dir) // fails, leaving it, unless it is empty
	}
	r.folders = nil
}

// removeTempFiles removes what tempFiles records (removeAll). It holds
// the lock until the process ends, so that nothing else is made, renamed
// or recorded after it.
func removeTempFiles() {
	tempFiles.Lock()
	tempFiles.removeAll()
}
