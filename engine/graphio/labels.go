package graphio

import (
	"slices"
	"strconv"
)

// Trivial reports whether the labels say nothing the page numbers do not:
// l is nil, holds neither IDs nor Names, or its IDs are 0, 1, ..., n-1 in
// order (an edge list whose integer ids were the page numbers already,
// which ReadEdgeList keeps as they are). Labels of label mode (Names) are
// never trivial: they name pages by text. A caller may drop trivial labels
// and use page numbers alone.
func (l *Labels) Trivial() bool {
	switch {
	case l == nil:
		return true
	case l.Names != nil:
		return false
	}
	for i, v := range l.IDs {
		if v != uint64(i) {
			return false
		}
	}
	return true
}

// Dropped returns how many integer ids below the largest one no page has:
// the ids an edge list read with EdgeListOptions.Renumber did not use,
// which kept as given would have been pages without links. It returns 0
// for labels of label mode and for nil.
func (l *Labels) Dropped() uint64 {
	if l == nil || len(l.IDs) == 0 {
		return 0
	}
	return slices.Max(l.IDs) + 1 - uint64(len(l.IDs))
}

// PageOf returns a function that maps the name the file gave a page (its
// integer id, in decimal, for IDs; its label for Names) to the page, and
// reports false for a name no page has; it returns nil when l is nil or
// holds neither IDs nor Names, where a page's name is its number. The
// function is what seeds.Options.PageOf takes, for list seeds named as
// the file names them.
//
// A name given to several pages names the first of them, the smallest page
// number, as ReadEdgeList numbers a label by its first appearance and so
// never repeats one. Repeats can only come from Labels made by hand; the
// rule makes PageOf agree with the reader whenever the labels were built as
// it builds them.
//
// Building the function takes O(n) time: for IDs in increasing order, as
// ReadEdgeList gives them, only to check that order (each look-up is then
// a binary search); otherwise it also builds a map of n entries.
func (l *Labels) PageOf() func(name string) (uint32, bool) {
	switch {
	case l == nil || (l.IDs == nil && l.Names == nil):
		return nil
	case l.Names != nil:
		byName := make(map[string]uint32, len(l.Names))
		for i, name := range l.Names {
			if _, dup := byName[name]; !dup {
				byName[name] = uint32(i)
			}
		}
		return func(name string) (uint32, bool) {
			p, ok := byName[name]
			return p, ok
		}
	}
	ids := l.IDs
	parse := func(name string) (uint64, bool) {
		v, err := strconv.ParseUint(name, 10, 64)
		return v, err == nil
	}
	if slices.IsSorted(ids) {
		// BinarySearch finds the first of equal ids: the smallest page.
		return func(name string) (uint32, bool) {
			v, ok := parse(name)
			if !ok {
				return 0, false
			}
			k, found := slices.BinarySearch(ids, v)
			return uint32(k), found
		}
	}
	byID := make(map[uint64]uint32, len(ids))
	for i, v := range ids {
		if _, dup := byID[v]; !dup {
			byID[v] = uint32(i)
		}
	}
	return func(name string) (uint32, bool) {
		v, ok := parse(name)
		if !ok {
			return 0, false
		}
		p, found := byID[v]
		return p, found
	}
}
