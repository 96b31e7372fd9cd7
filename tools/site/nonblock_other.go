//go:build !unix

package site

// openNonBlocking is 0 where there is no O_NONBLOCK to open with: there
// fileServer.open relies on its checks of the file's type alone.
const openNonBlocking = 0
