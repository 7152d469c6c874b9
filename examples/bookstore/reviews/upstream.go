package reviews

import (
	"encoding/json"
	"net/http"
	"strconv"
)

// NewUpstream returns a stand-in for the reviews service, to serve with
// net/http/httptest so the example needs no network. It knows the reviews
// of b-1 and b-2, has none yet for b-3, is down for b-4 (503, with an error
// body naming an internal host, which must never reach a client), and
// answers 404 for any other id.
func NewUpstream() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /books/{id}/reviews", serveReviews)
	return mux
}

// sampleReviews is the upstream's data.
var sampleReviews = map[string][]Review{
	"b-1": {
		{Reader: "ada", Rating: 5, Text: "The desert planet feels real."},
		{Reader: "grace", Rating: 4, Text: "Slow start, huge payoff."},
	},
	"b-2": {{Reader: "alan", Rating: 5, Text: "Changed how I think about gender."}},
	"b-3": {},
}

// serveReviews answers GET /books/{id}/reviews?limit=n.
func serveReviews(w http.ResponseWriter, r *http.Request) {
	id := r.PathValue("id")
	if id == "b-4" {
		w.Header().Set("Retry-After", "30")
		http.Error(w, `{"error":"connection pool exhausted on reviews-db-2.internal:5432"}`, http.StatusServiceUnavailable)
		return
	}
	list, ok := sampleReviews[id]
	if !ok {
		http.Error(w, `{"error":"unknown book"}`, http.StatusNotFound)
		return
	}
	if limit, err := strconv.Atoi(r.URL.Query().Get("limit")); err == nil && limit >= 0 && limit < len(list) {
		list = list[:limit]
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"reviews": list})
}
