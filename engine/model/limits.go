package model

// MaxPolitenessSeconds is the longest wait and latency of the politeness
// clock, and the longest a page may take to transfer (page_size /
// bandwidth), in seconds: a million seconds, about 11.6 days. With every
// download taking at most twice that and waiting at most that, a crawl of
// the most pages a graph may have lasts below 10^17 seconds, far inside
// float64. The engine's normalisation refuses more, and the page's form
// checks it before a run.
const MaxPolitenessSeconds = 1e6

// MaxConnections is the most connections of the politeness clock: far
// beyond the paper's experiments (Baeza-Yates et al. 2005, section 5.3), and each one
// costs a slot of the clock. The engine's normalisation refuses more, and
// the page's form checks it before a run.
const MaxConnections = 10000
