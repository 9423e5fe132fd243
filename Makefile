# Two commands do all the set-up on a fresh Debian 12 machine with Swift installed:
#   make run    installs the C libraries and the plugins' tools if missing, builds, and runs the core on its
#               defaults with the four shipped plugins of Plugins/, and the web app beside it (the URL to open
#               is the first line it prints)
#   make test   installs what the tests use if missing, builds, and runs every test
# Both call apt-get only when a package is missing (as root, or through sudo).
# make install (PREFIX, DESTDIR) puts the binary, man pages, completions and user unit in place; see below.

SWIFT       ?= swift
# libvips42 and libcurl4 are runtime packages: the core loads them with dlopen on the first thumbnail and the
# first URL import, so no -dev package is needed for them.
BUILD_DEPS  := pkg-config libzstd-dev libasound2-dev libsqlite3-dev libssl-dev libvips42 libcurl4
# What the shipped script plugins of Plugins/ need (make run loads all four): python3 for markdown-export, jq for
# the bash ones' JSON, socat for their calls to the core, ffmpeg for shutter-capture's frame, rclone for
# backup-copy's copies and zstd for it to read archives' manifests (tar --zstd). Without ffmpeg, rclone or zstd
# those two answer init with disable and a reason.
PLUGIN_DEPS := python3 jq socat ffmpeg rclone zstd
# man-db (with groff-base) renders the installed man pages in Tests/Smoke/install.sh. Tests/PluginsTests runs the
# script plugins: ffmpeg grabs shutter-capture's frame (lavfi's test pattern), rclone copies for backup-copy and
# serves the tests' remote (`rclone serve sftp`; rclone's sftp client is built in, so no openssh-client). Chromium
# renders an exported bundle's index.html headless (ExportGalleryTests); fonts-nanum gives it Hangul glyphs.
# pulseaudio and libasound2-plugins (ALSA's pulse PCM) give RealTimeDeviceTests a device that plays in real time:
# a null sink. nodejs runs the JavaScript plugin template, Examples/plugins/greeter.js (NodePluginTests).
# python3-venv makes the virtualenv the MCP bridge's tests run in (MCP_VENV below). qrencode draws toolkit web's QR
# code of its URL for a phone (WebProgramTests). openssl makes the self-signed certificates of TLSTests.
TEST_DEPS   := socat sox alsa-utils zstd python3 python3-venv util-linux man-db jq ffmpeg rclone chromium fonts-nanum \
	pulseaudio libasound2-plugins nodejs qrencode openssl
# What the CI guard (make bench-guard) needs: valgrind's callgrind (callgrind_annotate and callgrind_control come with
# it), gcc and libc6-dev for the load generator, the sigsuspend shim and the C echo plugin, binutils' objcopy (valgrind
# reads the binary without its DWARF 5), jq for the ceilings.
GUARD_DEPS  := valgrind gcc libc6-dev binutils jq python3
# What make bench adds: hyperfine and GNU time for the archive, export and photo timings, zstd for the anchors,
# ImageMagick and sox for ../shared/bench's corpus, alsa-utils (aplay) for the audio anchors, bc and openssl for media,
# nginx, wrk, curl and ffmpeg for the web app's (Benchmarks/web).
BENCH_DEPS  := $(GUARD_DEPS) hyperfine time zstd imagemagick sox alsa-utils bc openssl socat nginx wrk curl ffmpeg
APT_GET     := $(if $(filter 0,$(shell id -u)),,sudo) env DEBIAN_FRONTEND=noninteractive apt-get

define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(APT_GET) update -qq && $(APT_GET) install -y -qq --no-install-recommends $$missing; \
	fi
endef

.PHONY: run plugins test build release deps test-deps mcp-venv markdown-venv web-venv clean help-snapshots lint format man install uninstall \
	fuzz fuzz-build sanitize sanitize-address sanitize-thread ci-extras bench bench-quick bench-table bench-guard \
	bench-deps guard-deps

deps:
	$(call install_missing,$(BUILD_DEPS) $(PLUGIN_DEPS))

test-deps: deps
	$(call install_missing,$(TEST_DEPS))

guard-deps:
	$(call install_missing,$(GUARD_DEPS))

bench-deps: deps
	$(call install_missing,$(BENCH_DEPS))

build: deps
	$(SWIFT) build

