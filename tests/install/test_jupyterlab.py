"""`make notebooks` opens the notebooks folder in JupyterLab (the notebooks extra, part of the test extra): its server
starts headless on localhost, answers, lists the notebooks and stops."""

from __future__ import annotations

import json
import secrets
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answer(url: str, seconds: float, server: subprocess.Popen[bytes]) -> bytes:
    """The body that `url` answers with, asked again until it answers or `seconds` pass (or the server exits)."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as reply:
                return bytes(reply.read())
        except urllib.error.HTTPError:
            raise
        except (urllib.error.URLError, ConnectionError):
            if server.poll() is not None:
                raise AssertionError(f"JupyterLab exited: {server.communicate()[1].decode()[-2000:]}") from None
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_jupyterlab_serves_the_notebooks_folder_and_stops(tmp_path: Path) -> None:
    port, token = free_port(), secrets.token_hex(16)
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
         "--ServerApp.port_retries=0",
         "--ServerApp.allow_root=True", f"--IdentityProvider.token={token}", f"--ServerApp.root_dir={ROOT / 'notebooks'}"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        env={"PATH": str(Path(sys.executable).parent), "HOME": str(tmp_path), "JUPYTER_RUNTIME_DIR": str(tmp_path / "rt")})
    try:
        base = f"http://127.0.0.1:{port}"
        page = answer(f"{base}/lab?token={token}", 90, server).decode()
        assert "JupyterLab" in page
        listed = json.loads(answer(f"{base}/api/contents?token={token}", 10, server))
        names = {item["name"] for item in listed["content"]}
        assert {path.name for path in (ROOT / "notebooks").glob("*.ipynb")} <= names
        try:
            answer(f"{base}/api/contents?token=wrong", 0, server)
            raise AssertionError("the server answered a wrong token")
        except urllib.error.HTTPError as refused:
            assert refused.code == 403
    finally:
        server.terminate()
        server.wait(timeout=30)
    assert server.returncode is not None
    with pytest.raises(ConnectionRefusedError):  # nothing listens on the port any more: the server stopped
        socket.create_connection(("127.0.0.1", port), timeout=5).close()
