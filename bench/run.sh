#!/usr/bin/env bash
# Benchmarks Traceloom against its own ceilings, in one run, and prints one Markdown table.
#
#   bench/run.sh          full run (15 s per measurement, >= 60,000 events for replay and cold start,
#                         a list page, reads and writes at once, and start to ready after a clean stop and after a
#                         kill -9, at 10,000 and 200,000 items, the audit log's checkpoints and proofs at the
#                         size those make, a tag catalogue of 100,000 tags), about 40 minutes
#   bench/run.sh --quick  the same with shorter runs and less data (50,000 items, 10,000 tags), about 11 minutes
#
# BENCH_<NAME>=value overrides one of the sizes set below (DURATION, WARMUP, ROUNDS, IDS, LAG_WRITES,
# REPLAY_EVENTS, CREDENTIALS, CATALOGUE_TAGS, LIST_SMALL, LIST_LARGE, TREE_LEAVES), to try the script itself in
# a few minutes, e.g. BENCH_DURATION=1 BENCH_WARMUP=1 BENCH_LIST_SMALL=1000 BENCH_LIST_LARGE=3000 bench/run.sh --quick;
# BENCH_PORT the port (18080). Figures from such a run say nothing of the service. BENCH_WRK_LOG=file keeps
# every wrk run's own output there, each after a line "== <row> <connections>", to check a row's figures against it.
#
# It builds the jar if needed, starts the service as the README does (bin/traceloom) on the embedded
# default with a fresh temporary data directory and the `bench` profile (bare GET/POST ceilings, seeding, projection-lag probe), warms it up,
# measures every figure in ROUNDS rounds (median reported), stops it, and times cold starts.
# Needs a JDK, curl and wrk (installed from Debian's packages when missing and possible).
set -euo pipefail
cd "$(dirname "$0")/.."

QUICK=0
[ "${1:-}" = "--quick" ] && QUICK=1
if [ $QUICK = 1 ]; then
  DURATION=3; WARMUP=2; ROUNDS=3; IDS=2000; LAG_WRITES=1000; REPLAY_EVENTS=10000; CREDENTIALS=1000
  CATALOGUE_TAGS=10000; LIST_SMALL=10000; LIST_LARGE=50000; TREE_LEAVES=1000000
else
  DURATION=15; WARMUP=10; ROUNDS=3; IDS=5000; LAG_WRITES=2000; REPLAY_EVENTS=60000; CREDENTIALS=4000
  CATALOGUE_TAGS=100000; LIST_SMALL=10000; LIST_LARGE=200000; TREE_LEAVES=1000000
fi
for name in DURATION WARMUP ROUNDS IDS LAG_WRITES REPLAY_EVENTS CREDENTIALS CATALOGUE_TAGS LIST_SMALL LIST_LARGE \
    TREE_LEAVES; do
  override=BENCH_$name
  [ -z "${!override:-}" ] || printf -v "$name" '%s' "${!override}"
done
CONNECTIONS=32
PORT=${BENCH_PORT:-18080}
BASE="http://127.0.0.1:$PORT"
JAR=api/target/traceloom.jar
WORK=$(mktemp -d /tmp/traceloom-bench.XXXXXX)
DATA="$WORK/data"
RESULTS="$WORK/results.txt"
WRK_LOG=${BENCH_WRK_LOG:-$WORK/wrk.log}
PID=

say() { echo "[bench] $*" >&2; }
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

cleanup() {
  local status=$?
  [ -n "$PID" ] && kill "$PID" 2>/dev/null && wait "$PID" 2>/dev/null || true
  if [ "$status" -eq 0 ]; then
    rm -rf "$WORK"
  else # what a failed run measured and what the service logged, to find out why
    rm -rf "$DATA" "$WORK"/lists "$WORK"/empty-* "$WORK"/catalogue 2>/dev/null
    say "failed; the service's log and the figures so far are kept in $WORK (service.log, results.txt)"
  fi
}
trap cleanup EXIT

# --- prerequisites --------------------------------------------------------------------------------
command -v java >/dev/null || { say "no java on PATH: install a JDK 17+"; exit 1; }
command -v curl >/dev/null || { say "no curl on PATH"; exit 1; }
if ! command -v wrk >/dev/null; then
  say "wrk is missing; installing it from Debian's packages"
  if ! { apt-get install -y -qq wrk >/dev/null 2>&1 || { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq wrk >/dev/null 2>&1; }; }; then
    say "could not install wrk (apt-get failed; are you root?): install it and run again"; exit 1
  fi
fi
if curl -s -o /dev/null "$BASE/"; then say "port $PORT is taken: set BENCH_PORT"; exit 1; fi
# the benchmark endpoints and the two in-memory benchmarks (credential cryptography, the audit tree) are test
# code: the service and the benchmarks take them from test-classes (Spring Boot's loader.path)
BENCH_CLASSES=api/target/test-classes/io/traceloom/api/bench
if [ ! -f "$JAR" ] || [ ! -d "$BENCH_CLASSES" ] || [ ! -d command-side/target/test-classes ] \
    || [ ! -d query-side/target/test-classes ] \
    || [ -n "$(find shared-kernel command-side query-side api -name '*.java' -newer "$JAR" -o -name '*.yml' -newer "$JAR" | head -1)" ]; then
  say "building $JAR"
  ./mvnw -B -q package -DskipTests
