# lib.sh: what the benchmark scripts of tools/bench share. A script sources
# it after setting repo (the checkout):
#
#   . "$here/lib.sh"

# bench_crawlsim DIR: sets crawlsim to $CRAWLSIM when it names a binary,
# else builds the checkout's crawlsim into DIR.
bench_crawlsim() {
	crawlsim=${CRAWLSIM:-}
	if [[ -z $crawlsim ]]; then
		echo "building crawlsim"
		(cd "$repo" && go build -o "$1/crawlsim" ./tools/crawlsim)
		crawlsim=$1/crawlsim
	fi
}

# bench_gnutime NAME: sets gnutime to GNU time (/usr/bin/time -v, Debian
# package `time`) when it works, else to nothing, after saying that NAME
# reports no CPU time or peak RSS.
bench_gnutime() {
	gnutime=
	if [[ -x /usr/bin/time ]] && /usr/bin/time -v true >/dev/null 2>&1; then
		gnutime=/usr/bin/time
	else
		echo "$1: no GNU time, so no CPU time or peak RSS (apt-get install time)" >&2
	fi
}

# bench_timed TIMEFILE OUT ERR COMMAND...: runs COMMAND with its output in
# OUT and its errors in ERR (/dev/stderr shows them), and sets wall and cpu
# (seconds) and rss (peak, MB) from GNU time's report in TIMEFILE, or, with
# no GNU time, wall alone, measured by the shell (cpu and rss are "-"). It
# returns COMMAND's status.
bench_timed() {
	local timefile=$1 out=$2 err=$3 t0 status=0
	shift 3
	if [[ -n $gnutime ]]; then
		"$gnutime" -v -o "$timefile" "$@" >"$out" 2>"$err" || status=$?
		read -r wall cpu rss < <(awk -F': ' '
			/Elapsed \(wall clock\)/ { k = split($2, p, ":"); w = 0; for (i = 1; i <= k; i++) w = w * 60 + p[i] }
			/User time/ { c += $2 }
			/System time/ { c += $2 }
			/Maximum resident set size/ { r = $2 }
			END { printf "%.2f %.2f %.0f\n", w, c, r / 1024 }' "$timefile")
	else
		t0=$EPOCHREALTIME
		"$@" >"$out" 2>"$err" || status=$?
		wall=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.2f", b - a }')
		cpu=- rss=-
	fi
	return "$status"
}

# bench_step NAME COMMAND...: runs one step of a pipeline script, COMMAND
# (its progress on stderr shows through, its output goes to $dir/NAME.out,
# its GNU time report to $tmp/NAME.time), and appends its row (wall, CPU,
# peak RSS) to the array rows; a failure ends the script ($script names
# it). bench_rows prints the table of the rows.
bench_step() {
	local name=$1 wall cpu rss
	shift
	echo "== $name: ${*##*/}" >&2
	if ! bench_timed "$tmp/$name.time" "$dir/$name.out" /dev/stderr "$@"; then
		echo "$script: $name failed; its output is in $dir/$name.out" >&2
		exit 1
	fi
	rows+=("$(printf '%-9s %10s %10s %14s' "$name" "$wall" "$cpu" "$rss")")
}

bench_rows() {
	printf '%-9s %10s %10s %14s\n' step "wall (s)" "CPU (s)" "peak RSS (MB)"
	printf '%s\n' "${rows[@]}"
}
