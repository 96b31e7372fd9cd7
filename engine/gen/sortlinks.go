package gen

import (
	"math/bits"
	"slices"
)

// radixSortMin is the shortest list sortLinks sorts by radix: below it a
// comparison sort is as fast, and most pages have fewer links.
const radixSortMin = 96

// sortLinks sorts a page's links, distinct page ids, using scratch (room
// for at least len(s)) as the other buffer of a radix sort: a least
// significant digit first sort of the bytes in which the links differ,
// which costs two passes over the links a byte instead of the
// comparison sort's mispredicted branch every other comparison; the few
// pages with hundreds or thousands of links then cost little more than
// drawing them. Short lists, most pages', are sorted with slices.Sort.
func sortLinks(s, scratch []uint32) {
	if len(s) < radixSortMin {
		slices.Sort(s)
		return
	}
	var differ uint32
	for _, v := range s[1:] {
		differ |= v ^ s[0]
	}
	src, dst := s, scratch[:len(s)]
	for shift := uint(bits.TrailingZeros32(differ|1<<31)) &^ 7; shift < 32 && differ>>shift != 0; shift += 8 {
		var count [256]int
		for _, v := range src {
			count[byte(v>>shift)]++
		}
		sum := 0
		for d, c := range count {
			count[d] = sum
			sum += c
		}
		for _, v := range src {
			d := byte(v >> shift)
			dst[count[d]] = v
			count[d]++
		}
		src, dst = dst, src
	}
	if &src[0] != &s[0] {
		copy(s, src)
	}
}
