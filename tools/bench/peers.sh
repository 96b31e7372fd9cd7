#!/usr/bin/env bash
# peers.sh: PageRank on one graph by crawlsim and, when they are installed,
# igraph (PRPACK) and networkx, side by side.
#
#   tools/bench/peers.sh [GRAPH]          (default: ../shared/data/cnr-2000/cnr-2000.graph)
#
# GRAPH is any file crawlsim reads. It is converted once to a .csr (unless it
# is one) and once to an edge list for the Python engines, which load it
# once, outside the timing. Then ROUNDS rounds (default 3) run the engines
# one after the other, interleaved so that a busy machine slows them alike:
#
#   crawlsim  the wall time of the whole process `crawlsim rank -top 0 GRAPH.csr`
#             (mapping the file, the transpose, the iterations, the output)
#   igraph    the Graph.pagerank() call alone (PRPACK, igraph's default)
#   networkx  the nx.pagerank() call alone (tol = 1e-10/n: networkx stops
#             when the L1 change is below n·tol)
#
# All use d = 0.85 and send the rank of pages without out-links along the
# uniform teleport vector (docs/algorithms.md section 1); crawlsim stops when the L1
# change is below 1e-10. The table gives the best of the rounds, every
# round, the ratio to crawlsim's best, and the L1 distance between each
# engine's vector and crawlsim's.
#
# Python: Debian's python3-igraph and python3-networkx
# (apt-get install python3-igraph python3-networkx). The interpreter is
# $PYTHON if set, else the first of /usr/bin/python3 (Debian's) and python3
# that imports the library (networkx: with numpy and scipy, which its
# pagerank uses). igraph's PRPACK runs OpenMP threads, which a busy machine
# slows a lot; OMP_NUM_THREADS=1 in the environment keeps it to one. ENGINES (default "crawlsim igraph networkx") picks
# engines; networkx needs about 2 GB and a minute on cnr-2000. CRAWLSIM
# names a crawlsim binary to use instead of building the checkout's.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
graph=${1:-$repo/../shared/data/cnr-2000/cnr-2000.graph}
rounds=${ROUNDS:-3}
engines=${ENGINES:-crawlsim igraph networkx}
[[ -e $graph ]] || { echo "peers.sh: no graph $graph (give one as the argument)" >&2; exit 2; }
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "peers.sh: ROUNDS must be a positive integer, got $rounds" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/crawlsim-peers.XXXXXX")
pids=()
cleanup() {
	for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
	rm -rf "$work"
}
trap cleanup EXIT

. "$here/lib.sh"
bench_crawlsim "$work"
csr=$graph
if [[ $graph != *.csr ]]; then
	csr=$work/graph.csr
	"$crawlsim" convert -o "$csr" "$graph" >/dev/null 2>&1
fi
"$crawlsim" info "$csr" 2>/dev/null | sed -n '1,3p'

# The Python side: load the edge list once, then run the call once per
# "run" line on stdin, answering with its seconds; "check FILE" answers
# with the L1 distance to crawlsim's scores in FILE (CSV: page,pagerank).
read -r -d '' py <<'PY' || true
import sys, time
engine, path = sys.argv[1], sys.argv[2]
with open(path) as f:
    text = f.read()
n = None
lines = text.splitlines()
if lines and lines[0].startswith('#') and ' pages' in lines[0]:
    n = int(lines[0].split(':')[1].split()[0])
nums = list(map(int, ' '.join(l for l in lines if not l.startswith('#')).split()))
del text, lines
edges = list(zip(nums[0::2], nums[1::2]))
del nums
if n is None:
    n = 1 + max(max(e) for e in edges)
if engine == 'igraph':
    import igraph
    version = igraph.__version__
    g = igraph.Graph(n=n, edges=edges, directed=True)
    run = lambda: g.pagerank(damping=0.85)
else:
    import networkx as nx
    version = nx.__version__
    g = nx.DiGraph()
    g.add_nodes_from(range(n))
    g.add_edges_from(edges)
    def run():
        pr = nx.pagerank(g, alpha=0.85, tol=1e-10 / n, max_iter=1000)
        return [pr[i] for i in range(n)]
