#!/bin/sh
# Starts Chromium as an unprivileged user (GAZEBOARD_CHROMIUM_USER) when the server runs as root,
# where Chromium refuses its sandbox (server/jobs/browser.ts). playwright-core starts this file
# in Chromium's place with Chromium's arguments; the profile directory it made (as root) is handed
# to that user first. setpriv (util-linux) changes the user and execs: the DevTools pipe on file
# descriptors 3 and 4 stays open.
set -eu
user="${GAZEBOARD_CHROMIUM_USER:?}"
binary="${GAZEBOARD_CHROMIUM:?}"
uid=$(id -u "$user")
gid=$(id -g "$user")
for arg in "$@"; do
  case "$arg" in
    --user-data-dir=*) dir="${arg#--user-data-dir=}"; chown -R "$uid:$gid" "$dir"; HOME="$dir"; export HOME ;;
  esac
done
exec setpriv --reuid="$uid" --regid="$gid" --clear-groups --inh-caps=-all --bounding-set=-all -- "$binary" "$@"
