//go:build js && wasm

package page

import (
	"errors"
	"syscall/js"
	"testing"
)

// fakeInputs makes the global document one whose file inputs are inputs,
// by id, each a list of file names; getElementById finds no other id. The
// test's end takes the document away.
func fakeInputs(t *testing.T, inputs map[string][]string) {
	t.Helper()
	get := js.FuncOf(func(_ js.Value, args []js.Value) any {
		names, ok := inputs[args[0].String()]
		if !ok {
			return nil
		}
		files := make([]any, len(names))
		for i, n := range names {
			files[i] = map[string]any{"name": n, "size": 1}
		}
		return map[string]any{"files": files}
	})
	old := js.Global().Get("document")
	js.Global().Set("document", map[string]any{"getElementById": get})
	t.Cleanup(func() {
		js.Global().Set("document", old)
		get.Release()
	})
}

// TestPickUploadSaysWhenNoGraphFileIsChosen: an empty graph file input is
// ErrNoGraphFile, which the page says in its own words; an input missing
// from the page is another error, shown as it is; files picked are taken.
func TestPickUploadSaysWhenNoGraphFileIsChosen(t *testing.T) {
	fakeInputs(t, map[string][]string{"empty": nil, "urls": nil, "graph": {"web.properties", "web.graph"}})
	if _, err := PickUpload("empty", "urls"); !errors.Is(err, ErrNoGraphFile) {
		t.Errorf("an empty graph file input: %v, want ErrNoGraphFile", err)
	}
	if _, err := PickUpload("missing", "urls"); err == nil || errors.Is(err, ErrNoGraphFile) {
		t.Errorf("a graph file input missing from the page: %v, want an error other than ErrNoGraphFile", err)
	}
	u, err := PickUpload("graph", "urls")
	if err != nil || u.load.Name != "web.graph" || len(u.load.Extra) != 1 || u.load.Extra[0] != "web.properties" {
		t.Errorf("a BVGraph picked: %+v, %v; want web.graph with web.properties", u, err)
	}
}