del edges
print(version, flush=True)
scores = None
for line in sys.stdin:
    cmd = line.split()
    if cmd[0] == 'run':
        t = time.perf_counter()
        scores = run()
        print('%.6f' % (time.perf_counter() - t), flush=True)
    elif cmd[0] == 'check':
        dist = 0.0
        with open(cmd[1]) as f:
            next(f)
            for row in f:
                page, score = row.split(',')[:2]
                dist += abs(float(score) - scores[int(page)])
        print('%.3g' % dist, flush=True)
PY

python_for() { # the interpreter that imports modules $1, or nothing
	local c
	for c in ${PYTHON:-/usr/bin/python3 python3}; do
		if command -v "$c" >/dev/null && "$c" -c "import $1" 2>/dev/null; then
			echo "$c"
			return
		fi
	done
}

declare -A in out version times best failed
active=()
for e in $engines; do
	case $e in
	crawlsim) active+=(crawlsim) ;;
	igraph | networkx)
		modules=$e
		[[ $e == networkx ]] && modules="networkx, numpy, scipy"
		interp=$(python_for "$modules")
		if [[ -z $interp ]]; then
			echo "$e: not installed (apt-get install python3-$e), skipped"
			continue
		fi
		if [[ ! -e $work/graph.edges ]]; then
			"$crawlsim" convert -o "$work/graph.edges" "$csr" >/dev/null 2>&1
		fi
		echo "$e: loading the edge list with $interp"
		mkfifo "$work/$e.in" "$work/$e.out"
		"$interp" -c "$py" "$e" "$work/graph.edges" <"$work/$e.in" >"$work/$e.out" &
		pids+=($!)
		exec {fd_in}>"$work/$e.in" {fd_out}<"$work/$e.out"
		in[$e]=$fd_in
		out[$e]=$fd_out
		read -r "version[$e]" <&"${out[$e]}" || { echo "$e: failed to load the graph" >&2; exit 1; }
		active+=("$e")
		;;
	*) echo "peers.sh: unknown engine $e (crawlsim, igraph, networkx)" >&2; exit 2 ;;
	esac
done
[[ ${#active[@]} -gt 0 ]] || { echo "peers.sh: no engine to run" >&2; exit 1; }
version[crawlsim]=$(cd "$repo" && git describe --always --dirty 2>/dev/null || echo "?")
[[ -z ${CRAWLSIM:-} ]] || version[crawlsim]=$(basename "$CRAWLSIM")

for ((r = 1; r <= rounds; r++)); do
	for e in "${active[@]}"; do
		if [[ $e == crawlsim ]]; then
			t0=$EPOCHREALTIME
			"$crawlsim" rank -top 0 -tol 1e-10 "$csr" >/dev/null 2>&1
			t1=$EPOCHREALTIME
			t=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.6f", b - a }')
		elif [[ -n ${failed[$e]:-} ]]; then
			continue
		else
			echo run >&"${in[$e]}"
			if ! read -r t <&"${out[$e]}"; then
				echo "$e: failed (its error is above); left out"
				failed[$e]=1
				continue
			fi
		fi
		times[$e]+="$t "
		if [[ -z ${best[$e]:-} ]] || awk -v a="$t" -v b="${best[$e]}" 'BEGIN { exit !(a < b) }'; then
			best[$e]=$t
		fi
		printf 'round %d  %-9s %8.3f s\n' "$r" "$e" "$t"
	done
done

# How far apart the vectors are (outside the timing).
"$crawlsim" rank -top 0 -tol 1e-10 -o "$work/crawlsim.csv" "$csr" >/dev/null 2>&1
echo
printf '%-9s %-14s %10s %10s  %-12s %s\n' engine version "best (s)" "÷crawlsim" "L1 distance" "rounds (s)"
for e in "${active[@]}"; do
	[[ -z ${failed[$e]:-} ]] || continue
	dist=0
	if [[ $e != crawlsim ]]; then
		echo "check $work/crawlsim.csv" >&"${in[$e]}"
		read -r dist <&"${out[$e]}"
	fi
	ratio=$(awk -v a="${best[$e]}" -v b="${best[crawlsim]:-}" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
	printf '%-9s %-14s %10.3f %10s  %-12s %s\n' "$e" "${version[$e]}" "${best[$e]}" "$ratio" "$dist" "${times[$e]}"
done
