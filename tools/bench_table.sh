#!/usr/bin/env bash
# Random-playout speed of every bundled game, as a Markdown table.
#
# Usage: bash tools/bench_table.sh [--quick] [PATH/TO/orrery]
#
# Runs `orrery bench FILE --playouts N --seed 1` (one thread) for every file
# in games/*.rules and games/variants/*.rules and prints one table row per
# game: game | command | playouts/s | plies/s | mean length | engine.
# N comes from the table below, chosen so that each game takes about 1-3 s
# on the project's 2-core machines (games not in the table get
# DEFAULT_PLAYOUTS). --quick divides every N by 10 (at least 1 playout).
#
# The binary defaults to target/release/orrery (build it with
# `cargo build --release`). A game whose bench fails or times out gets
# `failed` in its row; the script goes on and exits with status 1 at the end.
# Progress goes to stderr, the table to stdout:
#
#   bash tools/bench_table.sh > /tmp/speed.md
#
# ORRERY_BENCH_TIMEOUT sets the seconds allowed per game (default 300).

set -u

DEFAULT_PLAYOUTS=2000

# Playouts per game (the rule file's name without .rules), measured on
# 2026-11-27 so that each run takes about 1-3 s.
declare -A PLAYOUTS=(
    [amazons]=4000
    [backgammon]=1500
    [breakthrough]=200000
    [chess]=1500
    [connect_four]=400000
    [english_draughts]=25000
    [flying_obelisks]=500
    [go]=1500
    [gomoku]=15000
    [hex]=100000
    [international_draughts]=12000
    [kalah]=40000
    [man_in_the_moon]=400000
    [minishogi]=6000
    [oware]=5000
    [reversi]=60000
    [sun_and_moon]=600
    [sun_moon_and_stars]=300
    [tablut]=700
    [tic_tac_toe]=1000000
    [zodiac]=400000
    # variants
    [big_moon]=15000
    [go_13x13]=60
    [pockets]=400
    [sun_and_moon_open_twilight]=1200
    [zodiac_repetition_draw]=400000
)

usage() {
    sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'
}

quick=0
bin=""
for arg in "$@"; do
    case "$arg" in
        --quick) quick=1 ;;
        -h|--help) usage; exit 0 ;;
        -*) echo "bench_table.sh: unknown option $arg" >&2; usage >&2; exit 2 ;;
        *)
            if [[ -n "$bin" ]]; then
                echo "bench_table.sh: one binary only (got $bin and $arg)" >&2
                exit 2
            fi
            bin="$arg"
            ;;
    esac
done

# A binary given on the command line is relative to where the script was
# started; make it absolute before moving to the repository's root.
if [[ -n "$bin" && "$bin" != /* && "$bin" == */* ]]; then
    bin="$PWD/$bin"
elif [[ -n "$bin" && "$bin" != */* ]]; then
    # A bare name: a file here, else a command on PATH.
    if [[ -f "$bin" ]]; then
        bin="$PWD/$bin"
    else
        bin="$(command -v "$bin" || printf '%s' "$bin")"
    fi
fi

# Work from the repository's root, so that the commands in the table are the
# ones to type there.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root" || exit 1

if [[ -z "$bin" ]]; then
    bin="target/release/orrery"
    if [[ ! -x "$bin" ]]; then
        echo "bench_table.sh: $bin not found; run \`cargo build --release\` first" >&2
        exit 1
    fi
elif [[ ! -x "$bin" ]]; then
    echo "bench_table.sh: $bin is not an executable file" >&2
    exit 1
fi

timeout_s="${ORRERY_BENCH_TIMEOUT:-300}"
timeout_cmd=()
if command -v timeout > /dev/null 2>&1; then
    timeout_cmd=(timeout "$timeout_s")
fi

# 1234567 -> 1,234,567 (integers only; anything else is printed as it is).
commas() {
    local n="$1" out=""
    if [[ ! "$n" =~ ^[0-9]+$ ]]; then
        printf '%s' "$n"
        return
    fi
    while ((${#n} > 3)); do
        out=",${n: -3}$out"
        n="${n:0:${#n}-3}"
    done
    printf '%s' "$n$out"
}

shopt -s nullglob
files=(games/*.rules games/variants/*.rules)
if ((${#files[@]} == 0)); then
    echo "bench_table.sh: no rule files under games/" >&2
    exit 1
fi

echo "| game | command | playouts/s | plies/s | mean length | engine |"
echo "|---|---|---:|---:|---:|---|"

failures=0
for file in "${files[@]}"; do
    stem="$(basename "$file" .rules)"
    n="${PLAYOUTS[$stem]:-$DEFAULT_PLAYOUTS}"
    if ((quick)); then
        n=$((n / 10))
        ((n < 1)) && n=1
    fi
    command="orrery bench $file --playouts $n"
    echo "bench_table.sh: $command" >&2

    out="$("${timeout_cmd[@]}" "$bin" bench "$file" --playouts "$n" --seed 1 --threads 1 2>&1)"
    status=$?

    # The first line reads "GAME NAME: N random playouts, seed 1, 1 thread(s)".
    game="$(printf '%s\n' "$out" | sed -n '1s/: [0-9][0-9]* random playouts.*//p')"
    playouts="$(printf '%s\n' "$out" | awk '$1 == "playouts/s" { print $2; exit }')"
    plies="$(printf '%s\n' "$out" | awk '$1 == "plies/s" { print $2; exit }')"
    mean="$(printf '%s\n' "$out" | awk '$1 == "mean" && $2 == "length" { print $3; exit }')"
    engine="$(printf '%s\n' "$out" | awk '$1 == "engine" { $1 = ""; sub(/^ +/, ""); print; exit }')"

    if ((status != 0)) || [[ -z "$game" || -z "$playouts" || -z "$plies" || -z "$mean" ]]; then
        failures=$((failures + 1))
        if ((status == 124)) && ((${#timeout_cmd[@]} > 0)); then
            echo "bench_table.sh: $file timed out after ${timeout_s} s" >&2
        else
            echo "bench_table.sh: $file failed (exit status $status):" >&2
            printf '%s\n' "$out" | tail -n 5 | sed 's/^/    /' >&2
        fi
        echo "| ${game:-$stem} | \`$command\` | failed | failed | failed | ${engine:-failed} |"
        continue
    fi

    echo "| $game | \`$command\` | $(commas "$playouts") | $(commas "$plies") | $mean | ${engine:-unknown} |"
done

if ((failures > 0)); then
    echo "bench_table.sh: $failures game(s) failed" >&2
    exit 1
fi
