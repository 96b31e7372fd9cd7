#!/usr/bin/env bash
# oldnew.sh: one `crawlsim run` by an older commit's crawlsim and by the
# checkout's, interleaved (old, new, old, new, ...) so that both meet the
# same load on a shared machine, with their wall and CPU time and peak
# RSS; then a check that both wrote the same download orders (-orders)
# and the same result (-json, scheduling times aside).
#
#   tools/bench/oldnew.sh OLD GRAPH [ROUNDS [RUN FLAGS...]]
#
# OLD is a commit (main, a hash) built from a temporary worktree; GRAPH
# any file crawlsim reads (a .csr loads fastest: crawlsim convert -o
# GRAPH.csr FILE). ROUNDS (default 3) is the number of old-new pairs. The
# run flags default to `-strategies rankmass -seeds top-pagerank:160`; the
# importance is computed once (rank -o) and read by every run
# (-importance-file), so the times are those of the crawls and their
# metrics. CPU time is user plus system, from GNU time (Debian package
# `time`), and counts every core a run uses: compare it, not wall time,
# for work on one core, and wall time for work spread over cores (-j).
# OLDNEW_KEEP=DIR keeps the outputs there.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
old=${1:-}
graph=${2:-}
rounds=${3:-3}
[[ -n $old && -n $graph ]] || { echo "usage: oldnew.sh OLD GRAPH [ROUNDS [RUN FLAGS...]]" >&2; exit 2; }
[[ -e $graph ]] || { echo "oldnew.sh: no graph $graph" >&2; exit 2; }
shift $(($# >= 3 ? 3 : $#))
flags=("$@")
((${#flags[@]})) || flags=(-strategies rankmass -seeds top-pagerank:160)

work=${OLDNEW_KEEP:-}
if [[ -z $work ]]; then
	work=$(mktemp -d "${TMPDIR:-/tmp}/crawlsim-oldnew.XXXXXX")
	trap 'git -C "$repo" worktree remove --force "$work/src" 2>/dev/null || true; rm -rf "$work"' EXIT
else
	mkdir -p "$work"
	trap 'git -C "$repo" worktree remove --force "$work/src" 2>/dev/null || true' EXIT
fi

. "$here/lib.sh"
bench_gnutime oldnew.sh

echo "building $old and the checkout"
git -C "$repo" worktree add --detach "$work/src" "$old" >/dev/null 2>&1
(cd "$work/src" && go build -o "$work/crawlsim.old" ./tools/crawlsim)
(cd "$repo" && go build -o "$work/crawlsim.new" ./tools/crawlsim)
echo "old: $(git -C "$repo" rev-parse --short "$old"), new: $(git -C "$repo" rev-parse --short HEAD)$(git -C "$repo" diff --quiet HEAD -- . || echo ' with uncommitted changes')"
"$work/crawlsim.new" rank -top 0 -o "$work/graph.imp" "$graph" 2>/dev/null
echo "run ${flags[*]} $(basename "$graph")"

printf '%-6s %5s %10s %10s %14s\n' binary round "wall (s)" "CPU (s)" "peak RSS (MB)"
for ((r = 1; r <= rounds; r++)); do
	for b in old new; do
		cmd=("$work/crawlsim.$b" run "${flags[@]}" -importance-file "$work/graph.imp" -json -orders "$work/orders.$b.csv" "$graph")
		if ! bench_timed "$work/time" "$work/out.$b.json" "$work/err" "${cmd[@]}"; then
			echo "$b: failed:" >&2
			cat "$work/err" >&2
			exit 1
		fi
		printf '%-6s %5d %10s %10s %14s\n' "$b" "$r" "$wall" "$cpu" "$rss"
	done
done

strip() { sed 's/"scheduling_seconds": *[0-9.eE+-]*//g' "$1"; }
status=0
if cmp -s "$work/orders.old.csv" "$work/orders.new.csv"; then
	echo "download orders: identical"
else
	echo "download orders: DIFFER" >&2
	status=1
fi
if cmp -s <(strip "$work/out.old.json") <(strip "$work/out.new.json"); then
	echo "results (scheduling times aside): identical"
else
	echo "results (scheduling times aside): DIFFER" >&2
	status=1
fi
exit "$status"
