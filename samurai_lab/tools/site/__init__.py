"""The static site: every app as a page that runs its Python in the visitor's browser (Voici, Pyodide).

``samurai-lab site OUT`` (:mod:`.command`) builds it from PyPI and npm alone (:mod:`.build`); ``docs/site.md``
explains the whole, and each module its part.
"""
