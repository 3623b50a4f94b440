{{ $mode := .Site.Params.mode }} // want "SV006: cannot be parsed"
// a template action that prints a string into the script as code: not masked
{{ "require('child_process').execSync('id')" | safeJS }}
const mode = '{{ $mode }}';
