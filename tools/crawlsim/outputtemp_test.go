package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
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

// TestMakeFolderRecordsEveryFolderMade: makeFolder makes the missing
// folders above dir too and records each, so that a stop signal removes
// them all (removeAll) but not the folder that was there before; when a
// folder cannot be made (a file on the way) it removes those it made.
func TestMakeFolderRecordsEveryFolderMade(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a", "b", "c")
	var r tempRegistry
	made, err := r.makeFolder(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{filepath.Join(root, "a"), filepath.Join(root, "a", "b"), dir}
	if !slices.Equal(made, want) || !slices.Equal(r.folders, want) {
		t.Fatalf("made %v, recorded %v; want %v", made, r.folders, want)
	}
	if again, err := r.makeFolder(dir); err != nil || len(again) != 0 {
		t.Errorf("making %s again: made %v, %v; want nothing made", dir, again, err)
	}
	r.Lock()
	r.removeAll()
	r.Unlock()
	if _, err := os.Stat(filepath.Join(root, "a")); !os.IsNotExist(err) {
		t.Errorf("%s/a is still there (%v); want it removed", root, err)
	}
	if _, err := os.Stat(root); err != nil {
		t.Errorf("the folder that was there before: %v", err)
	}

	if err := os.WriteFile(filepath.Join(root, "file"), nil, 0o666); err != nil {
		t.Fatal(err)
	}
	if made, err := r.makeFolder(filepath.Join(root, "file", "y")); err == nil {
		t.Errorf("made %v below a file; want an error", made)
	}
	// z is made, then the name too long for a folder fails.
	_, err = r.makeFolder(filepath.Join(root, "z", strings.Repeat("n", 300), "w"))
	if err == nil {
		t.Fatal("no error making a folder whose name is too long")
	}
	if _, statErr := os.Stat(filepath.Join(root, "z")); !os.IsNotExist(statErr) {
		t.Errorf("after %v, %s/z is still there", err, root)
	}
	if len(r.folders) != 0 {
		t.Errorf("still recorded: %v", r.folders)
	}
}
