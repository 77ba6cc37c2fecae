#!/usr/bin/env bash
# OpenSearch's own REST test suite (org.opensearch:rest-api-spec:2.19.0, run by OpenSearch's YAML
# runner) against Duet or OpenSearch 3.8.0. See docs/compatibility-suite.md.
#
#   compat-yaml/run.sh duet [--update]        build Duet from this tree, start it (REST 9260, gRPC
#                                             9460, data in a temp dir, path.repo in it as the
#                                             suite's snapshot repositories need), run the suite,
#                                             stop it;
#                                             fails when a test in reference/duet.txt now fails
#   compat-yaml/run.sh opensearch [--update]  start OpenSearch 3.8.0 (build/opensearch.sh, HTTP
#                                             9231, gRPC 9431) unless it runs, run the suite, stop
#                                             it if started here
#   compat-yaml/run.sh report                 rewrite compat-yaml/target/yaml-report.md from the
#                                             results already in compat-yaml/target/yaml-results
#
# --update rewrites the target's passing list (compat-yaml/src/test/resources/reference/
# duet.txt or opensearch-3.8.0.txt) from the run, and copies the report to
# docs/compatibility-suite.md and the failure list to docs/compatibility-suite-failures.md.
# Environment: YAML_SUITE (folders or files of the suite, comma-separated, e.g. "index,get"),
# YAML_MVN_FLAGS (extra Maven flags, e.g. -o), DUET_HTTP_PORT/DUET_GRPC_PORT,
# YAML_OS_HTTP_PORT/YAML_OS_GRPC_PORT, JAVA_HOME (a JDK 21+; else the newest under /usr/lib/jvm).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
MODE="${1:-}"
UPDATE=false
[[ "${2:-}" == "--update" ]] && UPDATE=true
DUET_HTTP_PORT="${DUET_HTTP_PORT:-9260}"
DUET_GRPC_PORT="${DUET_GRPC_PORT:-9460}"
OS_HTTP_PORT="${YAML_OS_HTTP_PORT:-9231}"
OS_GRPC_PORT="${YAML_OS_GRPC_PORT:-9431}"
read -r -a MVN_FLAGS <<< "${YAML_MVN_FLAGS:-}"
OUT="$ROOT/compat-yaml/target"

