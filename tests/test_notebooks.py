"""Every notebook executes headless, and is committed without outputs.

Widget callbacks never run under a notebook executor: interaction is tested
in the browser (tests/browser/).
"""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

REPO_ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO_ROOT / "notebooks"
TRIVIAL_APP = REPO_ROOT / "benchmarks" / "trivial_app.ipynb"

APP_NOTEBOOKS = sorted(NOTEBOOKS.glob("*.ipynb"))
ALL_NOTEBOOKS = [*APP_NOTEBOOKS, TRIVIAL_APP]


def _id(path: Path) -> str:
    return path.relative_to(REPO_ROOT).as_posix()


@pytest.mark.notebook
@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=_id)
def test_notebook_executes(path: Path, tmp_path: Path) -> None:
    """Run every cell with a python3 kernel in the notebook's folder; no cell may fail."""
    nb = nbformat.read(path, as_version=4)
    # the kernel talks over files of its own (as the test servers' kernels do), not over TCP ports that
    # another process of a parallel test run may take between their choice and the kernel's start
    kernel = KernelManager(kernel_name="python3", transport="ipc", connection_file=str(tmp_path / "kernel.json"))
    client = NotebookClient(
        nb,
        km=kernel,
        timeout=300,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )
    try:
        client.execute()  # raises CellExecutionError on the first failing cell
    finally:
        kernel.shutdown_kernel(now=True)  # nbclient leaves a kernel it was given running
    errors = [
        out
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
        if out.get("output_type") == "error"
    ]
    assert not errors, errors


@pytest.mark.parametrize("path", ALL_NOTEBOOKS, ids=_id)
def test_notebook_committed_clean(path: Path) -> None:
    """No outputs, no execution counts, no saved widget state; python3 kernel."""
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert nb.nbformat == 4
    assert nb.metadata.get("kernelspec", {}).get("name") == "python3"
    assert "widgets" not in nb.metadata, "saved widget state: clear it before committing"
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        assert cell.get("outputs") == [], f"cell {index} has outputs"
        assert cell.get("execution_count") is None, f"cell {index} has an execution count"
