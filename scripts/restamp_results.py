"""Bind arena results files (`cardavia arena --results`) to the current playing code, after a
change that does not alter play (a refactor, a faster engine): only once `scripts/same_play.py`
gives the same lines on the code that began the files and on this code. The header's fingerprint
is the one thing rewritten; the groups stay as played. docs/ai.md says when it was done.

    .venv/bin/python scripts/restamp_results.py FILE.jsonl [...]
"""

import json
import sys
from pathlib import Path

from cardavia.ai.results import fingerprint

for name in sys.argv[1:]:
    path = Path(name)
    header, *rows = path.read_text(encoding="utf-8").splitlines(keepends=True)
    old = json.loads(header)
    new = {**old, "code": fingerprint(game=old["game"])}
    path.write_text(json.dumps(new) + "\n" + "".join(rows), encoding="utf-8")
    print(f"{path}: {old['code']} -> {new['code']}, {len(rows)} groups kept")
