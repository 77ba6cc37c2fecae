#!/usr/bin/env bash
# Runs a real OpenSearch node — the oracle for Duet's compatibility suite and benchmarks.
#
#   build/opensearch.sh start|stop|status [--version 3.8.0] [--http-port 9201] [--grpc-port 9401]
#                                         [--dir DIR] [--plugin GROUP:ARTIFACT:VERSION:zip]...
#                                         [--cluster-name NAME] [--multi-node | --join PORT]
#                                         [--setting KEY=VALUE]...
#
# start  fetches org.opensearch.distribution.integ-test-zip:opensearch:<version>:zip through Maven
#        (Maven Central is the only host we rely on), unpacks it into DIR (default
#        target/opensearch-<version>/ under the repo root), writes a single-node config (loopback,
#        transport-grpc on --grpc-port, disk watermarks off, 512 MB heap), starts it with a JDK 21+
#        and waits until both the HTTP and the gRPC port answer. OpenSearch refuses to run as root,
#        so as root it runs as the system user "duet-os" (created if missing). Idempotent: a node
#        already answering on the ports is left alone; an unpacked distribution is reused.
#        Each node keeps its config, data, logs and pid file in DIR/node-<http-port>/, so one
#        unpacked distribution can serve several nodes on different ports.
#        Each node's transport port is its HTTP port + 100.
#        --multi-node starts the first node of a cluster that others may join (it elects itself
#        cluster manager); --join PORT starts a node that joins the cluster whose first node has
#        HTTP port PORT (seed host 127.0.0.1:PORT+100). Both name their node node-<http-port> and
#        need the same --cluster-name. Without either, the node is a single-node cluster.
#        --plugin (repeatable) fetches a plugin zip through Maven and installs it into the unpacked
#        distribution once, e.g. org.opensearch.plugin:opensearch-knn:3.5.0.0:zip for the k-NN
#        oracle (use a --version that matches the plugin).
#        --setting KEY=VALUE (repeatable) appends "KEY: VALUE" to the node's opensearch.yml, for
#        static node settings, e.g. --setting 'reindex.remote.allowlist=["127.0.0.1:*"]' so that
#        the cluster may _reindex from a remote (a Duet node) on loopback.
# stop   stops the node on --http-port (its pid file), waiting up to 30 s before SIGKILL.
# status prints "running" (exit 0) or "stopped" (exit 1).
#
# Environment: JAVA_HOME (used if it is a JDK 21+), OPENSEARCH_START_TIMEOUT (seconds, default 120).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VERSION=3.8.0
HTTP_PORT=9201
GRPC_PORT=9401
DIR=""
PLUGINS=()
SETTINGS=()
RUN_USER=duet-os
CLUSTER_NAME=duet-oracle
MULTI_NODE=false
JOIN_PORT=""
TIMEOUT="${OPENSEARCH_START_TIMEOUT:-120}"

usage() {
  sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | grep '^#' | sed 's/^# \{0,1\}//'
  exit "${1:-2}"
}

[[ $# -ge 1 ]] || usage
CMD="$1"
shift
while [[ $# -gt 0 ]]; do
  case "$1" in
    --version) VERSION="$2"; shift 2 ;;
    --http-port) HTTP_PORT="$2"; shift 2 ;;
    --grpc-port) GRPC_PORT="$2"; shift 2 ;;
    --dir) DIR="$2"; shift 2 ;;
    --cluster-name) CLUSTER_NAME="$2"; shift 2 ;;
    --multi-node) MULTI_NODE=true; shift ;;
    --join) JOIN_PORT="$2"; shift 2 ;;
    --plugin) PLUGINS+=("$2"); shift 2 ;;
    --setting)
      [[ "$2" == *=* ]] || { echo "opensearch.sh: --setting $2 (expected: KEY=VALUE)" >&2; exit 2; }
      SETTINGS+=("$2"); shift 2 ;;
    -h|--help) usage 0 ;;
    *) echo "opensearch.sh: unknown option $1" >&2; usage ;;
  esac
done
DIR="${DIR:-$ROOT/target/opensearch-$VERSION}"
HOME_DIR="$DIR/opensearch-$VERSION"
# One unpacked distribution serves several nodes (e.g. the suite's and a benchmark's): each node's
# config, data, logs and pid file are keyed by its HTTP port.
NODE_DIR="$DIR/node-$HTTP_PORT"
CONF_DIR="$NODE_DIR/config"
LOG_DIR="$NODE_DIR/logs"
PID_FILE="$NODE_DIR/opensearch.pid"

log() { echo "opensearch.sh: $*" >&2; }

# Prints the major version of the JDK at $1, or nothing if it is not a JDK.
jdk_major() {
  [[ -x "$1/bin/java" ]] || return 0
  "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1
}

