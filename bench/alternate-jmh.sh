#!/usr/bin/env bash
# Judge a change by JMH on a host whose speed moves between runs: run the benchmarks of two or more bench jars (the
# jar before the change, the jar with it) one fork at a time, alternated, the order rotated each round, then print
# each benchmark's score per jar and round, and each jar's ratio to the first jar's in the same round; then the same
# for each fork's fastest measured iteration. Compare the ratios of one round, never the medians of separate runs
# (docs/PERFORMANCE.md, "How to reproduce").
#
#   bench/alternate-jmh.sh OUT ROUNDS REGEX JAR...
#     OUT      a new directory for the runs' CSV and output files
#     ROUNDS   rounds; each runs every jar once
#     REGEX    JMH's benchmark selection, e.g. 'LocalPathBenchmark.(idleCycle|rescheduleOne)$'; JMH finds it anywhere
#              in a benchmark's full name ('AskAwaitBenchmark' also selects 'CrossAskAwaitBenchmark': write
#              '\.AskAwaitBenchmark' for the one)
#     JAR      two or more bench jars (each built with `mvn -pl bench -am package` at its commit)
#   JMH_ARGS   more JMH options for every run, e.g. JMH_ARGS='-p idle=busy-spin'
#
# Every run is `java -jar JAR jmh -f 1 -prof gc -rf csv -rff OUT/rROUND-JARNAME.csv $JMH_ARGS REGEX`; the java of
# JAVA_HOME when set, else the one on the PATH (a JDK 25).
set -euo pipefail

if [ $# -lt 5 ]; then
  sed -n '2,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
fi
out=$1 rounds=$2 regex=$3
shift 3
jars=("$@")
java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
if ! [[ "$rounds" =~ ^[1-9][0-9]*$ ]]; then
  echo "alternate-jmh: ROUNDS must be a positive number, not '$rounds'" >&2
  exit 2
fi
for jar in "${jars[@]}"; do
  [ -f "$jar" ] || { echo "alternate-jmh: no such jar: $jar (build one with: mvn -pl bench -am package)" >&2; exit 2; }
done
if [ -e "$out" ]; then
  echo "alternate-jmh: $out exists; name a new directory, so runs of two comparisons never mix" >&2
  exit 2
fi
major=$("$java" -XshowSettings:properties -version 2>&1 | sed -n 's/.*java.specification.version = \([0-9]*\).*/\1/p')
if [ "${major:-0}" -lt 25 ]; then
  echo "alternate-jmh: $java is Java ${major:-unknown}; the bench needs a JDK 25 (set JAVA_HOME)" >&2
  exit 2
fi
mkdir -p "$out"

n=${#jars[@]}
for r in $(seq 1 "$rounds"); do
  for k in $(seq 0 $((n - 1))); do
    jar=${jars[$(((k + r - 1) % n))]}
    name=$(basename "$jar" .jar)
    echo "round $r: $name ($(date +%T))"
    # shellcheck disable=SC2086 # JMH_ARGS is a list of options
    "$java" -jar "$jar" jmh -f 1 -prof gc -rf csv -rff "$out/r$r-$name.csv" ${JMH_ARGS:-} "$regex" \
      > "$out/r$r-$name.txt" 2>&1 || { echo "alternate-jmh: the run failed; see $out/r$r-$name.txt" >&2; exit 1; }
  done
done

# one row per benchmark, jar and round: the score and the bytes allocated per operation (-prof gc) from each run's
# CSV, and each fork's fastest measured iteration from its output (a slow state of the host can hold a whole fork, or
# a part of it, at up to 2x, and the fastest iteration is the one least touched:
# docs/lab/2026-11-29-slow-host-state-per-fork.md); a benchmark's parameters are named by their values in both
rows() {
  local f b round jar
  for f in "$out"/r*-*.csv; do
    b=$(basename "$f" .csv)
    round=${b%%-*}
    jar=${b#*-}
    awk -F, -v round="${round#r}" -v jar="$jar" 'NR > 1 {
        gsub(/"/, ""); name = $1; sub(/.*\.jmh\./, "", name)
        for (i = 8; i <= NF; i++) if ($i != "") name = name " " $i
        print name "\t" jar "\t" round "\t" $5 "\t" $7 }' "$f"
    awk -v round="${round#r}" -v jar="$jar" '
      /^# Benchmark: / { name = $3; sub(/.*\.jmh\./, "", name) }
      /^# Parameters: / {
        n = split(substr($0, 15), kv, /, /)
        for (i = 1; i <= n; i++) { v = kv[i]; sub(/^\(?[^=]* = /, "", v); sub(/\)$/, "", v); name = name " " v }
      }
      /^# Benchmark mode: / { higher = ($0 ~ /Throughput/) }
      /^Iteration +[0-9]+: / {
        key = name " (fastest iteration)"; v = $3 + 0
        if (!(key in best) || (higher ? v > best[key] : v < best[key])) best[key] = v
        unit[key] = $4
      }
      END { for (k in best) print k "\t" jar "\t" round "\t" best[k] "\t" unit[k] }' "$out/$b.txt"
  done
}

# per row the score of each round, and each jar's ratio to the first jar's in the same round (not for allocations)
first=$(basename "${jars[0]}" .jar)
rows | sort | awk -F'\t' -v first="$first" '
  { key = $1 SUBSEP $2; score[key, $3] = $4; unit[$1] = $5; jars[$2] = 1; names[$1] = 1; rounds[$3] = 1 }
  END {
    for (name in names) {
      if (name ~ /gc\.alloc\.rate\.norm$/ || name !~ /:/) {
        for (jar in jars) {
          line = sprintf("%-70s %-28s %-8s", name, jar, unit[name]); ratios = ""
          for (r = 1; (r in rounds); r++) {
            s = score[name, jar, r]; line = line sprintf(" %10s", s == "" ? "-" : sprintf("%.3f", s))
            base = score[name, first, r]
            if (jar != first && s != "" && base > 0 && name !~ /:/) ratios = ratios sprintf(" %.2f", s / base)
          }
          print line (ratios == "" ? "" : "   / " first ":" ratios)
        }
      }
    }
  }' | sort > "$out/summary.txt"
cat "$out/summary.txt"
