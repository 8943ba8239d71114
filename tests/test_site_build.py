"""The static site's build, in the parts that need no network: the pages' patch, the wheels' pruning,
the wheels the build makes itself, and the lock naming them. (``tests/browser/test_site.py`` builds the
whole site and opens it in Chromium.)"""

from __future__ import annotations

import io
import json
import zipfile

import pytest

from samurai_lab.tools.site import packages, page

PAGE = """<html><head></head><body>
<script id="jupyter-config-data" type="application/json">
{"baseUrl": "../../", "notebookSrc": {"metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3"}},
 "cells": [{"source": "x = '</b>'"}]}, "litePluginSettings": {}}
</script>
<script src="/voici/build/voici.js"></script>
</body></html>"""


def config_of(html: str) -> dict:
    found = page.CONFIG_TAG.search(html)
    return json.loads(found.group(2))


def test_the_bridge_runs_right_after_the_configuration():
    patched = page.patch_page(PAGE)
    end_of_config = patched.index("</script>", patched.index('id="jupyter-config-data"'))
    bridge = patched.index("QUERY_STRING")
    main = patched.index("voici.js")
    assert end_of_config < bridge < main
    assert '<script src="../build/voici.js"></script>' in patched  # found from any sub-path


def test_the_configuration_names_the_pyodide_kernel_and_keeps_its_text():
    config = config_of(page.patch_page(PAGE))
    assert config["notebookSrc"]["metadata"]["kernelspec"]["name"] == "python"
    assert config["notebookSrc"]["cells"][0]["source"] == "x = '</b>'"  # escaped in the page, intact in JSON


def test_a_page_without_configuration_is_refused():
    with pytest.raises(ValueError):
        page.patch_page("<html><body></body></html>")


@pytest.mark.parametrize("member, kept", [
    ("networkx/algorithms/tests/test_cycles.py", False),
    ("ipycanvas-0.14.3.data/data/share/jupyter/labextensions/ipycanvas/package.json", False),
    ("ipycanvas/labextension/static/remoteEntry.js", False),
    ("traitlets/traitlets.py", True),
    ("IPython/testing/skipdoctest.py", True),  # IPython imports it at start
    ("prompt_toolkit/py.typed", True),
    ("foo/bar.pyi", False),
])
def test_wheels_are_pruned_of_what_no_page_uses(member, kept):
    assert packages.keep(member) is kept


def test_a_made_wheel_is_installable_and_its_record_is_complete():
    data = packages.wheel_bytes("demo-pkg", "1.0", [("demo_pkg/__init__.py", b"X = 1\n")], "a demo")
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = set(z.namelist())
        record = z.read("demo_pkg-1.0.dist-info/RECORD").decode()
    assert names == {"demo_pkg/__init__.py", "demo_pkg-1.0.dist-info/METADATA", "demo_pkg-1.0.dist-info/WHEEL",
                     "demo_pkg-1.0.dist-info/RECORD"}
    assert all(n in record for n in names)


def test_the_stand_ins_are_the_shims_only():
    data = packages.shim_wheel(next(w for w in packages.SHIM_WHEELS if w.name == "numpy"))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        code = [n for n in z.namelist() if n.endswith(".py")]
    assert code == ["numpy/__init__.py"]


def test_the_apps_wheel_carries_the_bundled_files_and_no_server_tools():
    from samurai_lab.common.resources import notebooks_dir, scenarios_dir, thumbs_dir

    data = packages.app_wheel(notebooks_dir(), scenarios_dir(), thumbs_dir())
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = z.namelist()
    assert "samurai_lab/bundled/notebooks/explorer.ipynb" in names
    assert any(n.startswith("samurai_lab/bundled/scenarios/katana/") for n in names)
    assert any(n.endswith(".mo") for n in names) and not any(n.endswith(".po") for n in names)
    assert [n for n in names if n.startswith("samurai_lab/tools/")] == ["samurai_lab/tools/__init__.py"]
    assert not any("/saved/" in n for n in names)


def test_every_dependency_in_the_lock_is_in_the_lock():
    names = {w.name for w in (*packages.PYPI_WHEELS, *packages.KERNEL_WHEELS, *packages.SHIM_WHEELS,
                              packages.APP_WHEEL)} | set(packages.EMPTY_PACKAGES)
    for w in (*packages.PYPI_WHEELS, *packages.KERNEL_WHEELS, packages.APP_WHEEL):
        assert set(w.depends) <= names, w.name
    assert {n.replace("_", "-") for n in packages.KERNEL_PRELOAD} <= names


