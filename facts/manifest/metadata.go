package manifest

// MetadataExtensions are metadata keys whose values are vendor objects.
var MetadataExtensions = map[string]bool{"openclaw": true, "clawdbot": true, "clawdis": true}
