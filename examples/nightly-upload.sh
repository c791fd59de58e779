#!/usr/bin/env bash
# Nightly upload with curl and jq over the REST shim (SPEC §7): one folder of DJI file sets → a
# Shotlog project, processed, with its Standard and Pond5 CSVs written back into the folder.
#
#   SHOTLOG_URL=https://shotlog.example SHOTLOG_TOKEN=shl_... examples/nightly-upload.sh /footage/2026-11-23
#
# Optional: SHOTLOG_PROJECT_NAME, SHOTLOG_CAMERA_TYPE, SHOTLOG_IDEMPOTENCY_KEY. Progress is polled
# every 3 s (GET /api/projects/{id}/progress). Exit codes as the Node example: 0 done (failed sets
# are reported, not fatal), 1 failure, 2 usage, 3 authentication or scope, 4 not enough credits.
set -euo pipefail

die() { echo "nightly-upload: $2" >&2; exit "$1"; }

[ -n "${SHOTLOG_URL:-}" ] || die 2 "SHOTLOG_URL is not set (see examples/README.md)."
[ -n "${SHOTLOG_TOKEN:-}" ] || die 2 "SHOTLOG_TOKEN is not set (see examples/README.md)."
[ $# -ge 1 ] || die 2 "usage: nightly-upload.sh <folder of DJI file sets>"
command -v curl >/dev/null || die 2 "curl is required."
command -v jq >/dev/null || die 2 "jq is required (apt-get install jq)."
FOLDER=$1
[ -d "$FOLDER" ] || die 2 "$FOLDER is not a folder."
BASE=${SHOTLOG_URL%/}
AUTH="Authorization: Bearer $SHOTLOG_TOKEN"
BODY=$(mktemp)
trap 'rm -f "$BODY" "$BODY.h"' EXIT

# api WHAT METHOD PATH [curl args...]: the JSON answer in $BODY; a non-2xx status exits with the
# server's message and the exit code for its kind.
api() {
  local what=$1 method=$2 path=$3 status message
  shift 3
  status=$(curl -sS -o "$BODY" -w '%{http_code}' -X "$method" -H "$AUTH" "$@" "$BASE$path") || die 1 "$what: cannot reach $BASE"
  case $status in 2??) return 0 ;; esac
  message=$(jq -r '.message // empty' "$BODY" 2>/dev/null || true)
  message=${message:-$(head -c 300 "$BODY")}
  case $status in
    401) die 3 "$what: authentication failed ($message). Check SHOTLOG_TOKEN." ;;
    403) die 3 "$what: the token may not do this ($message)." ;;
    402) die 4 "$what: not enough credits ($(jq -r '"needs \(.creditCheck.estimatedCost // "?"), balance \(.creditCheck.currentBalance // "?")"' "$BODY" 2>/dev/null)): $message" ;;
    *) die 1 "$what failed [HTTP $status]: $message" ;;
  esac
}