def test_the_piplite_stand_in_installs_nothing_and_configures_ipython():
    data = packages.shim_wheel(next(w for w in packages.SHIM_WHEELS if w.name == "piplite"))
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        names = set(z.namelist())
        config = json.loads(z.read("piplite-0.0.0.data/data/etc/ipython/ipython_config.json"))
    assert {"piplite/__init__.py", "piplite/piplite.py"} <= names
    assert config == {"InteractiveShellApp": {"ignore_cwd": True}}  # IPython keeps the file store out too
    assert "micropip" in packages.EMPTY_PACKAGES
    assert not {"micropip", "packaging"} & {w.name for w in packages.PYPI_WHEELS}


def test_the_piplite_stand_in_takes_the_working_folder_out_of_the_import_path(monkeypatch):
    import asyncio
    import importlib.util
    import sys

    monkeypatch.setattr(sys, "path", ["", *sys.path, ""])
    spec = importlib.util.spec_from_file_location("piplite_stand_in", packages.SHIMS / "piplite" / "piplite.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert "" not in sys.path
    with pytest.raises(RuntimeError, match="installs no packages"):
        asyncio.run(module.install("anything"))


WORKER = ('async function onFetch(e){const{request:t}=e,a=new URL(e.request.url);let n=null;'
          'shouldBroadcast(a)?n=broadcastOne(t,a):shouldDrop(t,a)||(n=maybeFromCache(e)),n&&e.respondWith(n)}')


def test_the_service_worker_answers_only_the_file_store(tmp_path):
    from samurai_lab.tools.site import service_worker

    (tmp_path / "service-worker.js").write_text(WORKER, encoding="utf-8")
    patched = service_worker.patch_service_worker(tmp_path).read_text(encoding="utf-8")
    assert "maybeFromCache(e)" not in patched and "shouldBroadcast(a)&&(n=broadcastOne(t,a))" in patched
    assert service_worker.patch_service_worker(tmp_path).read_text(encoding="utf-8") == patched  # once only


def test_an_unknown_service_worker_fails_the_build(tmp_path):
    from samurai_lab.tools.site import service_worker
    from samurai_lab.tools.site.toolchain import BuildError

    (tmp_path / "service-worker.js").write_text("self.addEventListener('fetch', f)", encoding="utf-8")
    with pytest.raises(BuildError, match="fetch handler"):
        service_worker.patch_service_worker(tmp_path)


def test_pygments_keeps_the_lexers_a_page_may_reach_and_what_they_import():
    data = packages.wheel_bytes("pygments", "2.19.1", [
        ("pygments/__init__.py", b""), ("pygments/lexers/__init__.py", b""), ("pygments/lexers/_mapping.py", b""),
        ("pygments/lexers/python.py", b"from pygments.lexers.css import CssLexer\n"),
        ("pygments/lexers/css.py", b""), ("pygments/lexers/cobol.py", b""), ("pygments/styles/default.py", b"")],
        "a demo")
    with zipfile.ZipFile(io.BytesIO(packages.repack(data, packages.pygments_keep(data)))) as z:
        names = {n for n in z.namelist() if n.startswith("pygments/")}
    assert names == {"pygments/__init__.py", "pygments/lexers/__init__.py", "pygments/lexers/_mapping.py",
                     "pygments/lexers/python.py", "pygments/lexers/css.py", "pygments/styles/default.py"}


VOICI_APP = ('const u=r.sessions;await u.ready;const p=new l.NotebookModel;p.fromString(i.PageConfig.getOption("notebookSrc"));'
             'window.update_loading_text(0,0,"Starting up kernel...");const e=new s.KernelWidgetManager(j,c);')


def test_voicis_page_code_makes_no_per_cell_history_and_asks_a_new_kernel_for_no_widgets(tmp_path):
    from samurai_lab.tools.site import frontend

    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "5981.js").write_text(VOICI_APP, encoding="utf-8")
    (build / "1060.js").write_text("const e=new s.KernelWidgetManager(j,c);", encoding="utf-8")  # not the page code
    assert frontend.patch_voici(tmp_path) == [build / "5981.js"]
    patched = (build / "5981.js").read_text(encoding="utf-8")
    assert "new l.NotebookModel({disableDocumentWideUndoRedo:!1});p.fromString(" in patched
    assert "new(class extends s.KernelWidgetManager{restoreWidgets(){" in patched and patched.endswith("})(j,c);")
    assert (build / "1060.js").read_text(encoding="utf-8") == "const e=new s.KernelWidgetManager(j,c);"


def test_an_unknown_voici_fails_the_build(tmp_path):
    from samurai_lab.tools.site import frontend
    from samurai_lab.tools.site.toolchain import BuildError

    build = tmp_path / "voici" / "build"
    build.mkdir(parents=True)
    (build / "5981.js").write_text('"Starting up kernel..."; new NotebookModel()', encoding="utf-8")
    with pytest.raises(BuildError, match="frontend.py"):
        frontend.patch_voici(tmp_path)


