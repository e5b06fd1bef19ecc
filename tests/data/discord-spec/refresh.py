#!/usr/bin/env python3
"""Refreshes schemas.json: the schemas of Discord's OpenAPI description
(discord/discord-api-spec, MIT) that tests/e2e/selftest_places.rs names,
and every schema they refer to, from ../shared/discord-api-spec/openapi.json
(or the path given). The tests read the copy, so that a clean clone runs
them without the spec beside it."""
import json, os, re, sys

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.join(here, "..", "..", "..")
source = sys.argv[1] if len(sys.argv) > 1 else os.path.join(root, "..", "shared", "discord-api-spec", "openapi.json")
spec = json.load(open(source))
schemas = spec["components"]["schemas"]
test = open(os.path.join(root, "tests", "e2e", "selftest_places.rs")).read()
stack = [n for n in set(re.findall(r'"([A-Z][A-Za-z]*)"', test)) if n in schemas]
seen = set()
while stack:
    name = stack.pop()
    if name in seen or name not in schemas:
        continue
    seen.add(name)
    stack.extend(re.findall(r"#/components/schemas/([A-Za-z0-9_]+)", json.dumps(schemas[name])))
note = ("A subset of Discord's OpenAPI description (discord/discord-api-spec, MIT): the schemas the fake "
        "Discord's self-tests check shapes against, and those they refer to. Taken from "
        "../shared/discord-api-spec/openapi.json; refresh with tests/data/discord-spec/refresh.py.")
out = {"info": {"note": note, "version": spec.get("info", {}).get("version")},
       "components": {"schemas": {k: schemas[k] for k in sorted(seen)}}}
json.dump(out, open(os.path.join(here, "schemas.json"), "w"), indent=1, sort_keys=True)
