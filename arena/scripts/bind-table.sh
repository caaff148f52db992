#!/usr/bin/env bash
# bind-table.sh runs the binding benchmarks (arena/bindbench) and turns
# them into Markdown tables; it is syntax-table.sh with PKG=bindbench and
# takes the same flags and environment.
PKG=bindbench exec "$(dirname "${BASH_SOURCE[0]}")/syntax-table.sh" "$@"
