//go:build !unix

package main

import "os"

// umask returns the usual mask where the platform has none.
func umask() os.FileMode { return 0o022 }