fi
# The benchmark endpoints (bare GET/POST, seeding, the projection-lag probe) are no part of the service: they are
# compiled with the API's tests, and only they are added to the class path of the service started here.
mkdir -p "$WORK/bench-classes/io/traceloom/api"
cp -r "$BENCH_CLASSES" "$WORK/bench-classes/io/traceloom/api/"
export TRACELOOM_EXTRA_CLASSES="$WORK/bench-classes"

# --- the service ----------------------------------------------------------------------------------
start() { # data dir; sets PID, and STARTED_MS to the milliseconds from launch to ready
  local dir=$1 t0
  t0=$(now_ms)
  bin/traceloom --spring.profiles.active=bench --server.port="$PORT" --traceloom.data-dir="$dir" \
    --logging.level.root=WARN --logging.level.io.traceloom=INFO >>"$WORK/service.log" 2>&1 &
  PID=$!
  until curl -sf -o /dev/null "$BASE/actuator/health/readiness"; do
    kill -0 "$PID" 2>/dev/null || { say "the service died; its log:"; tail -50 "$WORK/service.log" >&2; exit 1; }
    sleep 0.05
  done
  STARTED_MS=$(( $(now_ms) - t0 ))
}
stop() { kill "$PID"; wait "$PID" 2>/dev/null || true; PID=; }
# a crash: nothing the service does on a clean stop is done
kill9() { kill -9 "$PID"; wait "$PID" 2>/dev/null || true; PID=; }

head_position() { curl -s "$BASE/actuator/projections" | grep -o '"head":[0-9-]*' | head -1 | cut -d: -f2; }
replaying() { curl -s "$BASE/actuator/projections/$1" | grep -q '"replaying":true'; }
post() { curl -sf -X POST -H 'Content-Type: application/json' "$@"; }
json_number() { grep -o "\"$1\":[0-9.]*" | cut -d: -f2; }
# the size of the tenant's audit log once it stops growing (its appender follows the store by itself)
audit_log_size() {
  local last=-1 now
  while true; do
    now=$(curl -s "$BASE/audit/proofs/consistency?from=1" | json_number to)
    now=${now:-0}
    [ "$now" = "$last" ] && { echo "$now"; return; }
    last=$now
    sleep 2
  done
}

# wrk run -> "rps p50ms p99ms non2xx"; CONNS=n for another number of connections than $CONNECTIONS
measure() { # name seconds wrk-args...
  local name=$1 seconds=$2 conns=${CONNS:-$CONNECTIONS}; shift 2
  local out
  out=$(wrk -t$((conns < 2 ? conns : 2)) -c"$conns" -d"${seconds}s" --latency "$@")
  printf '== %s %s\n%s\n' "$name" "$conns" "$out" >>"$WRK_LOG"
  echo "$out" | awk -v name="$name" '
    function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
    /Requests\/sec/ { rps = $2 }
    /^ +50%/ { p50 = ms($2) }
    /^ +99%/ { p99 = ms($2) }
    /Non-2xx/ { errors = $5 }
    /Socket errors/ { errors += 0 }
    END { printf "%s %.1f %.2f %.2f %d\n", name, rps, p50, p99, errors + 0 }'
}

# the service's CPU time and the bytes its threads allocated so far -> "cpuNanos allocatedBytes"
costs() {
  local json
  json=$(curl -s "$BASE/bench/costs")
  echo "$(echo "$json" | json_number cpuNanos) $(echo "$json" | json_number allocatedBytes)"
}
# measure(), and besides its row one of what each request cost the service: "cost_<name> cpu-ms KiB-allocated"
measure_costing() { # name seconds wrk-args...
  local name=$1 seconds=$2 before row after
  before=$(costs); row=$(measure "$@"); after=$(costs)
  echo "$row"
  echo "$row $before $after" | awk -v s="$seconds" '{ n = $2 * s; if (n < 1) n = 1
    printf "cost_%s %.2f %.1f\n", $1, ($8 - $6) / 1e6 / n, ($9 - $7) / 1024 / n }'
}

# Reads by id (half the connections, over the ids in the file given), page 1 (a quarter) and tagged creates (a
# quarter) at once for DURATION s, as measure() rows <name>_get, <name>_list and <name>_create, and the service's
# largest VmRSS meanwhile, sampled every 0.2 s, as <name>_rss in MiB (VmHWM counts from the service's start, so
# it cannot tell this load's peak from an earlier one's).
mixed_load() { # name ids-file
  local name=$1 quarter=$((CONNECTIONS / 4)) loads=() peak=0 rss
  BENCH_IDS=$2 CONNS=$((CONNECTIONS / 2)) measure "${name}_get" "$DURATION" -s bench/get-by-id.lua "$BASE/trade-items" \
    >>"$RESULTS" &
  loads+=($!)
  CONNS=$quarter measure "${name}_list" "$DURATION" "$BASE/trade-items?page=1&limit=100" >>"$RESULTS" &
  loads+=($!)
  CONNS=$quarter measure "${name}_create" "$DURATION" -s bench/post-trade-item.lua "$BASE/trade-items" >>"$RESULTS" &
  loads+=($!)
  while kill -0 "${loads[@]}" 2>/dev/null; do
    rss=$(awk '/^VmRSS/ { print $2 }' "/proc/$PID/status")
    if [ "$rss" -gt "$peak" ]; then peak=$rss; fi
    sleep 0.2
  done
  wait "${loads[@]}"
  echo "${name}_rss $((peak / 1024))" >>"$RESULTS"
}
# a directory's size on disk in MiB, 0 when it does not exist
disk_mib() { { du -sk "$1" 2>/dev/null || echo 0; } | awk '{ printf "%.1f", $1 / 1024 }'; }
# writes about <count> ids of the tenant's trade items to a file, from pages of 100 spread evenly over its items
ids_of_trade_items() { # file count items-in-the-tenant
  local pages=$(( ($2 + 99) / 100 )) stride page
  stride=$(( ($3 + 99) / 100 / pages )); [ "$stride" -ge 1 ] || stride=1
  : >"$1"
  for ((page = 1; page <= 1 + (pages - 1) * stride; page += stride)); do
    curl -s "$BASE/trade-items?limit=100&page=$page" | grep -o '"id":"[^"]*","name"' | cut -d'"' -f4 >>"$1"
  done
}

