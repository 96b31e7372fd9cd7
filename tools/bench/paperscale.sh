#!/usr/bin/env bash
# paperscale.sh: the Fractional PageRank paper's pipeline on a generated
# web held as BVGraph, each step a process of its own with its wall time,
# CPU time and peak RSS (GNU time):
#
#   tools/bench/paperscale.sh N [DEGREE] [DIR]
#
#   gen        crawlsim gen -n N -degree DEGREE -locality 0.95 -o DIR/web.graph
#                  -urls-out DIR/web.urls.gz
#              (streamed, BVGraph; links fall as a crawl's, so that it compresses like one;
#              the URL list keeps the hosts)
#   transpose  crawlsim convert -transpose -o DIR/web-t.graph DIR/web.graph   (offline)
#   rank       crawlsim rank -top 0 -transpose DIR/web-t.graph -o DIR/web.imp DIR/web.graph
#   run        crawlsim run -seeds top-pagerank:160 -strategies bfs,opic,fpr,fpr-m
#                  -importance-file DIR/web.imp -urls DIR/web.urls.gz DIR/web.graph
#
# uk-2007-05, the paper's graph, has 105,896,555 pages and 3,738,733,648
# links (DEGREE 35, the default). The graph and its transpose are read in
# place (memory-mapped), so the memory of a step is its per-page state.
# Every step runs with CRAWLSIM_MEMORY_LIMIT=12GiB (the bound the
# benchmark sets; another value in the environment replaces it): crawlsim
# then packs lists only where they fit, runs as many crawls at once as
# fit, and keeps its heap and the mapped graphs within it.
# DIR (default: a temporary folder, removed at the end) keeps the files;
# at the paper's scale they take about 2-3 GB. CRAWLSIM names a binary to
# use instead of building the checkout's.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
n=${1:-}
degree=${2:-35}
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "usage: paperscale.sh N [DEGREE] [DIR]  (N pages, a positive integer)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/crawlsim-paperscale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dir=${3:-$tmp/work}
mkdir -p "$dir"

. "$here/lib.sh"
bench_crawlsim "$tmp"
bench_gnutime paperscale.sh

rows=()
script=paperscale.sh
export CRAWLSIM_MEMORY_LIMIT=${CRAWLSIM_MEMORY_LIMIT:-12GiB}
echo "CRAWLSIM_MEMORY_LIMIT=$CRAWLSIM_MEMORY_LIMIT" >&2

bench_step gen "$crawlsim" gen -n "$n" -degree "$degree" -locality 0.95 -o "$dir/web.graph" -urls-out "$dir/web.urls.gz"
bench_step transpose "$crawlsim" convert -transpose -o "$dir/web-t.graph" "$dir/web.graph"
bench_step rank "$crawlsim" rank -top 0 -transpose "$dir/web-t.graph" -o "$dir/web.imp" "$dir/web.graph"
bench_step run "$crawlsim" run -seeds top-pagerank:160 -strategies bfs,opic,fpr,fpr-m -importance-file "$dir/web.imp" -urls "$dir/web.urls.gz" "$dir/web.graph"

echo
"$crawlsim" info "$dir/web.graph" 2>/dev/null | sed -n '1,3p'
ls -l "$dir"/web.graph "$dir"/web-t.graph "$dir"/web.urls.gz | awk '{print $5, $9}'
echo
bench_rows