# The folder's media files grouped by base name, as the server groups them.
shopt -s nullglob nocaseglob
declare -A SETS=()
for f in "$FOLDER"/*.mp4 "$FOLDER"/*.mov "$FOLDER"/*.jpg "$FOLDER"/*.srt; do
  name=$(basename "$f")
  SETS["${name%.*}"]+="$f"$'\n'
done
shopt -u nocaseglob
[ ${#SETS[@]} -gt 0 ] || die 2 "No .MP4/.MOV/.JPG/.SRT files in $FOLDER."

# A retry after a timeout reuses the key, so it cannot create a second project.
KEY=${SHOTLOG_IDEMPOTENCY_KEY:-$(cat /proc/sys/kernel/random/uuid 2>/dev/null || date +%s%N)}
NAME=${SHOTLOG_PROJECT_NAME:-"Nightly $(basename "$(cd "$FOLDER" && pwd)") $(date -u +%F)"}
api "Create project" POST /api/projects -H 'Content-Type: application/json' -H "Idempotency-Key: $KEY" \
  --retry 2 --retry-all-errors \
  --data "$(jq -n --arg name "${NAME:0:200}" --arg camera "${SHOTLOG_CAMERA_TYPE:-dji-mavic-3-pro-series}" '{name: $name, cameraType: $camera}')"
PROJECT=$(jq -r '.project.id' "$BODY")
echo "Created project \"$(jq -r '.project.name' "$BODY")\" (id $PROJECT)"

# One multipart request per file set; curl streams each file from disk and draws its progress bar.
mapfile -t BASES < <(printf '%s\n' "${!SETS[@]}" | sort)
i=0
for base in "${BASES[@]}"; do
  i=$((i + 1))
  args=()
  while IFS= read -r f; do [ -n "$f" ] && args+=(-F "files=@$f"); done <<<"${SETS[$base]}"
  echo "  [$i/${#SETS[@]}] $base: uploading $(( ${#args[@]} / 2 )) file(s)"
  api "Upload $base" POST "/api/upload/$PROJECT" --progress-bar "${args[@]}"
  jq -r '.refused[] | "  refused \(.filename): \(.reason)"' "$BODY" >&2
done
echo "upload 100%: $(jq -r '"\(.summary.complete) complete set(s), \(.summary.incomplete) incomplete"' "$BODY")"
NAMES=$(jq -c '[.fileSets[] | {key: .id, value: .baseName}] | from_entries' "$BODY")

api "Start processing" POST "/api/projects/$PROJECT/process"
echo "$(jq -r '.message' "$BODY"), charged $(jq -r '.run.charged' "$BODY") credits"

# Poll until the run is over; print each set's stage when it changes.
declare -A SEEN=()
LAST=""
while :; do
  api "Progress" GET "/api/projects/$PROJECT/progress"
  while IFS=$'\t' read -r id line; do
    if [ "${SEEN[$id]:-}" != "$line" ]; then
      SEEN[$id]=$line
      echo "  $(jq -r --arg id "$id" '.[$id] // $id' <<<"$NAMES"): $line"
    fi
  done < <(jq -r '.jobs[] | [.fileSetId, "\(.stageMessage // .stage // .status) (\(.progress)%)\(if .error then ": \(.error)" else "" end)"] | @tsv' "$BODY")
  overall=$(jq -r '"processing \(.progress)% (\(.completedJobs) completed, \(.failedJobs) failed, \(.processingJobs) running, \(.pendingJobs) waiting of \(.totalJobs))"' "$BODY")
  [ "$overall" = "$LAST" ] || echo "$overall"
  LAST=$overall
  [ "$(jq -r '.runStatus' "$BODY")" = "running" ] || break
  sleep 3
done
jq -r '.jobs[] | select(.status == "failed") | "\(.fileSetId)\t\(.error // "unknown error")"' "$BODY" | while IFS=$'\t' read -r id error; do
  echo "FAILED $(jq -r --arg id "$id" '.[$id] // $id' <<<"$NAMES"): $error (refunded)" >&2
done
COMPLETED=$(jq -r '.completedJobs' "$BODY")
echo "Processing finished: $COMPLETED completed, $(jq -r '.failedJobs' "$BODY") failed"
[ "$COMPLETED" -gt 0 ] || die 1 "No file set completed: nothing to export."

# The CSVs under the names the server gives them (Content-Disposition).
download() {
  local what=$1 path=$2 file status
  status=$(curl -sS -D "$BODY.h" -o "$BODY" -w '%{http_code}' -H "$AUTH" "$BASE$path") || die 1 "$what: cannot reach $BASE"
  [ "$status" = 200 ] || die 1 "Downloading $what failed [HTTP $status]: $(head -c 200 "$BODY")"
  file=$(tr -d '\r' <"$BODY.h" | sed -n 's/^[Cc]ontent-[Dd]isposition:.*filename="\([^"]*\)".*/\1/p' | head -n1)
  file=$(basename "${file:-$PROJECT-$what.csv}")
  cp "$BODY" "$FOLDER/$file"
  echo "Wrote $FOLDER/$file"
}
download standard "/api/projects/csv/$PROJECT"
download pond5 "/api/projects/pond5-csv/$PROJECT"
