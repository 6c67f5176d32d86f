#!/usr/bin/env python3
"""The JSON Schemas of `cvpdf schema` against the files cvpdf ships and the
starters `cvpdf new` writes (each must pass), and against known-bad files
(each must fail, for the reason named). One process for every file.

usage: validate.py CVPDF SOURCE_DIR
"""
import json
import pathlib
import subprocess
import sys

import jsonschema
import yaml


class Loader(yaml.SafeLoader):
    """YAML as cvpdf reads it: a date such as 2024-06-30 stays text (PyYAML's
    YAML 1.1 would make it a date, which is not a JSON value)."""


Loader.yaml_implicit_resolvers = {
    k: [(tag, rx) for tag, rx in v if tag != "tag:yaml.org,2002:timestamp"]
    for k, v in yaml.SafeLoader.yaml_implicit_resolvers.copy().items()
}


def run(*args):
    return subprocess.run([CVPDF, *args], check=True, capture_output=True, text=True).stdout


CVPDF, SOURCE = sys.argv[1], pathlib.Path(sys.argv[2])
schemas = {}
for which in ("resume", "theme"):
    schema = json.loads(run("schema", which))
    jsonschema.Draft202012Validator.check_schema(schema)
    schemas[which] = jsonschema.Draft202012Validator(schema)

good = [("resume", "resume.yaml", (SOURCE / "resume.yaml").read_text())]
good += [("resume", str(p.relative_to(SOURCE)), p.read_text()) for p in sorted((SOURCE / "examples").glob("*.yaml"))]
good += [("theme", str(p.relative_to(SOURCE)), p.read_text()) for p in sorted((SOURCE / "layout").glob("*.yaml"))]
# The editor test's files (tests/editor/mistakes): what cvpdf takes loosely
# passes here too, and every typical mistake fails, so Python's regular
# expressions read the patterns as ECMAScript's do.
MISTAKES = SOURCE / "tests" / "editor" / "mistakes"
good += [("resume", str(p.relative_to(SOURCE)), p.read_text()) for p in sorted(MISTAKES.glob("loose-*.yaml"))]
for langs in ("en", "zh", "en,zh", "zh,en"):
    good.append(("resume", "cvpdf new --lang " + langs, run("new", "-", "--lang", langs, "--theme", "sidebar")))

bad = [  # (schema, what, text, the error's path must contain)
    ("resume", "an unknown key in an entry",
     "person: {name: A}\nsections:\n- title: X\n  entries:\n  - {org: A, name: B}\n", "entries"),
    ("resume", "an unknown top-level key", "person: {name: A}\npersn: {}\n", ""),
    ("resume", "a list where a text goes", "person: {name: [A, B]}\n", "name"),
    ("resume", "sections as a mapping", "person: {name: A}\nsections: {title: X}\n", "sections"),
    ("resume", "an alias beside its key",
     "person: {name: A}\nsections:\n- title: X\n  entries:\n  - {org: A, company: B}\n", "entries"),
    ("resume", "no person", "sections: []\n", ""),
    ("resume", "a colour written as a comment", "person: {name: A}\nstyle:\n  colors:\n    accent: #c00\n", "style"),
    ("resume", "a colour that is not one", "person: {name: A}\nstyle: {colors: {accent: reddish}}\n", "style"),
    ("theme", "an unknown theme key", "text: {sise: 10pt}\n", "text"),
    ("theme", "a length without a unit", "text: {size: 10}\n", "size"),
    ("theme", "a word not among the choices", "header: {align: middle}\n", "align"),
    ("theme", "a leading out of range", "text: {leading: 9}\n", "leading"),
    ("resume", "month 13", "person: {name: A}\nsections:\n- title: X\n  entries:\n  - {org: A, start: 2020-13}\n", "start"),
    ("resume", "presnt", "person: {name: A}\nsections:\n- title: X\n  entries:\n  - {org: A, end: presnt}\n", "end"),
    ("resume", "a typo in an entry key",
     "person: {name: A}\nsections:\n- title: X\n  entries:\n  - {orgnization: A}\n", "entries"),
]
bad += [("resume", str(p.relative_to(SOURCE)), p.read_text(), "") for p in sorted(MISTAKES.glob("*.yaml"))
        if not p.name.startswith("loose-")]

def paths(errors):
    """Every path an error or, inside anyOf, one of its causes names."""
    for e in errors:
        yield list(map(str, e.absolute_path))
        yield from paths(e.context)


failures = []
for which, name, text in good:
    errors = list(schemas[which].iter_errors(yaml.load(text, Loader=Loader)))
    for e in errors[:3]:
        failures.append(f"{name}: should pass the {which} schema: at /{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
for which, name, text, where in bad:
    errors = list(schemas[which].iter_errors(yaml.load(text, Loader=Loader)))
    if not errors:
        failures.append(f"{name}: should fail the {which} schema, but passes")
    elif where and not any(where in p for p in paths(errors)):
        failures.append(f"{name}: fails, but not at '{where}': {list(paths(errors))}")

print(f"{len(good)} files pass, {len(bad)} bad files fail" if not failures else "\n".join(failures))
sys.exit(1 if failures else 0)
