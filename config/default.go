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

# Turn rules off for some paths only. Their findings there are reported as
# suppressed (kind "external", with the reason); they never count.
exclude-rules: []
#  - paths: ['**/references/**']
#    rules: [SV913]
#    reason: reference pages link to files generated at build time

# What the text and markdown reports list. Never changes a verdict or the exit code;
# JSON and SARIF always carry every finding.
report:
  # Lowest severity listed: critical, high, medium, low, info.
  severity: info
  # At most this many findings of one rule are listed, the rest counted (0: all).
  # Findings that block a skill are always listed.
  max-per-rule: 10

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
  # Admit only the skill versions recorded by 'skillvet lock' (anything else: "not in skills.lock").
  locked: false
  # lock-file: skills.lock     # relative to this file; default skills.lock beside it

# Signed skills (skill.oms.sig, OpenSSF Model Signing): who may sign, and which skills must be signed.
# Checked offline: no revocation or transparency-log check (docs/provenance.md).
provenance:
  anchors: {}
#    nvidia:
#      roots: [nv-agent-root-cert.pem]   # PEM root certificate(s), relative to this file
#      identity:                         # optional; * matches any run of characters
#        organization: NVIDIA Corporation
  # The first entry that applies to a skill decides; none: off.
  policy: []
#    - name: "cuopt-*"          # skill name glob (optional)
#      source: bundled          # user, managed, bundled, extra, workspace, or a directory (optional)
#      signature: require       # require (refuse unless verified), prefer (warn), off
#      anchor: nvidia           # only this anchor's signature counts (optional)

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
