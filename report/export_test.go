package report

// Internals for the external tests, which need the reporttest fixture
// (importing it from package report would be a cycle).
var (
	MDText       = mdText
	WriteMDLimit = writeMarkdown
	UTF16Len     = utf16Len
)
