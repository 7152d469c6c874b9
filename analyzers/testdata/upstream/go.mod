// A module the fixtures depend on, as a server depends on an API's client
// library: not in the workspace, so the standalone driver loads it from
// export data, without function bodies.
module example.com/upstream

go 1.26.0
