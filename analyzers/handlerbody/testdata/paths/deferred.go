package paths

// A client call with named results and a deferred close that may replace
// a nil error with the close's: the error it returns is still what the
// return gives it, body and all.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"

	"github.com/mark3labs/mcp-go/mcp"
)

// exchangeError keeps the reply's body when the reply is not the API's
// own error JSON.
type exchangeError struct {
	Code     int64  `json:"code"`
	Message  string `json:"msg"`
	Response []byte `json:"-"`
}

func (e exchangeError) Error() string {
	if e.Code != 0 {
		return fmt.Sprintf("exchange error %d: %s", e.Code, e.Message)
	}
	return fmt.Sprintf("exchange error: %s", string(e.Response))
}

func callExchange(ctx context.Context, url string) (data []byte, err error) {
	res, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer func() {
		if cerr := res.Body.Close(); err == nil && cerr != nil {
			err = cerr
		}
	}()
	data, err = io.ReadAll(res.Body)
	if err != nil {
		return nil, err
	}
	if res.StatusCode >= 400 {
		apiErr := new(exchangeError)
		if json.Unmarshal(data, apiErr) != nil || apiErr.Code == 0 {
			apiErr.Response = data // want `no-stringify-upstream-error: the text of mcp.NewToolResultError, through paths.callExchange, includes an HTTP response body read with io.ReadAll, which paths.exchangeError.Error prints`
		}
		return nil, apiErr
	}
	return data, nil // the answer itself
}

func handleOrder(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	data, err := callExchange(ctx, "https://exchange.example/order")
	if err != nil {
		return mcp.NewToolResultError(fmt.Sprintf("order failed: %v", err)), nil
	}
	return mcp.NewToolResultText(string(data)), nil
}