# --- setup ----------------------------------------------------------------------------------------
LOAD_START=$(cut -d' ' -f1-3 /proc/loadavg)
say "starting on $DATA"
start "$DATA"
post "$BASE/trade-item-tags" -d '{"code":"BENCH","name":"Benchmark tag"}' >/dev/null
# the resolver's key: a GTIN with three links (two of one type in two languages)
RESOLVE="01/09506000134352"
curl -sf -o /dev/null -X PUT -H 'Content-Type: application/json' "$BASE/link-sets/bench-resolver" -d '{"identifier":"'"$RESOLVE"'","links":[
  {"relationType":"gs1:pip","href":"https://example.com/risotto","title":"Product information","lang":["en"]},
  {"relationType":"gs1:pip","href":"https://example.com/de/risotto","title":"Produktinformation","lang":["de"]},
  {"relationType":"gs1:epil","href":"https://example.com/leaflet","title":"Leaflet"}]}'
say "seeding $IDS trade items"
post "$BASE/bench/seed?items=$IDS&tag=BENCH" >/dev/null
export BENCH_IDS="$WORK/ids.txt"
ids_of_trade_items "$BENCH_IDS" "$IDS" "$IDS"
say "$(wc -l <"$BENCH_IDS") ids to read"
export BENCH_CREDENTIAL="$WORK/credential.json"
post "$BASE/credentials/issue" -d '{"credentialSubject":{"id":"urn:uuid:6f1c2a9e-3d4b-4c8a-9e2f-1a7b5c3d9e01"}}' |
  sed -E 's/^\{"credential":(.*)\}$/\1/' >"$BENCH_CREDENTIAL"

say "warming up"
for case in "bench/bare" "trade-items/$(head -1 "$BENCH_IDS")" "trade-items?limit=100" "$RESOLVE" \
  "$RESOLVE?linkType=linkset"; do
  wrk -t2 -c$CONNECTIONS -d"${WARMUP}s" "$BASE/$case" >/dev/null
done
wrk -t2 -c$CONNECTIONS -d"${WARMUP}s" -s bench/post-bare.lua "$BASE/bench/bare" >/dev/null
wrk -t2 -c$CONNECTIONS -d"${WARMUP}s" -s bench/post-trade-item.lua "$BASE/trade-items" >/dev/null
wrk -t2 -c$CONNECTIONS -d"${WARMUP}s" -s bench/post-credential-issue.lua "$BASE/credentials/issue" >/dev/null
wrk -t2 -c$CONNECTIONS -d"${WARMUP}s" -s bench/post-credential-verify.lua "$BASE/credentials/verify" >/dev/null

# --- throughput and latency, ceilings interleaved -------------------------------------------------
for ((round = 1; round <= ROUNDS; round++)); do
  say "round $round of $ROUNDS"
  measure bare_get "$DURATION" "$BASE/bench/bare" >>"$RESULTS"
  measure_costing bare_post "$DURATION" -s bench/post-bare.lua "$BASE/bench/bare" >>"$RESULTS"
  measure_costing create "$DURATION" -s bench/post-trade-item.lua "$BASE/trade-items" >>"$RESULTS"
  CONNS=1 measure create_single "$DURATION" -s bench/post-trade-item.lua "$BASE/trade-items" >>"$RESULTS"
  # the same creates with the audit log's appender stopped: what appending costs them
  post "$BASE/bench/background-processors?running=false" >/dev/null
  measure create_unaudited "$DURATION" -s bench/post-trade-item.lua "$BASE/trade-items" >>"$RESULTS"
  post "$BASE/bench/background-processors?running=true" >/dev/null
  audit_log_size >/dev/null
  measure get_by_id "$DURATION" -s bench/get-by-id.lua "$BASE/trade-items" >>"$RESULTS"
  # reads by id on half the connections while the other half create trade items
  CONNS=$((CONNECTIONS / 2)) measure get_by_id_writing_creates "$DURATION" -s bench/post-trade-item.lua \
    "$BASE/trade-items" >>"$RESULTS" &
  writes=$!
  CONNS=$((CONNECTIONS / 2)) measure get_by_id_writing "$DURATION" -s bench/get-by-id.lua "$BASE/trade-items" >>"$RESULTS"
  wait "$writes"
  measure list "$DURATION" "$BASE/trade-items?page=1&limit=100" >>"$RESULTS"
  measure resolve "$DURATION" "$BASE/$RESOLVE" >>"$RESULTS"
  measure resolve_linkset "$DURATION" "$BASE/$RESOLVE?linkType=linkset" >>"$RESULTS"
  measure_costing issue "$DURATION" -s bench/post-credential-issue.lua "$BASE/credentials/issue" >>"$RESULTS"
  measure verify "$DURATION" -s bench/post-credential-verify.lua "$BASE/credentials/verify" >>"$RESULTS"
