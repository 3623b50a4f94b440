{{- $index := resources.Get "index.json" | resources.Fingerprint -}}
{{ $opts := i18n "lookupOptions" | default "{}" }}
(function () {
  const indexURL = '{{ $index.RelPermalink }}';
  const options = Object.assign({{ $opts }}, { limit: 10 });
  const seeds = [
  {{ range .Site.RegularPages -}}
    "{{ .RelPermalink }}",
  {{ end -}}
  ];
  fetch(indexURL).then((r) => r.json()).then((d) => console.log(d, options, seeds));
})();
