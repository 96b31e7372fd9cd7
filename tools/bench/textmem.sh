#!/usr/bin/env bash
# textmem.sh: the peak resident memory of reading large text graphs under a
# memory limit, to show that crawlsim refuses a graph too large for it
# instead of dying of out-of-memory, and that what it accepts stays within
# the limit.
#
#   tools/bench/textmem.sh [LINES] [AS...]
#
# It writes three inputs of LINES links each (default 150,000,000) in a
# temporary folder, removed at the end:
#
#   bomb.edges.gz    LINES lines "0 1": two pages, one link, from a gzip
#                    file of about 600 kB per 100 M lines
#   web.edges        LINES distinct links, 8 per page, as plain text
#   web.graph-txt.gz the same graph in WebGraph ASCII, gzipped
#
# and runs `crawlsim info` on each under `prlimit --as=AS` for every AS
# given (default 6000000000 and 3000000000 bytes of address space), then
# without an rlimit under CRAWLSIM_MEMORY_LIMIT=2GB. For each run it prints
# the exit status, the peak RSS from GNU time (/usr/bin/time -v) and the
# first line crawlsim wrote to stderr when it failed. "fatal error: out of
# memory" or a status above 2 is the failure this benchmark looks for.
# Writing the inputs takes a few minutes at 150 M lines (web.edges is
# 2.5 GB). CRAWLSIM names a crawlsim binary to use instead of building
# the checkout's.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
. "$here/lib.sh"

lines=${1:-150000000}
[[ $lines =~ ^[1-9][0-9]*$ ]] || { echo "usage: textmem.sh [LINES] [AS...]  (LINES links, a positive integer)" >&2; exit 2; }
shift || true
limits=("$@")
((${#limits[@]})) || limits=(6000000000 3000000000)
command -v prlimit >/dev/null || { echo "textmem.sh: needs prlimit (Debian package util-linux)" >&2; exit 1; }

dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
bench_crawlsim "$dir"
bench_gnutime textmem.sh

pages=$(((lines + 7) / 8))
echo "writing $lines links: bomb.edges.gz, web.edges, web.graph-txt.gz"
(set +o pipefail; yes '0 1' | head -n "$lines" | gzip -1 >"$dir/bomb.edges.gz")
# Page s links to 8 pages spread over the graph: s*8+k scaled by a prime.
awk -v n="$lines" -v p="$pages" 'BEGIN { for (i = 0; i < n; i++) { s = int(i / 8); printf "%d %d\n", s, (i * 7919 + 1) % p } }' >"$dir/web.edges"
awk -v n="$lines" -v p="$pages" 'BEGIN {
	print p
	for (s = 0; s < p; s++) {
		line = ""
		for (k = 0; k < 8 && s * 8 + k < n; k++) line = line ((s * 8 + k) * 7919 + 1) % p " "
		print line
	}
}' | gzip -1 >"$dir/web.graph-txt.gz"
ls -l "$dir"/bomb.edges.gz "$dir"/web.edges "$dir"/web.graph-txt.gz

run() { # LABEL COMMAND...
	local label=$1 status=0 msg
	shift
	bench_timed "$dir/time" "$dir/out" "$dir/err" "$@" || status=$?
	msg=
	if ((status != 0)); then
		msg=$(grep -m1 -v '^$' "$dir/err" | cut -c1-160)
	fi
	printf '%-44s %6s %8s %9s  %s\n' "$label" "$status" "$wall" "$rss" "$msg"
}

printf '%-44s %6s %8s %9s  %s\n' "input, limit" status "wall s" "peak MB" "message"
for f in bomb.edges.gz web.edges web.graph-txt.gz; do
	for as in "${limits[@]}"; do
		run "$f, prlimit --as=$as" prlimit --as="$as" "$crawlsim" info "$dir/$f"
	done
	run "$f, CRAWLSIM_MEMORY_LIMIT=2GB" env CRAWLSIM_MEMORY_LIMIT=2GB "$crawlsim" info "$dir/$f"
done
