package main

import (
	"bytes"
	"debug/elf"
	"fmt"
	"io"
	"os"
)

// printVersion answers go vet's -V=full query, as multichecker does
// (analysisflags), but with the build ID the Go linker records in every
// binary instead of a SHA-256 of the whole binary. go vet
// asks on every run, even when every result is cached, and hashing the
// binary costs more than the rest of a cached run of a small module. Both
// change whenever the binary does; the go command keys its vet cache on
// the last part of the build ID, the content hash, as it does for its own
// tools. It reports false, printing nothing, when the binary has no build
// ID (built with -ldflags=-buildid=), so that multichecker answers.
func printVersion(w io.Writer) bool {
	exe, err := os.Executable()
	if err != nil {
		return false
	}
	id := readBuildID(exe)
	if id == "" {
		return false
	}
	fmt.Fprintf(w, "%s version devel comments-go-here buildID=%s\n", exe, id)
	return true
}

// readBuildID returns the Go build ID of a binary, or "": in an ELF
// binary, the note .note.go.buildid; in others, the string the linker puts
// in their first few kilobytes, \xff Go build ID: "<id>"\n \xff (see
// cmd/internal/buildid).
func readBuildID(file string) string {
	if ef, err := elf.Open(file); err == nil {
		defer ef.Close()
		sect := ef.Section(".note.go.buildid")
		if sect == nil {
			return ""
		}
		note, err := sect.Data()
		// namesz, descsz, type, then the name "Go\x00\x00" and the ID.
		if err != nil || len(note) < 16 || string(note[12:16]) != "Go\x00\x00" {
			return ""
		}
		n := int(ef.ByteOrder.Uint32(note[4:8]))
		if n > len(note)-16 {
			return ""
		}
		return string(note[16 : 16+n])
	}
	f, err := os.Open(file)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 32<<10)
	n, _ := io.ReadFull(f, buf)
	buf = buf[:n]
	const prefix, suffix = "\xff Go build ID: \"", "\"\n \xff"
	i := bytes.Index(buf, []byte(prefix))
	if i < 0 {
		return ""
	}
	buf = buf[i+len(prefix):]
	j := bytes.Index(buf, []byte(suffix))
	if j <= 0 {
		return ""
	}
	return string(buf[:j])
}
