"""The Croissant 1.1 description of an export folder, ``croissant.json`` beside the dataset card.

Croissant (MLCommons) is the JSON-LD description that dataset hubs and loaders read: what the files are (each a
``FileObject`` with its checksum), what a record holds (a ``RecordSet`` per file, its fields typed and pointed at
their column) and where the data came from. Fields are read from the records themselves, so a new format or
metadata key is described without a change here: a list of turns becomes a repeated field with one sub-field per
key of a turn. Each record set says how many records its file holds (the card's count, the file's lines), and the
commands that made the data are the dataset's PROV activities. ``mlcroissant`` reads it back
(tests/test_croissant.py).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from pathlib import Path

CROISSANT_FILE = "croissant.json"
CONFORMS_TO = "http://mlcommons.org/croissant/1.1"
CONTEXT = {  # Croissant 1.1's standard @context, plus PROV for the provenance
    "@language": "en", "@vocab": "https://schema.org/", "arrayShape": "cr:arrayShape", "citeAs": "cr:citeAs",
    "column": "cr:column", "conformsTo": "dct:conformsTo", "containedIn": "cr:containedIn",
    "cr": "http://mlcommons.org/croissant/", "rai": "http://mlcommons.org/croissant/RAI/",
    "data": {"@id": "cr:data", "@type": "@json"}, "dataType": {"@id": "cr:dataType", "@type": "@vocab"},
    "dct": "http://purl.org/dc/terms/", "description": {"@container": "@language"},
    "equivalentProperty": "cr:equivalentProperty", "examples": {"@id": "cr:examples", "@type": "@json"},
    "extract": "cr:extract", "field": "cr:field", "fileProperty": "cr:fileProperty", "fileObject": "cr:fileObject",
    "fileSet": "cr:fileSet", "format": "cr:format", "includes": "cr:includes", "isArray": "cr:isArray",
    "isLiveDataset": "cr:isLiveDataset", "jsonPath": "cr:jsonPath", "key": "cr:key", "md5": "cr:md5",
    "name": {"@container": "@language"}, "parentField": "cr:parentField", "path": "cr:path",
    "prov": "http://www.w3.org/ns/prov#", "recordSet": "cr:recordSet", "references": "cr:references",
    "regex": "cr:regex", "repeated": "cr:repeated", "replace": "cr:replace", "samplingRate": "cr:samplingRate",
    "sc": "https://schema.org/", "separator": "cr:separator", "source": "cr:source", "subField": "cr:subField",
    "transform": "cr:transform",
}
ENCODINGS = {".jsonl": "application/jsonlines", ".json": "application/json"}


def _data_type(values: list[object]) -> str | None:
    """The Croissant type of scalar ``values`` (None values left out), None when they are not one scalar kind."""
    kinds = {type(v) for v in values if v is not None}
    if kinds == {bool}:
        return "sc:Boolean"
    if kinds and kinds <= {int, float}:
        return "sc:Integer" if kinds == {int} else "sc:Float"
    return "sc:Text" if kinds == {str} else None


def _source(file_id: str, column: str, path: str | None = None) -> dict:
    """Where a field's values come from: a column of a JSON Lines file, or the key of every element of a JSON array
    file (Croissant reads those by JSONPath); ``path``, a key within each of the column's elements."""
    extract = {"jsonPath": f"$[*].{column}"} if file_id.endswith(".json") else {"column": column}
    found: dict = {"fileObject": {"@id": file_id}, "extract": extract}
    return found | {"transform": {"jsonPath": path}} if path is not None else found


def _field(set_id: str, file_id: str, column: str, values: list[object]) -> dict | None:
    """The field of one column, read from its values: a scalar, a list of scalars, or a list of objects (turns) with
    a sub-field per key; None for a column of no such shape (or only nulls)."""
    present = [v for v in values if v is not None]
    field = {"@type": "cr:Field", "@id": f"{set_id}/{column}", "name": column}
    if present and all(isinstance(v, list) for v in present):
        items = [item for v in present for item in v]
        field |= {"isArray": True, "arrayShape": "-1"}
        if items and all(isinstance(item, dict) for item in items):
            if file_id.endswith(".json"):
                return None  # Croissant reads a JSON array file by JSONPath, which cannot keep turns per record
            keys = list(dict.fromkeys(k for item in items for k in item))
            subs = [{"@type": "cr:Field", "@id": f"{set_id}/{column}/{key}", "name": key, "dataType": kind,
                     "source": _source(file_id, column, key)}
                    for key in keys if (kind := _data_type([item.get(key) for item in items])) is not None]
            return field | {"subField": subs} if subs else None
        kind = _data_type(items)
        return field | {"dataType": kind, "source": _source(file_id, column)} if kind else None
    kind = _data_type(present)
    return field | {"dataType": kind, "source": _source(file_id, column)} if kind else None


def _record_set(file: str, records: list[dict], what: str) -> dict:
    set_id = file.replace(".", "-")
    columns = list(dict.fromkeys(k for r in records for k in r))
    fields = {c: _field(set_id, file, c, [r.get(c) for r in records]) for c in columns}
    left = [f"`{c}`" for c, f in fields.items() if f is None]
    note = f" ({', '.join(left)} left out: no Croissant field reads it here)" if left else ""
    return {"@type": "cr:RecordSet", "@id": set_id, "name": set_id,
            "description": f"{len(records)} records, one per task: {what}{note}",
            "field": [f for f in fields.values() if f is not None]}


def _file_object(folder: Path, file: str, what: str) -> dict:
    path = folder / file
    return {"@type": "cr:FileObject", "@id": file, "name": file, "description": what, "contentUrl": file,
            "encodingFormat": ENCODINGS[path.suffix], "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}


def describe(folder: Path, files: Iterable[tuple[str, str, list[dict]]], commands: list[str],
             served: list[str], summary: str) -> dict:
    """The Croissant document of ``folder``: ``files`` are (name, what it holds, its records), ``commands`` made
    them, from the task folders ``served`` (relative to ``folder``)."""
    distribution, record_sets = [], []
    for name, what, records in files:
        distribution.append(_file_object(folder, name, what))
        record_sets.append(_record_set(name, records, what))
    return {"@context": CONTEXT, "@type": "sc:Dataset", "conformsTo": CONFORMS_TO,
            "name": "agentgen-sym agent trajectories", "description": summary,
            "keywords": ["agent", "planning", "pddl", "synthetic"], "inLanguage": "en",
            "distribution": distribution, "recordSet": record_sets,
            "prov:wasDerivedFrom": [{"@id": path, "name": path, "description": "task folder: domain.pddl, problems "
                                     "and tasks.jsonl (serve it to play the tasks)"} for path in served],
            "prov:wasGeneratedBy": [{"@type": "prov:Activity", "name": command, "description": "command line"}
                                    for command in commands]}


def render(document: dict) -> str:
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
