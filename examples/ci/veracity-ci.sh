#!/usr/bin/env bash
# Evaluate RAG samples with quality gates and write the reports CI systems publish.
#
#   bash examples/ci/veracity-ci.sh [SAMPLES] [OUT_DIR]
#
# SAMPLES: a JSONL / JSON / CSV file of samples; empty or absent = veracity's bundled
# demo data. OUT_DIR (default veracity-reports) receives report.json, report.md
# (pull-request comment / step summary), report.xml (JUnit) and report.html.
# VERACITY_GATES: space-separated METRIC=VALUE gates (the demo data is half
# hallucinated on purpose: set thresholds that fit your system).
# Exit code: 0 all gates pass, 1 a gate failed (every report is still written),
# 2 bad input or usage.
set -uo pipefail

samples="${1:-}"
out="${2:-veracity-reports}"
mkdir -p "$out"
if [ -z "$samples" ]; then
  samples="$out/samples.jsonl"
  veracity demo --export "$samples" || exit 2
fi

gates=()
for gate in ${VERACITY_GATES-faithfulness=0.4 recall@5=0.9}; do
  gates+=(--fail-under "$gate")
done

# Score once (JSON), then render the other formats from the saved report.
status=0
veracity eval "$samples" --quiet --format json --output "$out/report.json" "${gates[@]}" || status=$?
if [ "$status" -gt 1 ]; then
  exit "$status"
fi
for pair in markdown:report.md junit:report.xml html:report.html; do
  code=0
  veracity render "$out/report.json" --format "${pair%%:*}" --output "$out/${pair#*:}" 2>/dev/null || code=$?
  if [ "$code" -gt 1 ]; then
    exit "$code"
  fi
done
echo "veracity: reports in $out (gates $([ "$status" -eq 0 ] && echo passed || echo FAILED))"
exit "$status"
