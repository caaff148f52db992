//go:build !unix

package bench

import "os"

// maxRSS is not known on this system.
func maxRSS(*os.ProcessState) int64 { return 0 }