done
RSS_MB=$(awk '/VmHWM/ { printf "%.0f", $2 / 1024 }' "/proc/$PID/status")

# --- every resource: a create and a read by id each, one round (after the peak RSS above) -----------
say "every resource: a create and a read by id each"
id_of() { grep -o '"id":"[^"]*"' | head -1 | cut -d'"' -f4; }
write_row() { # name method path body
  BENCH_METHOD=$2 BENCH_PATH=$3 BENCH_BODY=$4 measure "$1" "$DURATION" -s bench/write-unique.lua "$BASE/" >>"$RESULTS"
}
SCHEMA_ID=5a1c0d7e-0000-4000-8000-00000000be9c
curl -sf -o /dev/null -X PUT -H 'Content-Type: application/json' "$BASE/schemas/$SCHEMA_ID" \
  -d '{"name":"Bench","schema":{"type":"object","properties":{"lot":{"type":"string"}}}}'
declare -A READ_PATH=(
  [partner_tag]="/partner-tags/$(post "$BASE/partner-tags" -d '{"code":"BENCH","name":"Bench partner"}' | id_of)"
  [commission]="/custody-commissions/$(post "$BASE/custody-commissions" -d '{"identifier":"BENCH","registeredConsumers":["carrier"]}' | id_of)"
  [schema]="/schemas/$SCHEMA_ID"
  [template]="/canvas-templates/$(post "$BASE/canvas-templates" -d '{"name":"Bench","template":"<p>{{lot}}</p>","schemaId":"'"$SCHEMA_ID"'"}' | id_of)"
  [link_set]="/link-sets/bench-resolver"
  [credential]="/credentials/$(id_of <"$BENCH_CREDENTIAL")"
  [user]="/auth/tenant-users/$(post "$BASE/auth/tenant-users" -d '{}' | id_of)"
)
READ_PATH[instance]="/canvas-template-instances/$(post "${BASE}${READ_PATH[template]}/render" -d '{"lot":"L1"}' | id_of)"
write_row partner_tag_create POST /partner-tags '{"code":"{n}","name":"Bench partner"}'
write_row commission_create POST /custody-commissions '{"identifier":"{n}","registeredConsumers":["carrier"]}'
write_row schema_create PUT '/schemas/{uuid}' '{"name":"Bench","schema":{"type":"object","properties":{"lot":{"type":"string"}}}}'
write_row template_create POST /canvas-templates '{"name":"Bench","template":"<p>{{lot}}</p>","schemaId":"'"$SCHEMA_ID"'"}'
write_row instance_create POST "${READ_PATH[template]}/render" '{"lot":"{n}"}'
write_row link_set_create PUT '/link-sets/{uuid}' '{"identifier":"01/{gtin}","links":[{"relationType":"gs1:pip","href":"https://example.com/p","title":"P"}]}'
for resource in "${!READ_PATH[@]}"; do
  measure "${resource}_read" "$DURATION" "$BASE${READ_PATH[$resource]}" >>"$RESULTS"
done

say "projection lag over $LAG_WRITES writes, $ROUNDS times"
for ((round = 1; round <= ROUNDS; round++)); do
  lag=$(post "$BASE/bench/projection-lag?writes=$LAG_WRITES")
  echo "lag $(echo "$lag" | json_number p50Ms) $(echo "$lag" | json_number p99Ms)" >>"$RESULTS"
done

say "credential signing and verification in one thread, $CREDENTIALS each, $ROUNDS times"
for ((round = 1; round <= ROUNDS; round++)); do
  rates=$(java -cp "$JAR" -Dloader.path=command-side/target/test-classes \
    -Dloader.main=io.traceloom.command.credential.CredentialCryptoBenchmark \
    org.springframework.boot.loader.launch.PropertiesLauncher "$CREDENTIALS")
  echo "sign $(echo "$rates" | json_number signsPerSecond) $(echo "$rates" | json_number signsPerCpuSecond)" >>"$RESULTS"
  echo "verify_core $(echo "$rates" | json_number verifiesPerSecond) $(echo "$rates" | json_number verifiesPerCpuSecond)" >>"$RESULTS"
done

say "the audit log's tree of $TREE_LEAVES leaves, in memory (what a checkpoint or proof computes and reads)"
TREE=$(java -cp "$JAR" -Dloader.path=query-side/target/test-classes \
  -Dloader.main=io.traceloom.query.audit.AuditTreeBenchmark \
  org.springframework.boot.loader.launch.PropertiesLauncher "$TREE_LEAVES")

events=$(( $(head_position) + 1 ))
if [ "$events" -lt "$REPLAY_EVENTS" ]; then
  say "seeding up to $REPLAY_EVENTS events (now $events)"
  post "$BASE/bench/seed?items=$((REPLAY_EVENTS - events))&tag=BENCH" >/dev/null
fi
EVENTS=$(( $(head_position) + 1 ))
say "replaying the trade-items projection over $EVENTS events, $ROUNDS times"
for ((round = 1; round <= ROUNDS; round++)); do
  t0=$(now_ms)
  post "$BASE/actuator/projections/trade-items" >/dev/null
  # the rebuild runs beside the live read model and takes its place once caught up: replaying turns false
  while replaying trade-items; do sleep 0.02; done
  elapsed=$(( $(now_ms) - t0 ))
  echo "replay $(awk -v e="$EVENTS" -v ms="$elapsed" 'BEGIN { printf "%.0f", e / (ms / 1000) }') $elapsed" >>"$RESULTS"
