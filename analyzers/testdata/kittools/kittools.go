// Package kittools holds tools written against toolkit: their handlers
// are stored in toolkit.Tool values that the server, in a package this one
// does not import, adapts to the go-sdk.
package kittools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"

	"fixtures/command"
	"fixtures/toolkit"
)

// Tools returns the package's tools.
func Tools() []toolkit.Tool {
	return []toolkit.Tool{
		{Name: "scale", Handler: scale},
		{Name: "fetch", Handler: fetch},
		{Name: "kind", Handler: kind},
		{Name: "echo", Handler: echo},
		{Name: "uptime", Handler: uptime},
		{Name: "strict", Handler: strict},
		{Name: "ping", Handler: func(p toolkit.Params) (*toolkit.Result, error) {
			host, _ := p.Args["host"].(string)
			if _, err := strconv.Atoi(host); err != nil {
				return toolkit.NewResult("", errors.New("host must be a number")), nil // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
			}
			return toolkit.NewResult("pong", nil), nil
		}},
	}
}

// Formats returns formatters, which nothing adapts.
func Formats() []toolkit.Format {
	return []toolkit.Format{{Name: "plain", Run: plain}}
}

func scale(p toolkit.Params) (*toolkit.Result, error) {
	raw, _ := p.Args["replicas"].(string)
	n, err := strconv.Atoi(raw)
	if err != nil {
		return toolkit.NewResult("", errors.New("replicas must be a number")), nil // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return toolkit.NewResult(fmt.Sprint(n), nil), nil
}

func fetch(p toolkit.Params) (*toolkit.Result, error) {
	url, _ := p.Args["url"].(string)
	body, err := get(url)
	if err != nil {
		return toolkit.NewResult("", fmt.Errorf("fetch %s: %w", url, err)), nil
	}
	return toolkit.NewResult(string(body), nil), nil
}

// get puts the body of a failed response in its error, which fetch's
// result shows.
func get(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, fmt.Errorf("get: %w", err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("status %d: %s", resp.StatusCode, body) // want `no-stringify-upstream-error: .*includes an HTTP response body`
	}
	return body, nil
}

func kind(p toolkit.Params) (*toolkit.Result, error) {
	k, err := parseKind(p.Args)
	if err != nil {
		return toolkit.NewResult("", err), nil
	}
	return toolkit.NewResult(k, nil), nil
}

// parseKind is a helper whose error kind's result shows; it loses why the
// version did not parse.
func parseKind(args map[string]any) (string, error) {
	v, _ := args["version"].(string)
	if _, err := strconv.Atoi(v); err != nil {
		return "", errors.New("invalid version") // want `preserve-cause-on-rethrow: the error returned while handling err does not carry it`
	}
	return "v" + v, nil
}

// echo keeps every cause.
func echo(p toolkit.Params) (*toolkit.Result, error) {
	n, err := strconv.Atoi(fmt.Sprint(p.Args["n"]))
	if err != nil {
		return toolkit.NewResult("", fmt.Errorf("n: %w", err)), nil
	}
	return toolkit.NewResult(strconv.Itoa(n), nil), nil
}

// plain is a Formatter: no adapter calls one, so it is not a handler.
func plain(p toolkit.Params) (*toolkit.Result, error) {
	if _, err := strconv.Atoi("x"); err != nil {
		return toolkit.NewResult("", errors.New("not a number")), nil
	}
	return nil, nil
}

// uptime hands its results to a helper that builds the result: the
// helper's result carries the error, whose text includes what the command
// wrote to stderr.
func uptime(p toolkit.Params) (*toolkit.Result, error) {
	out, err := command.Run(context.Background(), "uptime")
	return textResult(out, err) // want `no-stringify-upstream-error: the error adapted handler uptime returns in its result, through command.Run`
}

func textResult(text string, err error) (*toolkit.Result, error) {
	if err != nil {
		return toolkit.NewResult("", err), nil
	}
	return toolkit.NewResult(text, nil), nil
}

// strict returns its failure as an error, which the adapter passes to the
// go-sdk as a JSON-RPC error (reported there).
func strict(p toolkit.Params) (*toolkit.Result, error) {
	if p.Args == nil {
		return nil, errors.New("no arguments")
	}
	return toolkit.NewResult("ok", nil), nil
}

// Quiet returns tools whose handlers fail only in their results.
func Quiet() []toolkit.QuietTool {
	return []toolkit.QuietTool{{Name: "hush", Handler: hush}}
}

func hush(p toolkit.Params) (*toolkit.Result, error) {
	if p.Args == nil {
		return toolkit.NewResult("", errors.New("no arguments")), nil
	}
	return toolkit.NewResult("ok", nil), nil
}