def test_pyodides_webassembly_is_shipped_gzipped_and_unpacked_as_it_arrives(tmp_path):
    import gzip

    from samurai_lab.tools.site import frontend

    wasm = bytes(range(256)) * 100
    (tmp_path / "pyodide.asm.wasm").write_bytes(wasm)
    (tmp_path / "pyodide.js").write_text('x;let{binary:t,response:n}=A(e+"pyodide.asm.wasm"),i=Z();y', encoding="utf-8")
    packed = frontend.compress_wasm(tmp_path)
    assert gzip.decompress(packed.read_bytes()) == wasm and not (tmp_path / "pyodide.asm.wasm").exists()
    loader = (tmp_path / "pyodide.js").read_text(encoding="utf-8")
    assert 'new URL(e+"pyodide.asm.wasm",location)' in loader and 'fetch(u+".gz")' in loader
    assert 'DecompressionStream("gzip")' in loader and '"Content-Type":"application/wasm"' in loader
    assert 'caches.open("samurai-lab-pyodide-0.29.0")' in loader  # kept unpacked for the next pages
    assert loader.startswith("x;let{binary:t,response:n}={response:(async()=>{") and loader.endswith("})()},i=Z();y")
    assert "\n" not in loader


def test_the_site_ships_the_networkx_stand_in():
    assert "networkx" in {w.name for w in packages.SHIM_WHEELS}
    assert "networkx" not in {w.name for w in packages.PYPI_WHEELS}


def test_ipython_imports_its_terminal_only_when_embed_is_called_and_prompt_toolkit_is_not_shipped():
    from samurai_lab.tools.site.toolchain import BuildError

    init = b"from .core.application import Application\nfrom .terminal.embed import embed\n\nX = 1\n"
    data = packages.wheel_bytes("ipython", "9.0.2", [("IPython/__init__.py", init)], "a demo")
    with zipfile.ZipFile(io.BytesIO(packages.edited(data, packages.IPYTHON_EMBED))) as z:
        source = z.read("IPython/__init__.py").decode()
    assert "from .terminal.embed import embed\n" not in source and "def embed(**kwargs):" in source
    namespace: dict = {}
    exec(compile(source.replace("from .core.application import Application\n", ""), "init", "exec"), namespace)
    assert callable(namespace["embed"]) and namespace["X"] == 1
    with pytest.raises(BuildError, match="packages.py"):
        packages.edited(packages.wheel_bytes("ipython", "9.0.2", [("IPython/__init__.py", b"X = 1\n")], "a demo"),
                        packages.IPYTHON_EMBED)
    names = {w.name for w in packages.PYPI_WHEELS}
    assert not {"prompt-toolkit", "wcwidth"} & names
    assert all("prompt-toolkit" not in w.depends for w in packages.PYPI_WHEELS)


def test_long_style_sheets_are_shared_by_the_pages_and_short_ones_stay(tmp_path):
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    big = "body { color: red; background: url(data:image/png;base64,AAAA); }" * 100
    relative = ".x { background: url(../pic.png); }" * 100  # would point elsewhere from another folder
    for name in ("a", "b"):
        (render / f"{name}.html").write_text(
            f'<head><style type="text/css">{big}</style><style type="text/css">p {{ margin: 0 }}</style>'
            f'<style type="text/css">{relative}</style></head>', encoding="utf-8")
    written = page.share_styles(tmp_path)
    assert len(written) == 1 and written[0].read_text(encoding="utf-8") == big
    for name in ("a", "b"):
        html = (render / f"{name}.html").read_text(encoding="utf-8")
        assert f'<link rel="stylesheet" type="text/css" href="../styles/{written[0].name}">' in html
        assert big not in html and "p { margin: 0 }" in html and relative in html
    assert (render / "a.html").read_text(encoding="utf-8") == (render / "b.html").read_text(encoding="utf-8")


def test_the_site_bench_prints_the_largest_first_page_and_the_slowest_cold_start(capsys):
    from samurai_lab.tools.bench_site import print_figures

    figures = {"site_mb": 22.6, "files": 300, "apps": {"index": {"page_ready_cold_s": 5.1, "mb_fetched": 17.3},
                                                       "explorer": {"page_ready_cold_s": 4.2, "mb_fetched": 18.2}}}
    print_figures(figures, as_json=True)
    printed = json.loads(capsys.readouterr().out)
    assert printed["first_page_mb_max"] == 18.2 and printed["page_ready_cold_s_max"] == 5.1
    print_figures(figures, as_json=False)
    assert "at most 18.2 MB fetched (target 20.0)" in capsys.readouterr().out
