{{ $base := .Site.BaseURL }}
// a template whose script is broken once its actions are set aside
const base = '{{ $base }}';
function ( { // want "SV006: cannot be parsed"
