#!/usr/bin/env bash
# The Debian packages the tests need besides Node.js: the one list, read by `.ci/run` (which
# installs those missing) and cited by the README. Run, it prints their names:
#   sudo apt-get install $(scripts/system-packages.sh)
# Sourced, it defines SYSTEM_PACKAGES (the names, in order), SYSTEM_PACKAGE_CHECK (for each, a
# command that succeeds when it is installed) and system_packages_missing.

SYSTEM_PACKAGES=()
declare -A SYSTEM_PACKAGE_CHECK
# package <name> <check>: one package the tests need, and how to see it is installed
package() {
  SYSTEM_PACKAGES+=("$1")
  SYSTEM_PACKAGE_CHECK[$1]=$2
}

# the journeys run in Debian's Chromium
package chromium 'command -v chromium'
# the PDF tests render pages with pdftoppm and read them with pdftotext
package poppler-utils 'command -v pdftoppm && command -v pdftotext'
# Gujarati and Devanagari in the pages and PDFs; asked by name, not piped into grep -q: under
# pipefail grep's early exit fails fc-list (SIGPIPE) and the fonts were installed on every run
package fonts-noto-core '[ -n "$(fc-list "Noto Sans Gujarati" family)" ]'
# the backup/restore test runs pg_dump and pg_restore
package postgresql-client 'command -v pg_dump'
# the rate-limit tests also run on Redis
package redis-server 'command -v redis-server'
# the print QR tests read every code back with zbarimg
package zbar-tools 'command -v zbarimg'
# the MARC21 tests read the exports with yaz-marcdump; the SRU target is tested with YAZ's zoomsh
package yaz 'command -v yaz-marcdump && command -v zoomsh'
# the alert rules are checked and unit-tested by promtool (Debian's prometheus package has it)
package prometheus 'command -v promtool'
# the OAI-PMH repository is harvested with oai_pmh, the HTTP::OAI library Koha's harvester uses (decision 034)
package libhttp-oai-perl 'command -v oai_pmh'
# the scan journey makes a book's QR code into the fake camera's .y4m video with ffmpeg (decision 075)
package ffmpeg 'command -v ffmpeg'
# the Atom feeds are read by Debian's feedparser, in the system Python (decision 073)
package python3-feedparser "/usr/bin/python3 -c 'import feedparser'"

# Prints the names of the packages whose check fails here, space-separated.
system_packages_missing() {
  local name missing=()
  for name in "${SYSTEM_PACKAGES[@]}"; do
    (eval "${SYSTEM_PACKAGE_CHECK[$name]}") >/dev/null 2>&1 || missing+=("$name")
  done
  echo "${missing[*]}"
}

# run, not sourced: print the list
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  echo "${SYSTEM_PACKAGES[*]}"
fi
