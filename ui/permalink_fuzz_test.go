package main

import (
	"strings"
	"testing"

	"github.com/crawlsim/crawlsim/engine/model"
	"github.com/crawlsim/crawlsim/engine/report"
	"github.com/vugu/vugu"
)

// FuzzPermalink feeds NewApp any URL fragment, as a reader who follows a
// damaged or hand-made link does (an input that starts with "{" is taken
// for a scenario's JSON and put in a link as the page does): the page never panics, a fragment it
// cannot read is an error and the default scenario, and the form a
// permalink gives builds every panel. A scenario the form accepts goes
// through its own permalink and the form again unchanged.
func FuzzPermalink(f *testing.F) {
	def, err := DefaultForm().Scenario()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range []model.Scenario{def, sampleScenario()} {
		frag, err := EncodePermalink(s)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(frag)
		f.Add("embed&" + frag)
		f.Add(frag[:len(frag)/2])
		f.Add(frag + "&x=count&log=1")
		f.Add("embed&" + frag + "&x=time&x=nope&log=0")
	}
	for _, json := range []string{
		`{"version":1,"graph":{"file":"g.edges","urls":"g.urls"},"strategies":[{"id":"bfs"}]}`,
		`{"version":1,"graph":{"generate":{"pages":-5}},"strategies":[{"id":"nope","params":{"m":1e300}}],"politeness":{"connections":0}}`,
		`{"version":1,"strategies":[{"id":"fpr-m"},{"id":"fpr-m","label":"x","params":{"m":3}}],"budget":{"fraction":2}}`,
	} {
		f.Add(json)
	}
	f.Add("s=")
	f.Add("s=!!!")
	f.Add("embed")
	f.Add("s=AAAA&s=BBBB")
	f.Fuzz(func(t *testing.T, fragment string) {
		if strings.HasPrefix(fragment, "{") {
			// A scenario's JSON: the link holds it, deflated, so that
			// the fuzzer reaches the form with any scenario.
			var err error
			if fragment, err = permalinkOf([]byte(fragment)); err != nil {
				t.Fatal(err)
			}
		}
		s, ok, decodeErr := DecodePermalink(fragment)
		a := NewApp("", fragment)
		if decodeErr != nil && a.Error == "" {
			t.Fatalf("%q: decode error %v, but the page says nothing", fragment, decodeErr)
		}
		env, err := vugu.NewBuildEnv()
		if err != nil {
			t.Fatal(err)
		}
		// Every panel builds (Root itself starts the worker).
		for _, panel := range []vugu.Builder{&SourcePanel{App: a}, &SeedsPanel{App: a}, &StrategiesPanel{App: a},
			&PolitenessPanel{App: a}, &RunPanel{App: a}, &ChartView{App: a}, &MetricsTable{App: a}, &TimeTable{App: a},
			&SharePanel{App: a}, &CommunityPanel{App: a}, &RefreshPanel{App: a}, &PapersPanel{App: a}} {
			env.RunBuild(panel)
		}
		if x := a.XAxis; x != report.XFraction && x != report.XCount && x != report.XTime {
			t.Fatalf("%q: the chart's x axis is %q", fragment, x)
		}
		if !ok || decodeErr != nil {
			return
		}
		if s.Graph.File != "" && a.Form.File != "" {
			t.Fatalf("a permalink of an upload filled the file field with %q before the upload", a.Form.File)
		}
		first, err := a.Form.Scenario()
		if err != nil {
			return // the form says what is wrong; Run is refused
		}
		frag, err := EncodePermalink(first)
		if err != nil {
			t.Fatalf("the form's scenario has no permalink: %v", err)
		}
		again := NewApp("", frag)
		if again.Error != "" {
			t.Fatalf("the form's own permalink is refused: %s", again.Error)
		}
		second, err := again.Form.Scenario()
		if err != nil {
			t.Fatalf("the form's own permalink gives a form the page refuses: %v", err)
		}
		if a, b := mustMarshalScenario(t, first), mustMarshalScenario(t, second); a != b {
			t.Fatalf("through the form's own permalink\n%s\nbecame\n%s", a, b)
		}
	})
}

// mustMarshalScenario is the JSON of s.
func mustMarshalScenario(t *testing.T, s model.Scenario) string {
	t.Helper()
	data, err := model.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
