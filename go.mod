module github.com/crawlsim/crawlsim

go 1.24

require (
	github.com/schollz/progressbar/v3 v3.18.0
	golang.org/x/term v0.34.0
	pgregory.net/rapid v1.3.0
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	golang.org/x/sys v0.35.0 // indirect
)