# The release binary carries the Swift runtime and Foundation inside (--static-swift-stdlib): it runs
# without the toolchain's libraries, and starts sooner and holds less idle RSS with no dozen shared libraries to
# relocate (Benchmarks/plugins/run.sh measures both; the figures: Benchmarks/notes/2026-11-29-why.md, release
# linking). Every script that builds release goes through this target, so the flags never flip (a flip rebuilds
# everything).
# One invocation builds every product (toolkit, toolkit-mcp-bridge, toolkit-web, on-this-day, and the small
# libraries): the web app's dependencies compile while the core's last modules do, where one build per product
# waited for each in turn and loaded the package graph four times.
release: deps
	$(SWIFT) build -c release --static-swift-stdlib

# The shipped plugins of Plugins/, staged as the core's discovery reads them: a folder NAME/ holding the
# executable NAME (the scripts linked from Plugins/, so an edit shows at the next start; on-this-day built by make
# release). make run loads them from there; make install copies them to PLUGINDIR.
SCRIPT_PLUGINS := markdown-export shutter-capture backup-copy
STAGED_PLUGINS := .build/shipped-plugins

plugins: release
	rm -rf $(STAGED_PLUGINS)
	for name in $(SCRIPT_PLUGINS); do \
		mkdir -p $(STAGED_PLUGINS)/$$name && ln -s $(CURDIR)/Plugins/$$name/$$name $(STAGED_PLUGINS)/$$name/ || exit 1; \
	done
	mkdir -p $(STAGED_PLUGINS)/on-this-day && ln -s $(CURDIR)/.build/release/on-this-day $(STAGED_PLUGINS)/on-this-day/

# The web app starts first (it waits for the core on its own) and prints the URL to open; the core runs in the
# foreground, and when it stops (Ctrl-C) the web app stops with it.
run: plugins
	@trap 'kill $$web 2>/dev/null; wait $$web 2>/dev/null' EXIT; \
	.build/release/toolkit web & web=$$!; \
	.build/release/toolkit serve --plugin $(STAGED_PLUGINS)

# swift-format with .swift-format (4 spaces, 120 columns) on every Swift file, --strict: any finding fails, layout
# included (the tree is laid out by `make format`). swift-format lets a string literal it cannot break run past
# 120 columns, so a line longer than that fails here too: split the literal. A file that does not parse fails.
LINT_PATHS  := Package.swift Sources Plugins Tests Benchmarks Examples Fuzz
# The least share of ToolkitAPI's public and package declarations that carry a /// comment
# (Tests/Smoke/doc-coverage.sh says how they are counted); make lint fails below it.
API_DOC_COVERAGE := 70
# Locks are NIOLockedValueBox (a pthread mutex), never Synchronization.Mutex: on Linux a contended Mutex is handed
# over by the kernel's futex, which ThreadSanitizer does not see, so make sanitize-thread would report races that
# are not (Benchmarks/notes/2026-11-29-why.md, sanitizers). Atomic, which TSan does see, stays allowed.

lint:
	@$(SWIFT) format lint --strict --recursive $(LINT_PATHS) || \
		{ echo "make lint: fix the findings above (make format lays the code out)"; exit 1; }
	@long=$$(grep -rn --include='*.swift' --exclude-dir='.build*' '.\{121,\}' $(LINT_PATHS)); \
	if [ -n "$$long" ]; then printf '%s\n' "$$long"; echo "make lint: lines over 120 columns"; exit 1; fi
	@Tests/Smoke/doc-coverage.sh Sources/ToolkitAPI $(API_DOC_COVERAGE) || \
		{ echo "make lint: document ToolkitAPI's public declarations (DOC_COVERAGE_LIST=1 lists the others)"; exit 1; }
	@mutex=$$(grep -rnE --include='*.swift' --exclude-dir='.build*' '\bMutex *[<(]' $(LINT_PATHS)); \
	if [ -n "$$mutex" ]; then printf '%s\n' "$$mutex"; \
		echo "make lint: use NIOLockedValueBox, not Mutex (ThreadSanitizer does not see Mutex's futex hand-over)"; \
		exit 1; fi

# Lays out every Swift file as make lint expects.
format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

# The MCP bridge's tests (Tests/MCP) are clients built on the official MCP Python SDK from PyPI, installed into
# this virtualenv again whenever Tests/MCP/requirements.txt changes; they start .build/debug/toolkit.
MCP_VENV := .build/mcp-venv

