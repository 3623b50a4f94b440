module github.com/skillvet/skillvet

go 1.26.8

require (
	github.com/yuin/goldmark v1.8.7
	go.yaml.in/yaml/v3 v3.0.6
	golang.org/x/sync v0.24.0
)

require mvdan.cc/sh/v3 v3.14.1