done
DISK_RUNNING_MB=$(du -sm "$DATA/events" | cut -f1)
stop
DISK_STOPPED_MB=$(du -sm "$DATA/events" | cut -f1)

say "cold starts"
for ((round = 1; round <= ROUNDS; round++)); do
  start "$WORK/empty-$round"; echo "cold_empty $STARTED_MS" >>"$RESULTS"; stop
  start "$DATA"; echo "cold_full $STARTED_MS" >>"$RESULTS"; stop
  rm -rf "$DATA/read-models" # no read models on disk (as with a new build): every read model rebuilt from the events
  start "$DATA"; echo "cold_rebuilt $STARTED_MS" >>"$RESULTS"; stop
done

# --- a list page as the tenant grows --------------------------------------------------------------
# The same 100-item page with LIST_SMALL and then LIST_LARGE trade items in the tenant, on a data directory
# of its own, each beside a bare GET of the same moment; then, at each size, reads, pages and writes at once
# with the service's peak RSS; at LIST_LARGE, the data directory's size and start to ready after a clean stop,
# after a kill -9 and with no read models on disk.
total_count() { curl -s -i "$1" | awk -F': ' 'tolower($1) == "x-total-count" { print $2 + 0 }'; }
say "a list page with $LIST_SMALL and with $LIST_LARGE trade items in the tenant"
start "$WORK/lists"
post "$BASE/trade-item-tags" -d '{"code":"BENCH","name":"Benchmark tag"}' >/dev/null
for size in "$LIST_SMALL" "$LIST_LARGE"; do
  have=$(total_count "$BASE/trade-items?limit=1")
  echo "list_seed_$size $(post "$BASE/bench/seed?items=$((size - have))&tag=BENCH" | json_number projectedSeconds)" >>"$RESULTS"
  echo "list_total_$size $(total_count "$BASE/trade-items?limit=1")" >>"$RESULTS"
  wrk -t2 -c$CONNECTIONS -d"${WARMUP}s" "$BASE/trade-items?page=1&limit=100" >/dev/null
  for ((round = 1; round <= ROUNDS; round++)); do
    measure "list_bare_$size" "$DURATION" "$BASE/bench/bare" >>"$RESULTS"
    measure "list_first_$size" "$DURATION" "$BASE/trade-items?page=1&limit=100" >>"$RESULTS"
    measure "list_deep_$size" "$DURATION" "$BASE/trade-items?page=$((size / 200))&limit=100" >>"$RESULTS"
  done
  say "reads by id, list pages and creates at once with $size items, the peak RSS meanwhile"
  ids_of_trade_items "$WORK/list-ids.txt" "$IDS" "$size"
  mixed_load "mixed_$size" "$WORK/list-ids.txt"
  echo "mixed_total_$size $(total_count "$BASE/trade-items?limit=1")" >>"$RESULTS"
done
LIST_DISK_RUNNING="$(disk_mib "$WORK/lists/events") MiB / $(disk_mib "$WORK/lists/read-models") MiB"
# the tenant's audit log, as large as these writes made it: a signed checkpoint and proofs of random entries and
# sizes, one connection (what one costs, not how many a second)
AUDIT_SIZE=$(audit_log_size)
say "checkpoints and proofs of an audit log of $AUDIT_SIZE entries"
CONNS=1 measure audit_warmup "$WARMUP" "$BASE/audit/checkpoint" >/dev/null
for ((round = 1; round <= ROUNDS; round++)); do
  CONNS=1 measure audit_checkpoint "$DURATION" "$BASE/audit/checkpoint" >>"$RESULTS"
  BENCH_PATH="/audit/proofs/inclusion?index={r}&treeSize=$AUDIT_SIZE" BENCH_FROM=0 BENCH_TO=$((AUDIT_SIZE - 1)) \
    CONNS=1 measure audit_inclusion "$DURATION" -s bench/get-random.lua "$BASE" >>"$RESULTS"
  BENCH_PATH="/audit/proofs/consistency?from={r}&to=$AUDIT_SIZE" BENCH_FROM=1 BENCH_TO="$AUDIT_SIZE" \
    CONNS=1 measure audit_consistency "$DURATION" -s bench/get-random.lua "$BASE" >>"$RESULTS"
done
LIST_ITEMS=$(total_count "$BASE/trade-items?limit=1")
stop
LIST_DISK_STOPPED="$(disk_mib "$WORK/lists/events") MiB / $(disk_mib "$WORK/lists/read-models") MiB"
say "start to ready with $LIST_ITEMS trade items, after clean stops and after kill -9s, $ROUNDS times"
for ((round = 1; round <= ROUNDS; round++)); do
  start "$WORK/lists"
  echo "list_start $STARTED_MS" >>"$RESULTS"
  # a crash halfway through writes: creates on every connection, the service killed in the middle of them
  wrk -t2 -c$CONNECTIONS -d"${WARMUP}s" -s bench/post-trade-item.lua "$BASE/trade-items" >/dev/null &
  writes=$!
  sleep "$(awk -v s="$WARMUP" 'BEGIN { print s / 2 }')"
  kill9
  wait "$writes" || true # its connections broken by the kill
  start "$WORK/lists"
  echo "list_start_killed $STARTED_MS" >>"$RESULTS"
  stop
done
rm -rf "$WORK/lists/read-models"
start "$WORK/lists"
echo "list_start_rebuilt $STARTED_MS" >>"$RESULTS"
stop

