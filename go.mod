module github.com/crawlsim/crawlsim

go 1.24
