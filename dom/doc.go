// Package dom parses JSON into a compact read-only document (a tape) and
// offers a mutable Node tree for editing.
package dom
