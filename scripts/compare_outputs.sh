#!/usr/bin/env bash
# scripts/compare_outputs.sh OLD_DAMERO NEW_DAMERO
#
# Runs a fixed set of damero commands (moves, perft, show, bestmove at fixed
# depth, match with a seed and its PDN, replay, bad input, --help, a Hub
# session) with both binaries and compares stdout, stderr and exit status
# byte for byte, after blanking the fields that measure time (nps, time,
# leaves/s). Prints the commands whose outputs differ; exits 1 if any do.
# For restructures that must not change behaviour.
set -u
old=$(realpath "$1"); new=$(realpath "$2")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

run_all() {
    local bin=$1 out=$2 n=0
    mkdir -p "$out"
    cd "$out" || exit 2
    run() {
        n=$((n + 1))
        "$bin" "$@" > "$n.out" 2> "$n.err"
        echo "status $?" > "$n.status"
        echo "$*" > "$n.cmd"
    }
    run games
    run moves russian
    run moves english
    run moves spanish --moves "b3-a4"
    run moves tumbling-down
    run moves cross
    run moves eliminar --seed 3
    run moves zisnella --rule men_capture_backward=true
    run perft russian 6 --divide
    run perft english 7
    run perft spanish 6
    run perft zisnella 6
    run perft eliminar 4
    run perft tumbling-down 3
    run perft cross 3
    run show russian
    run show english --moves "11-15 23-19"
    run show cross
    run show tumbling-down
    run show eliminar --seed 2
    run bestmove russian --depth 8
    run bestmove english --depth 8
    run bestmove cross --depth 4
    run bestmove tumbling-down --depth 3
    run bestmove eliminar --depth 5 --seed 1
    run bestmove russian --engine mcts --nodes 3000
    run match russian --white alphabeta:nodes=2000 --black alphabeta:nodes=3000,eval=hand --games 4 --seed 1 --out m.pdn
    run replay russian m.pdn
    run match cross --white alphabeta:depth=2 --black random --games 2 --seed 2
    run moves russian --fen "W:Wx9"
    run moves nosuch
    run bestmove russian --engine foo
    run perft russian x
    run bestmove russian --depth 4 --rule nosuch=1
    run --help
    run match --help
    run bestmove --help
    run play --help
    printf 'hub\ninit\nlevel depth 6\npos start\ngo think\nquit\n' > hub.in
    n=$((n + 1))
    "$bin" hub < hub.in > "$n.out" 2> "$n.err"
    echo "status $?" > "$n.status"
    echo "hub (a session at depth 6)" > "$n.cmd"
}

(run_all "$old" "$work/old")
(run_all "$new" "$work/new")
normalize() { sed -E 's/nps=[0-9]+ time=[0-9]+/nps=X time=X/g; s/in [0-9.]+ s, [0-9.]+ M leaves\/s/in X/; s/[0-9.]+ [kM]?nps//g' "$1"; }
status=0
for file in "$work"/old/*.out "$work"/old/*.err "$work"/old/*.status "$work"/old/m.pdn; do
    other=$work/new/${file#"$work"/old/}
    if ! diff -q <(normalize "$file") <(normalize "$other") > /dev/null; then
        base=$(basename "$file"); echo "differs: ${base} ($(cat "$work/old/${base%.*}.cmd" 2>/dev/null))"
        status=1
    fi
done
echo "$(ls "$work"/old/*.cmd | wc -l) commands compared"
exit $status
