# benchsite: plain make with pkg-config. Local overrides (compiler,
# sanitizers) go in Makefile.local, which is not tracked.

PREFIX ?= /usr/local
BINDIR ?= $(PREFIX)/bin
MANDIR ?= $(PREFIX)/share/man
DATADIR ?= $(PREFIX)/share/benchsite
PKG_CONFIG ?= pkg-config
CC ?= cc
VERSION = 0.1.0

# Debian packages providing each pkg-config module (see "make deps").
PKGS = jansson libxml-2.0 cairo freetype2 libcmark libxxhash libpng zlib
DEB_PKGS = pkg-config libjansson-dev libxml2-dev libcairo2-dev libpng-dev \
	libfreetype-dev libcmark-dev libxxhash-dev zlib1g-dev fonts-dejavu-core libcmocka-dev \
	bonnie++ valgrind libxml2-utils chromium mandoc locales clang strace fio \
	python3
# Only "make bench" needs these (and installs them when missing).
BENCH_PKGS = hyperfine gnuplot-nox python3-matplotlib time jq

WARN = -Wall -Wextra -Wmissing-prototypes -Wstrict-prototypes \
	-Wwrite-strings -Wshadow -Wno-unused-parameter
CFLAGS ?= -O2 -g
ALL_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE \
	-DBENCHSITE_VERSION='"$(VERSION)"' -DBENCHSITE_DATADIR='"$(DATADIR)"' \
	$(WARN) $(CFLAGS) \
	$(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)
LIBS = $(shell $(PKG_CONFIG) --libs $(PKGS) 2>/dev/null) -lm -pthread

-include Makefile.local

B ?= build
# The processors "make check" compiles with (its tests run in lanes).
NPROC := $(shell nproc 2>/dev/null || echo 2)
# The stages in the order data flows through them (gen/README.md): each
# folder may include only the folders before it (tests/layers.sh checks).
SRCS = base/utf8.c base/xalloc.c base/diag.c base/fileio.c base/buf.c \
	base/twothreads.c \
	base/hashmap.c base/sortednames.c \
	read/result.c read/units.c read/lines.c read/reader_ctx.c \
	read/bonnie_csv.c read/bonnie_text.c read/bonnie_html.c \
	read/fio_result.c read/fio_json_walk.c read/fio_json.c \
	read/fio_stream.c read/fio_terse.c read/fio_text.c \
	read/fio_read.c read/fio_jobfile.c read/fio_key.c read/reader.c \
	read/meta.c \
	model/metrics.c model/fio_figures.c model/runcache.c \
	model/runcache_ahead.c model/load.c \
	model/stats.c model/display.c \
	analyse/rank.c analyse/changepoint.c analyse/series.c \
	analyse/change.c analyse/labels.c \
	analyse/scaling.c analyse/caveats.c analyse/findings.c \
	analyse/steps.c analyse/patterns.c analyse/verdict.c analyse/analyse.c \
	render/json_util.c render/fio_json.c render/json.c render/csv.c render/check.c \
	render/share.c render/eml.c render/chart_fonts.c render/chart_text.c \
	render/chart_layout.c render/chart_draw.c render/chart_dump.c \
	render/chart_svg.c render/pngenc.c render/chart_png.c \
	render/bars.c render/html.c render/notes.c render/pages.c \
	render/pages_analysis.c render/single.c render/plan.c \
	render/page_common.c render/tables.c render/headline.c \
	render/pages_fio.c site/make_plan.c \
	site/site.c site/fingerprint.c site/workers.c site/reuse.c \
	site/publish.c site/dirseal.c site/unchanged.c \
	capture/collect_lines.c capture/collect_root.c capture/collect_host.c \
	capture/collect_mount.c capture/collect_stack.c capture/collect_pci.c \
	capture/collect_disk.c capture/collect_btrfs.c capture/collect_storage.c \
	capture/collect.c \
	capture/record.c capture/import_text.c capture/import_clause.c \
	capture/import_seen.c capture/import_guess.c capture/import_tables.c \
	capture/import_meta.c capture/import_split.c capture/import_write.c \
	capture/import_known.c capture/import_review.c capture/import.c \
	cli/options.c
OBJS = $(SRCS:%.c=$(B)/%.o)
HDRS = $(wildcard gen/*.h gen/*/*.h)

.PHONY: all demo check valgrind fuzz fuzz-build fuzz-smoke bench install \
	clean deps deps-ok screenshot

all: deps-ok benchsite

