package protocol

import (
	"strings"
	"testing"
)

func TestDecodeReproduce(t *testing.T) {
	r, err := DecodeRequest([]byte(`{"version":2,"id":3,"kind":"reproduce","reproduce":{"paper":"004","graph":{"generate":{"pages":3000}}}}`), 0)
	if err != nil || r.Reproduce == nil || r.Reproduce.Paper != "004" || r.Reproduce.Graph.Generate.Pages != 3000 {
		t.Fatalf("decoded %+v, %v", r, err)
	}
	for _, bad := range []string{
		`{"version":2,"id":3,"kind":"reproduce"}`,
		`{"version":2,"id":3,"kind":"reproduce","reproduce":{"graph":{}}}`,
	} {
		if _, err := DecodeRequest([]byte(bad), 0); err == nil || !strings.Contains(err.Error(), "reproduce.paper") {
			t.Errorf("%s: error %v; want one naming reproduce.paper", bad, err)
		}
	}
}