# --- one tenant with a large tag catalogue --------------------------------------------------------
# Every tag create and every tagged trade-item create decides against the tenant's whole catalogue.
# Seeded in-process, then measured from a fresh start: the first writes after the start, writes with
# 1 and 32 connections, and the first writes right after a forced full GC.
first_ms() { # the time of one POST, in ms
  curl -s -o /dev/null -w '%{time_total}' -X POST -H 'Content-Type: application/json' "$@" |
    awk '{ printf "%.1f", $1 * 1000 }'
}
say "seeding a tag catalogue of $CATALOGUE_TAGS tags in one tenant"
start "$WORK/catalogue"
post "$BASE/trade-item-tags" -d '{"code":"BENCH","name":"Benchmark tag"}' >/dev/null
echo "catalogue_seed $(post "$BASE/bench/seed-tags?tags=$CATALOGUE_TAGS" | json_number appendSeconds)" >>"$RESULTS"
stop
start "$WORK/catalogue"
echo "catalogue_start $STARTED_MS" >>"$RESULTS"
echo "catalogue_first_tag $(first_ms "$BASE/trade-item-tags" -d "{\"code\":\"FIRST-$$\",\"name\":\"First\"}")" >>"$RESULTS"
echo "catalogue_first_item $(first_ms "$BASE/trade-items" -d '{"name":"First","tradeItemTag":"BENCH"}')" >>"$RESULTS"
for ((round = 1; round <= ROUNDS; round++)); do
  say "catalogue round $round of $ROUNDS"
  CONNS=1 measure catalogue_bare_single "$DURATION" -s bench/post-bare.lua "$BASE/bench/bare" >>"$RESULTS"
  CONNS=1 measure catalogue_tag_single "$DURATION" -s bench/post-trade-item-tag.lua "$BASE/trade-item-tags" >>"$RESULTS"
  CONNS=1 measure catalogue_item_single "$DURATION" -s bench/post-trade-item.lua "$BASE/trade-items" >>"$RESULTS"
  measure catalogue_tag "$DURATION" -s bench/post-trade-item-tag.lua "$BASE/trade-item-tags" >>"$RESULTS"
  measure catalogue_item "$DURATION" -s bench/post-trade-item.lua "$BASE/trade-items" >>"$RESULTS"
  if command -v jcmd >/dev/null; then
    jcmd "$PID" GC.run >/dev/null
    echo "catalogue_gc_tag $(first_ms "$BASE/trade-item-tags" -d "{\"code\":\"GC-$$-$round\",\"name\":\"After GC\"}")" >>"$RESULTS"
    jcmd "$PID" GC.run >/dev/null
    echo "catalogue_gc_item $(first_ms "$BASE/trade-items" -d '{"name":"After GC","tradeItemTag":"BENCH"}')" >>"$RESULTS"
  fi
done
CATALOGUE_SIZE=$(total_count "$BASE/trade-item-tags?limit=1")
stop
LOAD_END=$(cut -d' ' -f1-3 /proc/loadavg)

# --- the table ------------------------------------------------------------------------------------
median() { # case column
  awk -v c="$1" -v k="$2" '$1 == c { print $k }' "$RESULTS" | sort -g |
    awk '{ v[NR] = $1 } END { if (NR == 0) print "n/a"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.0f %%", 100 * a / b }'; }
errors() { awk -v c="$1" '$1 == c { s += $5 } END { print s + 0 }' "$RESULTS"; }

BG=$(median bare_get 2); BP=$(median bare_post 2)
CR=$(median create 2); GI=$(median get_by_id 2); GW=$(median get_by_id_writing 2); LI=$(median list 2); IS=$(median issue 2); VE=$(median verify 2)
RE=$(median resolve 2); RL=$(median resolve_linkset 2)
COMMIT=$(git rev-parse --short HEAD)$([ -z "$(git status --porcelain --untracked-files=no)" ] || echo "-dirty")
JDK=$(java -version 2>&1 | head -1)

cat <<TABLE

Traceloom benchmark ($([ $QUICK = 1 ] && echo quick || echo full) run), $(date -u +%Y-%m-%dT%H:%MZ)
Machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo), $JDK; commit $COMMIT
Load average (1/5/15 min): $LOAD_START at start, $LOAD_END at end. wrk: 2 threads, $CONNECTIONS connections, ${DURATION} s a measurement; every figure is the median of $ROUNDS rounds.

