#!/bin/sh
# Prints the path of the Chromium that the replay and report tests open their pages in (make test hands it to
# them as ARKMC_CHROMIUM). Found as ARKMC_CHROMIUM or on the PATH; else installed with apt-get when this is a
# Debian-like machine and we are root, as .ci/run does; else it stops (exit 2) with the one command to run.
set -u
found() { [ -n "$1" ] && [ -x "$1" ] && echo "$1" && exit 0; }
found "${ARKMC_CHROMIUM:-}"
for name in chromium chromium-browser google-chrome; do
    found "$(command -v "$name" 2>/dev/null)"
done
if command -v apt-get >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ]; then
        echo "the replay tests open their pages in Chromium: apt-get install -y chromium" >&2
        { apt-get install -y chromium || { apt-get update && apt-get install -y chromium; }; } >&2 || exit 2
        found "$(command -v chromium 2>/dev/null)"
        found /usr/bin/chromium
        echo "error: apt-get installed chromium, but no chromium program was found" >&2
        exit 2
    fi
    hint="sudo apt-get install chromium"
elif command -v brew >/dev/null 2>&1; then
    hint="brew install --cask chromium"
elif command -v dnf >/dev/null 2>&1; then
    hint="sudo dnf install chromium"
else
    hint="install Chromium, then: make test ARKMC_CHROMIUM=/path/to/chromium"
fi
echo "error: the replay tests open their pages in Chromium, which is not installed; run: $hint" >&2
exit 2