find_jdk() {
  if [[ -n "${JAVA_HOME:-}" ]] && [[ "$(jdk_major "$JAVA_HOME")" -ge 21 ]] 2>/dev/null; then
    echo "$JAVA_HOME"
    return
  fi
  local best="" best_major=0 candidate major
  for candidate in /usr/lib/jvm/*; do
    major="$(jdk_major "$candidate")"
    if [[ -n "$major" && "$major" -ge 21 && "$major" -gt "$best_major" ]]; then
      best="$candidate"
      best_major="$major"
    fi
  done
  [[ -n "$best" ]] || { log "no JDK 21+ found (set JAVA_HOME)"; exit 1; }
  echo "$best"
}

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# True when the cluster answers health with 200 (yellow or better); bash only, no curl needed.
http_ready() {
  local status
  status="$(timeout 5 bash -c '
    exec 3<>"/dev/tcp/127.0.0.1/$1" || exit 1
    printf "GET /_cluster/health?wait_for_status=yellow&timeout=1s HTTP/1.0\r\nHost: localhost\r\n\r\n" >&3
    head -n 1 <&3' _ "$HTTP_PORT" 2>/dev/null)" || return 1
  [[ "$status" == *" 200 "* ]]
}

running_pid() {
  local file="$PID_FILE" pid
  # Nodes started before the per-port layout kept their pid file in DIR itself.
  [[ -f "$file" ]] || file="$DIR/opensearch.pid"
  [[ -f "$file" ]] || return 1
  pid="$(cat "$file")"
  [[ -n "$pid" ]] && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

fetch_and_unpack() {
  [[ -x "$HOME_DIR/bin/opensearch" ]] && return
  mkdir -p "$DIR"
  local zip="$DIR/opensearch-$VERSION.zip"
  if [[ ! -f "$zip" ]]; then
    log "fetching OpenSearch $VERSION through Maven"
    (cd "$ROOT" && JAVA_HOME="$JDK" ./mvnw -B -q -N dependency:copy \
      -Dartifact="org.opensearch.distribution.integ-test-zip:opensearch:$VERSION:zip" \
      -DoutputDirectory="$DIR" -Dmdep.overWriteReleases=true)
  fi
  log "unpacking into $HOME_DIR"
  rm -rf "$HOME_DIR.tmp"
  mkdir -p "$HOME_DIR.tmp"
  if command -v unzip >/dev/null; then
    unzip -q "$zip" -d "$HOME_DIR.tmp"
  else
    (cd "$HOME_DIR.tmp" && "$JDK/bin/jar" xf "$zip")
  fi
  mv "$HOME_DIR.tmp/opensearch-$VERSION" "$HOME_DIR"
  rm -rf "$HOME_DIR.tmp" "$zip"
  chmod +x "$HOME_DIR"/bin/*
}

# Installs each --plugin once: fetched through Maven, installed with opensearch-plugin --batch.
install_plugins() {
  local coords artifact zip marker
  for coords in ${PLUGINS[@]+"${PLUGINS[@]}"}; do
    artifact="$(echo "$coords" | cut -d: -f2)"
    marker="$HOME_DIR/.duet-plugin-$(echo "$coords" | tr ':/' '__')"
    [[ -f "$marker" ]] && continue
    log "fetching plugin $coords through Maven"
    (cd "$ROOT" && JAVA_HOME="$JDK" ./mvnw -B -q -N dependency:copy -Dartifact="$coords" \
      -DoutputDirectory="$DIR/plugin-zips" -Dmdep.overWriteReleases=true)
    zip="$(ls "$DIR/plugin-zips/$artifact"-*.zip | head -1)"
    log "installing plugin $artifact"
    JAVA_HOME="$JDK" OPENSEARCH_JAVA_HOME="$JDK" "$HOME_DIR/bin/opensearch-plugin" install --batch \
      "file://$zip"
    touch "$marker"
  done
}

configure() {
  mkdir -p "$NODE_DIR" "$LOG_DIR" "$NODE_DIR/data" "$NODE_DIR/repo"
  rm -rf "$CONF_DIR"
  cp -r "$HOME_DIR/config" "$CONF_DIR"
  local discovery
  if [[ -n "$JOIN_PORT" ]]; then
    discovery="node.name: node-$HTTP_PORT
discovery.seed_hosts: [\"127.0.0.1:$((JOIN_PORT + 100))\"]
cluster.initial_cluster_manager_nodes: [\"node-$JOIN_PORT\"]"
  elif [[ "$MULTI_NODE" == true ]]; then
    discovery="node.name: node-$HTTP_PORT
discovery.seed_hosts: [\"127.0.0.1:$((HTTP_PORT + 100))\"]
cluster.initial_cluster_manager_nodes: [\"node-$HTTP_PORT\"]"
  else
    discovery="node.name: oracle
discovery.type: single-node"
  fi
  cat >"$CONF_DIR/opensearch.yml" <<EOF
# Written by build/opensearch.sh: a throwaway node for Duet's compatibility suite and tests.
cluster.name: $CLUSTER_NAME
$discovery
path.data: $NODE_DIR/data
path.logs: $LOG_DIR
network.host: 127.0.0.1
http.port: $HTTP_PORT
transport.port: $((HTTP_PORT + 100))
aux.transport.types: [transport-grpc]
aux.transport.transport-grpc.port: $GRPC_PORT
cluster.routing.allocation.disk.threshold_enabled: false
action.auto_create_index: true
# As OpenSearch's own REST test clusters: fs snapshot repositories, and a node attribute the
# suite's tests read.
path.repo: $NODE_DIR/repo
node.attr.testattr: test
EOF
  local setting
  for setting in ${SETTINGS[@]+"${SETTINGS[@]}"}; do
    printf '%s: %s\n' "${setting%%=*}" "${setting#*=}" >>"$CONF_DIR/opensearch.yml"
  done
  mkdir -p "$CONF_DIR/jvm.options.d"
  printf -- '-Xms512m\n-Xmx512m\n' >"$CONF_DIR/jvm.options.d/heap.options"
}

run_as_user() {
  if [[ "$(id -u)" -ne 0 ]]; then
    "$@"
    return
  fi
  if ! id "$RUN_USER" >/dev/null 2>&1; then
    log "creating system user $RUN_USER (OpenSearch refuses to run as root)"
    useradd --system --no-create-home --shell /usr/sbin/nologin "$RUN_USER"
  fi
  chown -R "$RUN_USER" "$DIR"
  # The user must be able to reach DIR through its parents.
  local parent="$DIR"
  while [[ "$parent" != "/" ]]; do
    parent="$(dirname "$parent")"
    chmod o+x "$parent" 2>/dev/null || true
  done
  if command -v runuser >/dev/null; then
    runuser -u "$RUN_USER" -- "$@"
  else
    su -s /bin/bash "$RUN_USER" -c "$(printf '%q ' "$@")"
  fi
}

start() {
  if http_ready && port_open "$GRPC_PORT"; then
    log "already running on http $HTTP_PORT, grpc $GRPC_PORT"
    return
  fi
  if pid="$(running_pid)"; then
    log "pid $pid is starting or unhealthy; waiting for it"
  else
    JDK="$(find_jdk)"
    fetch_and_unpack
    install_plugins
    configure
    rm -f "$PID_FILE"
    log "starting OpenSearch $VERSION (JDK $JDK, http $HTTP_PORT, grpc $GRPC_PORT)"
    run_as_user env OPENSEARCH_JAVA_HOME="$JDK" JAVA_HOME="$JDK" OPENSEARCH_PATH_CONF="$CONF_DIR" \
      "$HOME_DIR/bin/opensearch" -d -p "$PID_FILE" >"$LOG_DIR/startup.out" 2>&1 \
      || { log "failed to start; see $LOG_DIR/startup.out"; cat "$LOG_DIR/startup.out" >&2; exit 1; }
  fi
  local deadline=$((SECONDS + TIMEOUT))
  until http_ready && port_open "$GRPC_PORT"; do
    if ((SECONDS > deadline)); then
      log "not ready after ${TIMEOUT}s; last log lines:"
      tail -n 40 "$LOG_DIR/$CLUSTER_NAME.log" >&2 2>/dev/null || true
      exit 1
    fi
    # OpenSearch writes the pid file once it runs; a pid file whose process is gone means it died.
    if [[ -f "$PID_FILE" ]] && ! running_pid >/dev/null; then
      log "OpenSearch exited; last log lines:"
      tail -n 40 "$LOG_DIR/$CLUSTER_NAME.log" >&2 2>/dev/null || true
      exit 1
    fi
    sleep 1
  done
  log "ready: http://127.0.0.1:$HTTP_PORT grpc 127.0.0.1:$GRPC_PORT (pid $(cat "$PID_FILE"))"
}

stop() {
  local pid
  if ! pid="$(running_pid)"; then
    log "not running"
    rm -f "$PID_FILE"
    return
  fi
  kill "$pid"
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
  rm -f "$PID_FILE" "$DIR/opensearch.pid"
  log "stopped pid $pid"
}

case "$CMD" in
  start) start ;;
  stop) stop ;;
  status)
    if http_ready; then echo running; else echo stopped; exit 1; fi
    ;;
  *) usage ;;
esac