| figure | throughput | p50 | p99 | ceiling | vs. ceiling | non-2xx |
|---|---|---|---|---|---|---|
| bare GET (ceiling) | $BG req/s | $(median bare_get 3) ms | $(median bare_get 4) ms | | | $(errors bare_get) |
| bare POST (ceiling) | $BP req/s | $(median bare_post 3) ms | $(median bare_post 4) ms | | | $(errors bare_post) |
| POST /trade-items (create, tagged) | $CR req/s | $(median create 3) ms | $(median create 4) ms | bare POST | $(ratio "$CR" "$BP") | $(errors create) |
| POST /trade-items (create, tagged), the audit log's appender stopped | $(median create_unaudited 2) req/s | $(median create_unaudited 3) ms | $(median create_unaudited 4) ms | bare POST | $(ratio "$(median create_unaudited 2)" "$BP") | $(errors create_unaudited) |
| POST /trade-items (create, tagged), 1 connection | $(median create_single 2) req/s | $(median create_single 3) ms | $(median create_single 4) ms | | | $(errors create_single) |
| GET /trade-items/{id} ($(wc -l <"$BENCH_IDS") ids) | $GI req/s | $(median get_by_id 3) ms | $(median get_by_id 4) ms | bare GET | $(ratio "$GI" "$BG") | $(errors get_by_id) |
| GET /trade-items/{id}, $((CONNECTIONS / 2)) connections, while $((CONNECTIONS / 2)) others create trade items ($(median get_by_id_writing_creates 2) creates/s) | $GW req/s | $(median get_by_id_writing 3) ms | $(median get_by_id_writing 4) ms | bare GET | $(ratio "$GW" "$BG") | $(( $(errors get_by_id_writing) + $(errors get_by_id_writing_creates) )) |
| GET /trade-items?page=1&limit=100 | $LI req/s | $(median list 3) ms | $(median list 4) ms | bare GET | $(ratio "$LI" "$BG") | $(errors list) |
| GET /$RESOLVE (resolver, 307 to the default link) | $RE req/s | $(median resolve 3) ms | $(median resolve 4) ms | bare GET | $(ratio "$RE" "$BG") | all 307 (wrk counts them) |
| GET /$RESOLVE?linkType=linkset (resolver, 200 linkset) | $RL req/s | $(median resolve_linkset 3) ms | $(median resolve_linkset 4) ms | bare GET | $(ratio "$RL" "$BG") | $(errors resolve_linkset) |
| POST /credentials/issue | $IS req/s | $(median issue 3) ms | $(median issue 4) ms | bare POST | $(ratio "$IS" "$BP") | $(errors issue) |
| POST /credentials/verify | $VE req/s | $(median verify 3) ms | $(median verify 4) ms | bare POST | $(ratio "$VE" "$BP") | $(errors verify) |

What a request costs the service (its CPU time and the bytes its threads allocated over the rounds above, divided by
the requests answered; steadier than throughput on a shared machine):

| request | CPU per request | allocated per request |
|---|---|---|
| bare POST | $(median cost_bare_post 2) ms | $(median cost_bare_post 3) KiB |
| POST /trade-items (create, tagged) | $(median cost_create 2) ms | $(median cost_create 3) KiB |
| POST /credentials/issue | $(median cost_issue 2) ms | $(median cost_issue 3) KiB |

