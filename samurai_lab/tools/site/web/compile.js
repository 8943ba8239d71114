const [core, site, skip] = process.argv.slice(2);
const { loadPyodide } = await import(core + "/pyodide.mjs");
const py = await loadPyodide({ indexURL: core + "/", lockFileURL: site + "/pyodide-lock.json",
                               stdout: (s) => console.log(s), stderr: (s) => console.error(s) });
py.FS.mkdir("/site");
py.FS.mount(py.FS.filesystems.NODEFS, { root: site }, "/site");
py.globals.set("SKIP", py.toPy(JSON.parse(skip)));
py.runPython(process.env.SAMURAI_COMPILE_PY);
