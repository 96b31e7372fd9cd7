#!/usr/bin/env bash
# seqscan.sh [BASENAME]: sequential decoding of a BVGraph, crawlsim's in
# place reader (tools/bench/seqscan) against the reference Java WebGraph's
# peer.SeqScan (../shared/peers/webgraph, see its README for the Debian
# packages it needs), interleaved, three rounds each, by thread CPU time.
# Both sum every successor id: the checksums printed must agree.
# BASENAME defaults to ../shared/data/cnr-2000/cnr-2000.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
base=${1:-$repo/../shared/data/cnr-2000/cnr-2000}
peer=$repo/../shared/peers/webgraph/wg
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$repo" && go build -o "$tmp/seqscan" ./tools/bench/seqscan)
for round in 1 2 3; do
	echo "== round $round: Java peer.SeqScan"
	"$peer" peer.SeqScan --warmup 20 --reps 5 "$base" 2>&1 | tail -1
	echo "== round $round: crawlsim (tools/bench/seqscan)"
	"$tmp/seqscan" -warmup 20 -reps 5 "$base" | tail -1
done