| figure | value |
|---|---|
| appending to the audit log: creates with its appender running against stopped (same rounds) | $(ratio "$CR" "$(median create_unaudited 2)") |
| a signed checkpoint of an audit log of $AUDIT_SIZE entries, 1 connection | p50 $(median audit_checkpoint 3) ms, p99 $(median audit_checkpoint 4) ms ($(median audit_checkpoint 2) req/s) |
| an inclusion proof (random entry) at $AUDIT_SIZE entries, 1 connection | p50 $(median audit_inclusion 3) ms, p99 $(median audit_inclusion 4) ms ($(median audit_inclusion 2) req/s) |
| a consistency proof (random older size) at $AUDIT_SIZE entries, 1 connection | p50 $(median audit_consistency 3) ms, p99 $(median audit_consistency 4) ms ($(median audit_consistency 2) req/s) |
| the tree of $(echo "$TREE" | json_number leaves) leaves in tiles, in memory: root / inclusion path / consistency path | $(echo "$TREE" | json_number rootMicros) / $(echo "$TREE" | json_number inclusionMicros) / $(echo "$TREE" | json_number consistencyMicros) µs, reading at most $(echo "$TREE" | json_number rootTiles) / $(echo "$TREE" | json_number inclusionTiles) / $(echo "$TREE" | json_number consistencyTiles) tiles (appending them all: $(echo "$TREE" | json_number appendSeconds) s) |
| projection lag, write's success to every read model showing it ($LAG_WRITES sequential writes) | p50 $(median lag 2) ms, p99 $(median lag 3) ms |
| credential signing (eddsa-rdfc-2022), one thread after warm-up | $(median sign 2 | cut -d. -f1) credentials/s ($(median sign 3 | cut -d. -f1) per second of the thread's CPU time) |
| credential verification, one thread after warm-up | $(median verify_core 2 | cut -d. -f1) credentials/s ($(median verify_core 3 | cut -d. -f1) per second of the thread's CPU time) |
| replay of the trade-items projection | $(median replay 2) events/s ($EVENTS events in $(median replay 3) ms) |
| cold start to ready, empty data directory | $(median cold_empty 2) ms |
| cold start to ready, $EVENTS events, after a clean stop (read models on disk) | $(median cold_full 2) ms |
| cold start to ready, $EVENTS events, no read models on disk (rebuilt from the events) | $(median cold_rebuilt 2) ms |
| peak RSS under load (VmHWM) | $RSS_MB MiB |
| the event store on disk with $EVENTS events: while running / after a clean stop | $DISK_RUNNING_MB MiB / $DISK_STOPPED_MB MiB |

A 100-item page as the tenant grows (a data directory of its own; each row beside a bare GET of the same moment):

| items in the tenant (seeding took) | page 1 | p99 | vs. bare GET | a middle page | p99 | vs. bare GET | non-2xx |
|---|---|---|---|---|---|---|---|
$(for size in "$LIST_SMALL" "$LIST_LARGE"; do
  f=$(median "list_first_$size" 2); d=$(median "list_deep_$size" 2); b=$(median "list_bare_$size" 2)
  printf '| %s (%s s) | %s req/s | %s ms | %s | %s req/s | %s ms | %s | %s |\n' "$(median "list_total_$size" 2)" \
    "$(median "list_seed_$size" 2 | cut -d. -f1)" "$f" "$(median "list_first_$size" 4)" "$(ratio "$f" "$b")" \
    "$d" "$(median "list_deep_$size" 4)" "$(ratio "$d" "$b")" \
    "$(( $(errors "list_first_$size") + $(errors "list_deep_$size") ))"
done)

The same tenant after each size's page rows, under reads, pages and writes at once for ${DURATION} s: reads by id on $((CONNECTIONS / 2)) connections ($IDS ids spread over the tenant), page 1 on $((CONNECTIONS / 4)), tagged creates on $((CONNECTIONS / 4)); one run at each size:

| items in the tenant (at the end of the run) | peak RSS (VmRSS every 0.2 s) | reads by id | p99 | page 1 | p99 | creates | p99 | non-2xx |
|---|---|---|---|---|---|---|---|---|
$(for size in "$LIST_SMALL" "$LIST_LARGE"; do
  printf '| %s (%s) | %s MiB | %s req/s | %s ms | %s req/s | %s ms | %s req/s | %s ms | %s |\n' "$(median "list_total_$size" 2)" \
    "$(median "mixed_total_$size" 2)" "$(median "mixed_${size}_rss" 2)" \
    "$(median "mixed_${size}_get" 2)" "$(median "mixed_${size}_get" 4)" "$(median "mixed_${size}_list" 2)" \
    "$(median "mixed_${size}_list" 4)" "$(median "mixed_${size}_create" 2)" "$(median "mixed_${size}_create" 4)" \
    "$(( $(errors "mixed_${size}_get") + $(errors "mixed_${size}_list") + $(errors "mixed_${size}_create") ))"
done)

| figure | value |
|---|---|
| page 1 with $LIST_LARGE items against page 1 with $LIST_SMALL | $(ratio "$(median "list_first_$LIST_LARGE" 2)" "$(median "list_first_$LIST_SMALL" 2)") |
| start to ready with $LIST_ITEMS items, after a clean stop | $(median list_start 2) ms |
| start to ready with $LIST_ITEMS items, after a kill -9 halfway through ${WARMUP} s of creates | $(median list_start_killed 2) ms |
| start to ready with $LIST_ITEMS items, no read models on disk (rebuilt from the events; one start) | $(median list_start_rebuilt 2) ms |
| on disk with $LIST_ITEMS items, the event store / the read models (read-models/), while running | $LIST_DISK_RUNNING |
| on disk with $LIST_ITEMS items, the event store / the read models (read-models/), after a clean stop | $LIST_DISK_STOPPED |

Every resource, one round each (a create writes a new resource each time; a read is one resource by id; credentials
are created by the issue row above, and a user registers once):

| resource | create | p99 | vs. bare POST | read by id | p99 | vs. bare GET | non-2xx |
|---|---|---|---|---|---|---|---|
$(for r in partner_tag commission schema template instance link_set credential user; do
  c=$(median "${r}_create" 2); g=$(median "${r}_read" 2)
  printf '| %s | %s | %s | %s | %s req/s | %s ms | %s | %s |\n' "${READ_PATH[$r]%/*}" \
    "$([ "$c" = n/a ] && echo "–" || echo "$c req/s")" "$([ "$c" = n/a ] && echo || echo "$(median "${r}_create" 4) ms")" \
    "$([ "$c" = n/a ] && echo || ratio "$c" "$BP")" "$g" "$(median "${r}_read" 4)" "$(ratio "$g" "$BG")" \
    "$(( $(errors "${r}_create") + $(errors "${r}_read") ))"
done)

One tenant with a tag catalogue of $CATALOGUE_TAGS seeded tags ($CATALOGUE_SIZE at the end, the writes below included; seeding took $(median catalogue_seed 2) s), after a restart:

| figure | throughput | p50 | p99 | non-2xx |
|---|---|---|---|---|
| bare POST, 1 connection (ceiling, same moment) | $(median catalogue_bare_single 2) req/s | $(median catalogue_bare_single 3) ms | $(median catalogue_bare_single 4) ms | $(errors catalogue_bare_single) |
| POST /trade-item-tags, 1 connection | $(median catalogue_tag_single 2) req/s | $(median catalogue_tag_single 3) ms | $(median catalogue_tag_single 4) ms | $(errors catalogue_tag_single) |
| POST /trade-items (tagged), 1 connection | $(median catalogue_item_single 2) req/s | $(median catalogue_item_single 3) ms | $(median catalogue_item_single 4) ms | $(errors catalogue_item_single) |
| POST /trade-item-tags, $CONNECTIONS connections | $(median catalogue_tag 2) req/s | $(median catalogue_tag 3) ms | $(median catalogue_tag 4) ms | $(errors catalogue_tag) |
| POST /trade-items (tagged), $CONNECTIONS connections | $(median catalogue_item 2) req/s | $(median catalogue_item 3) ms | $(median catalogue_item 4) ms | $(errors catalogue_item) |

| figure | value |
|---|---|
| start to ready with the catalogue (after a clean stop: read models on disk) | $(median catalogue_start 2) ms |
| the first tag create / tagged trade-item create after that start | $(median catalogue_first_tag 2) ms / $(median catalogue_first_item 2) ms |
| a tag create / tagged trade-item create right after a forced full GC (jcmd GC.run; median of $ROUNDS) | $(median catalogue_gc_tag 2) ms / $(median catalogue_gc_item 2) ms |
TABLE
