#!/usr/bin/env bash
# llama.cpp's own OpenAI-compatible server, built once per machine from the llama.cpp source that npm's
# `node-llama-cpp` package ships (llama/gitRelease.bundle), and a tiny model with random weights to serve (no weights
# can be downloaded here). For trying Quire's model half against a server we did not write (issue 29); never part of
# `make test`. 20–35 minutes on 2 cores the first time; later runs reuse what is built.
#
#   scripts/llama-server/build.sh [dir]          # default dir: ~/.cache/quire-llama
#   <dir>/src/build/bin/llama-server -m <dir>/tiny.gguf --port 8089 -c 4096 --jinja &
#   QUIRE_MODEL_BASE_URL=http://127.0.0.1:8089/v1 QUIRE_MODEL_WRITER=tiny QUIRE_MODEL_FAST=tiny QUIRE_MODEL_BEST=tiny make start
set -euo pipefail
dir="${1:-$HOME/.cache/quire-llama}"
here="$(cd "$(dirname "$0")" && pwd)"
mkdir -p "$dir"
cd "$dir"
if [ ! -d src ]; then
  [ -f package/llama/gitRelease.bundle ] || { npm pack node-llama-cpp --silent >/dev/null; tar xzf node-llama-cpp-*.tgz; }
  git clone -q package/llama/gitRelease.bundle src
fi
if [ ! -x src/build/bin/llama-server ]; then
  cmake -S src -B src/build -DCMAKE_BUILD_TYPE=Release -DLLAMA_CURL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_SERVER=ON >/dev/null
  cmake --build src/build --target llama-server -j "$(nproc)"
fi
[ -f tiny.gguf ] || PYTHONPATH="$dir/src/gguf-py" python3 "$here/tiny-model.py" src/models/ggml-vocab-llama-bpe.gguf tiny.gguf
echo "built: $dir/src/build/bin/llama-server, model: $dir/tiny.gguf"
