#!/bin/sh
# Rebuilds assets/activity/embedded-app-sdk.js, the browser bundle of
# Discord's Embedded App SDK (@discord/embedded-app-sdk, MIT) that the
# Activity page loads: the SDK and its dependencies exactly as
# assets/activity/package-lock.json pins them (each package checked against
# the lockfile's integrity hash by `npm ci`, no install script run:
# `--ignore-scripts`), bundled by esbuild into one script that sets
# `window.DiscordEmbedded` ({ DiscordSDK, Events, ... }). Writes the
# version, every bundled package's licence and the bundle's SHA-256
# (embedded-app-sdk.js.sha256, which `cargo test --test deploy` checks the
# committed bundle against) beside it. Neither `cargo run` nor `cargo test`
# needs this (the bundle is committed); run it to check the bundle is what
# the lockfile builds, or to move to another version of the SDK:
#
#     scripts/vendor-activity-sdk.sh            # as package-lock.json pins it
#     scripts/vendor-activity-sdk.sh 2.6.0      # another version: a new lockfile first
#
# Moving to another version rewrites package.json and package-lock.json
# (`npm install --package-lock-only --ignore-scripts`): read the lockfile's
# diff before committing it.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/assets/activity"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$out/package.json" "$out/package-lock.json" "$work/"
cd "$work"
if [ $# -gt 0 ]; then
    node -e '
        const fs = require("fs"), p = JSON.parse(fs.readFileSync("package.json"));
        p.dependencies["@discord/embedded-app-sdk"] = process.argv[1];
        fs.writeFileSync("package.json", JSON.stringify(p, null, 2) + "\n");' "$1"
    npm install --package-lock-only --ignore-scripts --no-audit --no-fund
    cp package.json package-lock.json "$out/"
fi
version=$(node -p 'require("./package.json").dependencies["@discord/embedded-app-sdk"]')
esbuild_version=$(node -p 'require("./package.json").dependencies.esbuild')
npm ci --ignore-scripts --no-audit --no-fund
printf "export * from '@discord/embedded-app-sdk';\n" > entry.mjs
./node_modules/.bin/esbuild entry.mjs --bundle --format=iife --global-name=DiscordEmbedded \
    --minify --target=es2019 --legal-comments=none --outfile=bundle.js
{
    printf '/* @discord/embedded-app-sdk %s (MIT) and its dependencies, bundled by\n' "$version"
    printf '   scripts/vendor-activity-sdk.sh; licences in LICENCES.txt. */\n'
    cat bundle.js
} > "$out/embedded-app-sdk.js"
{
    printf 'The licences of the packages bundled in embedded-app-sdk.js.\n'
    for dir in node_modules/@discord/embedded-app-sdk $(node -e '
        const d = require("./node_modules/@discord/embedded-app-sdk/package.json").dependencies;
        console.log(Object.keys(d).filter(n => !n.startsWith("@types/")).map(n => "node_modules/" + n).join(" "))'); do
        name=$(node -p "require('./$dir/package.json').name + ' ' + require('./$dir/package.json').version")
        printf '\n==== %s (%s) ====\n\n' "$name" "$(node -p "require('./$dir/package.json').license")"
        cat "$dir"/LICEN[CS]E* "$dir"/licen[cs]e* 2>/dev/null || printf '(no licence file in the package)\n'
    done
} > "$out/LICENCES.txt"
printf '@discord/embedded-app-sdk %s\nesbuild %s\n' "$version" "$esbuild_version" > "$out/VERSION"
(cd "$out" && sha256sum embedded-app-sdk.js > embedded-app-sdk.js.sha256)
echo "wrote $out/embedded-app-sdk.js ($(wc -c < "$out/embedded-app-sdk.js") bytes, sha256 $(cut -d' ' -f1 "$out/embedded-app-sdk.js.sha256")), LICENCES.txt, VERSION"
