#!/usr/bin/env bash
# Installs what Quire needs on a Debian machine with Node: the Debian packages (LibreOffice, Chromium, Tesseract,
# fonts, poppler, pandoc, bubblewrap for the agent's sandbox, PostgreSQL for the tests that run on it) and the npm
# packages. Idempotent and quick when nothing changed: packages are only installed when
# missing, and npm only runs when package-lock.json changed since the last install.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBS=(libreoffice-writer libreoffice-impress libreoffice-calc python3-uno chromium
      tesseract-ocr tesseract-ocr-eng tesseract-ocr-spa fonts-liberation fonts-dejavu-core fonts-crosextra-carlito
      fonts-crosextra-caladea poppler-utils pandoc bubblewrap postgresql)

missing=()
for pkg in "${DEBS[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

stamp=node_modules/.quire-install-stamp
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ] || [ package.json -nt "$stamp" ]; then
  echo "setup: installing npm packages"
  npm ci --no-audit --no-fund --loglevel=error
  touch "$stamp"
fi
