package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReproduceJSON: reproduce -json prints the papers' tables, findings
// and verdicts as JSON on stdout (the README says every command can; it
// was "not a flag").
func TestReproduceJSON(t *testing.T) {
	t.Chdir(t.TempDir())
	out := mustRun(t, "reproduce", "-json", "-n", "2000", "fpr")
	var got struct {
		Graph  string `json:"graph"`
		Papers []struct {
			ID       string `json:"id"`
			Name     string `json:"name"`
			Findings []struct {
				Figure, Claim, Published, Verdict string
				Ours                              string `json:"crawlsim"`
			} `json:"findings"`
			Tables []struct {
				Head []string `json:"head"`
			} `json:"tables"`
		} `json:"papers"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, out)
	}
	if len(got.Papers) != 1 || got.Papers[0].ID != "000" || got.Papers[0].Name != "fpr" || len(got.Papers[0].Tables) == 0 || !strings.HasPrefix(got.Graph, "generated web: 2,000 pages") {
		t.Fatalf("papers %+v, graph %q; want paper 000 (fpr) with its tables on the generated web", got.Papers, got.Graph)
	}
	verdicts := map[string]bool{"same value": true, "same order": true, "same trend": true, "differs": true, "not run": true}
	for _, f := range got.Papers[0].Findings {
		if !verdicts[f.Verdict] || f.Figure == "" || f.Published == "" || f.Ours == "" {
			t.Errorf("finding %+v: want a figure, both sides and a verdict", f)
		}
	}
	if len(got.Papers[0].Findings) == 0 {
		t.Error("no findings")
	}
}

// TestReproduceRemovesItsStaleFiles: reproduce -o DIR into a folder of an
// earlier reproduce removes the scenario files and charts that the
// earlier report.md names and the new one does not (they were left, and
// misled), and says so; it keeps every other file: one the old report
// does not name, one not named like its files, a link, and everything in
// a folder whose report.md is not reproduce's.
func TestReproduceRemovesItsStaleFiles(t *testing.T) {
	t.Chdir(t.TempDir())
	write := func(name, text string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// An earlier reproduce of paper 004 into rep, then files of the user's:
	// one named like reproduce's but not in its report, others, and a link
	// in place of one of the charts the report names.
	mustRun(t, "reproduce", "-n", "2000", "-o", "rep", "004")
	md, err := os.ReadFile(filepath.Join("rep", "report.md"))
	if err != nil || !strings.Contains(string(md), "-scenario 004-table2.json`") || !strings.Contains(string(md), "](004-fig4.svg)") {
		t.Fatalf("the earlier report.md does not name 004-table2.json and 004-fig4.svg (%v)", err)
	}
	for _, name := range []string{"004-mine.svg", "notes.txt", "000-fig4.svg"} {
		write(filepath.Join("rep", name), "old "+name)
	}
	// Notes the user added to the report, naming files of theirs that look
	// like reproduce's, are kept: only the files the report's closing
	// comment lists are reproduce's.
	write(filepath.Join("rep", "009-mine.json"), "mine")
	write(filepath.Join("rep", "004-notes.json"), "mine")
	notes := "\nMy notes: see 009-mine.json and [this](004-notes.json).\n"
	if err := os.WriteFile(filepath.Join("rep", "report.md"), append(md, notes...), 0o644); err != nil {
		t.Fatal(err)
	}
	write("elsewhere/target.svg", "not reproduce's")
	os.Remove(filepath.Join("rep", "004-fig4.svg"))
	if err := os.Symlink(filepath.Join("..", "elsewhere", "target.svg"), filepath.Join("rep", "004-fig4.svg")); err != nil {
		t.Fatal(err)
	}
	_, errOut, status := crawlsim(t, "reproduce", "-n", "2000", "-o", "rep", "fpr")
	if status != 0 {
		t.Fatalf("status %d: %s", status, errOut)
	}
	for _, gone := range []string{"004-table2.json", "004-section5.3.json"} {
		if _, err := os.Lstat(filepath.Join("rep", gone)); err == nil {
			t.Errorf("rep/%s, named by the earlier report only, is still there", gone)
		}
	}
	for _, kept := range []string{"004-mine.svg", "notes.txt", "004-fig4.svg", "009-mine.json", "004-notes.json", filepath.Join("..", "elsewhere", "target.svg")} {
		if _, err := os.Lstat(filepath.Join("rep", kept)); err != nil {
			t.Errorf("rep/%s was removed: %v", kept, err)
		}
	}
	if b, _ := os.ReadFile(filepath.Join("rep", "000-fig4.svg")); !strings.HasPrefix(string(b), "<svg") {
		t.Errorf("rep/000-fig4.svg was not rewritten: %q", b)
	}
	if want := "removed 2 files of an earlier reproduce that report.md no longer names: rep/004-section5.3.json, rep/004-table2.json\n"; !strings.Contains(errOut, want) {
		t.Errorf("stderr %q; want %q", errOut, want)
	}

	// A folder whose report.md is not reproduce's keeps every file.
	write("other/report.md", "# my notes\n`004-table2.json`\n")
	write("other/004-table2.json", "mine")
	mustRun(t, "reproduce", "-n", "2000", "-o", "other", "fpr")
	if b, _ := os.ReadFile(filepath.Join("other", "004-table2.json")); string(b) != "mine" {
		t.Errorf("other/004-table2.json was removed or replaced: %q", b)
	}
}

