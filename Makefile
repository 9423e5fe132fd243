# Two commands do all the set-up on a fresh Debian 12 machine with Swift installed:
#   make run    installs the C libraries if missing, builds, and runs the core on its defaults
#   make test   installs what the tests use if missing, builds, and runs every test
# Both call apt-get only when a package is missing (as root, or through sudo).

SWIFT       ?= swift
# libvips42 and libcurl4 are runtime packages: the core loads them with dlopen on the first thumbnail and the
# first URL import, so no -dev package is needed for them.
BUILD_DEPS  := pkg-config libzstd-dev libasound2-dev libsqlite3-dev libvips42 libcurl4
TEST_DEPS   := socat sox alsa-utils zstd python3 util-linux
APT_GET     := $(if $(filter 0,$(shell id -u)),,sudo) env DEBIAN_FRONTEND=noninteractive apt-get

define install_missing
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
		echo "Installing:$$missing"; \
		$(APT_GET) update -qq && $(APT_GET) install -y -qq --no-install-recommends $$missing; \
	fi
endef

.PHONY: run test build release deps test-deps clean help-snapshots lint

deps:
	$(call install_missing,$(BUILD_DEPS))

test-deps: deps
	$(call install_missing,$(TEST_DEPS))

build: deps
	$(SWIFT) build

# The release binary carries the Swift runtime and Foundation inside (--static-swift-stdlib): it runs
# without the toolchain's libraries, starts in 11 ms instead of 18, and the idle core holds 27 MB resident
# instead of 33 (no relocating of a dozen shared libraries). Every script that builds release goes through
# this target, so the flags never flip (a flip rebuilds everything).
release: deps
	$(SWIFT) build -c release --product toolkit --static-swift-stdlib

run: release
	.build/release/toolkit serve

# swift-format with .swift-format on every Swift file; any finding fails, as --strict would, except the layout
# that swift-format's pretty-printer would choose (Indentation, AddLines, LineLength, TrailingComma): it differs
# from the tree's hand-wrapped lines, and .swift-format cannot turn those findings off, so they are filtered out.
# Every rule counts, and so do trailing whitespace, spacing and blank lines. A file that does not parse fails too.
LINT_PATHS  := Package.swift Sources Tests Benchmarks Examples
LINT_LAYOUT := \[(Indentation|AddLines|LineLength|TrailingComma)\]

lint:
	@output=$$($(SWIFT) format lint --recursive $(LINT_PATHS) 2>&1); status=$$?; \
	findings=$$(printf '%s\n' "$$output" | grep -Ev '$(LINT_LAYOUT)' | grep .); \
	if [ $$status -ne 0 ] || [ -n "$$findings" ]; then \
		printf '%s\n' "$$findings"; echo "make lint: fix the findings above (swift format lint exited $$status)"; exit 1; \
	fi

test: lint test-deps
	Tests/Smoke/layering.sh
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	SWIFT=$(SWIFT) Tests/Smoke/release-import.sh

# Rewrites Tests/ToolkitCoreTests/HelpSnapshots/ from the built binary's --help; review the diff, then commit.
help-snapshots: deps
	$(SWIFT) build --build-tests
	UPDATE_HELP_SNAPSHOTS=1 $(SWIFT) test --skip-build --filter HelpSnapshotTests

clean:
	rm -rf .build