$(MCP_VENV)/installed: Tests/MCP/requirements.txt
	rm -rf $(MCP_VENV)
	python3 -m venv $(MCP_VENV)
	$(MCP_VENV)/bin/pip install -q --disable-pip-version-check -r Tests/MCP/requirements.txt
	touch $@

mcp-venv: $(MCP_VENV)/installed

# MarkdownExportTests (Tests/PluginsTests) render markdown-export's files with a CommonMark renderer from PyPI,
# installed into this virtualenv again whenever Tests/PluginsTests/requirements.txt changes.
MARKDOWN_VENV := .build/markdown-venv

$(MARKDOWN_VENV)/installed: Tests/PluginsTests/requirements.txt
	rm -rf $(MARKDOWN_VENV)
	python3 -m venv $(MARKDOWN_VENV)
	$(MARKDOWN_VENV)/bin/pip install -q --disable-pip-version-check -r Tests/PluginsTests/requirements.txt
	touch $@

markdown-venv: $(MARKDOWN_VENV)/installed

# The web app's page tests (Tests/Web) drive the system's Chromium (Debian's chromium, in TEST_DEPS) through
# Playwright for Python from PyPI, installed into this virtualenv again whenever Tests/Web/requirements.txt
# changes (Playwright never downloads a browser here: the tests name /usr/bin/chromium); they start
# .build/debug/toolkit serve and toolkit web.
WEB_VENV := .build/web-venv

$(WEB_VENV)/installed: Tests/Web/requirements.txt
	rm -rf $(WEB_VENV)
	python3 -m venv $(WEB_VENV)
	$(WEB_VENV)/bin/pip install -q --disable-pip-version-check -r Tests/Web/requirements.txt
	touch $@

web-venv: $(WEB_VENV)/installed

test: lint test-deps mcp-venv markdown-venv web-venv
	Tests/Smoke/layering.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MCP_VENV)/bin/python -m unittest discover --start-directory Tests/MCP --pattern 'test_*.py'
	$(WEB_VENV)/bin/python -m unittest discover --start-directory Tests/Web --pattern 'test_*.py'
	SWIFT=$(SWIFT) Tests/Smoke/release-import.sh
	SWIFT=$(SWIFT) Tests/Smoke/install.sh

# The test suite under AddressSanitizer, then ThreadSanitizer, each in its own build directory (.build-asan,
# .build-tsan) so the normal .build is not rebuilt; the tests start that build's sanitized toolkit (and
# on-this-day, found beside it). A full sanitized build takes long on a small machine (see
# Benchmarks/notes/2026-11-29-why.md, sanitizers).
# SANITIZE_FILTER narrows the tests run: make sanitize-thread SANITIZE_FILTER='JSONRPCTests|ToolkitCoreTests'.
# Every sanitized process (the test runner, each core and command the tests start) writes its reports to
# SANITIZER_REPORTS (log_path; ToolkitTestSupport.ChildProcess passes the options on even to a child given an
# environment of its own), not to a stderr that a test may only keep in a log: any report there fails the target
# and is printed, whatever the tests said. ASan halts at its first report; TSan keeps going and the process then
# exits 66. LeakSanitizer is off: see Benchmarks/notes/2026-11-29-why.md (sanitizers) for why.
SANITIZE_FILTER ?=
# How many times longer the tests wait before they give up (ToolkitTestSupport.TestPatience): sanitized code is
# several times slower, and the whole suite shares the machine.
SANITIZE_PATIENCE ?= 5
sanitize_scratch = .build-$(if $(filter address,$(1)),asan,tsan)
SANITIZER_REPORTS = $(CURDIR)/$(call sanitize_scratch,$(1))/sanitizer-reports
SANITIZER_ENV_address = ASAN_OPTIONS=detect_leaks=0:log_path=$(call SANITIZER_REPORTS,address)/asan:log_exe_name=1
SANITIZER_ENV_thread  = TSAN_OPTIONS=log_path=$(call SANITIZER_REPORTS,thread)/tsan:log_exe_name=1:$\
	suppressions=$(CURDIR)/Tests/sanitizers/tsan.supp
SANITIZER_ENV = SWIFT_BACKTRACE=enable=no TOOLKIT_TEST_PATIENCE=$(SANITIZE_PATIENCE) $(SANITIZER_ENV_$(1))

sanitize: sanitize-address sanitize-thread

