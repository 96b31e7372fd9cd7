#!/usr/bin/env bash
# bvwrite.sh: writing a BVGraph, crawlsim against the reference Java
# WebGraph (../shared/peers/webgraph, see its README), side by side.
#
#   tools/bench/bvwrite.sh [BASENAME]     (default: ../shared/data/cnr-2000/cnr-2000)
#
# BASENAME.graph is a BVGraph. ROUNDS rounds (default 3) run, one after the
# other so that a busy machine slows them alike:
#
#   crawlsim  crawlsim convert -o OUT.graph BASENAME.graph (the whole
#             process: decoding the input, compressing, writing the files)
#   java      wg it.unimi.dsi.webgraph.BVGraph BASENAME OUT (the whole
#             process: the JVM's start, loading the input offline,
#             compressing with its default threads, writing the files)
#
# and the table gives each round's wall time, CPU time and peak RSS. Then
# it checks that both wrote the same .graph and .offsets, byte for byte,
# and prints crawlsim's bits per link. CRAWLSIM names a crawlsim binary to
# use instead of building the checkout's; the peer needs Java and the
# Debian packages of its README.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
base=${1:-$repo/../shared/data/cnr-2000/cnr-2000}
rounds=${ROUNDS:-3}
wg=$repo/../shared/peers/webgraph/wg
[[ -e $base.graph ]] || { echo "bvwrite.sh: no graph $base.graph (give a BASENAME as the argument)" >&2; exit 2; }
[[ -x $wg ]] || { echo "bvwrite.sh: no Java WebGraph peer at $wg" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "bvwrite.sh: ROUNDS must be a positive integer, got $rounds" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/crawlsim-bvwrite.XXXXXX")
trap 'rm -rf "$work"' EXIT

. "$here/lib.sh"
bench_crawlsim "$work"
bench_gnutime bvwrite.sh

printf '%-9s %5s %8s %8s %8s\n' engine round wall_s cpu_s rss_MB
for ((r = 1; r <= rounds; r++)); do
	bench_timed "$work/time" "$work/out" /dev/null "$crawlsim" convert -o "$work/c.graph" "$base.graph"
	printf '%-9s %5d %8s %8s %8s\n' crawlsim "$r" "$wall" "$cpu" "$rss"
	WG_LOGLEVEL=WARN bench_timed "$work/time" /dev/null /dev/null "$wg" it.unimi.dsi.webgraph.BVGraph "$base" "$work/j"
	printf '%-9s %5d %8s %8s %8s\n' java "$r" "$wall" "$cpu" "$rss"
done
for ext in graph offsets; do
	if cmp -s "$work/c.$ext" "$work/j.$ext"; then
		echo "the .$ext files are identical ($(wc -c <"$work/c.$ext") bytes)"
	else
		echo "the .$ext files DIFFER" >&2
		exit 1
	fi
done
grep -o '[0-9,]* pages, .* bits a link' "$work/out"
