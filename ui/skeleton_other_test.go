//go:build !wasm

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSkeletonCurrent fails when static/index.html's skeleton no longer
// shows the chart panel of the page's first render, in full and in embed
// mode: `go generate ./ui/...` writes it anew.
func TestSkeletonCurrent(t *testing.T) {
	name := filepath.Join("..", "static", "index.html")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	want, err := withSkeleton(data, name)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(data, want) {
		t.Errorf("%s's skeleton is not the page's first render: run go generate ./ui/...", name)
	}
	for _, part := range []string{`id="chart-heading"`, `class="legend pending"`, `<template id="` + skeletonTemplateID + `">`, `Open the full page`} {
		if !strings.Contains(string(want), part) {
			t.Errorf("the skeleton holds no %s", part)
		}
	}
}

// TestSkeletonNeedsItsMarks: an index.html without the marks of the
// generated parts is an error that names the file and the mark.
func TestSkeletonNeedsItsMarks(t *testing.T) {
	_, err := withSkeleton([]byte("<html>"+skeletonChartStart+"</html>"), "x/index.html")
	if err == nil || !strings.Contains(err.Error(), "x/index.html") || !strings.Contains(err.Error(), skeletonChartEnd) {
		t.Errorf("error %v; want one naming x/index.html and the missing mark", err)
	}
}