sanitize-address sanitize-thread: sanitize-%: test-deps
	$(SWIFT) build --build-tests --sanitize=$* --scratch-path $(call sanitize_scratch,$*)
	rm -rf $(call SANITIZER_REPORTS,$*) && mkdir -p $(call SANITIZER_REPORTS,$*)
	@status=0; set -x; TOOLKIT_BINARY=$(CURDIR)/$(call sanitize_scratch,$*)/debug/toolkit $(call SANITIZER_ENV,$*) \
		$(SWIFT) test --skip-build --sanitize=$* --scratch-path $(call sanitize_scratch,$*) \
		$(if $(SANITIZE_FILTER),--filter '$(SANITIZE_FILTER)') || status=$$?; set +x; \
	reports=$$(ls $(call SANITIZER_REPORTS,$*)); \
	if [ -n "$$reports" ]; then cat $(call SANITIZER_REPORTS,$*)/*; \
		echo "make sanitize-$*: $$(echo $$reports | wc -w) processes reported (files in $(call SANITIZER_REPORTS,$*))"; \
		exit 1; fi; \
	exit $$status

# Rewrites Tests/ToolkitCoreTests/HelpSnapshots/ from the built binary's --help; review the diff, then commit.
help-snapshots: deps
	$(SWIFT) build --build-tests
	UPDATE_HELP_SNAPSHOTS=1 $(SWIFT) test --skip-build --filter HelpSnapshotTests

# Man pages, one per command (toolkit.1, toolkit.serve.1, toolkit.pets.add.1, ...), written by
# swift-argument-parser's generate-manual plugin from the commands themselves: the same abstracts, discussions
# and options as --help, so they cannot drift from it. They are generated when built, into .build/dist/man,
# and never committed: help texts change in many branches, Tests/ToolkitCoreTests/HelpSnapshots already shows
# every change in review, and a committed copy would only add a file that can go stale and a check for it.
# The plugin builds the package itself before it runs the command with --experimental-dump-help. It is asked
# for the debug build (the one make build and make test make; the text does not depend on it): its release
# build would link without --static-swift-stdlib, which `swift package` does not take, and so relink
# .build/release/toolkit without the static runtime and flip make release's flags. The pages carry the last
# commit's date, so one commit always gives the same pages. generate-manual 1.8.2 copies the blank line between
# two paragraphs of a discussion, which mdoc warns about ("Empty input line"); .Pp is the break it stands for.
# It also drops every non-ASCII character (String+Escaping.swift: `where character.isASCII`): "…", "–" and the
# Korean examples of diary and pets are missing from their pages until it keeps them.
DIST        := .build/dist
MAN_DATE     = $(shell git log -1 --format=%cs 2>/dev/null | grep . || date -u +%F)
MAN_OUT     := .build/plugins/GenerateManual/outputs/toolkit

man: deps
	rm -rf $(MAN_OUT) $(DIST)/man
	$(SWIFT) package plugin generate-manual --configuration debug --multi-page --date $(MAN_DATE)
	@ls $(MAN_OUT)/toolkit.1 >/dev/null || { echo "make man: the plugin wrote no $(MAN_OUT)/toolkit.1"; exit 1; }
	mkdir -p $(DIST)/man && cp $(MAN_OUT)/*.1 $(DIST)/man/
	sed -i 's/^$$/.Pp/' $(DIST)/man/*.1

# make install puts each file where Linux looks for it, under $(DESTDIR)$(PREFIX); DESTDIR stages a package
# (make install DESTDIR=pkg PREFIX=/usr), and the paths written into files use PREFIX alone:
#   bin/toolkit                                     the release binary, static Swift runtime (make release)
#   share/man/man1/toolkit.1, toolkit.<command>.1   the man pages (make man)
#   share/bash-completion/completions/toolkit       bash, loaded by bash-completion on the first <Tab>
#   share/zsh/site-functions/_toolkit               zsh
#   share/fish/vendor_completions.d/toolkit.fish    fish
#   lib/systemd/user/toolkit.service                Examples/toolkit.service with ExecStart=$(BINDIR)/toolkit
#   lib/systemd/user/toolkit-web.service            Examples/toolkit-web.service, the same way (after toolkit.service)
#   lib/toolkit/plugins/NAME/NAME                   the shipped plugins, read first by the core at BINDIR/../lib/
#                                                   toolkit/plugins (so move BINDIR and PLUGINDIR together)
#   share/doc/toolkit/plugins/NAME.md               each shipped plugin's README
# The completions are what the release binary's --generate-completion-script writes. Each directory can be moved
# on its own (USERUNITDIR=~/.local/share/systemd/user for PREFIX=~/.local, say). make uninstall removes the same
# files, every toolkit man page included, without building anything.
PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
MANDIR      ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR  ?= $(PREFIX)/share/zsh/site-functions
FISHCOMPDIR ?= $(PREFIX)/share/fish/vendor_completions.d
USERUNITDIR ?= $(PREFIX)/lib/systemd/user
PLUGINDIR   ?= $(PREFIX)/lib/toolkit/plugins
PLUGINDOCDIR ?= $(PREFIX)/share/doc/toolkit/plugins
SHIPPED_PLUGINS := $(SCRIPT_PLUGINS) on-this-day

install: plugins man
	mkdir -p $(DIST)/completions
	for shell in bash zsh fish; do \
		.build/release/toolkit --generate-completion-script $$shell >$(DIST)/completions/toolkit.$$shell || exit 1; \
	done
	for unit in toolkit:serve toolkit-web:web; do name=$${unit%%:*} command=$${unit#*:}; \
		sed -e "1i # Installed by make install. Start it now and at every login: systemctl --user enable --now $$name" \
			-e '/^\[Unit\]/,$$!d' -e 's|^ExecStart=[^ ]*/toolkit |ExecStart=$(BINDIR)/toolkit |' \
			Examples/$$name.service >$(DIST)/$$name.service && \
		grep -qx "ExecStart=$(BINDIR)/toolkit $$command" $(DIST)/$$name.service || \
			{ echo "make install: Examples/$$name.service has no ExecStart=.../toolkit $$command line"; exit 1; }; \
	done
	install -Dm755 .build/release/toolkit $(DESTDIR)$(BINDIR)/toolkit
	install -Dm755 .build/release/toolkit-mcp-bridge $(DESTDIR)$(BINDIR)/toolkit-mcp-bridge
	install -Dm755 .build/release/toolkit-web $(DESTDIR)$(BINDIR)/toolkit-web
	install -Dm644 -t $(DESTDIR)$(MANDIR)/man1 $(DIST)/man/*.1
	install -Dm644 $(DIST)/completions/toolkit.bash $(DESTDIR)$(BASHCOMPDIR)/toolkit
	install -Dm644 $(DIST)/completions/toolkit.zsh $(DESTDIR)$(ZSHCOMPDIR)/_toolkit
	install -Dm644 $(DIST)/completions/toolkit.fish $(DESTDIR)$(FISHCOMPDIR)/toolkit.fish
	install -Dm644 $(DIST)/toolkit.service $(DESTDIR)$(USERUNITDIR)/toolkit.service
	install -Dm644 $(DIST)/toolkit-web.service $(DESTDIR)$(USERUNITDIR)/toolkit-web.service
	for name in $(SHIPPED_PLUGINS); do \
		install -Dm755 $(STAGED_PLUGINS)/$$name/$$name $(DESTDIR)$(PLUGINDIR)/$$name/$$name && \
		install -Dm644 Plugins/$$name/README.md $(DESTDIR)$(PLUGINDOCDIR)/$$name.md || exit 1; \
	done

uninstall:
	rm -f $(DESTDIR)$(BINDIR)/toolkit $(DESTDIR)$(BINDIR)/toolkit-mcp-bridge $(DESTDIR)$(BINDIR)/toolkit-web \
		$(DESTDIR)$(MANDIR)/man1/toolkit.1 $(DESTDIR)$(MANDIR)/man1/toolkit.*.1 \
		$(DESTDIR)$(BASHCOMPDIR)/toolkit $(DESTDIR)$(ZSHCOMPDIR)/_toolkit $(DESTDIR)$(FISHCOMPDIR)/toolkit.fish \
		$(DESTDIR)$(USERUNITDIR)/toolkit.service $(DESTDIR)$(USERUNITDIR)/toolkit-web.service
	for name in $(SHIPPED_PLUGINS); do \
		rm -f $(DESTDIR)$(PLUGINDIR)/$$name/$$name $(DESTDIR)$(PLUGINDOCDIR)/$$name.md; \
		rmdir $(DESTDIR)$(PLUGINDIR)/$$name 2>/dev/null || true; \
	done

clean:
	rm -rf .build

# Fuzz targets (Fuzz/Sources/fuzz-*, declared in Package.swift only when TOOLKIT_FUZZ is set, which also gives our
# parsing modules libFuzzer's coverage and AddressSanitizer), built in FUZZ_SCRATCH (.build-fuzz, so the normal build
# is not touched; CI uses .build, whose dependencies make test has built already). Each runs FUZZ_SECONDS from its
# seeds in Fuzz/corpus/NAME (read only: new inputs go to FUZZ_SCRATCH/corpus/NAME); a crashing input is written to
# FUZZ_SCRATCH/crashes/NAME/, named, and fails the run. FUZZ_TARGETS picks some: make fuzz FUZZ_TARGETS=fuzz-wav.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= fuzz-rpc-frames fuzz-wav fuzz-tar fuzz-bundle-manifest fuzz-params fuzz-media fuzz-page-cursor \
	fuzz-plugin-manifest fuzz-mcp-schema
FUZZ_SCRATCH ?= .build-fuzz
FUZZ_BUILD   = TOOLKIT_FUZZ=1 $(SWIFT) build --scratch-path $(FUZZ_SCRATCH)

fuzz-build: deps
	for target in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product $$target || exit 1; done

fuzz: fuzz-build
	@failed=""; for target in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_SCRATCH)/corpus/$$target $(FUZZ_SCRATCH)/crashes/$$target; \
		echo "== $$target: $(FUZZ_SECONDS) s"; \
		SWIFT_BACKTRACE=enable=no $(FUZZ_SCRATCH)/debug/$$target -max_total_time=$(FUZZ_SECONDS) -print_final_stats=1 \
			-artifact_prefix=$(FUZZ_SCRATCH)/crashes/$$target/ $(FUZZ_SCRATCH)/corpus/$$target Fuzz/corpus/$$target \
			2>$(FUZZ_SCRATCH)/$$target.log || failed="$$failed $$target"; \
		grep -E '^#[0-9]+.*DONE|^stat::number_of_executed_units|^SUMMARY|^==[0-9]+==ERROR|Test unit written' \
			$(FUZZ_SCRATCH)/$$target.log; \
	done; \
	if [ -n "$$failed" ]; then \
		for target in $$failed; do echo "make fuzz: $$target failed; its input:" $(FUZZ_SCRATCH)/crashes/$$target/*; done; \
		echo "make fuzz: logs in $(FUZZ_SCRATCH)/NAME.log; replay with $(FUZZ_SCRATCH)/debug/NAME INPUT"; exit 1; fi

# The benchmark suite (Benchmarks/README.md): every benchmark against its anchor, measured in the same run, each
# writing Benchmarks/results/NAME.json; then the table of them all is printed and written into Benchmarks/README.md
# (commit the results with it). BENCH names some: make bench BENCH='rpc plugins'. QUICK=1 (or make bench-quick)
# runs short versions, about 10 minutes on 2 cores once the release build exists; its figures say "quick".
# make bench-table prints the table of the committed results without running anything.
BENCH ?=
QUICK ?=

bench: bench-deps plugins
	python3 Benchmarks/suite.py run $(if $(QUICK),--quick) $(BENCH)

bench-quick:
	$(MAKE) bench QUICK=1

bench-table:
	@python3 Benchmarks/suite.py table

# The regression guard that machine noise cannot move: the core's instructions per system.ping and per call
# forwarded to a plugin, counted by callgrind on the release build (made by make release, so the flags never flip),
# each against its committed ceiling in Benchmarks/rpc/ceilings.json; more than 5 % over fails and prints both
# numbers (Benchmarks/rpc/guard.sh; --update there writes new ceilings). About 1.5 minutes after the release build.
bench-guard: guard-deps
	Benchmarks/rpc/guard.sh

# What CI runs after make test (.ci/run; costs in Benchmarks/notes/2026-11-29-why.md): the instruction-count guard (make
# bench-guard: the release build is make test's, so it only measures), every fuzz target for CI_FUZZ_SECONDS
# from its committed seeds (a run that finds nothing passes; a crash fails and names its input), then the
# ThreadSanitizer pass over the JSONRPC and ToolkitCore tests (its own build of everything: about 6 minutes on a
# fresh 2-core machine; CI_TSAN= leaves it out).
CI_FUZZ_SECONDS ?= 20
CI_TSAN ?= 1

ci-extras:
	$(MAKE) bench-guard
	$(MAKE) fuzz FUZZ_SECONDS=$(CI_FUZZ_SECONDS) FUZZ_SCRATCH=.build
	$(if $(CI_TSAN),$(MAKE) sanitize-thread SANITIZE_FILTER='JSONRPCTests|ToolkitCoreTests')
