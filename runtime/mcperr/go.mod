module github.com/mcperrlint/mcperrlint/runtime/mcperr

go 1.26.0
