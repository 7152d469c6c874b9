package logged

import (
	"context"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// Work run once per item — a goroutine or a task started in a loop, the
// callback of a walk — that drops the item whose call failed: the
// literal's return is the loop's continue.

// fanOut fetches each board in a goroutine; a failed fetch only logs, and
// the handler answers with the boards that worked.
func (s *session) fanOut(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var (
		wg    sync.WaitGroup
		mu    sync.Mutex
		names []string
	)
	for _, board := range []string{"a", "b"} {
		wg.Add(1)
		go func(board string) {
			defer wg.Done()
			resp, err := s.Fetch(ctx, board)
			if err != nil { // want `no-fake-empty-result: mcp-go handler fanOut drops the item whose call fails: the goroutine started in the loop returns when err is not nil, without it, and the handler answers with what the others stored \(line 43\)`
				log.Printf("board %s: %v", board, err)
				return
			}
			mu.Lock()
			names = append(names, resp.Status)
			mu.Unlock()
		}(board)
	}
	wg.Wait()
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

// tasks starts one task per query with WaitGroup.Go, as errgroup's Go is
// used; a failed task returns nothing and its result is missing.
func (s *session) tasks(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var wg sync.WaitGroup
	found := make([]string, 2)
	for i, q := range []string{"a", "b"} {
		wg.Go(func() {
			resp, err := s.Fetch(ctx, q)
			if err != nil { // want `no-fake-empty-result: mcp-go handler tasks drops the item whose call fails: the function started in the loop returns`
				return
			}
			found[i] = resp.Status
		})
	}
	wg.Wait()
	return mcp.NewToolResultText(strings.Join(found, ",")), nil
}

// sent has each goroutine send what it fetched; the handler gathers the
// channel into its answer.
func (s *session) sent(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	results := make(chan string, 2)
	var wg sync.WaitGroup
	for _, q := range []string{"a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			resp, err := s.Fetch(ctx, q)
			if err != nil { // want `no-fake-empty-result: mcp-go handler sent drops the item whose call fails`
				return
			}
			results <- resp.Status
		}()
	}
	wg.Wait()
	close(results)
	var lines []string
	for r := range results {
		lines = append(lines, r)
	}
	return mcp.NewToolResultText(strings.Join(lines, "\n")), nil
}

// walked lists the notes under a directory; a note that cannot be read
// is left out without a word.
func walked(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var notes []string
	err := filepath.WalkDir("notes", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil { // want `no-fake-empty-result: mcp-go handler walked drops the item whose call fails: the callback of filepath.WalkDir returns`
			return nil
		}
		notes = append(notes, string(data))
		return nil
	})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("walking the notes", err), nil
	}
	return mcp.NewToolResultText(strings.Join(notes, "\n---\n")), nil
}

// walkedNames lists the notes under a directory; a directory the walk cannot
// read is skipped without a word, and its notes are missing.
func walkedNames(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var names []string
	err := filepath.WalkDir("notes", func(path string, d fs.DirEntry, err error) error {
		if err != nil { // want `no-fake-empty-result: mcp-go handler walkedNames drops the item whose call fails: the callback of filepath.WalkDir returns`
			return nil
		}
		if !d.IsDir() {
			names = append(names, path)
		}
		return nil
	})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("walking the notes", err), nil
	}
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

// noteNames lists the notes under root, and returns the walk's error,
// which is nil when the callback drops what the walk could not read.
func noteNames(root string) ([]string, error) {
	var names []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil { // want `no-fake-empty-result: helper noteNames drops the item whose call fails: the callback of filepath.WalkDir returns`
			return nil
		}
		names = append(names, path)
		return nil
	})
	return names, err
}

func noteNamesTool(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	names, err := noteNames("notes")
	if err != nil {
		return mcp.NewToolResultErrorFromErr("listing the notes", err), nil
	}
	return mcp.NewToolResultText(strings.Join(names, "\n")), nil
}

// What looks alike and is not reported.

// keptErrors stores each goroutine's error and answers with them.
func (s *session) keptErrors(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var wg sync.WaitGroup
	names := make([]string, 2)
	errs := make([]error, 2)
	for i, q := range []string{"a", "b"} {
		wg.Go(func() {
			resp, err := s.Fetch(ctx, q)
			if err != nil {
				errs[i] = err
				return
			}
			names[i] = resp.Status
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return mcp.NewToolResultErrorFromErr("a fetch failed", err), nil
		}
	}
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

// walkFails stops the walk on the first failure, which the handler
// returns.
func walkFails(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var notes []string
	err := filepath.WalkDir("notes", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		notes = append(notes, string(data))
		return nil
	})
	if err != nil {
		return mcp.NewToolResultErrorFromErr("walking the notes", err), nil
	}
	return mcp.NewToolResultText(strings.Join(notes, "\n")), nil
}

// warm warms a cache in one goroutine, not per item: the answer is
// not what it stores.
func (s *session) warm(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	cache := map[string]string{}
	go func() {
		resp, err := s.Fetch(context.Background(), "warm")
		if err != nil {
			return
		}
		cache["warm"] = resp.Status
	}()
	return mcp.NewToolResultText("started " + s.id), nil
}

// counted tells the client how many of the fetches it was asked for
// failed.
func (s *session) counted(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var (
		wg     sync.WaitGroup
		mu     sync.Mutex
		names  []string
		failed int
	)
	for _, q := range []string{"a", "b"} {
		wg.Go(func() {
			resp, err := s.Fetch(ctx, q)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed++
				return
			}
			names = append(names, resp.Status)
		})
	}
	wg.Wait()
	if failed > 0 {
		return mcp.NewToolResultError("some fetches failed"), nil
	}
	return mcp.NewToolResultText(strings.Join(names, ",")), nil
}

// unused stores what it fetched where the answer does not look.
func (s *session) unused(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var wg sync.WaitGroup
	seen := map[string]bool{}
	var mu sync.Mutex
	for _, q := range []string{"a", "b"} {
		wg.Go(func() {
			if _, err := s.Fetch(ctx, q); err != nil {
				return
			}
			mu.Lock()
			seen[q] = true
			mu.Unlock()
		})
	}
	wg.Wait()
	return mcp.NewToolResultText("done"), nil
}

func registerWorkers(m *server.MCPServer) {
	sess := &session{}
	m.AddTool(mcp.NewTool("fan-out"), sess.fanOut)
	m.AddTool(mcp.NewTool("tasks"), sess.tasks)
	m.AddTool(mcp.NewTool("sent"), sess.sent)
	m.AddTool(mcp.NewTool("walked"), walked)
	m.AddTool(mcp.NewTool("walked-names"), walkedNames)
	m.AddTool(mcp.NewTool("note-names"), noteNamesTool)
	m.AddTool(mcp.NewTool("kept-errors"), sess.keptErrors)
	m.AddTool(mcp.NewTool("walk-fails"), walkFails)
	m.AddTool(mcp.NewTool("background"), sess.warm)
	m.AddTool(mcp.NewTool("counted"), sess.counted)
	m.AddTool(mcp.NewTool("unused"), sess.unused)
}
