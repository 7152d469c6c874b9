// Package reads has the handlers of reads of resources and prompts, on
// both SDKs. A read has no error result to fail with: its handler fails by
// returning its error, and one that logs a failure and answers as if
// nothing happened hands the client a partial or empty read as a whole one.
package reads

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"strings"

	gosdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

// A broker is a message broker's admin client.
type broker struct{}

func (broker) Topics(ctx context.Context) ([]string, error) { return nil, errors.New("unreachable") }

func (broker) Describe(ctx context.Context, topic string) (int, error) {
	return 0, errors.New("unreachable")
}

// topicsResource lists the topics, with their partitions; a topic it
// cannot describe is left out without a word.
func topicsResource(b broker) server.ResourceHandlerFunc {
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		topics, err := b.Topics(ctx)
		if err != nil {
			return nil, fmt.Errorf("listing topics: %w", err)
		}
		var lines []string
		for _, t := range topics {
			n, err := b.Describe(ctx, t)
			if err != nil { // want `no-fake-empty-result: the resource handler skips to the next iteration when err is not nil and answers with what the loop found .*\(or the error when nothing succeeded\)`
				log.Printf("describe %s: %v", t, err)
				continue
			}
			lines = append(lines, fmt.Sprintf("%s: %d", t, n))
		}
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: strings.Join(lines, "\n")}}, nil
	}
}

// overview answers an empty overview when the topics cannot be listed.
func overview(b broker) server.ResourceHandlerFunc {
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		topics, err := b.Topics(ctx)
		if err != nil {
			log.Printf("topics: %v", err)
			return nil, nil // want `no-fake-empty-result: the resource handler returns a nil error and an empty value while handling err: the SDK cannot tell this failure`
		}
		data, err := json.Marshal(topics)
		if err != nil {
			return nil, err
		}
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: string(data)}}, nil
	}
}

// lagPrompt counts the topics that lag; a topic it cannot describe counts
// as one that does not.
func lagPrompt(b broker) server.PromptHandlerFunc {
	return func(ctx context.Context, req mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		topics, err := b.Topics(ctx)
		if err != nil {
			return nil, fmt.Errorf("listing topics: %w", err)
		}
		var lagging []string
		for _, t := range topics {
			n, err := b.Describe(ctx, t)
			if err != nil { // want `no-fake-empty-result: the prompt handler skips to the next iteration`
				continue
			}
			if n > 100 {
				lagging = append(lagging, t)
			}
		}
		return mcp.NewGetPromptResult("lag", []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("These topics lag: "+strings.Join(lagging, ", "))),
		}), nil
	}
}

// partitions says what it could not read, in the answer: not a finding.
func partitions(b broker) server.ResourceHandlerFunc {
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		topics, err := b.Topics(ctx)
		if err != nil {
			return nil, err
		}
		var lines []string
		for _, t := range topics {
			n, err := b.Describe(ctx, t)
			if err != nil {
				lines = append(lines, fmt.Sprintf("%s: unavailable (%v)", t, err))
				continue
			}
			lines = append(lines, fmt.Sprintf("%s: %d", t, n))
		}
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: strings.Join(lines, "\n")}}, nil
	}
}

// readme fails with its error, as a read should: not a finding, and no
// protocol error either (a read has no error result).
func readme(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	if req.Params.URI == "" {
		return nil, errors.New("no URI")
	}
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: "read me"}}, nil
}

// contents reads through a wrapper of the project's, which turns bytes
// into a resource's contents.
type contents func(ctx context.Context, uri string) ([]byte, error)

func asResource(read contents) server.ResourceHandlerFunc {
	return func(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
		data, err := read(ctx, req.Params.URI)
		if err != nil {
			return nil, err
		}
		return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: string(data)}}, nil
	}
}

// healthBytes reports the health of every topic; one it cannot describe
// is left out.
func healthBytes(b broker) contents {
	return func(ctx context.Context, uri string) ([]byte, error) {
		topics, err := b.Topics(ctx)
		if err != nil {
			return nil, err
		}
		health := map[string]int{}
		for _, t := range topics {
			n, err := b.Describe(ctx, t)
			if err != nil { // want `no-fake-empty-result: the resource handler skips to the next iteration`
				log.Printf("describe %s: %v", t, err)
				continue
			}
			health[t] = n
		}
		return json.Marshal(health)
	}
}

// Register registers the reads on an mcp-go server.
// config decodes the broker's config with the error assigned again in
// the if's own statement: its failure is returned, not a nil error.
func (b broker) config(ctx context.Context, name string) (any, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://broker/config/"+name, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var cfg any
	if err = json.NewDecoder(resp.Body).Decode(&cfg); err != nil {
		return nil, err
	}
	return cfg, nil
}

func (b broker) configResource(ctx context.Context, req mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
	cfg, err := b.config(ctx, fmt.Sprint(req.Params.Arguments["name"]))
	if err != nil {
		return nil, fmt.Errorf("reading the config: %w", err)
	}
	data, err := json.Marshal(cfg)
	if err != nil {
		return nil, fmt.Errorf("encoding the config: %w", err)
	}
	return []mcp.ResourceContents{mcp.TextResourceContents{URI: req.Params.URI, Text: string(data)}}, nil
}

func Register(s *server.MCPServer, b broker) {
	s.AddResourceTemplate(mcp.NewResourceTemplate("kafka://config/{name}", "config"), b.configResource)
	s.AddResource(mcp.NewResource("kafka://topics", "topics"), topicsResource(b))
	s.AddResource(mcp.NewResource("kafka://overview", "overview"), overview(b))
	s.AddResource(mcp.NewResource("kafka://partitions", "partitions"), partitions(b))
	s.AddResource(mcp.NewResource("kafka://health", "health"), asResource(healthBytes(b)))
	s.AddResources(server.ServerResource{Resource: mcp.NewResource("file://readme", "readme"), Handler: readme})
	s.AddPrompt(mcp.NewPrompt("lag"), lagPrompt(b))
}

// notes reads the notes of a go-sdk server; a note it cannot look up is
// left out.
func notes(ctx context.Context, req *gosdk.ReadResourceRequest) (*gosdk.ReadResourceResult, error) {
	var out []string
	for _, id := range []string{"a", "b"} {
		s, err := lookup(id)
		if err != nil { // want `no-fake-empty-result: resource handler notes skips to the next iteration`
			continue
		}
		out = append(out, s)
	}
	return &gosdk.ReadResourceResult{Contents: []*gosdk.ResourceContents{{URI: req.Params.URI, Text: strings.Join(out, "\n")}}}, nil
}

// greeting answers a go-sdk prompt with no name when the name cannot be
// read.
func greeting(ctx context.Context, req *gosdk.GetPromptRequest) (*gosdk.GetPromptResult, error) {
	name, err := lookup(req.Params.Arguments["id"])
	if err != nil {
		log.Printf("lookup: %v", err)
		return nil, nil // want `no-fake-empty-result: prompt handler greeting returns a nil error and an empty value while handling err`
	}
	return &gosdk.GetPromptResult{Messages: []*gosdk.PromptMessage{{Role: "user", Content: &gosdk.TextContent{Text: "hello " + name}}}}, nil
}

func lookup(id string) (string, error) {
	if id == "" {
		return "", errors.New("no id")
	}
	return id, nil
}

// RegisterSDK registers the reads on a go-sdk server.
func RegisterSDK(s *gosdk.Server) {
	s.AddResource(&gosdk.Resource{URI: "notes://all", Name: "notes"}, notes)
	s.AddPrompt(&gosdk.Prompt{Name: "greeting"}, greeting)
}
