package main

import (
	"io/fs"
	"path"
	"strconv"
	"strings"
)

// This file finds the memory limit of the process's control group
// (cgroup) from the text of /proc/self/cgroup, /proc/self/mountinfo and
// the cgroup files. It only parses text read from an fs.FS, so that it
// is tested on fixtures on any system; memory_linux.go hands it the root
// file system.

// cgroupUnlimitedV1 is the least memory.limit_in_bytes read as "no
// limit": cgroup v1 writes 2^63-1 rounded down to a page, 9223372036854771712.
const cgroupUnlimitedV1 = 1 << 62

// cgroupMemoryLimit returns the tightest memory limit of the process's
// cgroup and of its ancestors up to the root of their hierarchy, read
// from root (the root file system, paths without the leading "/"): the
// cgroup v2 memory.max, or the cgroup v1 memory.limit_in_bytes, of the
// cgroup that /proc/self/cgroup names, located through the cgroup mounts
// of /proc/self/mountinfo. It also returns the file that sets it ("max"
// and v1's huge default are no limit), and false when no limit is set or
// none can be read.
func cgroupMemoryLimit(root fs.FS) (limit int64, file string, ok bool) {
	self, err := fs.ReadFile(root, "proc/self/cgroup")
	if err != nil {
		return 0, "", false
	}
	mounts, err := fs.ReadFile(root, "proc/self/mountinfo")
	if err != nil {
		return 0, "", false
	}
	v2, v1 := parseProcCgroup(string(self))
	for _, m := range parseCgroupMounts(string(mounts)) {
		cg, limitFile := v2, "memory.max"
		if !m.v2 {
			cg, limitFile = v1, "memory.limit_in_bytes"
		}
		if cg == "" {
			continue
		}
		for _, dir := range cgroupDirs(m, cg) {
			name := path.Join(dir, limitFile)
			data, err := fs.ReadFile(root, strings.TrimPrefix(name, "/"))
			if err != nil {
				continue
			}
			v, limited := parseCgroupLimit(string(data))
			if limited && (!ok || v < limit) {
				limit, file, ok = v, name, true
			}
		}
	}
	return limit, file, ok
}

// parseProcCgroup reads /proc/self/cgroup ("ID:CONTROLLERS:PATH" per
// line) and returns the path of the process's cgroup v2 (the line
// "0::PATH") and of its cgroup v1 memory controller, each "" when absent.
func parseProcCgroup(text string) (v2, v1 string) {
	for _, line := range strings.Split(text, "\n") {
		parts := strings.SplitN(strings.TrimSpace(line), ":", 3)
		if len(parts) != 3 {
			continue
		}
		switch {
		case parts[0] == "0" && parts[1] == "":
			v2 = parts[2]
		case hasField(parts[1], "memory"):
			v1 = parts[2]
		}
	}
	return v2, v1
}

// cgroupMount is a mounted cgroup hierarchy that holds memory limits:
// cgroup2, or a cgroup v1 hierarchy with the memory controller.
type cgroupMount struct {
	// root is the cgroup shown at the mount point, mountPoint where it is.
	root, mountPoint string
	v2               bool
}

// parseCgroupMounts reads /proc/self/mountinfo and returns its cgroup2
// mounts and its cgroup v1 mounts of the memory controller. A line is
// "ID PARENT MAJ:MIN ROOT MOUNTPOINT OPTIONS [OPTIONAL...] - TYPE SOURCE
// SUPEROPTIONS", with blanks and backslashes in paths escaped in octal.
func parseCgroupMounts(text string) []cgroupMount {
	var out []cgroupMount
	for _, line := range strings.Split(text, "\n") {
		fields := strings.Fields(line)
		sep := -1
		for i, f := range fields {
			if f == "-" && i >= 6 {
				sep = i
				break
			}
		}
		if sep < 0 || sep+3 > len(fields) {
			continue
		}
		m := cgroupMount{root: unescapeMountPath(fields[3]), mountPoint: unescapeMountPath(fields[4])}
		switch fsType := fields[sep+1]; {
		case fsType == "cgroup2":
			m.v2 = true
		case fsType == "cgroup" && sep+3 < len(fields) && hasField(fields[sep+3], "memory"):
		default:
			continue
		}
		out = append(out, m)
	}
	return out
}

// cgroupDirs returns the folders of the cgroup at path cg of mount m and
// of its ancestors, the cgroup's own first and the mount point last. A
// path under the mount's root is taken relative to it; another one (a
// cgroup namespace shows paths from its own root, which is the mount's)
// is taken as it is.
func cgroupDirs(m cgroupMount, cg string) []string {
	rel := cg
	if m.root != "/" && (cg == m.root || strings.HasPrefix(cg, m.root+"/")) {
		rel = strings.TrimPrefix(cg, m.root)
	}
	dir := path.Join(m.mountPoint, rel)
	if dir != m.mountPoint && !strings.HasPrefix(dir, strings.TrimSuffix(m.mountPoint, "/")+"/") {
		return []string{m.mountPoint} // "..": stay inside the mount
	}
	var dirs []string
	for {
		dirs = append(dirs, dir)
		if dir == m.mountPoint || dir == "/" || dir == "." {
			return dirs
		}
		dir = path.Dir(dir)
	}
}

// parseCgroupLimit reads memory.max or memory.limit_in_bytes: a byte
// count, or "max" for none. It reports false for no limit or text that
// is not a limit.
func parseCgroupLimit(text string) (int64, bool) {
	s := strings.TrimSpace(text)
	if s == "max" {
		return 0, false
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || v <= 0 || v >= cgroupUnlimitedV1 {
		return 0, false
	}
	return v, true
}

// hasField reports whether the comma-separated list holds name.
func hasField(list, name string) bool {
	for _, f := range strings.Split(list, ",") {
		if f == name {
			return true
		}
	}
	return false
}

// unescapeMountPath undoes mountinfo's octal escapes ("\040" for a space).
func unescapeMountPath(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+4 <= len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+4], 8, 8); err == nil {
				b.WriteByte(byte(v))
				i += 3
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// procStatus holds the memory counts of /proc/self/status, in bytes.
type procStatus struct {
	vmSize, vmData, rss int64
}

// parseProcStatus reads the VmSize, VmData and VmRSS lines of
// /proc/self/status ("VmRSS:	   1744 kB"); a line that is missing
// leaves its count 0.
func parseProcStatus(text string) procStatus {
	var st procStatus
	for _, line := range strings.Split(text, "\n") {
		key, rest, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		fields := strings.Fields(rest)
		if len(fields) != 2 || fields[1] != "kB" {
			continue
		}
		kb, err := strconv.ParseInt(fields[0], 10, 64)
		if err != nil || kb < 0 {
			continue
		}
		switch key {
		case "VmSize":
			st.vmSize = kb << 10
		case "VmData":
			st.vmData = kb << 10
		case "VmRSS":
			st.rss = kb << 10
		}
	}
	return st
}