benchsite: $(B)/benchsite
	cp $(B)/benchsite $@

$(B)/benchsite: $(OBJS) $(B)/main.o
	$(CC) $(ALL_CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

$(B)/%.o: gen/%.c $(HDRS) | $(B)
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -Igen -c -o $@ $<

$(B):
	mkdir -p $(B)

# Unit tests of pure functions (cmocka).
UNIT_TESTS = test_units test_lines test_meta test_chart test_rank test_import \
	test_reuse test_runs test_xalloc test_pngenc test_utf8 test_display \
	test_analyse test_plan test_changepoint test_compare test_cli \
	test_import_guess test_fio test_fio_model test_fio_analyse test_dirseal test_publish test_sortednames \
	test_json test_twothreads
$(B)/test_%: tests/unit/test_%.c $(OBJS) $(wildcard tests/unit/*.h)
	$(CC) $(ALL_CFLAGS) $(shell $(PKG_CONFIG) --cflags cmocka) -Igen \
		-o $@ $(filter-out %.h,$^) $(LIBS) \
		$(shell $(PKG_CONFIG) --libs cmocka)

# Fails with the commands to run when a library is missing.
deps-ok:
	@for p in $(PKGS) cmocka; do \
		$(PKG_CONFIG) --exists $$p 2>/dev/null || { \
		echo "benchsite: missing library '$$p'. Run 'make deps'" \
		     "(Debian/Ubuntu), or install: $(DEB_PKGS)"; exit 1; }; \
	done

# Installs the Debian packages the build and the tests need.
deps:
	@if command -v apt-get >/dev/null 2>&1; then \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq \
			--no-install-recommends make gcc $(DEB_PKGS); \
	else \
		echo "benchsite: no apt-get here; install the equivalents of:"; \
		echo "  $(DEB_PKGS)"; exit 1; \
	fi

demo:
	@$(PKG_CONFIG) --exists $(PKGS) cmocka 2>/dev/null || $(MAKE) deps
	@$(MAKE) --no-print-directory benchsite
	./benchsite build -o site samples; s=$$?; [ $$s -le 2 ] || exit $$s
	@echo "benchsite: the site is in site/; open site/index.html"

# The picture at the top of README.md: the index of the demo site in
# headless Chromium at a fixed window size, with SOURCE_DATE_EPOCH fixed,
# so the same site gives the same picture (shrunk by optipng when it is
# installed; keep it under 200 KB).
CHROMIUM ?= chromium
SCREENSHOT_SIZE = 1000,760
screenshot: demo
	@mkdir -p docs
	@prof=$$(mktemp -d) || exit 1; \
	SOURCE_DATE_EPOCH=$${SOURCE_DATE_EPOCH:-0} TZ=UTC LC_ALL=C.UTF-8 \
		timeout 120 $(CHROMIUM) --headless --no-sandbox --disable-gpu \
		--hide-scrollbars --no-first-run --disable-background-networking \
		--disable-component-update --disable-sync \
		--force-device-scale-factor=1 --window-size=$(SCREENSHOT_SIZE) \
		--user-data-dir="$$prof" --screenshot="$(CURDIR)/docs/screenshot.png" \
		"file://$(CURDIR)/site/index.html" >/dev/null 2>&1; s=$$?; \
	rm -rf "$$prof"; \
	[ $$s -eq 0 ] || { echo "benchsite: $(CHROMIUM) failed (exit $$s)"; exit 1; }
	@! command -v optipng >/dev/null || optipng -quiet -o2 docs/screenshot.png
	@echo "benchsite: docs/screenshot.png, $$(wc -c <docs/screenshot.png) bytes"

# Every test: unit tests, golden files, then all again under
# AddressSanitizer and UBSan.
check:
	@$(PKG_CONFIG) --exists $(PKGS) cmocka 2>/dev/null && \
		command -v bon_csv2html >/dev/null || $(MAKE) deps
	@$(MAKE) --no-print-directory -j$(NPROC) benchsite \
		$(UNIT_TESTS:%=$(B)/%)
	@$(MAKE) --no-print-directory -j$(NPROC) B=build-asan \
		CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" \
		build-asan/benchsite $(UNIT_TESTS:%=build-asan/%)
	@sh tests/run.sh $(B) build-asan

# The suite under valgrind memcheck (slower; CI runs it too).
valgrind: benchsite $(UNIT_TESTS:%=$(B)/%)
	@VALGRIND=1 sh tests/run.sh $(B)

# libFuzzer targets (clang, ASan and UBSan), seeded from the samples and
# the test inputs: "make fuzz" runs each for FUZZ_SECONDS (60 by default);
# "make fuzz-smoke" runs each a fixed number of inputs from a fixed seed,
# the same every time, for CI.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = fuzz_reader fuzz_meta fuzz_build fuzz_notes fuzz_import \
	fuzz_cache fuzz_pngenc fuzz_fio fuzz_seal fuzz_names fuzz_joblog
FUZZ_BUILD = build-fuzz
fuzz-build:
	@$(MAKE) --no-print-directory -j$(NPROC) B=$(FUZZ_BUILD) CC=clang \
		CFLAGS="-O1 -g -fsanitize=fuzzer-no-link,address,undefined" \
		$(OBJS:$(B)/%=$(FUZZ_BUILD)/%)
	@for t in $(FUZZ_TARGETS); do \
		clang $(ALL_CFLAGS) -g -fsanitize=fuzzer,address,undefined -Igen \
			-o $(FUZZ_BUILD)/$$t tests/fuzz/$$t.c \
			$(OBJS:$(B)/%=$(FUZZ_BUILD)/%) $(LIBS) || exit 1; \
		rm -rf $(FUZZ_BUILD)/seed-$$t; \
		mkdir -p $(FUZZ_BUILD)/seed-$$t $(FUZZ_BUILD)/corpus-$$t; \
		for m in tests/parse/*.txt samples/*/*/bonnie.txt \
		    samples/*/*/meta tests/runs/*/input/*/meta \
		    samples/*/*/notes.md tests/site/*/input/*/notes.md \
		    tests/import/*.txt tests/parse-fio/*.out \
		    tests/bench/fio/*.json tests/analysis/*/input/*/*.fio \
		    tests/fuzz/*.dirs \
		    tests/fuzz/*.jobs; do \
			cp "$$m" $(FUZZ_BUILD)/seed-$$t/$$(echo "$$m" | tr / _); \
		done; \
	done

fuzz: fuzz-build
	@for t in $(FUZZ_TARGETS); do \
		echo "fuzzing $$t for $(FUZZ_SECONDS) s"; \
		BENCHSITE_DATA=$(CURDIR) $(FUZZ_BUILD)/$$t \
			-max_total_time=$(FUZZ_SECONDS) -max_len=65536 -timeout=20 \
			-rss_limit_mb=2048 -print_final_stats=1 \
			$(FUZZ_BUILD)/corpus-$$t $(FUZZ_BUILD)/seed-$$t 2>&1 | \
			tail -12 || exit 1; \
	done

fuzz-smoke: fuzz-build
	@printf '%s\n' $(FUZZ_TARGETS) | \
		xargs -P $(NPROC) -I{} sh tests/fuzz-smoke.sh $(FUZZ_BUILD) {}

# The benchmark (tests/bench/run.sh): one table of medians and
# ratios against gnuplot, matplotlib and bon_csv2html, on synthetic trees
# of 1 000 and 10 000 runs (BENCH_BIG=1 adds 100 000). Slow: minutes.
bench: benchsite
	@if command -v dpkg-query >/dev/null 2>&1; then missing=; \
		for p in $(BENCH_PKGS); do \
			dpkg-query -W -f '$${Status}' $$p 2>/dev/null | \
				grep -q 'ok installed' || missing="$$missing $$p"; \
		done; \
		if [ -n "$$missing" ]; then \
			if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
			$$SUDO apt-get update -qq && \
			DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq \
				--no-install-recommends $$missing || exit 1; \
		fi; \
	fi
	@B=$(B) CC="$(CC)" BENCH_LIBS="$(LIBS)" \
		BENCH_CFLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE $(CFLAGS) $(shell $(PKG_CONFIG) --cflags $(PKGS) 2>/dev/null)" \
		sh tests/bench/run.sh

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(DATADIR)/templates \
		$(DESTDIR)$(DATADIR)/assets
	cp $(B)/benchsite $(DESTDIR)$(BINDIR)/benchsite
	cp templates/*.html $(DESTDIR)$(DATADIR)/templates/
	cp assets/* $(DESTDIR)$(DATADIR)/assets/
	mkdir -p $(DESTDIR)$(MANDIR)/man1
	cp benchsite.1 $(DESTDIR)$(MANDIR)/man1/benchsite.1

clean:
	rm -rf build build-asan build-fuzz benchsite site .site.cache .site.prev \
		.site.dirs
