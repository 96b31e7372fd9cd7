package session

import (
	"io"
	"io/fs"
	"testing"
	"testing/fstest"
)

// TestUploadsIsAFileSystem: the uploads pass fstest.TestFS (open, read,
// seek, stat, names) and refuse names that are not paths.
func TestUploadsIsAFileSystem(t *testing.T) {
	u := uploads{"web.edges": []byte("0 1\n1 2\n"), "web.urls": []byte("http://a/\n"), "empty": nil}
	if err := fstest.TestFS(readDirRoot{u}, "web.edges", "web.urls", "empty"); err != nil {
		t.Fatal(err)
	}
	f, err := u.Open("web.edges")
	if err != nil {
		t.Fatal(err)
	}
	if end, err := f.(io.Seeker).Seek(0, io.SeekEnd); err != nil || end != 8 {
		t.Errorf("seek to the end: %d, %v", end, err)
	}
	for _, name := range []string{"missing", "../web.edges", "/web.edges"} {
		if _, err := u.Open(name); err == nil {
			t.Errorf("Open(%q) found a file", name)
		}
	}
}

// readDirRoot lists the uploads as the root folder, which fstest.TestFS
// walks; the session itself never lists them.
type readDirRoot struct{ uploads }

func (r readDirRoot) Open(name string) (fs.File, error) {
	if name == "." {
		m := fstest.MapFS{}
		for n, d := range r.uploads {
			m[n] = &fstest.MapFile{Data: d, Mode: 0o444}
		}
		return m.Open(".")
	}
	return r.uploads.Open(name)
}
