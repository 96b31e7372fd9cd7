module github.com/crawlsim/crawlsim

go 1.24

require pgregory.net/rapid v1.3.0 // indirect
