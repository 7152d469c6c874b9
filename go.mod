module github.com/mcperrlint/mcperrlint

go 1.26.0
