"""`cardavia serve`: the site under uvicorn, one process, SQLite."""

from __future__ import annotations

import uvicorn

from cardavia.web.app import create_app, default_db_path


def serve(host: str, port: int, db: str | None) -> None:
    path = db or default_db_path()
    app = create_app(path)  # opens the deals file: a bad one stops here, before the banner
    print(f"Cardavia on http://{host}:{port}/ (deals in {path})", flush=True)
    uvicorn.run(app, host=host, port=port, log_level="warning")
