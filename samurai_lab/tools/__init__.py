"""The command line and serving tools: ``samurai-lab`` (``cli``), ``serve``, and the benchmarks
(``bench`` for the engine, ``bench_apps`` / ``bench_browser`` for the apps in Chromium,
``bench_render`` for the renderers)."""
