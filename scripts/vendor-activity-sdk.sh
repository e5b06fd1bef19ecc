#!/bin/sh
# Rebuilds assets/activity/embedded-app-sdk.js, the browser bundle of
# Discord's Embedded App SDK (@discord/embedded-app-sdk, MIT) that the
# Activity page loads, from the npm registry: the SDK and its dependencies
# at the versions npm resolves, bundled by esbuild into one script that
# sets `window.DiscordEmbedded` ({ DiscordSDK, Events, ... }). Writes the
# version and every bundled package's licence beside it. Neither `cargo
# run` nor `cargo test` needs this (the bundle is committed); run it to
# move to another version of the SDK:
#
#     scripts/vendor-activity-sdk.sh            # the version in VERSION
#     scripts/vendor-activity-sdk.sh 2.5.0      # another one
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
out="$here/assets/activity"
version=${1:-$(sed -n 's/^@discord\/embedded-app-sdk //p' "$out/VERSION" 2>/dev/null || true)}
version=${version:-2.5.0}
esbuild_version=0.25.0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
printf '{"name":"vendor","private":true}\n' > package.json
npm install --silent --no-audit --no-fund "@discord/embedded-app-sdk@$version" "esbuild@$esbuild_version"
printf "export * from '@discord/embedded-app-sdk';\n" > entry.mjs
./node_modules/.bin/esbuild entry.mjs --bundle --format=iife --global-name=DiscordEmbedded \
    --minify --target=es2019 --legal-comments=none --outfile=bundle.js
mkdir -p "$out"
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
echo "wrote $out/embedded-app-sdk.js ($(wc -c < "$out/embedded-app-sdk.js") bytes), LICENCES.txt, VERSION"
