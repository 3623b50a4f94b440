package config

// Default is the commented configuration `skillvet config init` writes. It
// parses to the defaults (a test checks that).
const Default = `# skillvet configuration. Found by walking up from the scan root, or given with --config.
# Unknown keys are errors. Documentation: skillvet explain <RULE-ID>, and the README.
version: 1

# Lowest severity that blocks a skill (exit code 1): critical, high, medium, low, info, none.
fail-on: high

# Let specification lint findings (category lint) at or above fail-on block too.
# Off by default: lint is hygiene, not a security verdict.
fail-on-lint: false

# Files analysed in parallel (0: number of CPUs).
jobs: 0

rules:
  # Run only these rule IDs (empty: all).
  enable: []
  # Never run these rule IDs. SV001 and SV002 (the scanner failing closed) cannot be disabled.
  disable: []
  # Per-rule severity overrides, e.g. SV911: medium
  severity: {}

# Globs (relative to this file, ** spans directories) of skills or files not to scan.
exclude: []
#  - vendor/**
#  - skills/legacy-*

limits:
  max-file-bytes: 8388608    # larger files are not read, and block the skill (SV001)
  max-files: 2000            # per skill
  max-total-bytes: 67108864  # per skill
  file-timeout: 30s          # per-file analysis time; a timeout blocks the skill (SV002)

# Hosts your skills may send data to: network rules treat them like known API hosts.
allowed-hosts: []
#  - api.example.com

gate:
  # Lowest severity that keeps a skill out of the gated loader.
  threshold: high
  # Admit exact skill versions despite findings: by content hash (skillvet list --format json), with a reason.
  admit: []
#    - hash: 0123…(64 hex digits)
#      reason: reviewed by security on 2026-11-01, ticket SEC-123

# Rules of your own, run like built-in ones (suppressions, reporters, prefilter).
custom-rules: []
#  - id: ACME-001
#    title: Internal hostnames must not appear in skills
#    severity: high           # critical, high, medium, low, info
#    category: E1             # E1–E4, P1–P4, PE1–PE3, SC1–SC3, lint
#    message: internal hostname in a skill
#    in: text                 # text, prose, code, commands, html, links, frontmatter
#    keywords: [corp.acme.internal]
#    regex: ['\bjira\.acme\.(?:com|net)\b']
#    paths: ['**/*.md']
`
