module github.com/celerjson/celer

go 1.26
