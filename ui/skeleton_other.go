//go:build !wasm

package main

// The skeleton's chart panel: static/index.html shows, from the first
// paint until page.wasm renders, the chart panel as the page's first
// render draws it (ChartView of a new App: heading, explanation, the
// x-axis row disabled, the chart box, the line under it and the legend of
// the opening comparison), and, for embed mode, in a template
// static/skeleton.js puts in its place, the embedded page's. So nothing
// moves when page.wasm renders (tools/site's TestPageStartsWithoutJumps).
// `go generate ./ui/...` writes them (writeSkeleton); TestSkeletonCurrent
// fails when they no longer match.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"os"
	"path/filepath"
	"strings"

	"github.com/vugu/vugu"
)

// The marks around the generated parts of static/index.html.
const (
	skeletonChartStart = "<!-- chart panel: go generate ./ui/... writes it -->"
	skeletonChartEnd   = "<!-- end of the chart panel -->"
	skeletonEmbedStart = "<!-- embed mode's chart panel: go generate ./ui/... writes it -->"
	skeletonEmbedEnd   = "<!-- end of embed mode's chart panel -->"
)

// skeletonTemplateID is the id of the template that holds embed mode's
// chart panel (static/skeleton.js reads it).
const skeletonTemplateID = "skeleton-embed-chart"

// skeletonChart is the chart panel's markup at the page's first render:
// of the full page, or of embed mode.
func skeletonChart(embed bool) (string, error) {
	query := ""
	if embed {
		query = "embed=1"
	}
	env, err := vugu.NewBuildEnv()
	if err != nil {
		return "", err
	}
	res := env.RunBuild(&ChartView{App: NewApp(query, "")})
	var b strings.Builder
	for _, n := range res.Out.Out {
		if err := writeNode(&b, res, n); err != nil {
			return "", err
		}
	}
	return b.String(), nil
}

// voidElements are the HTML elements without an end tag.
var voidElements = map[string]bool{"area": true, "base": true, "br": true, "col": true, "embed": true, "hr": true,
	"img": true, "input": true, "link": true, "meta": true, "source": true, "track": true, "wbr": true}

// writeNode writes node n of a build's output as HTML: its attributes,
// and its properties the way the browser would show them once set (a
// boolean one as an attribute when true, another as an attribute of its
// value); event handlers are left out.
func writeNode(b *strings.Builder, res *vugu.BuildResults, n *vugu.VGNode) error {
	switch {
	case n.Component != nil:
		for _, m := range res.ResultFor(n.Component).Out {
			if err := writeNode(b, res, m); err != nil {
				return err
			}
		}
		return nil
	case n.Type == vugu.TextNode:
		b.WriteString(html.EscapeString(n.Data))
		return nil
	case n.Type != vugu.ElementNode:
		return nil // comments
	case n.IsTemplate():
		return writeChildren(b, res, n)
	}
	b.WriteString("<" + n.Data)
	for _, a := range n.Attr {
		fmt.Fprintf(b, ` %s="%s"`, a.Key, html.EscapeString(a.Val))
	}
	for _, p := range n.Prop {
		var v any
		if err := json.Unmarshal(p.JSONVal, &v); err != nil {
			return fmt.Errorf("property %s of <%s>: %v", p.Key, n.Data, err)
		}
		switch v := v.(type) {
		case bool:
			if v {
				b.WriteString(" " + p.Key)
			}
		case string:
			fmt.Fprintf(b, ` %s="%s"`, p.Key, html.EscapeString(v))
		default:
			fmt.Fprintf(b, ` %s="%v"`, p.Key, v)
		}
	}
	b.WriteString(">")
	if voidElements[n.Data] {
		return nil
	}
	if n.InnerHTML != nil {
		b.WriteString(*n.InnerHTML)
	} else if err := writeChildren(b, res, n); err != nil {
		return err
	}
	b.WriteString("</" + n.Data + ">")
	return nil
}

// writeChildren writes the children of n.
func writeChildren(b *strings.Builder, res *vugu.BuildResults, n *vugu.VGNode) error {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if err := writeNode(b, res, c); err != nil {
			return err
		}
	}
	return nil
}

// skeletonParts are the generated parts of index.html: their marks and
// what goes between them.
func skeletonParts() ([][3]string, error) {
	full, err := skeletonChart(false)
	if err != nil {
		return nil, err
	}
	embed, err := skeletonChart(true)
	if err != nil {
		return nil, err
	}
	return [][3]string{
		{skeletonChartStart, full, skeletonChartEnd},
		{skeletonEmbedStart, `<template id="` + skeletonTemplateID + `">` + embed + `</template>`, skeletonEmbedEnd},
	}, nil
}

// withSkeleton returns index.html's text data, named name, with its
// generated parts written anew: an error names a mark that is missing.
func withSkeleton(data []byte, name string) ([]byte, error) {
	parts, err := skeletonParts()
	if err != nil {
		return nil, err
	}
	out := data
	for _, p := range parts {
		start := bytes.Index(out, []byte(p[0]))
		end := bytes.Index(out, []byte(p[2]))
		if start < 0 || end < start {
			return nil, fmt.Errorf("%s: no %q followed by %q, between which the generated skeleton goes", name, p[0], p[2])
		}
		var b bytes.Buffer
		b.Write(out[:start+len(p[0])])
		b.WriteString("\n" + p[1] + "\n")
		b.Write(out[end:])
		out = b.Bytes()
	}
	return out, nil
}

// writeSkeleton writes the generated parts of the index.html at path,
// through a temporary file renamed over it.
func writeSkeleton(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	out, err := withSkeleton(data, path)
	if err != nil || bytes.Equal(out, data) {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".index-*.html")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(out); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}
