package model

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"strings"
)

// PermalinkKey starts the part of a page link's fragment that holds a
// scenario: "s=", then the scenario's JSON deflated and in URL-safe
// base64 without padding.
const PermalinkKey = "s="

// MaxPermalinkScenario bounds the inflated scenario of a link.
const MaxPermalinkScenario = 1 << 20

// PermalinkFragment returns the part of a link's fragment that holds
// data, a scenario's JSON: PermalinkKey and the deflated data in
// URL-safe base64. The page writes its links with it.
func PermalinkFragment(data []byte) (string, error) {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		return "", err
	}
	if _, err := w.Write(data); err != nil {
		return "", err
	}
	if err := w.Close(); err != nil {
		return "", err
	}
	return PermalinkKey + base64.RawURLEncoding.EncodeToString(b.Bytes()), nil
}

// PermalinkData returns the scenario JSON that a link's fragment holds
// (its parts separated by "&", one of them PermalinkKey and the
// scenario); ok is false when it holds none. The page reads its links
// with it, and crawlsim run -scenario a link given in place of a file.
func PermalinkData(fragment string) (data []byte, ok bool, err error) {
	for _, part := range strings.Split(fragment, "&") {
		if !strings.HasPrefix(part, PermalinkKey) {
			continue
		}
		raw, err := base64.RawURLEncoding.DecodeString(part[len(PermalinkKey):])
		if err != nil {
			return nil, true, fmt.Errorf("the link's scenario is damaged, perhaps cut short (%v)", err)
		}
		data, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(raw)), MaxPermalinkScenario+1))
		if err != nil {
			return nil, true, fmt.Errorf("the link's scenario is damaged, perhaps cut short (%v)", err)
		}
		if len(data) > MaxPermalinkScenario {
			return nil, true, errors.New("the link's scenario is too large")
		}
		return data, true, nil
	}
	return nil, false, nil
}

// PermalinkScenario returns s as a page link carries it for a page that
// holds none of the user's files: a graph file that is not one of the
// site's (IsSitePath and CheckSitePath) is named by its base name, and so
// is its URL list, as the page names an upload; opening the link, the
// page asks for those files to be chosen, then runs. A file of the site
// ("graphs/NAME") keeps its path, which the page downloads. The other
// files a scenario may name (a previous snapshot, page sizes) stay as
// they are: the page cannot load them, and says so naming them, for
// crawlsim run to read.
func PermalinkScenario(s Scenario) Scenario {
	if s.Graph.File == "" || CheckSitePath(s.Graph.File) == nil {
		return s
	}
	s.Graph.File = uploadName(s.Graph.File)
	if s.Graph.URLs != "" {
		s.Graph.URLs = uploadName(s.Graph.URLs)
	}
	return s
}

// uploadName is the name the page gives an uploaded file of the path p:
// its last element, after a slash or a Windows backslash (separators
// that end p are dropped first).
func uploadName(p string) string {
	if t := strings.TrimRight(p, `/\`); t != "" {
		p = t
	}
	return p[strings.LastIndexAny(p, `/\`)+1:]
}
