package crawl

// addToUndownloaded adds share to the key of every page of out (a page's
// out-links) that is not downloaded yet: how backlink counts in-links and
// how opic and fpr pass a page's value on along its links.
func (c *Crawl) addToUndownloaded(out []uint32, share float64) {
	downloaded := c.downloaded
	if t := c.front.tree; t != nil {
		c.front.updates += t.addToUndownloaded(out, share, downloaded)
		return
	}
	for _, j := range out {
		if downloaded[j/64]&(1<<(j%64)) == 0 {
			c.front.Add(j, share)
		}
	}
}
