#!/usr/bin/env bash
# scale.sh: crawlsim's whole pipeline on a generated web of N pages, with
# the wall time, CPU time and peak RSS of each step.
#
#   tools/bench/scale.sh N [DIR]
#
# The steps, each a process of its own:
#
#   gen   crawlsim gen -n N -o DIR/web.csr            (mean out-degree 8)
#   rank  crawlsim rank -top 0 -o DIR/web.imp DIR/web.csr
#         (PageRank to 1e-10, written in the binary importance format)
#   run   crawlsim run -strategies bfs,opic,fpr -importance-file DIR/web.imp DIR/web.csr
#
# Times and peak RSS come from GNU time (/usr/bin/time -v, Debian package
# `time`); without it the table gives the wall time alone, measured by the
# shell. DIR (default: a temporary folder, removed at the end) keeps the
# graph and the vector; a DIR that is given is kept. Above 10 million pages
# every step takes minutes and GBs: 8 M pages take 32 s in all (peak RSS
# 540 MB), 125 M pages (1e9 links) 25 minutes, 8.6 GB and a 10 GB file.
# CRAWLSIM names a crawlsim binary to use instead of building the checkout's.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
n=${1:-}
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "usage: scale.sh N [DIR]  (N pages, a positive integer)" >&2; exit 2; }
if ((n > 10000000)); then
	echo "scale.sh: $n pages: each step takes minutes and GBs of memory and disk (125 M pages: 25 min, 8.6 GB, a 10 GB file)" >&2
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/crawlsim-scale.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
dir=${2:-$tmp/work}
mkdir -p "$dir"

. "$here/lib.sh"
bench_crawlsim "$tmp"
bench_gnutime scale.sh

rows=()
script=scale.sh

bench_step gen "$crawlsim" gen -n "$n" -o "$dir/web.csr"
bench_step rank "$crawlsim" rank -top 0 -o "$dir/web.imp" "$dir/web.csr"
bench_step run "$crawlsim" run -strategies bfs,opic,fpr -importance-file "$dir/web.imp" "$dir/web.csr"

echo
"$crawlsim" info "$dir/web.csr" 2>/dev/null | sed -n '1,3p'
echo
bench_rows
[[ -n ${2:-} ]] && echo "kept in $dir: web.csr, web.imp, and each step's output (gen.out, rank.out, run.out)"
exit 0
