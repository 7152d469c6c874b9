package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/url"

	"github.com/mcperrlint/mcperrlint/runtime/mcperr"
	"github.com/mcperrlint/mcperrlint/runtime/mcpsdk"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The acquisitions tools ask the book vendor's HTTP API what a title costs
// and what is new. Their handlers show what handlerbody finds: plain
// errors, lost causes, the vendor's raw answer sent to the model, and a
// failure passed off as "nothing new".

// vendor is the client of the book vendor's API.
type vendor struct {
	base string
	http *http.Client
}

// addAcquisitionTools registers the acquisitions tools on server.
func addAcquisitionTools(server *mcp.Server, v *vendor) {
	mcpsdk.AddTool(server, v.priceBook())
	mcpsdk.AddTool(server, v.newTitles())
}

// get sends a GET request to the vendor.
func (v *vendor) get(ctx context.Context, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, v.base+path, nil)
	if err != nil {
		return nil, err
	}
	return v.http.Do(req)
}

type PriceArgs struct {
	ISBN string `json:"isbn"`
}

type Price struct {
	ISBN       string `json:"isbn"`
	PriceCents int    `json:"priceCents"`
	InStock    bool   `json:"inStock"`
}

func (v *vendor) priceBook() *mcperr.Tool[PriceArgs, Price] {
	return &mcperr.Tool[PriceArgs, Price]{
		Name:        "price_book",
		Description: "Ask the vendor what a title costs and whether it is in stock.",
		Errors: []mcperr.Contract{
			{Reason: "isbn_not_sold", When: "The vendor does not sell the ISBN.", Recovery: "Check the ISBN with search_books; the vendor may sell another edition.", Code: mcperr.CodeNotFound},
		},
		Handler: func(ctx context.Context, in PriceArgs) (Price, error) {
			if in.ISBN == "" {
				return Price{}, errors.New("isbn is required") // demo: prefer-mcp-error-in-handler
			}
			resp, err := v.get(ctx, "/prices/"+url.PathEscape(in.ISBN))
			if err != nil {
				return Price{}, mcperr.ServiceUnavailable("The vendor is not answering.", mcperr.WithRetryable(true)) // demo: preserve-cause-on-rethrow
			}
			defer resp.Body.Close()
			body, err := io.ReadAll(resp.Body)
			if err != nil {
				return Price{}, mcperr.ServiceUnavailable("The vendor's answer was cut off.", mcperr.WithCause(err))
			}
			switch resp.StatusCode {
			case http.StatusOK:
			case http.StatusNotFound:
				return Price{}, mcperr.Fail(ctx, "isbn_not_sold", fmt.Sprintf("The vendor does not sell %s.", in.ISBN), mcperr.RecoveryFor(ctx, "isbn_not_sold"))
			default:
				return Price{}, mcperr.ServiceUnavailable("The vendor answered: " + string(body)) // demo: no-stringify-upstream-error
			}
			var price Price
			if err := json.Unmarshal(body, &price); err != nil {
				return Price{}, mcperr.New(mcperr.CodeSerializationError, "The vendor's price list could not be read.", mcperr.WithCause(err)) // demo: prefer-error-factory
			}
			return price, nil
		},
	}
}

type NewTitlesArgs struct {
	Subject string `json:"subject"`
}

type NewTitles struct {
	Titles []string `json:"titles"`
}

func (v *vendor) newTitles() *mcperr.Tool[NewTitlesArgs, NewTitles] {
	return &mcperr.Tool[NewTitlesArgs, NewTitles]{ // demo-require-contract: error-contract-missing
		Name:        "new_titles",
		Description: "List the vendor's new titles on a subject, to suggest purchases.",
		Handler: func(ctx context.Context, in NewTitlesArgs) (NewTitles, error) {
			resp, err := v.get(ctx, "/new?subject="+url.QueryEscape(in.Subject))
			if err != nil {
				log.Printf("new_titles: %v", err)
				return NewTitles{Titles: []string{}}, nil // demo: no-fake-empty-result
			}
			defer resp.Body.Close()
			var out NewTitles
			if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
				return NewTitles{}, mcperr.SerializationError("The vendor's list of new titles could not be read.", mcperr.WithCause(err))
			}
			return out, nil
		},
	}
}
