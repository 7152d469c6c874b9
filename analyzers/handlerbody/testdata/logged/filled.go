package logged

import (
	"context"
	"encoding/json"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Helpers whose answer is what they fill in through a pointer they are
// handed, and loops that only log a failed call that was to fill it.

type finder struct{ verbose bool }

// find answers with the matches findIn gathers into found.
func (f *finder) find(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var found []string
	if err := f.findIn(req.GetString("dir", "."), req.GetString("q", ""), &found); err != nil {
		return mcp.NewToolResultErrorFromErr("searching", err), nil
	}
	data, _ := json.Marshal(found)
	return mcp.NewToolResultText(string(data)), nil
}

// findIn fills found through matchFile, and through itself one directory
// down; a directory or file that cannot be read is only logged, and the
// answer leaves it out.
func (f *finder) findIn(dir, q string, found *[]string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if e.IsDir() {
			if err := f.findIn(path, q, found); err != nil { // want `no-fake-empty-result: helper findIn skips to the next iteration when err is not nil`
				log.Printf("searching %s: %v", path, err)
			}
			continue
		}
		if !strings.HasPrefix(e.Name(), ".") {
			if err := matchFile(path, q, found); err != nil { // want `no-fake-empty-result: helper findIn skips to the next iteration when err is not nil`
				log.Printf("searching %s: %v", path, err)
			}
		}
	}
	return nil
}

// matchFile appends path to found when the file holds q.
func matchFile(path, q string, found *[]string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if strings.Contains(string(data), q) {
		*found = append(*found, path)
	}
	return nil
}

// collect fills byName, skipping the files it cannot read.
func collect(dir string, byName map[string]string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil { // want `no-fake-empty-result: helper collect skips to the next iteration when err is not nil`
			continue
		}
		byName[e.Name()] = string(data)
	}
	return nil
}

func collected(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	byName := map[string]string{}
	if err := collect(req.GetString("dir", "."), byName); err != nil {
		return mcp.NewToolResultErrorFromErr("reading", err), nil
	}
	data, _ := json.Marshal(byName)
	return mcp.NewToolResultText(string(data)), nil
}

// decodedPages decodes each page into the list it answers with; a page
// that does not decode is only logged.
func decodedPages(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var all []map[string]any
	for _, p := range strings.Split(req.GetString("pages", ""), ",") {
		data, err := os.ReadFile(p)
		if err != nil {
			return mcp.NewToolResultErrorFromErr("reading "+p, err), nil
		}
		if err := appendDecoded(data, &all); err != nil { // want `no-fake-empty-result: mcp-go handler decodedPages skips to the next iteration when err is not nil`
			log.Printf("page %s: %v", p, err)
		}
	}
	out, _ := json.Marshal(all)
	return mcp.NewToolResultText(string(out)), nil
}

func appendDecoded(data []byte, all *[]map[string]any) error {
	var page []map[string]any
	if err := json.Unmarshal(data, &page); err != nil {
		return err
	}
	*all = append(*all, page...)
	return nil
}

// Must not: the failed call fills nothing the answer holds.

// cleaned removes each file and only logs the ones that stay: the answer
// counts nothing the removals were to add.
func cleaned(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var names []string
	for _, p := range strings.Split(req.GetString("paths", ""), ",") {
		names = append(names, filepath.Base(p))
		if err := os.Remove(p); err != nil {
			log.Printf("removing %s: %v", p, err)
		}
	}
	return mcp.NewToolResultText("asked to remove " + strings.Join(names, ", ")), nil
}

type checkedPage struct{ Items []string }

// checked hands each page by address to a check that only reads it.
func checked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var pg checkedPage
	var ok []string
	for _, item := range strings.Split(req.GetString("items", ""), ",") {
		ok = append(ok, item)
		if err := validPage(&pg); err != nil {
			log.Printf("page: %v", err)
		}
	}
	return mcp.NewToolResultText(strings.Join(ok, ",")), nil
}

func validPage(pg *checkedPage) error {
	if len(pg.Items) > 100 {
		return os.ErrInvalid
	}
	return nil
}

// tallied logs a failed read in the middle of the iteration and goes on
// to add what it has: the iteration does not end at the branch.
func tallied(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var sizes []int
	for _, p := range strings.Split(req.GetString("paths", ""), ",") {
		data, err := os.ReadFile(p)
		if err != nil {
			log.Printf("reading %s: %v", p, err)
		}
		sizes = append(sizes, len(data))
	}
	out, _ := json.Marshal(sizes)
	return mcp.NewToolResultText(string(out)), nil
}

func registerFilled(m *server.MCPServer) {
	f := &finder{}
	m.AddTool(mcp.NewTool("find"), f.find)
	m.AddTool(mcp.NewTool("collected"), collected)
	m.AddTool(mcp.NewTool("decoded_pages"), decodedPages)
	m.AddTool(mcp.NewTool("cleaned"), cleaned)
	m.AddTool(mcp.NewTool("checked"), checked)
	m.AddTool(mcp.NewTool("tallied"), tallied)
}
