#!/usr/bin/env bash
# strategies.sh: every crawl strategy on one graph, one process each, with
# its scheduling time, wall time and peak RSS.
#
#   tools/bench/strategies.sh GRAPH [SEEDS]     (SEEDS default: top-pagerank:160)
#
# GRAPH is any file crawlsim reads (a .csr loads fastest: crawlsim convert
# -o GRAPH.csr FILE). Its PageRank is computed once (rank -o graph.imp), so
# that each strategy's process, `crawlsim run -strategies ID -seeds SEEDS
# -importance-file graph.imp -json GRAPH`, crawls the whole graph from the
# same seeds without computing it again. The table gives per strategy:
#
#   scheduling  the run's own measure of the time spent choosing pages
#               (cost.scheduling_seconds in the -json output)
#   wall, CPU   of the whole process (loading the graph and the vector, the
#               crawl, scoring it), and its peak RSS: from GNU time
#               (/usr/bin/time -v, Debian package `time`); without it the
#               wall time alone, measured by the shell
#
# The strategies are those `crawlsim strategies -json` lists, at their
# default parameters, except the hist-pagerank ones, which need a previous
# snapshot (run -evolve or a scenario's previous graph). The memory a crawl
# needs per page beyond the graph is not in this table (a process's RSS
# also holds the graph and garbage not yet collected); the benchmark
#   go test -run x -bench BenchmarkStrategies -benchmem ./engine/crawl/
# reports it as B/page on cnr-2000. CRAWLSIM names a crawlsim binary to
# use instead of building the checkout's.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
graph=${1:-}
seeds=${2:-top-pagerank:160}
[[ -n $graph ]] || { echo "usage: strategies.sh GRAPH [SEEDS]" >&2; exit 2; }
[[ -e $graph ]] || { echo "strategies.sh: no graph $graph" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/crawlsim-strategies.XXXXXX")
trap 'rm -rf "$work"' EXIT

. "$here/lib.sh"
bench_crawlsim "$work"
bench_gnutime strategies.sh

"$crawlsim" info "$graph" 2>/dev/null | sed -n '1,3p'
echo "seeds             $seeds"
echo "computing PageRank once"
"$crawlsim" rank -top 0 -o "$work/graph.imp" "$graph" 2>/dev/null

ids=$("$crawlsim" strategies -json 2>/dev/null | sed -n 's/^ *"id": *"\([^"]*\)".*/\1/p')
[[ -n $ids ]] || { echo "strategies.sh: crawlsim strategies -json listed no strategy" >&2; exit 1; }

rows=()
skipped=()
failures=0
t_all=$EPOCHREALTIME
for id in $ids; do
	if [[ $id == hist-pagerank-* ]]; then
		skipped+=("$id")
		continue
	fi
	cmd=("$crawlsim" run -strategies "$id" -seeds "$seeds" -importance-file "$work/graph.imp" -json "$graph")
	ok=1
	bench_timed "$work/time" "$work/out.json" "$work/err" "${cmd[@]}" || ok=0
	if ((!ok)); then
		echo "$id: failed:" >&2
		cat "$work/err" >&2
		rows+=("$(printf '%-20s %12s' "$id" failed)")
		failures=$((failures + 1))
		continue
	fi
	sched=$(grep -o '"scheduling_seconds": *[^,}]*' "$work/out.json" | head -1 | sed 's/.*: *//')
	sched=$(awk -v s="$sched" 'BEGIN { printf "%.3f", s }')
	rows+=("$(printf '%-20s %12s %10s %10s %14s' "$id" "$sched" "$wall" "$cpu" "$rss")")
	echo "${rows[-1]}"
done
t_all=$(awk -v a="$t_all" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')

echo
printf '%-20s %12s %10s %10s %14s\n' strategy "schedule (s)" "wall (s)" "CPU (s)" "peak RSS (MB)"
printf '%s\n' "${rows[@]}"
echo "all ${#rows[@]} processes: $t_all s"
if ((${#skipped[@]})); then
	echo "skipped (need a previous snapshot: run -evolve, or a scenario's previous graph): ${skipped[*]}"
fi
echo "bytes per page beyond the graph: go test -run x -bench BenchmarkStrategies -benchmem ./engine/crawl/ (B/page)"
if ((failures)); then
	echo "strategies.sh: $failures strategies failed (their errors are above)" >&2
	exit 1
fi
