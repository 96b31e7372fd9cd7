package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestRemoveAllLeavesNoEmptyFolderMade: when the process dies of a stop
// signal, the temporary files go, and so do the folders the command made
// (reproduce -o) that they leave empty, nested ones included; a folder
// made that holds a file, and one the command forgot when it ended, stay.
func TestRemoveAllLeavesNoEmptyFolderMade(t *testing.T) {
	root := t.TempDir()
	outer := filepath.Join(root, "rep")
	inner := filepath.Join(outer, "charts")
	kept := filepath.Join(root, "kept")
	done := filepath.Join(root, "done")
	for _, dir := range []string{inner, kept, done} {
		if err := os.MkdirAll(dir, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	temp := filepath.Join(inner, ".report.md.tmp")
	for _, name := range []string{temp, filepath.Join(kept, "report.md")} {
		if err := os.WriteFile(name, []byte("x"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var r tempRegistry
	r.names = map[string]bool{temp: true}
	for _, dir := range []string{outer, inner, kept, done} {
		r.madeFolder(dir)
	}
	r.doneWithFolder(done, false)
	r.Lock()
	r.removeAll()
	r.Unlock()
	for _, gone := range []string{temp, inner, outer} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("%s is still there (%v); want it removed", gone, err)
		}
	}
	for _, there := range []string{kept, done} {
		if _, err := os.Stat(there); err != nil {
			t.Errorf("%s: %v; want it kept", there, err)
		}
	}
}

// TestDoneWithFolderRemovesItOnlyEmpty: a failed command removes the
// folder it made when it is empty and leaves it when it is not.
func TestDoneWithFolderRemovesItOnlyEmpty(t *testing.T) {
	root := t.TempDir()
	empty, full := filepath.Join(root, "empty"), filepath.Join(root, "full")
	for _, dir := range []string{empty, full} {
		if err := os.Mkdir(dir, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(full, "report.md"), []byte("x"), 0o666); err != nil {
		t.Fatal(err)
	}
	var r tempRegistry
	r.madeFolder(empty)
	r.madeFolder(full)
	r.doneWithFolder(empty, true)
	r.doneWithFolder(full, true)
	if _, err := os.Stat(empty); !os.IsNotExist(err) {
		t.Errorf("%s is still there (%v); want it removed", empty, err)
	}
	if _, err := os.Stat(full); err != nil {
		t.Errorf("%s: %v; want it kept", full, err)
	}
	if len(r.folders) != 0 {
		t.Errorf("still recorded: %v", r.folders)
	}
}