java_major() { "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }
if [[ -z "${JAVA_HOME:-}" || ! -x "$JAVA_HOME/bin/java" || "$(java_major "$JAVA_HOME")" -lt 21 ]]; then
  best=0
  for candidate in /usr/lib/jvm/*; do
    [[ -x "$candidate/bin/javac" ]] || continue
    major="$(java_major "$candidate")"
    if [[ -n "$major" && "$major" -ge 21 && "$major" -gt "$best" ]]; then JAVA_HOME="$candidate"; best="$major"; fi
  done
fi
export JAVA_HOME
export MAVEN_OPTS="${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow"
[[ "$(java_major "$JAVA_HOME")" -ge 24 ]] || export MAVEN_OPTS="${MAVEN_OPTS/--sun-misc-unsafe-memory-access=allow/}"

suite() { # target cluster
  local props=(-Dyaml.target="$1" -Dyaml.cluster="$2" -Dyaml.update="$UPDATE")
  [[ -n "${YAML_SUITE:-}" ]] && props+=(-Dyaml.suite="$YAML_SUITE")
  rm -f "$OUT/yaml-results/$1.tsv"
  local start=$SECONDS
  ./mvnw -B -q "${MVN_FLAGS[@]}" -f compat-yaml/pom.xml test "${props[@]}" >"$OUT/yaml-$1.log" 2>&1 || {
    tail -40 "$OUT/yaml-$1.log" >&2
    echo "yaml: the suite run failed (log: $OUT/yaml-$1.log)" >&2
    exit 1
  }
  echo "yaml: suite against $1 took $((SECONDS - start)) s (Maven log: $OUT/yaml-$1.log)"
  [[ -f "$OUT/yaml-results/$1.tsv" ]] || { echo "yaml: no results written" >&2; exit 1; }
}

summary() { # target
  local tsv="$OUT/yaml-results/$1.tsv"
  echo "yaml: $1: $(grep -c $'\tPASS\t' "$tsv") passed, $(grep -c $'\tFAIL\t' "$tsv") failed," \
    "$(grep -c $'\tSKIP\t' "$tsv") skipped; report: $OUT/yaml-report.md"
  local newly
  newly="$(grep -c . "$OUT/yaml-newly-passing.txt" || true)"
  if [[ "$newly" -gt 0 ]]; then
    echo "yaml: $newly tests pass that are not in reference/$1.txt (list: $OUT/yaml-newly-passing.txt);"
    echo "      add them with: compat-yaml/run.sh ${MODE} --update"
  fi
  if $UPDATE; then
    cp "$OUT/yaml-report.md" docs/compatibility-suite.md
    [[ -f "$OUT/yaml-failures.md" ]] && cp "$OUT/yaml-failures.md" docs/compatibility-suite-failures.md
    echo "yaml: updated compat-yaml/src/test/resources/reference/$1.txt and docs/compatibility-suite*.md"
  fi
}

gate() { # target
  if [[ -s "$OUT/yaml-regressions.txt" ]]; then
    echo "yaml: $(grep -c . "$OUT/yaml-regressions.txt") tests of reference/$1.txt now fail:" >&2
    cut -c1-300 "$OUT/yaml-regressions.txt" | sed 's/^/  /' >&2
    return 1
  fi
  echo "yaml: every test in reference/$1.txt still passes"
}

case "$MODE" in
  duet)
    mkdir -p "$OUT"
    if curl -s "http://127.0.0.1:$DUET_HTTP_PORT/" >/dev/null 2>&1; then
      echo "yaml: something already answers on port $DUET_HTTP_PORT (set DUET_HTTP_PORT)" >&2
      exit 1
    fi
    echo "yaml: building Duet (server and engine jars, runtime classpath)"
    ./mvnw -B -q "${MVN_FLAGS[@]}" -pl server -am package dependency:build-classpath -DskipTests \
      -Dspotless.check.skip=true -Dmdep.outputFile=target/yaml-classpath.txt -DincludeScope=runtime \
      >"$OUT/yaml-duet-build.log" 2>&1 || { tail -40 "$OUT/yaml-duet-build.log" >&2; exit 1; }
    jar="$(ls server/target/duet-server-*.jar | grep -v -- '-sources\|-tests' | head -1)"
    data="$(mktemp -d)"
    flags=(--add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED)
    [[ "$(java_major "$JAVA_HOME")" -ge 24 ]] && flags+=(--sun-misc-unsafe-memory-access=allow)
    "$JAVA_HOME/bin/java" "${flags[@]}" -Xmx1g -cp "$jar:$(cat server/target/yaml-classpath.txt)" \
      dev.duet.server.cli.DuetCli serve --data "$data" --http-port "$DUET_HTTP_PORT" \
      --grpc-port "$DUET_GRPC_PORT" -E path.repo="$data/repo" -E node.attr.testattr=test >"$OUT/yaml-duet-node.log" 2>&1 &
    duet_pid=$!
    trap 'kill "$duet_pid" 2>/dev/null; wait "$duet_pid" 2>/dev/null || true; rm -rf "$data"' EXIT
    for _ in $(seq 1 180); do
      curl -sf "http://127.0.0.1:$DUET_HTTP_PORT/" >/dev/null 2>&1 && break
      kill -0 "$duet_pid" 2>/dev/null || { tail -20 "$OUT/yaml-duet-node.log" >&2; echo "yaml: Duet did not start" >&2; exit 1; }
      sleep 1
    done
    echo "yaml: Duet on http://127.0.0.1:$DUET_HTTP_PORT (log: $OUT/yaml-duet-node.log)"
    suite duet "127.0.0.1:$DUET_HTTP_PORT"
    summary duet
    gate duet
    ;;
  opensearch)
    mkdir -p "$OUT"
    started=false
    if ! build/opensearch.sh status --http-port "$OS_HTTP_PORT" >/dev/null 2>&1; then
      build/opensearch.sh start --http-port "$OS_HTTP_PORT" --grpc-port "$OS_GRPC_PORT"
      started=true
    fi
    trap 'if $started; then build/opensearch.sh stop --http-port "$OS_HTTP_PORT" --grpc-port "$OS_GRPC_PORT" >/dev/null 2>&1 || true; fi' EXIT
    suite opensearch-3.8.0 "127.0.0.1:$OS_HTTP_PORT"
    summary opensearch-3.8.0
    ;;
  report)
    ./mvnw -B -q "${MVN_FLAGS[@]}" -f compat-yaml/pom.xml test-compile dependency:build-classpath \
      -Dmdep.outputFile="$OUT/yaml-test-classpath.txt" -DincludeScope=test >/dev/null
    (cd compat-yaml && "$JAVA_HOME/bin/java" -cp "target/test-classes:$(cat "$OUT/yaml-test-classpath.txt")" \
      -Dyaml.target="${YAML_TARGET:-duet}" dev.duet.compat.yaml.Report)
    echo "yaml: $OUT/yaml-report.md"
    ;;
  *)
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
    exit 2
    ;;
esac
