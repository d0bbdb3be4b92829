# Build and install lifelint as one binary with the Swift runtime linked in
# (docs/decisions/0024-installable-binary.md). It needs only the C libraries it reads
# with at run time: libxml2 and zlib.
#
#   make install                      # into /usr/local
#   make install PREFIX=$HOME/.local  # into your home
#   make dist                         # dist/lifelint-<version>-linux-<arch>.tar.gz

SWIFT ?= swift
PREFIX ?= /usr/local
DESTDIR ?=
SCRATCH ?= .build/static
BINARY := $(SCRATCH)/release/lifelint

BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

# What the binary is built from: a later install or dist reuses the build until one changes.
SOURCES := Package.swift $(shell find Sources Rules -type f 2>/dev/null)

.PHONY: build install uninstall dist

build: $(BINARY)

$(BINARY): $(SOURCES)
	$(SWIFT) build -c release --static-swift-stdlib --product lifelint --scratch-path $(SCRATCH)
	@touch $(BINARY)

install: $(BINARY)
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 -s $(BINARY) $(BINDIR)/lifelint
	$(BINARY) man > $(MANDIR)/lifelint.1
	$(BINARY) completions bash > $(BASHDIR)/lifelint
	$(BINARY) completions zsh > $(ZSHDIR)/_lifelint
	$(BINARY) completions fish > $(FISHDIR)/lifelint.fish

uninstall:
	rm -f $(BINDIR)/lifelint $(MANDIR)/lifelint.1 $(BASHDIR)/lifelint $(ZSHDIR)/_lifelint $(FISHDIR)/lifelint.fish

dist: $(BINARY)
	scripts/release-tarball.sh $(BINARY)
