#!/usr/bin/env bash
# Every user-visible string of the window has its Simplified Chinese translation, and the .ts
# holds nothing obsolete: lupdate is run over the sources into a copy of the repository's .ts
# (the repository's file is not touched), then the copy must have no unfinished, obsolete or
# vanished entry. Usage: check_translations.sh LUPDATE SOURCE_DIR WORK_DIR
set -euo pipefail
lupdate=$1
src=$2
work=$3
rm -rf "$work"
mkdir -p "$work"
for ts in "$src"/translations/*.ts; do
    copy="$work/$(basename "$ts")"
    cp "$ts" "$copy"
    obsoleteBefore=$(grep -c -E 'type="(obsolete|vanished)"' "$copy" || true)
    (cd "$src" && "$lupdate" -silent -I . -locations relative -tr-function-alias QT_TRANSLATE_NOOP+=CP_TR_NOOP views report model -ts "$copy") >"$work/lupdate.log" 2>&1 || {
        cat "$work/lupdate.log" >&2; echo "FAIL: lupdate failed" >&2; exit 1; }
    unfinished=$(grep -c 'type="unfinished"' "$copy" || true)
    stale=$(grep -c -E 'type="(obsolete|vanished)"' "$copy" || true)
    if [ "$unfinished" -ne 0 ]; then
        echo "FAIL: $(basename "$ts"): $unfinished string(s) without a translation; the first:" >&2
        grep -B3 'type="unfinished"' "$copy" | grep '<source>' | head -10 >&2
        echo "Run: cmake --build build --target update_translations, then translate them (docs/translation.md)" >&2
        exit 1
    fi
    if [ "$stale" -ne 0 ] || [ "$obsoleteBefore" -ne 0 ]; then
        echo "FAIL: $(basename "$ts"): $stale obsolete entr(ies) after lupdate, $obsoleteBefore in the file; the first:" >&2
        grep -A1 -E 'type="(obsolete|vanished)"' "$copy" "$ts" | head -10 >&2
        echo "Remove them (lupdate -no-obsolete) once no string needs them" >&2
        exit 1
    fi
    echo "ok: $(basename "$ts"): every string translated, none obsolete ($(grep -c '<message' "$copy") strings)"
done
