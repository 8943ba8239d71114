"""The static site: every app as a page that runs its Python in the visitor's browser (Voici, Pyodide).

``samurai-lab site OUT`` (:mod:`.command`) builds it from PyPI and npm alone; ``docs/site.md`` explains
the whole. The parts, each in its own module:

* :mod:`.toolchain`: the build's own virtual environment (voici, jupyterlite) and Pyodide's core from npm,
  both cached under ``~/.cache/samurai_lab/site-build``;
* :mod:`.packages`: the wheels the browser's Python loads (the kernel's, the apps', samurai_lab's own and
  the networkx / numpy / Pillow / piplite stand-ins of ``pyodide_shims/``), pruned, as bytecode
  (:mod:`.precompile`), and the ``pyodide-lock.json`` naming them;
* :mod:`.page`: the script each page runs first (its address's options and the browser's languages handed
  to the kernel, the site's sub-path);
* :mod:`.frontend`: Voici's page code without the two warnings it prints on every page, and Pyodide's
  WebAssembly shipped gzipped;
* :mod:`.service_worker`: JupyterLite's service worker, left to carry only the kernel's file requests;
* :mod:`.build`: the JupyterLite build and the pruning of what no page fetches.
"""
