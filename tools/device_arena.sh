#!/usr/bin/env bash
# Issue 32's cells on a many-core machine, in one go (about 6 minutes on 16 cores):
#   Mark III, today's Hi Ogre and the reference Hi Ogre against the new Hi defence and against the
#   Hi defence before issue 32 (BASE) on the same seeds; then Mark V, today's Hi Ogre against both;
#   200 games a cell (GAMES; GAMES5 for Mark V), each pair compared game by game (tools/paired).
#
#   OUT=/some/folder JOBS=16 bash tools/device_arena.sh
#
# Run from the repository root with pydantic and platformdirs installed (no pygame needed).
# ref:Hi needs the reference revision: git history, or a folder `python -m tools.reference
# --export ref-export` wrote (where git is) left in the tree as ref-export/ or named in
# OGRE_REFERENCE_DIR. Each cell's games go to $OUT/<cell>.json, the tables to $OUT/summary.txt.
set -u
OUT=${OUT:?name an output folder in OUT}
JOBS=${JOBS:-16}
GAMES=${GAMES:-200}
SEED=${SEED:-61}
PY=${PYTHON:-python3}
# Both defences by their options, so the run means the same whichever is the Hi default: the
# look ahead of issue 17 (LOOKAHEAD_HI in ogre/ai/skill.py) without and with issue 32's beam.
LA="--opt-defense lookahead=true --opt-defense strike_fraction=0.0 --opt-defense strike_distance=14
--opt-defense read_ogre=0 --opt-defense infantry_post=0"
NEW=${NEW:-$LA --opt-defense beam=6 --opt-defense beam_mode=join --opt-defense beam_later=0.1
--opt-defense bold_reply=false}
BASE=${BASE:-$LA --opt-defense beam=0 --opt-defense bold_reply=true}   # the Hi defence before issue 32
if [ -z "${OGRE_REFERENCE_DIR:-}" ] && [ -d ref-export ]; then
  export OGRE_REFERENCE_DIR="$PWD/ref-export"
fi
mkdir -p "$OUT"
start=$(date +%s)
cell() {   # name, then the arena's arguments
  local name=$1; shift
  echo "== $name: $*" | tee -a "$OUT/summary.txt"
  $PY -m tools.arena --games "$GAMES" --seed "$SEED" --jobs "$JOBS" "$@" \
      --out "$OUT/$name.json" 2>>"$OUT/$name.err" | tee -a "$OUT/summary.txt"
  echo "   ($(( $(date +%s) - start )) s so far)" | tee -a "$OUT/summary.txt"
}
pair() {
  [ -f "$OUT/$1.json" ] && [ -f "$OUT/$2.json" ] &&
    $PY -m tools.paired "$OUT/$1.json" "$OUT/$2.json" | tee -a "$OUT/summary.txt"
}
# Mark III first, so that its comparisons are whole even if the run is cut short.
# shellcheck disable=SC2086  # NEW and BASE are lists of arguments
cell m3_hi_new --mark 3 --ogre Hi --defense Hi $NEW
# shellcheck disable=SC2086
cell m3_hi_base --mark 3 --ogre Hi --defense Hi $BASE
pair m3_hi_base m3_hi_new
# shellcheck disable=SC2086
cell m3_ref_new --mark 3 --ogre ref:Hi --defense Hi $NEW
# shellcheck disable=SC2086
cell m3_ref_base --mark 3 --ogre ref:Hi --defense Hi $BASE
pair m3_ref_base m3_ref_new
# shellcheck disable=SC2086
GAMES=${GAMES5:-$GAMES} cell m5_hi_new --mark 5 --ogre Hi --defense Hi $NEW
# shellcheck disable=SC2086
GAMES=${GAMES5:-$GAMES} cell m5_hi_base --mark 5 --ogre Hi --defense Hi $BASE
pair m5_hi_base m5_hi_new
echo "done in $(( $(date +%s) - start )) s" | tee -a "$OUT/summary.txt"
