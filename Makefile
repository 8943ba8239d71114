# Samurai Lab: build, test and serve.  Needs only python3 (3.10+) to start;
# everything else goes into .venv.  `make help` lists the targets.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip
CHROMIUM ?= /usr/bin/chromium

.DEFAULT_GOAL := help

# Python keeps the bytecode it compiles (__pycache__), also where the environment says not to: every kernel,
# server and test process would otherwise compile the package and its libraries again (2 s of CPU a kernel).
unexport PYTHONDONTWRITEBYTECODE
.PHONY: help serve test test-fast bench screenshots chromium chromium-headless-shell postgresql catalogs dist site clean distclean

help:  ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/'

# The venv itself; removed again if creating it fails halfway.
$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' || \
	  { echo "Python 3.10 or newer is needed ($(PYTHON) is older); try: make PYTHON=python3.11 ..."; exit 1; }
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); \
	  echo "Could not create $(VENV). On Debian/Ubuntu: sudo apt-get install -y python3-venv"; exit 1; }

# Stamps: (re)install only when pyproject.toml is newer than the last install. uv installs (with pip's settings
# of the machine: samurai_lab/tools/uv_pip.py) in seconds what pip takes minutes over; pip if uv cannot be had.
UV_PIP := $(BIN)/python samurai_lab/tools/uv_pip.py
define install
	{ $(PIP) install -q uv && $(UV_PIP) -e '.[$(1)]'; } || $(PIP) install -e '.[$(1)]'
endef

$(VENV)/.installed-app: pyproject.toml | $(BIN)/python
	$(call install,app)
	@touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(call install,test)
	@touch $@ $(VENV)/.installed-app

serve: $(VENV)/.installed-app  ## run the apps in the browser (voila on 127.0.0.1:8866)
	$(BIN)/samurai-lab serve

# Debian's packages the tests need, installed as root when missing: $(call debian,NAME,CHECK,WHAT) runs CHECK
# (a shell test that the package is there), else installs NAME as root or says the command.
define debian
	@if $(2); then \
	  echo "$(1): present"; \
	elif [ "$$(id -u)" = 0 ]; then \
	  echo "Installing Debian's $(1)..."; \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(1); \
	else \
	  echo "$(3) is missing. Install it, then run make again:"; \
	  echo "    sudo apt-get update && sudo apt-get install -y $(1)"; \
	  exit 1; \
	fi
endef

# Debian's Chromium drives the browser tests (Playwright cannot download browsers here).
chromium:  ## make sure a Chromium is installed (as root: apt-get)
	$(call debian,chromium,[ -x "$(CHROMIUM)" ] || command -v chromium >/dev/null 2>&1,Chromium)

# Chromium's headless shell (Debian's too): the same engine without the browser's own windows, which the browser
# tests launch when it is there (a second of CPU less a page: tests/browser/helpers.py).
chromium-headless-shell:  ## make sure Chromium's headless shell is installed (as root: apt-get)
	$(call debian,chromium-headless-shell,[ -x /usr/bin/chromium-headless-shell ],Chromium's headless shell)

# Debian's PostgreSQL: the tests start a server of their own in a temporary folder (the game store).
postgresql:  ## make sure PostgreSQL's programs are installed (as root: apt-get)
	$(call debian,postgresql,ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1,PostgreSQL)

# Tests run in TEST_JOBS processes (pytest-xdist); TEST_JOBS=0 runs them in this one. Three on two cores: much of
# a browser test is waiting (for a kernel, a server, a page), which a third process fills. Four finish sooner but
# load the cores enough that pages answer a first click late.
TEST_JOBS ?= 3
FAST_TESTS := not browser and not slow and not notebook and not server

test: $(VENV)/.installed-test chromium chromium-headless-shell postgresql  ## all tests: unit, property, scenario, notebook, browser, binder
	$(BIN)/python -m pytest -n $(TEST_JOBS)

test-fast: $(VENV)/.installed-test  ## the tests without a browser, a server, a notebook or a venv, for the edit loop
	$(BIN)/python -m pytest -n $(TEST_JOBS) -m "$(FAST_TESTS)"

screenshots: $(VENV)/.installed-test chromium  ## refresh docs/screenshots/ from the browser tests
	SAMURAI_SCREENSHOTS_DIR=docs/screenshots $(BIN)/python -m pytest tests/browser -q
	rm -f docs/screenshots/trivial_app.png
	$(BIN)/python -c "from pathlib import Path; from samurai_lab.ui.landing import make_thumbnails; \
		make_thumbnails(Path('docs/screenshots'))"

bench: $(VENV)/.installed-test chromium  ## print the speed figures: engine, and the apps in Chromium
	$(BIN)/samurai-lab bench --browser

catalogs: $(VENV)/.installed-app  ## compile the translation catalogs (.po -> .mo) with Babel: the same .po, the same bytes
	$(BIN)/python -m samurai_lab.i18n.compile

dist: $(VENV)/.installed-test  ## build the sdist and the wheel into dist/ (what `pip install samurai_lab` installs)
	rm -rf dist
	$(BIN)/python -m build --outdir dist .

SITE ?= site
site: $(VENV)/.installed-app  ## build the static site into $(SITE)/ (the apps run in the browser; any static host)
	$(BIN)/samurai-lab site $(SITE)

clean:  ## remove caches and test output (keeps the venv)
	rm -rf build dist *.egg-info .pytest_cache .hypothesis test-results tests/.artifacts
	find . -path ./$(VENV) -prune -o -type d \( -name __pycache__ -o -name .ipynb_checkpoints \) -print -exec rm -rf {} +

distclean: clean  ## also remove the venv
	rm -rf $(VENV)
