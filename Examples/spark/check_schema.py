#!/usr/bin/env python3
"""Fails when records_schema.py drifts from lifelint's documented records.

Derives a Spark type for every record type from docs/schema/report.schema.json
(`$defs/jsonlRecord`, the reference) and compares it with the hand-written StructTypes,
field by field (names and types, in any order); then checks that docs/records.md lists the
same top-level columns.

    python3 check_schema.py [REPO_ROOT]
"""

import json
import re
import sys
from pathlib import Path

from pyspark.sql.types import ArrayType, LongType, MapType, StringType, StructField, StructType

import records_schema


class SchemaError(Exception):
    pass


def resolve(node, defs):
    """Follows `$ref` and unwraps `oneOf [X, null]` (a nullable X: Spark columns all are)."""
    while True:
        if "$ref" in node:
            node = defs[node["$ref"].rsplit("/", 1)[-1]]
        elif "oneOf" in node:
            kept = [n for n in node["oneOf"] if n.get("type") != "null"]
            if len(kept) != 1:
                raise SchemaError(f"cannot map a oneOf of {len(kept)} non-null branches")
            node = kept[0]
        else:
            return node


def json_types(node):
    """The JSON types a node allows, null dropped (enums and consts by their values' types)."""
    if "type" in node:
        kinds = node["type"] if isinstance(node["type"], list) else [node["type"]]
    elif "enum" in node or "const" in node:
        values = node.get("enum", [node.get("const")])
        kinds = sorted({"integer" if isinstance(v, int) else "string" for v in values if v is not None})
    else:
        raise SchemaError(f"no type in {json.dumps(node)[:200]}")
    return [k for k in kinds if k != "null"]


def spark_type(node, defs, where):
    """The Spark type records_schema should use for a JSON Schema node."""
    node = resolve(node, defs)
    kinds = json_types(node)
    if len(kinds) != 1:
        raise SchemaError(f"{where}: several types {kinds}")
    kind = kinds[0]
    if kind == "string":
        return StringType()
    if kind == "integer":
        return LongType()
    if kind == "array":
        return ArrayType(spark_type(node["items"], defs, where + "[]"))
    if kind == "object" and "properties" in node:
        return StructType([StructField(name, spark_type(sub, defs, f"{where}.{name}"), True)
                           for name, sub in node["properties"].items()])
    if kind == "object" and isinstance(node.get("additionalProperties"), dict):
        return MapType(StringType(), spark_type(node["additionalProperties"], defs, where + "{}"))
    raise SchemaError(f"{where}: cannot map {json.dumps(node)[:200]}")


def canonical(kind):
    """A comparable form of a Spark type: fields sorted by name, nullability ignored."""
    if isinstance(kind, StructType):
        return {"struct": sorted((f.name, canonical(f.dataType)) for f in kind.fields)}
    if isinstance(kind, ArrayType):
        return {"array": canonical(kind.elementType)}
    if isinstance(kind, MapType):
        return {"map": [canonical(kind.keyType), canonical(kind.valueType)]}
    return kind.simpleString()


def documented_types(schema):
    """Record type name -> Spark type, from `$defs/jsonlRecord`'s branches."""
    defs = schema["$defs"]
    result = {}
    for branch in defs["jsonlRecord"]["oneOf"]:
        name = resolve(branch["properties"]["type"], defs)["const"]
        result[name] = spark_type(branch, defs, name)
    return result


def differences(expected, actual, where):
    """Human-readable differences between two canonical types."""
    if expected == actual:
        return []
    if isinstance(expected, dict) and isinstance(actual, dict) and "struct" in expected and "struct" in actual:
        want, have = dict(expected["struct"]), dict(actual["struct"])
        out = [f"{where}.{n}: documented, missing from records_schema" for n in sorted(want.keys() - have.keys())]
        out += [f"{where}.{n}: in records_schema, not documented" for n in sorted(have.keys() - want.keys())]
        for name in sorted(want.keys() & have.keys()):
            out += differences(want[name], have[name], f"{where}.{name}")
        return out
    return [f"{where}: documented {json.dumps(expected)}, records_schema has {json.dumps(actual)}"]


def table_columns(markdown):
    """`## \\`type\\`` section -> its table's column names, from docs/records.md."""
    tables, current = {}, None
    for line in markdown.splitlines():
        heading = re.match(r"^## `(\w+)`", line)
        if heading:
            current = tables.setdefault(heading.group(1), [])
        cell = re.match(r"^\| `(\w+)` \|", line)
        if cell and current is not None:
            current.append(cell.group(1))
    return tables


def main(root):
    schema = json.loads((root / "docs/schema/report.schema.json").read_text())
    documented = documented_types(schema)
    problems = []
    for name in sorted(documented.keys() | records_schema.SCHEMAS.keys()):
        if name not in records_schema.SCHEMAS:
            problems.append(f"{name}: documented record type missing from records_schema")
        elif name not in documented:
            problems.append(f"{name}: in records_schema, not in $defs/jsonlRecord")
        else:
            problems += differences(canonical(documented[name]),
                                    canonical(records_schema.SCHEMAS[name]), name)
    for name, columns in table_columns((root / "docs/records.md").read_text()).items():
        have = [f.name for f in records_schema.SCHEMAS.get(name, StructType()).fields]
        if sorted(columns) != sorted(have):
            problems.append(f"docs/records.md `{name}` columns {sorted(columns)} != records_schema {sorted(have)}")
    for problem in problems:
        print(f"check_schema: {problem}", file=sys.stderr)
    if problems:
        return 1
    print(f"check_schema: ok ({len(documented)} record types match $defs/jsonlRecord and docs/records.md)")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1] if len(sys.argv) > 1 else Path(__file__).resolve().parents[2])))