// TestReproduceRemovesOnlyItsOwnFiles: an earlier reproduce's files that
// the new report does not name are removed only while they are as it
// wrote them: a write-protected file and an edited one are kept; a
// report.md that is a link to another folder's report does not make the
// other folder's files stale; an -o DIR made for a command that fails is
// removed again, with the folders made above it, and one that is a
// looping link says so.
func TestReproduceRemovesOnlyItsOwnFiles(t *testing.T) {
	t.Chdir(t.TempDir())
	mustRun(t, "reproduce", "-n", "2000", "-o", "rep", "001")
	if err := os.Chmod(filepath.Join("rep", "001-table2.json"), 0o444); err != nil {
		t.Fatal(err)
	}
	edited := filepath.Join("rep", "001-fig8.svg")
	if err := os.WriteFile(edited, []byte("<svg>mine</svg>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Another folder whose report.md is a link to rep's.
	if err := os.Mkdir("other", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join("..", "rep", "report.md"), filepath.Join("other", "report.md")); err != nil {
		t.Fatal(err)
	}
	_, errOut, status := crawlsim(t, "reproduce", "-n", "2000", "-o", "other", "fpr")
	if status != 2 || !strings.Contains(errOut, "report.md is a symbolic link") {
		t.Errorf("reproduce into a folder whose report.md is a link: status %d, %q", status, errOut)
	}
	for _, name := range []string{"001-table2.json", "001-fig8.svg", "001-fig7-rankmass.svg"} {
		if _, err := os.Stat(filepath.Join("rep", name)); err != nil {
			t.Errorf("reproduce into other/ through a linked report.md removed rep/%s", name)
		}
	}
	mustRun(t, "reproduce", "-n", "2000", "-o", "rep", "fpr")
	if _, err := os.Stat(filepath.Join("rep", "001-fig7-rankmass.svg")); err == nil {
		t.Error("an unchanged file of the earlier reproduce was kept")
	}
	for _, name := range []string{"001-table2.json", "001-fig8.svg"} {
		if _, err := os.Stat(filepath.Join("rep", name)); err != nil {
			t.Errorf("rep/%s (write-protected or edited) was removed", name)
		}
	}

	_, errOut, status = crawlsim(t, "reproduce", "-o", "made", "004", "missing.edges")
	if _, err := os.Stat("made"); status == 0 || err == nil {
		t.Errorf("a failed reproduce (status %d, %q) left the folder it made", status, errOut)
	}
	_, errOut, status = crawlsim(t, "reproduce", "-o", filepath.Join("rep", "made", "a", "b"), "004", "missing.edges")
	if _, err := os.Stat(filepath.Join("rep", "made")); status == 0 || err == nil {
		t.Errorf("a failed reproduce (status %d, %q) left the folders it made above its -o", status, errOut)
	}
	if _, err := os.Stat(filepath.Join("rep", "report.md")); err != nil {
		t.Errorf("a failed reproduce into a folder below rep/ removed rep/report.md: %v", err)
	}
	if err := os.Symlink("loop", "loop"); err != nil {
		t.Fatal(err)
	}
	_, errOut, _ = crawlsim(t, "reproduce", "-n", "2000", "-o", "loop", "fpr")
	if !strings.Contains(errOut, "-o loop: too many levels of symbolic links") {
		t.Errorf("-o a looping link: %q", errOut)
	}
}
