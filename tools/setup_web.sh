#!/usr/bin/env bash
# What the web page's build and its browser tests need (docs/web.md), on Debian 12: Debian's
# emscripten and chromium, Dear ImGui 1.86's sources (apt-get source imgui, a deb-src entry added
# for the same archive) in .web-deps/imgui (ignored, never tracked), and playwright-core from npm
# in tests/web/node_modules, at the version its package-lock.json pins. Run as root or with sudo;
# each part is skipped when already there.
set -euo pipefail
cd "$(dirname "$0")/.."
as_root=()
[ "$(id -u)" -eq 0 ] || as_root=(sudo)
apt_get() { "${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=900 "$@"; }

missing=()
for p in emscripten chromium dpkg-dev; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
command -v npm >/dev/null || missing+=(npm)
if ((${#missing[@]})); then
  echo "Installation des paquets manquants (page web) : ${missing[*]}"
  apt_get update -qq
  apt_get install -y -qq --no-install-recommends "${missing[@]}"
fi

# A deb-src entry beside each deb one of Debian's own sources (deb822 or one-line format).
if ! apt-get indextargets --format '$(CREATED_BY)' 2>/dev/null | grep -q '^Sources$'; then
  if [ -f /etc/apt/sources.list.d/debian.sources ]; then
    sed 's/^Types: deb$/Types: deb-src/' /etc/apt/sources.list.d/debian.sources |
      "${as_root[@]}" tee /etc/apt/sources.list.d/debian-src.sources >/dev/null
  else
    grep -h '^deb ' /etc/apt/sources.list | sed 's/^deb /deb-src /' |
      "${as_root[@]}" tee /etc/apt/sources.list.d/debian-src.list >/dev/null
  fi
  apt_get update -qq
fi

if [ ! -f .web-deps/imgui/imgui.cpp ]; then
  echo "Sources de Dear ImGui 1.86 (apt-get source imgui) dans .web-deps/imgui"
  tmp=$(mktemp -d)
  (cd "$tmp" && apt-get source -qq imgui >/dev/null 2>&1)
  mkdir -p .web-deps
  rm -rf .web-deps/imgui
  mv "$tmp"/imgui-1.86* .web-deps/imgui
  rm -rf "$tmp"
fi

if [ ! -f tests/web/node_modules/playwright-core/package.json ]; then
  echo "playwright-core (tests/web/package-lock.json) dans tests/web/node_modules"
  (cd tests/web && npm ci --no-audit --no-fund --silent)
fi
