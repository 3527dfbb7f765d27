# Two commands do everything: `make serve` (set up, build, serve with live reload) and
# `make test` (set up, get a browser, lint, type-check, run every test). Both are safe to run again.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
SITE   := build/site
export NO_MKDOCS_2_WARNING := 1
export PYTHONDONTWRITEBYTECODE := 1

.PHONY: serve test shots lint build setup browser bench bench-phone clean

serve: setup
	$(VENV)/bin/mkdocs serve --livereload -a 127.0.0.1:8000

# Tests run in JOBS processes (pytest-xdist; one more than the cores by default, as a browser test spends part of its
# time waiting on its page): the site is built once for all of them, in the
# background while the tests that need no site run (tests/conftest.py orders them so; xdist keeps that order), each
# has its own Chromium, and each other engine of the cross-engine tier runs in one of them. JOBS=0 runs them all here.
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))
test: setup browser lint
	$(PY) -m pytest --numprocesses $(JOBS) --dist loadgroup --no-loadscope-reorder

# The screenshot tests alone (left out of `make test`): pages phone and desktop, light and dark, saved under
# SHOTS (a folder outside the repository by default) for a person to look at.
SHOTS ?= $(or $(TMPDIR),/tmp)/combat-rules-shots
shots: setup browser
	$(PY) -m pytest -m shots --shots --shots-dir "$(SHOTS)" $(PYTEST_ARGS)
	@echo "screenshots in $(SHOTS)"

# ruff over the repository and mypy (strict) over pycore and the build plugin, both configured in pyproject.toml;
# then the JavaScript: TypeScript's checker over its JSDoc types (tsconfig.json, and tsconfig.workers.json for the
# workers), ESLint (eslint.config.mjs) and the unit tests of its pure functions under Node (tests/js/).
lint: setup
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	npx --no-install tsc -p tsconfig.json
	npx --no-install tsc -p tsconfig.workers.json
	npx --no-install eslint .
	node --test tests/js/

build: setup
	$(VENV)/bin/mkdocs build --strict

# Start-up and latency of the calculators against a bare PyScript page, on the desktop profile and then the
# phone profiles (first visit over a shaped link, CPU slowed); not part of `make test`. Writes build/bench.json
# and build/bench-phone.json and prints their tables; BENCH_ARGS="--runs 3" and so on.
bench: setup browser
	$(PY) tests/bench/bench.py $(BENCH_ARGS)
	$(PY) tests/bench/bench.py --profile phones $(BENCH_ARGS)

# The phone profiles alone.
bench-phone: setup browser
	$(PY) tests/bench/bench.py --profile phones $(BENCH_ARGS)

setup: $(VENV)/.installed node_modules/.installed

$(PY):
	@$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python 3.11+ is needed, found " + sys.version.split()[0]'
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: pyproject.toml requirements.lock | $(PY)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c requirements.lock -e '.[docs,test]'
	touch $@

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# The browsers for the tests. Chromium: the system one when there is one, Debian's package when we are root,
# otherwise Playwright's own build (which needs a network that can download it). The cross-engine tier
# (tests/engines/) also drives Firefox ESR over WebDriver BiDi and WebKitGTK's MiniBrowser through
# WebKitWebDriver on an Xvfb display: Debian's firefox-esr, webkit2gtk-driver and xvfb, installed when
# missing and we are root (nothing is downloaded at run time).
ENGINE_PACKAGES := firefox-esr:/usr/bin/firefox-esr webkit2gtk-driver:/usr/bin/WebKitWebDriver xvfb:/usr/bin/Xvfb
browser:
	@if [ -x "$${CHROMIUM:-/usr/bin/chromium}" ]; then \
		echo "browser: $${CHROMIUM:-/usr/bin/chromium}"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; \
	else \
		$(VENV)/bin/playwright install chromium; \
	fi
	@missing=""; for entry in $(ENGINE_PACKAGES); do \
		[ -x "$${entry#*:}" ] || missing="$$missing $${entry%%:*}"; \
	done; \
	if [ -z "$$missing" ]; then \
		echo "engines: firefox-esr, WebKitWebDriver, Xvfb"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
	else \
		echo "engines: missing$$missing (install them with apt-get as root); the tier's tests for them will fail"; \
	fi

clean:
	rm -rf build .pytest_cache
